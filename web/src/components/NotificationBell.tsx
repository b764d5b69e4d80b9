import { useNavigate } from 'react-router-dom';
import { t } from '../i18n/index.ts';
import { formatAgo, formatNumber } from '../lib/format.ts';
import { useDismissable } from '../lib/hooks.ts';
import { loadNotifications, markRead, useNotifications } from '../stores/notifications.ts';
import { useSessionStore } from '../stores/session.ts';
import { BellIcon } from './Icons.tsx';
import '../screens/shop/header.css';
import './notifications.css';

/** The header's bell: unread count, and a panel of the member's notifications (each opens its screen). */
export const NotificationBell = () => {
  const signedIn = useSessionStore((s) => s.user !== null);
  const { status, items, unread } = useNotifications();
  const { open, setOpen, ref } = useDismissable<HTMLDivElement>();
  const navigate = useNavigate();
  if (!signedIn) return null;

  return (
    <div className="bell" ref={ref}>
      <button
        type="button"
        className="bell-toggle"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
        data-testid="bell"
      >
        <BellIcon />
        <span className="visually-hidden">
          {unread > 0 ? t('Notifications, {n} unread', { n: formatNumber(unread) }) : t('Notifications')}
        </span>
        {unread > 0 && (
          <span className="bell-badge" aria-hidden="true" data-testid="bell-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div className="bell-panel" role="region" aria-label={t('Notifications')} data-testid="bell-panel">
          <div className="bell-head">
            <strong>{t('Notifications')}</strong>
            {unread > 0 && (
              <button type="button" className="bell-link" onClick={() => void markRead('all')}>
                {t('Mark all as read')}
              </button>
            )}
          </div>
          {status === 'loading' && <p className="bell-state">{t('Loading…')}</p>}
          {status === 'error' && (
            <p className="bell-state">
              {t('Could not load your notifications.')}{' '}
              <button type="button" className="bell-link" onClick={() => void loadNotifications()}>
                {t('Try again')}
              </button>
            </p>
          )}
          {status === 'ready' && items.length === 0 && (
            <p className="bell-state">{t('No notifications yet. Rooms you book, deals and orders will show here.')}</p>
          )}
          {items.length > 0 && (
            <ul className="bell-list">
              {items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    className={`bell-item${n.read ? '' : ' is-unread'}`}
                    onClick={() => {
                      setOpen(false);
                      if (!n.read) void markRead([n.id]);
                      void navigate(n.url);
                    }}
                    data-testid="bell-item"
                  >
                    <span className="bell-title">
                      {!n.read && <span className="visually-hidden">{t('Unread:')} </span>}
                      {n.title}
                    </span>
                    <span className="bell-body">{n.body}</span>
                    <time className="bell-time" dateTime={n.created_at}>
                      {formatAgo(n.created_at)}
                    </time>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
};
