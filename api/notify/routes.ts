import { Hono } from 'hono';
import { notificationSettingsDecider, notificationSettingsStream } from '../../engine/notificationSettings.ts';
import type { AuthEnv } from '../auth/session.ts';
import { actorOf, currentUser, requireUser } from '../auth/session.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { describe, jsonBody, queryParams } from '../http/openapi.ts';
import {
  MarkNotificationsRead,
  NotificationList,
  NotificationSettingsAnswer,
  NotificationsQuery,
  PushSubscriptionBody,
  PushUnsubscribeBody,
  UnreadCount,
  UpdateNotificationSettings,
} from '../contract/notifications.ts';
import { memberSettings } from './notifier.ts';
import { ApiError } from '../http/errors.ts';
import type { VapidKeys } from './push.ts';
import { pushServiceAllowed } from './push.ts';
import type { NotifyStore } from './store.ts';
import { toNotification } from './store.ts';

export const PUSH_SERVICE_REFUSED_MESSAGE =
  "Notifications can't be sent to this browser's push service. Try Chrome, Firefox, Edge or Safari.";

/** The member's notification centre, their choices per kind and channel, and their push subscriptions. */
export const notifyRoutes = (
  deps: Pick<Deps, 'clock' | 'store' | 'commands' | 'config'>,
  notify: { store: NotifyStore; keys: VapidKeys },
) =>
  new Hono<AuthEnv>()
    .use('*', requireUser)
    .get(
      '/notifications',
      describe({
        summary: 'My notifications, newest first, with the unread count',
        tags: ['notifications'],
        access: 'member',
        response: NotificationList,
      }),
      queryParams(NotificationsQuery),
      (c) => {
        const user = currentUser(c);
        const rows = notify.store.list(user.id, c.req.valid('query').limit);
        return c.json({ notifications: rows.map(toNotification), unread: notify.store.unread(user.id) });
      },
    )
    .post(
      '/notifications/read',
      describe({
        summary: 'Mark some or all of my notifications read',
        tags: ['notifications'],
        access: 'member',
        response: UnreadCount,
      }),
      jsonBody(MarkNotificationsRead),
      (c) => {
        const user = currentUser(c);
        const body = c.req.valid('json');
        notify.store.markRead(user.id, 'all' in body ? 'all' : body.ids, deps.clock.now());
        return c.json({ unread: notify.store.unread(user.id) });
      },
    )
    .get(
      '/notification-settings',
      describe({
        summary: 'Which channels each kind of notification uses for me, and the Web Push key',
        tags: ['notifications'],
        access: 'member',
        response: NotificationSettingsAnswer,
      }),
      async (c) => {
        const user = currentUser(c);
        return c.json({
          settings: await memberSettings(deps, user.id),
          push: { public_key: notify.keys.publicKey, subscriptions: notify.store.subscriptions(user.id).length },
        });
      },
    )
    .put(
      '/notification-settings',
      describe({
        summary: 'Change the channels of some kinds (an event in my settings stream)',
        tags: ['notifications'],
        access: 'member',
        response: NotificationSettingsAnswer,
      }),
      jsonBody(UpdateNotificationSettings),
      async (c) => {
        const user = currentUser(c);
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          notificationSettingsStream(user.id),
          notificationSettingsDecider,
          { type: 'ChangeNotificationSettings', data: { changes: c.req.valid('json').settings, now } },
          { actor: actorOf(user), now },
        );
        return c.json({
          settings: await memberSettings(deps, user.id),
          push: { public_key: notify.keys.publicKey, subscriptions: notify.store.subscriptions(user.id).length },
        });
      },
    )
    .post(
      '/push-subscriptions',
      describe({ summary: 'Subscribe this browser to Web Push', tags: ['notifications'], access: 'member' }),
      jsonBody(PushSubscriptionBody),
      (c) => {
        const user = currentUser(c);
        const subscription = c.req.valid('json');
        if (!pushServiceAllowed(deps.config.PUSH_SERVICES, subscription.endpoint))
          throw new ApiError(422, 'PUSH_SERVICE_REFUSED', PUSH_SERVICE_REFUSED_MESSAGE);
        notify.store.subscribe(user.id, subscription, deps.clock.now());
        return c.json({ success: true, subscriptions: notify.store.subscriptions(user.id).length });
      },
    )
    .delete(
      '/push-subscriptions',
      describe({ summary: 'Unsubscribe this browser from Web Push', tags: ['notifications'], access: 'member' }),
      jsonBody(PushUnsubscribeBody),
      (c) => {
        const user = currentUser(c);
        notify.store.unsubscribe(user.id, c.req.valid('json').endpoint);
        return c.json({ success: true, subscriptions: notify.store.subscriptions(user.id).length });
      },
    );
