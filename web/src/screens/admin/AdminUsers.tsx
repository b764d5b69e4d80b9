import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api, messageOf } from '../../lib/api.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { AdminNav } from './AdminNav.tsx';
import { RevenueDashboard } from './RevenueDashboard.tsx';
import { roleBadgeClass, usersPath, withAccessGranted, type AdminUser, type UsersAnswer } from './adminUsers.ts';
import './admin.css';

const SEARCH_DELAY_MS = 300;

/** `query`: the search the answer is for (the box may already hold a newer one). */
type Load =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: UsersAnswer; query: string };

const AccessCell = ({
  user,
  canGrant,
  granting,
  onGrant,
}: {
  user: AdminUser;
  canGrant: boolean;
  granting: boolean;
  onGrant: () => void;
}) => (
  <span className="access-cell">
    <span className={`access-badge access-badge--${user.access}`}>{t(user.access)}</span>
    {canGrant && user.access === 'waitlisted' && (
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={onGrant}
        disabled={granting}
        aria-labelledby={`grant-${user.id} user-name-${user.id}`}
      >
        {/* Named "Grant access to" and the name cell, so the name stays as it is in any language. */}
        <span id={`grant-${user.id}`} hidden>
          {t('Grant access to')}
        </span>
        {granting ? t('Granting…') : t('Grant access')}
      </button>
    )}
  </span>
);

/** /admin: Total Users and the Registered Users table (storefront §2), with access status, Grant access and search. */
export const AdminUsers = () => {
  usePageTitle(t('Admin dashboard'));
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const [search, setSearch] = useState('');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [granting, setGranting] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setLoad({ state: 'loading' });
        api<UsersAnswer>(usersPath(search), { signal: controller.signal })
          .then((data) => setLoad({ state: 'ready', data, query: search }))
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            console.error('Failed to load users', error);
            setLoad({ state: 'error', message: t('Failed to load users. Please try again.') });
          });
      },
      search ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);

  const grant = async (user: AdminUser) => {
    setGranting(user.id);
    setNotice(null);
    try {
      await api(`/api/admin/users/${encodeURIComponent(user.id)}/grant-access`, { method: 'POST' });
      setLoad((l) =>
        l.state === 'ready' ? { ...l, data: { ...l.data, users: withAccessGranted(l.data.users, user.id) } } : l,
      );
      setNotice({ tone: 'success', text: t('Access granted to {name}.', { name: user.name }) });
    } catch (error) {
      setNotice({ tone: 'error', text: messageOf(error, t('Server error')) });
    } finally {
      setGranting(null);
    }
  };

  const users = load.state === 'ready' ? load.data.users : [];

  return (
    <section className="container admin-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">{t('Admin')}</p>
          <h1>{t('Admin dashboard')}</h1>
          {!isAdmin && <p className="muted">{t('Read-only view for auditors.')}</p>}
        </div>
        <div className="card stat-card" data-testid="total-users">
          <span className="stat-label">{t('Total Users')}</span>
          <strong className="stat-value">{load.state === 'ready' ? formatNumber(load.data.total_users) : '—'}</strong>
        </div>
      </div>
      <AdminNav />
      <RevenueDashboard />

      <div className="card admin-panel">
        <div className="admin-panel-head">
          <h2>{t('Registered Users')}</h2>
          <div className="search-field">
            <label htmlFor="admin-user-search" className="visually-hidden">
              {t('Search by name or email')}
            </label>
            <input
              id="admin-user-search"
              type="search"
              placeholder={t('Search by name or email')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <a
            className="btn btn-ghost btn-sm"
            href={`/api/admin/users.csv${search.trim() ? `?search=${encodeURIComponent(search.trim())}` : ''}`}
            download
          >
            {t('Download CSV')}
          </a>
        </div>
        {notice && (
          <p className={`form-alert form-alert--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        )}
        {load.state === 'loading' && <p className="table-state">{t('Loading users...')}</p>}
        {load.state === 'error' && (
          <p className="table-state form-alert--error" role="alert">
            {load.message}
          </p>
        )}
        {load.state === 'ready' && users.length === 0 && <p className="table-state">{t('No users found')}</p>}
        {users.length > 0 && (
          <>
            {search.trim() && load.state === 'ready' && (
              <p className="muted table-count" data-testid="users-match">
                {/* A count is only shown beside the search it answers, never the last one's under a new term. */}
                {load.query === search
                  ? tRich(
                      '{count} of {total} users match “<q>{search}</q>”',
                      { q: (words) => <span translate="no">{words}</span> },
                      {
                        count: formatNumber(load.data.total),
                        total: formatNumber(load.data.total_users),
                        search: search.trim(),
                      },
                    )
                  : tRich(
                      'Searching for “<q>{search}</q>”…',
                      { q: (words) => <span translate="no">{words}</span> },
                      { search: search.trim() },
                    )}
              </p>
            )}
            <div className="table-scroll">
              <table className="data-table users-table">
                <thead>
                  <tr>
                    <th scope="col">{t('ID')}</th>
                    <th scope="col">{t('Name')}</th>
                    <th scope="col">{t('Email')}</th>
                    <th scope="col">{t('Role')}</th>
                    <th scope="col">{t('Access')}</th>
                    <th scope="col">{t('Joined')}</th>
                  </tr>
                </thead>
                <tbody>
                  {users.map((u) => (
                    <tr key={u.id} data-testid={`user-row-${u.email}`}>
                      <td data-label={t('ID')}>
                        <code>{u.id}</code>
                      </td>
                      <td data-label={t('Name')} id={`user-name-${u.id}`} translate="no">
                        {u.name}
                      </td>
                      <td data-label={t('Email')} className="cell-email" translate="no">
                        {u.email}
                      </td>
                      <td data-label={t('Role')}>
                        <span className={`role-badge ${roleBadgeClass(u.role)}`}>{t(u.role)}</span>
                      </td>
                      <td data-label={t('Access')}>
                        <AccessCell
                          user={u}
                          canGrant={isAdmin}
                          granting={granting === u.id}
                          onGrant={() => void grant(u)}
                        />
                      </td>
                      <td data-label={t('Joined')}>{formatDate(u.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </section>
  );
};
