import type { RecordedEvent } from '../../engine/eventStore.ts';
import { notificationSettingsDecider, notificationSettingsStream } from '../../engine/notificationSettings.ts';
import { langOf, userById } from '../../projections/users.ts';
import { say } from '../i18n/messages.ts';
import { loadState } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import type { Io } from '../realtime/io.ts';
import { userChannel } from '../realtime/io.ts';
import type { ChannelChoice, NotificationSettings } from '../contract/notifications.ts';
import { settingsOf } from './kinds.ts';
import type { VapidKeys } from './push.ts';
import { pushServiceAllowed, sendPush } from './push.ts';
import { consequencesOf } from './rules.ts';
import { keepLatest } from '../keptMap.ts';
import { biddersBefore } from '../../projections/roomQueries.ts';
import type { ReadDb } from '../../projections/db.ts';
import type { Intent, NotifyStore } from './store.ts';
import { toNotification } from './store.ts';
import { projectedNow } from '../projected.ts';

const CHECKPOINT = 'notifier';
/** The notifier's checkpoint is written when it trails by this many events or this long. */
const CHECKPOINT_EVENTS = 1000;
const CHECKPOINT_MS = 1000;
/** Tries of a batch whose notifying fails, 50 ms apart and doubling (0.75 s in all). */
const BATCH_ATTEMPTS = 5;

export type NotifierDeps = Pick<
  Deps,
  'store' | 'readDb' | 'projections' | 'mail' | 'clock' | 'log' | 'config' | 'origin'
>;

/** A member's settings now: their choices (an event stream of their own) over the defaults. */
export const memberSettings = async (deps: Pick<Deps, 'store'>, userId: string): Promise<NotificationSettings> =>
  settingsOf(
    (await loadState(deps.store, notificationSettingsStream(userId), notificationSettingsDecider)).state.choices,
  );

/**
 * Each room's bidders so far, kept as the notifier reads the room's deals in log order: every deal
 * tells the members who dealt before it, and reading them from the read model was a query over the
 * room's deals for every deal. An entry follows one deal at a time (deal n right after n − 1);
 * anything else (the first deal seen, a deal skipped) reads the read model and starts again there.
 */
export const createRoomBidders = (readDb: ReadDb, kept = 2000) => {
  const rooms = new Map<string, { seq: number; users: Set<string> }>();
  return {
    before: (room: string, seq: number): readonly string[] => {
      const known = rooms.get(room);
      if (known?.seq === seq - 1) return [...known.users];
      const users = new Set(biddersBefore(readDb, room, seq));
      keepLatest(rooms, room, { seq: seq - 1, users }, kept);
      return [...users];
    },
    /** After an event is notified: a room's deal joins its bidders, a room's end drops them. */
    notified: (event: RecordedEvent): void => {
      if (!event.streamName.startsWith('room-')) return;
      const room = event.streamName.slice('room-'.length);
      if (event.type === 'RoomEnded' || event.type === 'RoomCancelled') rooms.delete(room);
      if (event.type !== 'BidPlaced') return;
      const { seq, userId } = event.data as { seq: number; userId: string };
      const known = rooms.get(room);
      if (known?.seq !== seq - 1) return;
      known.users.add(userId);
      known.seq = seq;
    },
  };
};

/**
 * Notifications as a projection of the log. Every process follows the log (after its read models,
 * so a room's bookers are known), works out each event's notifications and claims them in the
 * shared store: one claim lands, and that process sends the mail and the push. Timed ones (a
 * room's start, payment reminders) wait in the store and are fired by whichever process sees them
 * due first. Every process tails the store and tells its own sockets, so a member connected to
 * either process sees a new notification at once. Exactly once per event across restarts (the
 * checkpoint, and the claims for events read twice) and across processes (the claims).
 */
