import type { RecordedEvent } from '../../engine/eventStore.ts';
import type { ReadDb } from '../../projections/db.ts';
import type { RoomRow } from '../../projections/roomQueries.ts';
import { biddersBefore, participantRows, roomRow } from '../../projections/roomQueries.ts';
import { shopOrderById } from '../../projections/orders.ts';
import { leaguePlayers, leagueTeams } from '../../projections/league.ts';
import { langById } from '../../projections/users.ts';
import { withdrawalById } from '../../projections/withdrawals.ts';
import type { NotificationKind } from '../contract/notifications.ts';
import type { Lang, MessageId, Params, Text } from '../i18n/messages.ts';
import { say, write } from '../i18n/messages.ts';
import type { Intent, Scheduled } from './store.ts';

const money = (paise: number) => ({ paise });
const timeOf = (ms: number) => ({ time: ms });

/** What an event means for members: notifications now, notifications later, and later ones called off. */
export interface Consequences {
  now: Intent[];
  later: Scheduled[];
  cancel: string[];
}

export const START_NOTICE_MS = 10 * 60_000;
export const REMINDERS_MS = [15 * 60_000, 5 * 60_000] as const;
/** A deal after yours is told at most once a minute per room. */
export const OUTBID_GAP_MS = 60_000;

const keyOf = (stream: string, category: string) =>
  stream.startsWith(`${category}-`) ? stream.slice(category.length + 1) : null;

type Data = Record<string, unknown>;

/**
 * Maps one recorded event to its notifications. Ids come from the event's place in the log (or,
 * for timed ones, from the room, the member and the moment), so every process computes the same
 * ones and the store's claim lets one of them send.
 */
