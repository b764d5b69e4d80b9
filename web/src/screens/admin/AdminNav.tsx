import { NavLink } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { useSessionStore } from '../../stores/session.ts';
import '../auth/auth.css';
import './admin.css';

const LINKS = [
  { to: '/admin', label: 'Users', adminOnly: false },
  { to: '/add-referral', label: 'Add Referral', adminOnly: true },
  { to: '/admin/rooms', label: 'Rooms', adminOnly: false },
  { to: '/create-room', label: 'Create Room', adminOnly: true },
  { to: '/add-products', label: 'Add Product', adminOnly: true },
  { to: '/admin/products', label: 'Products', adminOnly: false },
  { to: '/admin/orders', label: 'Orders', adminOnly: false },
  { to: '/admin/crackers-season', label: 'Crackers season', adminOnly: false },
  { to: '/admin/leagues', label: 'Leagues', adminOnly: true },
  { to: '/admin/blog', label: 'Blog', adminOnly: true },
  { to: '/admin/withdrawals', label: 'Withdrawals', adminOnly: false },
  { to: '/admin/integrity', label: 'Fairness', adminOnly: false },
  { to: '/admin/newsletter', label: 'Newsletter', adminOnly: false },
  { to: '/admin/outbox', label: 'Mail outbox', adminOnly: true },
  { to: '/admin/streams', label: 'Event streams', adminOnly: false },
] as const;

/** Tabs between the admin screens; the auditor sees only the ones they may read. */
export const AdminNav = () => {
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  return (
    <nav className="admin-nav" aria-label={t('Admin')}>
      {LINKS.filter((l) => isAdmin || !l.adminOnly).map((link) => (
        <NavLink key={link.to} to={link.to} end className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
          {t(link.label)}
        </NavLink>
      ))}
    </nav>
  );
};
