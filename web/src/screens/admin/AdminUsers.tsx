import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
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
    <span className={`access-badge access-badge--${user.access}`}>{user.access}</span>
    {canGrant && user.access === 'waitlisted' && (
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={onGrant}
        disabled={granting}
        aria-label={`Grant access to ${user.name}`}
      >
        {granting ? 'Granting…' : 'Grant access'}
      </button>
    )}
  </span>
);

/** /admin: Total Users and the Registered Users table (storefront §2), with access status, Grant access and search. */
export const AdminUsers = () => {
  usePageTitle('Admin dashboard');
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
            setLoad({ state: 'error', message: 'Failed to load users. Please try again.' });
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
      setNotice({ tone: 'success', text: `Access granted to ${user.name}.` });
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof Error ? error.message : 'Server error' });
    } finally {
      setGranting(null);
    }
  };

  const users = load.state === 'ready' ? load.data.users : [];

  return (
    <section className="container admin-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">Admin</p>
          <h1>Admin dashboard</h1>
          {!isAdmin && <p className="muted">Read-only view for auditors.</p>}
        </div>
        <div className="card stat-card" data-testid="total-users">
          <span className="stat-label">Total Users</span>
          <strong className="stat-value">{load.state === 'ready' ? load.data.total_users : '—'}</strong>
        </div>
      </div>
      <AdminNav />
      <RevenueDashboard />

      <div className="card admin-panel">
        <div className="admin-panel-head">
          <h2>Registered Users</h2>
          <div className="search-field">
            <label htmlFor="admin-user-search" className="visually-hidden">
              Search by name or email
            </label>
            <input
              id="admin-user-search"
              type="search"
              placeholder="Search by name or email"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <a
            className="btn btn-ghost btn-sm"
            href={`/api/admin/users.csv${search.trim() ? `?search=${encodeURIComponent(search.trim())}` : ''}`}
            download
          >
            Download CSV
          </a>
        </div>
        {notice && (
          <p className={`form-alert form-alert--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        )}
        {load.state === 'loading' && <p className="table-state">Loading users...</p>}
        {load.state === 'error' && (
          <p className="table-state form-alert--error" role="alert">
            {load.message}
          </p>
        )}
        {load.state === 'ready' && users.length === 0 && <p className="table-state">No users found</p>}
        {users.length > 0 && (
          <>
            {search.trim() && load.state === 'ready' && (
              <p className="muted table-count" data-testid="users-match">
                {/* A count is only shown beside the search it answers, never the last one's under a new term. */}
                {load.query === search
                  ? `${load.data.total} of ${load.data.total_users} users match “${search.trim()}”`
                  : `Searching for “${search.trim()}”…`}
              </p>
            )}
            <div className="table-scroll">
              <table className="data-table users-table">
                <thead>
                  <tr>
                    <th scope="col">ID</th>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                    <th scope="col">Access</th>
                    <th scope="col">Joined</th>
                  </tr>
                </thead>
                <tbody>
                  {users.map((u) => (
                    <tr key={u.id} data-testid={`user-row-${u.email}`}>
                      <td data-label="ID">
                        <code>{u.id}</code>
                      </td>
                      <td data-label="Name">{u.name}</td>
                      <td data-label="Email" className="cell-email">
                        {u.email}
                      </td>
                      <td data-label="Role">
                        <span className={`role-badge ${roleBadgeClass(u.role)}`}>{u.role}</span>
                      </td>
                      <td data-label="Access">
                        <AccessCell
                          user={u}
                          canGrant={isAdmin}
                          granting={granting === u.id}
                          onGrant={() => void grant(u)}
                        />
                      </td>
                      <td data-label="Joined">{formatDate(u.created_at)}</td>
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
