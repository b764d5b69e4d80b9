import { Link } from 'react-router-dom';
import { t } from '../i18n/index.ts';
import { SITE } from '../lib/site.ts';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from './Icons.tsx';
import { NewsletterForm } from './NewsletterForm.tsx';

const COMPANY = [
  { to: '/about', label: 'About Us' },
  { to: '/about-deals', label: 'Deal Rules' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/blog', label: 'Blog' },
] as const;

const POLICIES = [
  { to: '/policy', label: 'Privacy Policy' },
  { to: '/terms-and-conditions', label: 'Terms & Conditions' },
  { to: '/cancellation-and-refund', label: 'Cancellation & Refund' },
  { to: '/shipping-policy', label: 'Shipping Policy' },
] as const;

export const Footer = () => (
  <footer className="site-footer" data-testid="site-footer">
    <div className="container footer-grid">
      <div className="footer-brand">
        <Link
          to="/"
          className="brand brand--light"
          aria-label={t('{name} home', { name: SITE.name })}
          // The brand's name is shown as written; the label keeps it, so its visible text is part of its name.
          translate="no"
        >
          <img src="/logo.svg" alt="" width={36} height={36} />
          <span className="brand-name" translate="no">
            {SITE.name}
          </span>
        </Link>
        <p>
          {t(
            'Invite-only deal rooms and a members’ shop for Tamil Nadu. Products at up to 60% off retail — and if you don’t win, your entry fee comes back as Reward Cash for the shop.',
          )}
        </p>
      </div>

      <nav className="footer-col" aria-label={t('Company')}>
        <h2>{t('Company')}</h2>
        <ul>
          {COMPANY.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{t(link.label)}</Link>
            </li>
          ))}
        </ul>
      </nav>

      <nav className="footer-col" aria-label={t('Policies')}>
        <h2>{t('Policies')}</h2>
        <ul>
          {POLICIES.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{t(link.label)}</Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="footer-col footer-col--contact">
        <h2>{t('Contact')}</h2>
        <ul className="footer-contact">
          <li>
            <MailIcon /> <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
          </li>
          <li>
            <PhoneIcon /> <a href={SITE.phoneHref}>{SITE.phone}</a>
          </li>
          <li>
            <ClockIcon /> <span>{t(SITE.hours)}</span>
          </li>
          <li>
            <PinIcon /> <address translate="no">{SITE.address}</address>
          </li>
        </ul>
      </div>

      <div className="footer-col footer-newsletter">
        <h2>{t('Newsletter')}</h2>
        <p>{t('New deal rooms, shop drops and festival offers, once a week. We mail you a link to confirm first.')}</p>
        <NewsletterForm />
      </div>
    </div>

    <div className="footer-bottom">
      <div className="container footer-bottom-inner">
        <p className="compliance">
          {t(
            'Vetri Deals runs skill-based, pay-to-bid deal rooms for invited members aged 18 and above in India. Members who do not win get their entry fee back as Reward Cash, usable only in our shop; a room that does not fill is cancelled and every fee is refunded to the wallet. All prices are in Indian rupees (₹) and include GST.',
          )}
        </p>
        <p className="copyright">
          {t('© {year} Vetri Deals. All rights reserved.', { year: new Date().getFullYear() })}
        </p>
      </div>
    </div>
  </footer>
);