export const startNotifier = (deps: NotifierDeps, store: NotifyStore, io: Io, keys: VapidKeys) => {
  let lastRow = store.lastRowid();
  let stopped = false;
  const sending = new Set<Promise<void>>();

  /** A timed notification: claimed, then sent (a failure leaves it due, to be tried again). */
  const deliver = async (intent: Intent) => {
    if (store.claimed(intent.id)) return;
    const settings = (await memberSettings(deps, intent.userId))[intent.kind];
    const now = deps.clock.now();
    if (!store.claim(intent, settings.in_app, settings.mail ? undefined : now)) return;
    await send(intent, settings, now);
  };

  /**
   * A batch's notifications (the rules left out those claimed already), claimed in one write and
   * then sent. Two deals of one batch may name the same notification (a member outbid twice in a
   * gap): the first stands, as when each was claimed alone. One claimed by another process since
   * the rules looked is refused by its claim. A failed read or claim fails the batch, which is
   * tried again (`handle`).
   */
  const deliverAll = async (intents: readonly Intent[]) => {
    const ids = new Set<string>();
    const fresh = intents.filter((i) => !ids.has(i.id) && ids.add(i.id));
    if (fresh.length === 0) return;
    const settingsOf = new Map<string, Promise<NotificationSettings>>();
    const chosen: { intent: Intent; settings: ChannelChoice }[] = [];
    for (const intent of fresh) {
      let settings = settingsOf.get(intent.userId);
      if (!settings) settingsOf.set(intent.userId, (settings = memberSettings(deps, intent.userId)));
      chosen.push({ intent, settings: (await settings)[intent.kind] });
    }
    const now = deps.clock.now();
    const won = store.claimAll(
      chosen.map(({ intent, settings }) => ({
        intent,
        inApp: settings.in_app,
        mailOffAt: settings.mail ? undefined : now,
      })),
    );
    // A mail or push that fails is recorded as failed and not tried again; the claims stand.
    for (const [k, { intent, settings }] of chosen.entries()) {
      if (won[k])
        await send(intent, settings, now).catch((error: unknown) =>
          deps.log.error('notifying failed', { id: intent.id, error }),
        );
    }
  };

  /** Mail and push of a notification this process claimed. */
  const send = async (intent: Intent, settings: ChannelChoice, now: number) => {
    // The member's row only for a mail (a query built per call): most notifications have mail off.
    const user = settings.mail ? userById(deps.readDb, intent.userId) : undefined;
    if (settings.mail && user) {
      try {
        await deps.mail.send({
          to: user.email,
          subject: intent.title,
          text: say(langOf(user), 'notify.mail', {
            body: intent.body,
            url: `${deps.origin()}${intent.url}`,
          }),
        });
        store.delivered(intent.id, 'mail', 'sent', null, now);
      } catch (error) {
        store.delivered(intent.id, 'mail', 'failed', String(error), now);
        deps.log.warn('notification mail failed', { id: intent.id, error });
      }
    } else if (settings.mail) store.delivered(intent.id, 'mail', 'off', null, now);
    if (settings.push) {
      const payload = { id: intent.id, kind: intent.kind, title: intent.title, body: intent.body, url: intent.url };
      for (const s of store.subscriptions(intent.userId)) {
        // Kept before PUSH_SERVICES was checked, or the list has since changed: never posted to.
        if (!pushServiceAllowed(deps.config.PUSH_SERVICES, s.endpoint)) {
          store.dropSubscription(s.endpoint);
          continue;
        }
        const result = await sendPush(keys, s, payload);
        if (!result.ok && result.gone) store.dropSubscription(s.endpoint);
        store.delivered(
          intent.id,
          `push:${s.endpoint.slice(-24)}`,
          result.ok ? 'sent' : 'failed',
          result.ok ? null : result.detail,
          now,
        );
      }
    }
  };

  const track = (work: Promise<void>) => {
    sending.add(work);
    void work.finally(() => sending.delete(work));
  };

  /** The teams that bid on a sold player in its last round (the only async lookup the rules need). */
  const leagueBiddersOf = async (event: RecordedEvent): Promise<Set<number>> => {
    if (event.type !== 'PlayerSold' || !event.streamName.startsWith('league-')) return new Set();
    const playerId = (event.data as { playerId: number }).playerId;
    const stream = await deps.store.readStream(event.streamName);
    const bidders = new Set<number>();
    for (const e of stream) {
      if (e.position > event.position) break;
      const d = e.data as { playerId?: number; teamId?: number };
      if (e.type === 'PlayerAuctionStarted' && d.playerId === playerId) bidders.clear();
      if (e.type === 'BidPlaced' && d.playerId === playerId && d.teamId !== undefined) bidders.add(d.teamId);
    }
    return bidders;
  };

  // The checkpoint only saves a restart from reading events again (claims keep what is read twice
  // from being sent twice), so it is written now and then, not once per event: each write was a
  // durable commit, a second fsync on every deal's path (deals notify the outbid).
  let handled = store.checkpoint(CHECKPOINT);
  let written = handled;
  let writtenAt = performance.now();
  const writeCheckpoint = (force = false) => {
    if (handled <= written) return;
    if (!force && handled - written < CHECKPOINT_EVENTS && performance.now() - writtenAt < CHECKPOINT_MS) return;
    store.moveCheckpoint(CHECKPOINT, handled);
    written = handled;
    writtenAt = performance.now();
  };

  const roomBidders = createRoomBidders(deps.readDb);
  let queue: Promise<void> = Promise.resolve();
  /**
   * One batch's notifications, worked out and sent before the checkpoint moves past it. Handling
   * an event again changes nothing: its claims are taken, its timed notices scheduled, and its
   * cancels take only what events before it scheduled (a purchase offer passed on cancels the last
   * holder's reminders and schedules the next holder's).
   */
  const notifyBatch = async (events: readonly RecordedEvent[]) => {
    // Read once a batch: an event another process notified meanwhile is caught by its claim.
    const done = Math.max(handled, store.checkpoint(CHECKPOINT));
    const intents: Intent[] = [];
    let last = handled;
    for (const event of events) {
      if (event.position <= done || stopped) continue;
      const { now, later, cancel } = consequencesOf(
        event,
        deps.readDb,
        await leagueBiddersOf(event),
        store.claimed,
        roomBidders.before,
      );
      roomBidders.notified(event);
      for (const group of cancel) store.cancel(group, event.position);
      for (const item of later) store.schedule(item, event.position);
      intents.push(...now);
      last = Math.max(last, event.position);
    }
    await deliverAll(intents);
    handled = Math.max(handled, last);
    writeCheckpoint();
  };

  /**
   * A batch that fails (the notification store busy past its timeout under another process, a
   * read model's read failing) is tried again after a growing pause, in order: claims keep what
   * was done before the failure from being sent twice. After the last try it is logged and left,
   * so one bad batch never stops the notifications after it (nor, rejected, the process).
   */
  const handle = async (events: readonly RecordedEvent[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await notifyBatch(events);
      } catch (error) {
        const positions = [events[0]?.position, events[events.length - 1]?.position];
        if (attempt >= BATCH_ATTEMPTS || stopped) {
          deps.log.error('notifying failed: a batch of events left unnotified', { positions, error });
          return;
        }
        deps.log.warn('notifying failed: trying the batch again', { positions, attempt, error });
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** (attempt - 1)));
      }
    }
  };
  /** Events in log order, a batch after another. */
  const onEvents = (events: readonly RecordedEvent[]) => {
    queue = queue.then(() => handle(events));
    track(queue);
  };

  const tick = () => {
    if (stopped) return;
    writeCheckpoint();
    for (const due of store.due(deps.clock.now())) {
      track(
        deliver(due)
          .then(() => store.done(due.id))
          .catch((error: unknown) => deps.log.error('a timed notification failed', { id: due.id, error })),
      );
    }
    // New rows from any process (this one's included) go to the member's sockets on this process,
    // each with the member's unread count now (counted once a tick: a storm's first deals tell a
    // thousand members at once).
    const unread = new Map<string, number>();
    for (const row of store.after(lastRow)) {
      lastRow = row.rowid;
      let count = unread.get(row.user_id);
      if (count === undefined) unread.set(row.user_id, (count = store.unread(row.user_id)));
      io.to(userChannel(row.user_id)).emit('notification', { notification: toNotification(row), unread: count });
    }
  };

  const stopListening = deps.projections.onApplied(onEvents);
  // Catch up on what happened while no process was notifying (or since this data dir's last run).
  const from = store.checkpoint(CHECKPOINT);
  const caughtUp = (async () => {
    const head = deps.projections.position();
    for (let after = from; after < head && !stopped;) {
      const batch = await deps.store.readAll({ after, limit: 500 });
      const upTo = batch.filter((e) => e.position <= head);
      if (upTo.length === 0) break;
      onEvents(upTo);
      after = upTo[upTo.length - 1]!.position;
    }
  })().catch((error: unknown) => deps.log.error('the notifier could not catch up', { error }));
  const interval = deps.config.NOTIFY_INTERVAL_MS > 0 ? setInterval(tick, deps.config.NOTIFY_INTERVAL_MS) : null;

  return {
    /** Fires due notifications and tells sockets of new ones now (tests drive it with a manual clock). */
    tick,
    /** Resolves once every event seen so far has been notified and sent. */
    async settled() {
      await projectedNow(deps);
      await caughtUp;
      while (sending.size > 0) await Promise.all([...sending]);
    },
    async stop() {
      stopped = true;
      stopListening();
      if (interval) clearInterval(interval);
      await caughtUp;
      await Promise.allSettled([...sending]);
      writeCheckpoint(true);
    },
  };
};
export type Notifier = ReturnType<typeof startNotifier>;
