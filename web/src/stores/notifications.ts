import { create } from './create.ts';
import type { Notification, NotificationKind, NotificationList } from '../../../api/contract/notifications.ts';
import { api } from '../lib/api.ts';
import { getSocket } from '../lib/socket.ts';
import { useSessionStore } from './session.ts';

/** The bell: the member's notifications, newest first, and how many are unread. */
export type NotificationsState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: Notification[];
  unread: number;
};

export const initialNotifications: NotificationsState = { status: 'idle', items: [], unread: 0 };
export const useNotifications = create<NotificationsState>()(() => initialNotifications);

/** Words for each kind, on the profile's settings. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  access_granted: 'Full access granted',
  room_starting_soon: 'A room I booked starts in 10 minutes',
  room_started: 'A room I booked has started',
  room_cancelled: 'A room I booked was cancelled and refunded',
  outbid: 'Someone placed a deal after mine',
  won: 'I won a deal',
  payment_reminder: 'Reminders to pay for a win',
  purchase_window_closed: 'The time to pay for a win has passed',
  purchase_offered: 'An item is offered to me as runner-up',
  refund_credited: 'A refund reached my wallet',
  reward_credited: 'Reward cash credited',
  order_paid: 'A shop order was paid',
  order_shipped: 'A shop order was shipped',
  crackers_confirmed: 'A crackers order was placed',
  league_player_sold: 'League: a player was sold',
  withdrawal_update: 'Withdrawals',
};

/** A new notification from the socket: on top, once (a reconnect may bring one already listed). */
export const withArrived = (state: NotificationsState, n: Notification, unread: number): NotificationsState => ({
  ...state,
  items: [n, ...state.items.filter((x) => x.id !== n.id)].slice(0, 50),
  unread,
});

/** Read marks applied locally at once (the server's count follows). */
export const withRead = (state: NotificationsState, ids: readonly string[] | 'all'): NotificationsState => {
  const read = (n: Notification) => ids === 'all' || ids.includes(n.id);
  const items = state.items.map((n) => (read(n) ? { ...n, read: true } : n));
  const newlyRead = state.items.filter((n) => !n.read && read(n)).length;
  return { ...state, items, unread: Math.max(0, state.unread - newlyRead) };
};

export const loadNotifications = async (): Promise<void> => {
  if (useNotifications.getState().status !== 'ready') useNotifications.setState({ status: 'loading' });
  try {
    const list = await api<NotificationList>('/api/me/notifications?limit=50');
    useNotifications.setState({ status: 'ready', items: list.notifications, unread: list.unread });
  } catch {
    useNotifications.setState({ status: 'error' });
  }
};

export const markRead = async (ids: readonly string[] | 'all'): Promise<void> => {
  useNotifications.setState((s) => withRead(s, ids));
  try {
    const { unread } = await api<{ unread: number }>('/api/me/notifications/read', {
      body: ids === 'all' ? { all: true } : { ids },
    });
    useNotifications.setState({ unread });
  } catch {
    // The marks stay on screen; the next load brings the server's view.
  }
};

/** Loads the bell for whoever signs in and keeps it live over the socket; clears it on sign-out. */
export const startNotificationsLive = (): (() => void) => {
  const socket = getSocket();
  const onNotification = (p: { notification: Notification; unread: number }) =>
    useNotifications.setState((s) => withArrived(s, p.notification, p.unread));
  socket.on('notification', onNotification);
  let signedIn: string | null = null;
  const follow = (userId: string | null) => {
    if (userId === signedIn) return;
    signedIn = userId;
    useNotifications.setState(initialNotifications);
    if (userId) void loadNotifications();
  };
  follow(useSessionStore.getState().user?.id ?? null);
  const stop = useSessionStore.subscribe((s) => follow(s.user?.id ?? null));
  // After a reconnect the list may have missed some: read it again.
  const onConnect = () => signedIn && void loadNotifications();
  socket.on('connect', onConnect);
  return () => {
    stop();
    socket.off('notification', onNotification);
    socket.off('connect', onConnect);
  };
};
