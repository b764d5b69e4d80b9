import type { RecordedEvent } from '../../engine/eventStore.ts';
import type { ReadDb } from '../../projections/db.ts';
import { participantRows, roomRow } from '../../projections/roomQueries.ts';
import { shopOrderById } from '../../projections/orders.ts';
import { leaguePlayers, leagueTeams } from '../../projections/league.ts';
import { withdrawalById } from '../../projections/withdrawals.ts';
import type { NotificationKind } from '../contract/notifications.ts';
import type { Intent, Scheduled } from './store.ts';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const clock = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' });
export const money = (paise: number) => rupees.format(paise / 100);
export const timeOf = (ms: number) => clock.format(ms);

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
): Consequences => {
  const out: Consequences = { now: [], later: [], cancel: [] };
  const d = event.data as Data;
  const at = Date.parse(event.metadata.at);
  const note = (kind: NotificationKind, userId: string, title: string, body: string, url: string, id?: string) =>
    out.now.push({ id: id ?? `${kind}:${event.position}:${userId}`, userId, kind, title, body, url, at });

  const room = keyOf(event.streamName, 'room');
  if (room !== null) {
    const row = roomRow(readDb, room);
    const product = row?.product_name ?? `Room ${room}`;
    const url = `/auction/${room}`;
    switch (event.type) {
      case 'SeatBooked': {
        const userId = d.userId as string;
        if (!row) break;
        const due = row.scheduled_time - START_NOTICE_MS;
        out.later.push({
          id: `room_starting_soon:${room}:${userId}`,
          group: `room:${room}`,
          userId,
          kind: 'room_starting_soon',
          title: `${product} starts in 10 minutes`,
          body: `Room ${room} opens at ${timeOf(row.scheduled_time)}. Join from Deals to place your deals.`,
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
            `${product} has started`,
            `Room ${room} is live. Join now to place your deals.`,
            url,
          );
        break;
      case 'RoomCancelled':
        out.cancel.push(`room:${room}`);
        for (const o of d.outcomes as { userId: string; fee: number }[])
          note(
            'room_cancelled',
            o.userId,
            `Room ${room} was cancelled`,
            d.by
              ? `${product} was cancelled by the organisers: ${String(d.remark)}. Your entry fee of ${money(o.fee)} is back in your wallet.`
              : `${product} did not fill, so the room was cancelled. Your entry fee of ${money(o.fee)} is back in your wallet.`,
            '/wallet',
          );
        break;
      case 'BidPlaced': {
        // Everyone who bid in this room before, except the new leader: a deal came after theirs.
        const leader = d.userId as string;
        const bidders = new Set(
          participantRows(readDb, room)
            .filter((p) => p.bids_used > 0 && p.user_id !== leader)
            .map((p) => p.user_id),
        );
        for (const userId of bidders) {
          const bucket = Math.floor(at / OUTBID_GAP_MS);
          note(
            'outbid',
            userId,
            'Someone placed a deal after yours',
            `${d.userName as string} leads ${product} at ${money(d.amount as number)}. The round ends at ${timeOf(d.deadline as number)}.`,
            url,
            `outbid:${room}:${userId}:${bucket}`,
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
          `You won ${product}!`,
          `Pay ${money(d.finalPrice as number)} by ${timeOf(deadline)} to buy it.`,
          pay,
        );
        for (const before of REMINDERS_MS)
          out.later.push({
            id: `payment_reminder:${room}:${winner.userId}:${before}`,
            group: `purchase:${room}`,
            userId: winner.userId,
            kind: 'payment_reminder',
            title: `${before / 60_000} minutes left to pay for ${product}`,
            body: `Pay ${money(d.finalPrice as number)} by ${timeOf(deadline)}, or the win lapses.`,
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
        const holder = row?.offer_user_id ?? row?.winner_id;
        if (holder)
          note(
            'purchase_window_closed',
            holder,
            `The time to buy ${product} has passed`,
            `The one-hour purchase window of room ${room} closed without a payment.`,
            '/my-deals',
          );
        break;
      }
      case 'PurchaseOfferPassed': {
        const from = d.from as { userId: string };
        const to = d.to as { userId: string };
        const price = money(d.price as number);
        const deadline = d.deadline as number;
        const pay = `/purchase/${room}`;
        out.cancel.push(`purchase:${room}`);
        note(
          'purchase_window_closed',
          from.userId,
          `The time to buy ${product} has passed`,
          `The purchase window of room ${room} closed without a payment, so the item was offered to the next member.`,
          '/my-deals',
        );
        note(
          'purchase_offered',
          to.userId,
          `${product} is offered to you`,
          `The item in room ${room} is offered to you at ${price}, your last deal. Buy by ${timeOf(deadline)}.`,
          pay,
        );
        for (const before of REMINDERS_MS)
          out.later.push({
            id: `payment_reminder:${room}:${to.userId}:${before}`,
            group: `purchase:${room}`,
            userId: to.userId,
            kind: 'payment_reminder',
            title: `${before / 60_000} minutes left to buy ${product}`,
            body: `Pay ${price} by ${timeOf(deadline)}, or the offer passes on.`,
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
        `Refund: ${money(d.amount as number)} is back in your wallet`,
        `Your entry fee for ${d.productName as string} (room ${d.roomCode as string}) is back in your wallet.`,
        '/wallet',
      );
    if (event.type === 'FeeConvertedToReward')
      note(
        'reward_credited',
        wallet,
        `${money(d.amount as number)} reward cash`,
        `Your entry fee for ${d.productName as string} (room ${d.roomCode as string}) became reward cash. Spend it in the shop.`,
        '/shop',
      );
    if (event.type === 'RewardCredited')
      note(
        'reward_credited',
        wallet,
        `${money(d.amount as number)} reward cash`,
        d.roomCode ? `From room ${d.roomCode as string}. Spend it in the shop.` : 'Spend it in the shop.',
        '/shop',
      );
    return out;
  }

  const withdrawal = keyOf(event.streamName, 'withdrawal');
  if (withdrawal !== null) {
    const row = withdrawalById(readDb, withdrawal);
    if (!row) return out;
    const amount = money(row.amount);
    const say = (title: string, body: string) => note('withdrawal_update', row.user_id, title, body, '/wallet');
    if (event.type === 'WithdrawalPaid') say(`${amount} sent`, `Your withdrawal was paid to ${row.destination}.`);
    if (event.type === 'WithdrawalRejected')
      say('Withdrawal rejected', `${amount} is back in your wallet. Reason: ${d.reason as string}`);
    if (event.type === 'WithdrawalPayoutFailed')
      say('Withdrawal could not be paid', `${amount} is back in your wallet. ${d.reason as string}`);
    return out;
  }

  const user = keyOf(event.streamName, 'user');
  if (user !== null && event.type === 'AccessGranted') {
    note(
      'access_granted',
      user,
      'You have full access',
      'An admin granted you full access. You can now pre-book deal rooms and place deals.',
      '/deals',
    );
    return out;
  }

  const order = keyOf(event.streamName, 'order');
  if (order !== null && (event.type === 'ShopOrderPaid' || event.type === 'ShipmentStatusChanged')) {
    const row = shopOrderById(readDb, order);
    if (!row) return out;
    if (event.type === 'ShopOrderPaid')
      note(
        'order_paid',
        row.userId,
        'Order paid',
        `We received ${money(d.amountPaise as number)} for your order.`,
        '/orders',
      );
    else if (d.to === 'shipped')
      note('order_shipped', row.userId, 'Your order is on its way', 'Your shop order has been shipped.', '/orders');
    return out;
  }

  if (event.streamName.startsWith('crackers-order-') && event.type === 'CrackersOrderPlaced' && d.userId)
    note(
      'crackers_confirmed',
      d.userId as string,
      'Crackers order placed',
      `We have your crackers order of ${money(d.totalAmount as number)} (order ${d.orderId as string}).`,
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
        t.teamId === buyer?.teamId ? 'Your team bought a player' : 'A player was sold',
        `${player?.name ?? 'A player'} went to ${buyer?.teamName ?? 'a team'} for ${d.price as number} points.`,
        `/aplauction/${league}`,
      );
  }
  return out;
};
