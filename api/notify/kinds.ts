import type { ChannelChoices } from '../../engine/notificationSettings.ts';
import type { ChannelChoice, NotificationKind, NotificationSettings } from '../contract/notifications.ts';
import { NOTIFICATION_KINDS } from '../contract/notifications.ts';

const on = (mail: boolean, push: boolean): ChannelChoice => ({ in_app: true, mail, push });

/**
 * What a member gets until they choose: the bell for everything; mail for money and access; push
 * for the moments that need them now (a room starting, being outbid, winning, paying in time).
 */
export const DEFAULT_CHANNELS: Record<NotificationKind, ChannelChoice> = {
  access_granted: on(true, false),
  room_starting_soon: on(false, true),
  room_started: on(false, true),
  room_cancelled: on(true, false),
  outbid: on(false, true),
  won: on(true, true),
  payment_reminder: on(true, true),
  purchase_window_closed: on(true, false),
  purchase_offered: on(true, true),
  refund_credited: on(true, false),
  reward_credited: on(false, false),
  order_paid: on(false, false),
  order_shipped: on(true, false),
  crackers_confirmed: on(true, false),
  league_player_sold: on(false, true),
  withdrawal_update: on(true, false),
};

/** A member's settings: their choices over the defaults, every kind present. */
export const settingsOf = (choices: ChannelChoices): NotificationSettings =>
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, choices[k] ?? DEFAULT_CHANNELS[k]])) as NotificationSettings;
