import { z } from 'zod';

/**
 * What the product tells a member, and how (issue 19). The notifier (api/notify) reads the log like
 * a read model and sends each notification once, on the channels the member chose.
 */

/** Every kind of notification, in the order the profile's settings list them. */
export const NOTIFICATION_KINDS = [
  'access_granted',
  'room_starting_soon',
  'room_started',
  'room_cancelled',
  'outbid',
  'won',
  'payment_reminder',
  'purchase_window_closed',
  'purchase_offered',
  'refund_credited',
  'reward_credited',
  'order_paid',
  'order_shipped',
  'crackers_confirmed',
  'league_player_sold',
  'withdrawal_update',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const NOTIFICATION_CHANNELS = ['in_app', 'mail', 'push'] as const;
export const NotificationChannel = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

/** One notification in the member's notification centre (the bell). */
export const Notification = z.object({
  id: z.string(),
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  /** Where tapping it leads: a path on this site, e.g. `/auction/ABC123`. */
  url: z.string(),
  created_at: z.string().describe('ISO 8601 UTC'),
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

/** `GET /api/me/notifications?limit=`: newest first. */
export const NotificationsQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const NotificationList = z.object({
  notifications: z.array(Notification),
  unread: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof NotificationList>;

/** `POST /api/me/notifications/read`: some ids, or all of them. */
export const MarkNotificationsRead = z.union([
  z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(200) }),
  z.object({ all: z.literal(true) }),
]);
export const UnreadCount = z.object({ unread: z.number().int().min(0) });

/** Per kind, which channels are on. */
export const ChannelChoice = z.object({ in_app: z.boolean(), mail: z.boolean(), push: z.boolean() });
export type ChannelChoice = z.infer<typeof ChannelChoice>;
export const NotificationSettings = z.record(NotificationKind, ChannelChoice);
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** `GET /api/me/notification-settings`. */
export const NotificationSettingsAnswer = z.object({
  settings: NotificationSettings,
  push: z.object({
    /** The VAPID public key (base64url) for `pushManager.subscribe({ applicationServerKey })`. */
    public_key: z.string(),
    /** How many browsers of this member are subscribed. */
    subscriptions: z.number().int().min(0),
  }),
});
export type NotificationSettingsAnswer = z.infer<typeof NotificationSettingsAnswer>;
/** `PUT /api/me/notification-settings`: the kinds to change; the others stay as they are. */
export const UpdateNotificationSettings = z.object({ settings: z.partialRecord(NotificationKind, ChannelChoice) });

/** `POST /api/me/push-subscriptions` (the browser's `PushSubscription.toJSON()`), and `DELETE` with the endpoint. */
/** Base64url text that decodes to `bytes` bytes (RFC 8291: a P-256 public key is 65, the auth secret 16). */
const base64urlOf = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} is not base64url`)
    .refine((v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes, `${what} is not ${bytes} bytes`);
export const PushSubscriptionBody = z.object({
  endpoint: z.url().max(2000),
  keys: z.object({ p256dh: base64urlOf(65, 'keys.p256dh'), auth: base64urlOf(16, 'keys.auth') }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;
export const PushUnsubscribeBody = z.object({ endpoint: z.url().max(2000) });

/** What a push message carries to the service worker (it shows `title`/`body` and opens `url`). */
export const PushPayload = z.object({
  id: z.string(),
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type PushPayload = z.infer<typeof PushPayload>;

/** Socket, to the member's own channel: a new notification and the unread count after it. */
export const NotificationBroadcasts = {
  notification: z.object({ notification: Notification, unread: z.number().int().min(0) }),
} satisfies Record<string, z.ZodType>;