export const consequencesOf = (
  event: RecordedEvent,
  readDb: ReadDb,
  /** For a league sale: the teams that bid on that player (read from the league's stream by the notifier). */
  leagueBidders: ReadonlySet<number> = new Set(),
  /**
   * Notifications already claimed (the notifier's store): left out before their words are written.
   * Every deal names each earlier bidder of its room and nearly all were told already (one outbid
   * per member per gap), so writing their text and reading their language was most of a deal's
   * notifying; the notifier skipped them after that work anyway.
   */
  claimed: (id: string) => boolean = () => false,
  /** The members who dealt in a room before its deal `seq` (the notifier keeps them as it goes). */
  biddersOf: (room: string, seq: number) => readonly string[] = (room, seq) => biddersBefore(readDb, room, seq),
): Consequences => {
  const out: Consequences = { now: [], later: [], cancel: [] };
  const d = event.data as Data;
  const at = Date.parse(event.metadata.at);
  // Each notification is written in its member's language at the time it is made (kept as text, so
  // the bell, the mail and the push all say the same; see api/i18n/messages.ts).
  const langs = new Map<string, Lang>();
  const langFor = (userId: string): Lang => {
    let lang = langs.get(userId);
    if (!lang) langs.set(userId, (lang = langById(readDb, userId)));
    return lang;
  };
  const words = (userId: string, title: Text, body: Text) => ({
    title: write(langFor(userId), title),
    body: write(langFor(userId), body),
  });
  const note = (kind: NotificationKind, userId: string, title: Text, body: Text, url: string, id?: string) => {
    const key = id ?? `${kind}:${event.position}:${userId}`;
    if (claimed(key)) return;
    out.now.push({ id: key, userId, kind, ...words(userId, title, body), url, at });
  };
  const text = (id: MessageId, params?: Params): Text => [id, params];

  const room = keyOf(event.streamName, 'room');
  if (room !== null) {
    // Read when a notification needs it: a deal whose earlier bidders were all told needs no row.
    let read: { row: RoomRow | undefined } | null = null;
    const rowOf = () => (read ??= { row: roomRow(readDb, room) }).row;
    /** The product's name (data), or "Room ABC123" in the member's language when the room is unknown. */
    const productFor = (userId: string) => rowOf()?.product_name ?? say(langFor(userId), 'room.fallbackName', { room });
    const url = `/auction/${room}`;
    switch (event.type) {
      case 'SeatBooked': {
        const userId = d.userId as string;
        const row = rowOf();
        if (!row) break;
        const due = row.scheduled_time - START_NOTICE_MS;
        out.later.push({
          id: `room_starting_soon:${room}:${userId}`,
          group: `room:${room}`,
          userId,
          kind: 'room_starting_soon',
          ...words(
            userId,
            text('room_starting_soon.title', { product: productFor(userId) }),
            text('room_starting_soon.body', { room, time: timeOf(row.scheduled_time) }),
          ),
          url,
          at: due,
        });
        break;
      }
      case 'RoomStarted':
        out.cancel.push(`room:${room}`);
        for (const p of participantRows(readDb, room))
          note(
            'room_started',
            p.user_id,
            text('room_started.title', { product: productFor(p.user_id) }),
            text('room_started.body', { room }),
            url,
          );
        break;
      case 'RoomCancelled':
        out.cancel.push(`room:${room}`);
        for (const o of d.outcomes as { userId: string; fee: number }[])
          note(
            'room_cancelled',
            o.userId,
            text('room_cancelled.title', { room }),
            d.by
              ? text('room_cancelled.byOrganisers', {
                  product: productFor(o.userId),
                  remark: String(d.remark),
                  fee: money(o.fee),
                })
              : text('room_cancelled.notFilled', { product: productFor(o.userId), fee: money(o.fee) }),
            '/wallet',
          );
        break;
      case 'BidPlaced': {
        // Everyone who bid in this room before this deal, except its bidder: a deal came after theirs.
        const leader = d.userId as string;
        const bidders = new Set(biddersOf(room, d.seq as number).filter((u) => u !== leader));
        const bucket = Math.floor(at / OUTBID_GAP_MS);
        for (const userId of bidders) {
          const id = `outbid:${room}:${userId}:${bucket}`;
          // Told already in this gap (nearly every earlier bidder): no words, no room row.
          if (claimed(id)) continue;
          note(
            'outbid',
            userId,
            text('outbid.title'),
            text('outbid.body', {
              name: d.userName as string,
              product: productFor(userId),
              amount: money(d.amount as number),
              time: timeOf(d.deadline as number),
            }),
            url,
            id,
          );
        }
        break;
      }
      case 'RoomEnded': {
        const winner = d.winner as { userId: string } | null;
        const deadline = d.purchaseDeadline as number | null;
        if (!winner || deadline === null) break;
        const pay = `/purchase/${room}`;
        note(
          'won',
          winner.userId,
          text('won.title', { product: productFor(winner.userId) }),
          text('won.body', { amount: money(d.finalPrice as number), time: timeOf(deadline) }),
          pay,
        );
        for (const before of REMINDERS_MS)
          out.later.push({
            id: `payment_reminder:${room}:${winner.userId}:${before}`,
            group: `purchase:${room}`,
            userId: winner.userId,
            kind: 'payment_reminder',
            ...words(
              winner.userId,
              text('payment_reminder.title', { minutes: before / 60_000, product: productFor(winner.userId) }),
              text('payment_reminder.body', { amount: money(d.finalPrice as number), time: timeOf(deadline) }),
            ),
            url: pay,
            at: deadline - before,
          });
        break;
      }
      case 'RoomPurchased':
        out.cancel.push(`purchase:${room}`);
        break;
      case 'PurchaseWindowExpired': {
        out.cancel.push(`purchase:${room}`);
        // The last holder of the offer: the winner, or the runner-up it last passed to.
        const row = rowOf();
        const holder = row?.offer_user_id ?? row?.winner_id;
        if (holder)
          note(
            'purchase_window_closed',
            holder,
            text('purchase_window_closed.title', { product: productFor(holder) }),
            text('purchase_window_closed.body', { room }),
            '/my-deals',
          );
        break;
      }
      case 'PurchaseOfferPassed': {
        const from = d.from as { userId: string };
        const to = d.to as { userId: string };
        const deadline = d.deadline as number;
        const pay = `/purchase/${room}`;
        out.cancel.push(`purchase:${room}`);
        note(
          'purchase_window_closed',
          from.userId,
          text('purchase_window_closed.title', { product: productFor(from.userId) }),
          text('purchase_passed.body', { room }),
          '/my-deals',
        );
        note(
          'purchase_offered',
          to.userId,
          text('purchase_offered.title', { product: productFor(to.userId) }),
          text('purchase_offered.body', { room, amount: money(d.price as number), time: timeOf(deadline) }),
          pay,
        );
        for (const before of REMINDERS_MS)
          out.later.push({
            id: `payment_reminder:${room}:${to.userId}:${before}`,
            group: `purchase:${room}`,
            userId: to.userId,
            kind: 'payment_reminder',
            ...words(
              to.userId,
              text('offer_reminder.title', { minutes: before / 60_000, product: productFor(to.userId) }),
              text('offer_reminder.body', { amount: money(d.price as number), time: timeOf(deadline) }),
            ),
            url: pay,
            at: deadline - before,
          });
        break;
      }
    }
    return out;
  }

  const wallet = keyOf(event.streamName, 'wallet');
  if (wallet !== null) {
    if (event.type === 'PrebookFeeRefunded')
      note(
        'refund_credited',
        wallet,
        text('refund_credited.title', { amount: money(d.amount as number) }),
        text('refund_credited.body', { product: d.productName as string, room: d.roomCode as string }),
        '/wallet',
      );
    if (event.type === 'FeeConvertedToReward')
      note(
        'reward_credited',
        wallet,
        text('reward_credited.title', { amount: money(d.amount as number) }),
        text('reward_credited.fromFee', { product: d.productName as string, room: d.roomCode as string }),
        '/shop',
      );
    if (event.type === 'RewardCredited')
      note(
        'reward_credited',
        wallet,
        text('reward_credited.title', { amount: money(d.amount as number) }),
        d.roomCode ? text('reward_credited.fromRoom', { room: d.roomCode as string }) : text('reward_credited.body'),
        '/shop',
      );
    return out;
  }

  const withdrawal = keyOf(event.streamName, 'withdrawal');
  if (withdrawal !== null) {
    const row = withdrawalById(readDb, withdrawal);
    if (!row) return out;
    const amount = money(row.amount);
    const tell = (title: Text, body: Text) => note('withdrawal_update', row.user_id, title, body, '/wallet');
    if (event.type === 'WithdrawalPaid')
      tell(text('withdrawal_paid.title', { amount }), text('withdrawal_paid.body', { destination: row.destination }));
    if (event.type === 'WithdrawalRejected')
      tell(text('withdrawal_rejected.title'), text('withdrawal_rejected.body', { amount, reason: d.reason as string }));
    if (event.type === 'WithdrawalPayoutFailed')
      tell(text('withdrawal_failed.title'), text('withdrawal_failed.body', { amount, reason: d.reason as string }));
    return out;
  }

  const user = keyOf(event.streamName, 'user');
  if (user !== null && event.type === 'AccessGranted') {
    note('access_granted', user, text('access_granted.title'), text('access_granted.body'), '/deals');
    return out;
  }

  const order = keyOf(event.streamName, 'order');
  if (
    order !== null &&
    (event.type === 'ShopOrderPaid' || event.type === 'ShipmentStatusChanged' || event.type === 'ShopOrderRefunded')
  ) {
    const row = shopOrderById(readDb, order);
    if (!row) return out;
    if (event.type === 'ShopOrderPaid')
      note(
        'order_paid',
        row.userId,
        text('order_paid.title'),
        text('order_paid.body', { amount: money(d.amountPaise as number) }),
        '/orders',
      );
    else if (event.type === 'ShopOrderRefunded')
      // Paid with Reward Cash alone, nothing came back as cash: the notice names what did.
      note(
        'refund_credited',
        row.userId,
        (d.amountPaise as number) > 0
          ? text('order_refunded.title', { amount: money(d.amountPaise as number) })
          : text('order_refunded_reward.title', { amount: money(d.rewardCash as number) }),
        (d.amountPaise as number) > 0
          ? text('order_refunded.body', { order: row.orderCode })
          : text('order_refunded_reward.body', { order: row.orderCode }),
        '/wallet',
      );
    else if (d.to === 'shipped')
      note('order_shipped', row.userId, text('order_shipped.title'), text('order_shipped.body'), '/orders');
    return out;
  }

  if (event.streamName.startsWith('crackers-order-') && event.type === 'CrackersOrderPlaced' && d.userId)
    note(
      'crackers_confirmed',
      d.userId as string,
      text('crackers_confirmed.title'),
      text('crackers_confirmed.body', { amount: money(d.totalAmount as number), order: d.orderId as string }),
      '/reserved-items',
    );

  const league = keyOf(event.streamName, 'league');
  if (league !== null && event.type === 'PlayerSold') {
    const teams = leagueTeams(readDb, league);
    const buyer = teams.find((t) => t.teamId === (d.teamId as number));
    const player = leaguePlayers(readDb, league).find((p) => p.playerId === (d.playerId as number));
    // The owners of the teams that bid on the player hear of the sale: their purchase, or a rival's.
    for (const t of teams.filter((team) => leagueBidders.has(team.teamId)))
      note(
        'league_player_sold',
        t.ownerUserId,
        text(t.teamId === buyer?.teamId ? 'league_player_sold.yours' : 'league_player_sold.title'),
        text('league_player_sold.body', {
          player: player?.name ?? say(langFor(t.ownerUserId), 'league.somePlayer'),
          team: buyer?.teamName ?? say(langFor(t.ownerUserId), 'league.someTeam'),
          price: String(d.price),
        }),
        `/aplauction/${league}`,
      );
  }
  return out;
};
