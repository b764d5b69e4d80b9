import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { t } from '../i18n/index.ts';
import { tRich } from '../i18n/Rich.tsx';
import { initialsOf } from '../screens/auth/authLogic.ts';
import { logout, type SessionUser } from '../stores/session.ts';

const ROLE_LABEL: Record<SessionUser['role'], string> = { admin: 'Admin', auditor: 'Auditor', member: 'Member' };

const MenuItems = ({ user, onLogout, onPick }: { user: SessionUser; onLogout: () => void; onPick: () => void }) => (
  <>
    <div className="account-menu-head">
      <strong className="account-menu-name" data-testid="account-name" translate="no">
        {user.name}
      </strong>
      <span className="account-menu-email" translate="no">
        {user.email}
      </span>
      <span className="account-menu-tags">
        <span className={`role-badge role-badge--${user.role}`}>{t(ROLE_LABEL[user.role])}</span>
        {user.access === 'waitlisted' && (
          <span className="access-badge access-badge--waitlisted">{t('Waitlisted')}</span>
        )}
      </span>
    </div>
    <Link to="/profile" className="account-menu-item" role="menuitem" onClick={onPick}>
      {t('View Profile')}
    </Link>
    {/* Shown only where the header bar has no room for these links (1024–1239 px). */}
    <Link to="/account" className="account-menu-item account-menu-item--narrow" role="menuitem" onClick={onPick}>
      {t('My Account')}
    </Link>
    <Link to="/checkout" className="account-menu-item account-menu-item--narrow" role="menuitem" onClick={onPick}>
      {t('Checkout')}
    </Link>
    <Link to="/blog" className="account-menu-item account-menu-item--narrow" role="menuitem" onClick={onPick}>
      {t('Blog')}
    </Link>
    {(user.role === 'admin' || user.role === 'auditor') && (
      <Link to="/admin" className="account-menu-item" role="menuitem" onClick={onPick}>
        {t('Admin dashboard')}
      </Link>
    )}
    <button type="button" className="account-menu-item account-menu-logout" role="menuitem" onClick={onLogout}>
      {t('Logout')}
    </button>
  </>
);

/** Avatar menu (storefront §2): the user's name, View Profile and Logout. Logout goes to /login. */
export const AccountMenu = ({ user, variant }: { user: SessionUser; variant: 'bar' | 'menu' }) => {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Closed by picking an item, not on a route change: a route change can commit after a later click opened it.
  const close = () => setOpen(false);

  const onLogout = () => {
    setOpen(false);
    void logout().then(() => navigate('/login', { replace: true }));
  };

  if (variant === 'menu') {
    return (
      <div className="account-menu account-menu--inline" role="menu" aria-label={t('Account')}>
        <MenuItems user={user} onLogout={onLogout} onPick={close} />
      </div>
    );
  }

  return (
    <div className="account-menu-root" ref={rootRef}>
      <button
        type="button"
        className="avatar avatar-button"
        aria-haspopup="menu"
        aria-expanded={open}
        title={user.name}
        // The title is the member's name (data); the hidden text below is translated.
        translate="no"
        onClick={() => setOpen((o) => !o)}
      >
        {/* The name is the hidden text, so the initials need not be part of it (WCAG 2.5.3 asks for one or the other). */}
        {user.avatar ? <img src={user.avatar} alt="" /> : <span aria-hidden="true">{initialsOf(user.name)}</span>}
        <span className="visually-hidden" translate="yes">
          {tRich(
            'Account menu for <who>{name}</who>',
            { who: (w) => <span translate="no">{w}</span> },
            { name: user.name },
          )}
        </span>
      </button>
      {open && (
        <div className="account-menu account-menu--popover" role="menu" aria-label={t('Account')}>
          <MenuItems user={user} onLogout={onLogout} onPick={close} />
        </div>
      )}
    </div>
  );
};
