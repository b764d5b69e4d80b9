import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { t } from '../i18n/index.ts';
import { useScrolledPast } from '../lib/hooks.ts';
import { MAIN_NAV, SITE } from '../lib/site.ts';
import { HeaderAccount } from './HeaderAccount.tsx';
import { CartDropdown } from '../screens/shop/CartDropdown.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { HeaderSearch } from '../screens/shop/HeaderSearch.tsx';
import { SearchBox } from '../screens/shop/SearchBox.tsx';
import { CloseIcon, MailIcon, MenuIcon, PhoneIcon } from './Icons.tsx';

/** Storefront §2: the header collapses after 50 px of scroll. */
export const HEADER_COLLAPSE_AT_PX = 50;

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link is-active' : 'nav-link');

const SupportLinks = () => (
  <>
    <a href={SITE.phoneHref} className="support-link">
      <PhoneIcon /> <span>{SITE.phone}</span>
    </a>
    <a href={`mailto:${SITE.email}`} className="support-link">
      <MailIcon /> <span>{SITE.email}</span>
    </a>
  </>
);

export const Header = () => {
  const collapsed = useScrolledPast(HEADER_COLLAPSE_AT_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="header-slot">
      <header
        data-testid="site-header"
        data-collapsed={collapsed ? 'true' : 'false'}
        className={`site-header${collapsed ? ' is-collapsed' : ''}${menuOpen ? ' is-menu-open' : ''}`}
      >
        <div className="topbar" aria-hidden={collapsed} inert={collapsed}>
          <div className="container topbar-inner">
            <span className="topbar-note">{t('Invite-only deals for members across Tamil Nadu')}</span>
            <div className="topbar-support">
              <SupportLinks />
            </div>
          </div>
        </div>
        <div className="container mainbar">
          <Link
            to="/"
            className="brand"
            aria-label={t('{name} home', { name: SITE.name })}
            // The brand's name is shown as written; the label keeps it, so its visible text is part of its name.
            translate="no"
          >
            <img src="/logo.svg" alt="" width={36} height={36} />
            <span className="brand-name" translate="no">
              {SITE.name}
            </span>
          </Link>
          <nav className="main-nav" aria-label={t('Main')}>
            {MAIN_NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === '/'} className={navClass}>
                {t(item.label)}
              </NavLink>
            ))}
          </nav>
          <HeaderSearch />
          <div className="header-actions">
            <LanguageSwitch />
            <NotificationBell />
            <CartDropdown />
            <HeaderAccount />
            <button
              type="button"
              className="menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              aria-label={menuOpen ? t('Close menu') : t('Open menu')}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </button>
          </div>
        </div>
        <OfflineNotice />
        <div id="mobile-menu" className="mobile-menu" hidden={!menuOpen}>
          <nav className="container mobile-nav" aria-label={t('Mobile')}>
            {MAIN_NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === '/'} className={navClass}>
                {t(item.label)}
              </NavLink>
            ))}
            <div className="mobile-search">
              {/* A search from the menu closes it, also on /shop where the path does not change. */}
              <SearchBox onDone={() => setMenuOpen(false)} />
            </div>
            <HeaderAccount variant="menu" />
            <div className="mobile-support">
              <SupportLinks />
            </div>
          </nav>
        </div>
      </header>
      {menuOpen && <div className="menu-scrim" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
    </div>
  );
};
