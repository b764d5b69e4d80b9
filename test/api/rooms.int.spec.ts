import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ack } from '../../api/contract/index.ts';
import { createManualClock } from '../../api/clock.ts';
import type { Client } from '../helpers/http.ts';
import { loggedIn, MEMBER, WAITLISTED, sandboxCheckout } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import type { LiveClient } from './roomsHelpers.ts';
import { ADDRESS, deposit, liveClient, startRoomsServer, userIdOf, waitFor } from './roomsHelpers.ts';

type Wallet = { cash: number; reward_cash: number; held: number };
type Snapshot = {
  room: {
    status: string;
    current_price: number;
    revision: number;
    winner_id: string | null;
    final_bid: number | null;
    deadline_ms: number | null;
    joined_count: number;
    room_remarks: string | null;
  };
  history: { user_id: string; bid_amount: number; seq: number }[];
  participants: { user_id: string; used: number; remaining: number }[];
  me: { prebooked: boolean; can_bid: boolean; remark: string | null } | null;
};
type BidAck = {
  bid: { bid_amount: number; user_id: string; seq: number };
  currentBid: number;
  used: number;
  remaining: number;
  revision: number;
};

/** Places a deal and notes whether the room's bidUpdate for it reached this socket before the ack did. */
const bidWatchingOrder = (l: LiveClient, code: string) =>
  new Promise<{ ack: Ack<BidAck>; broadcastBefore: boolean }>((resolve, reject) =>
    l.socket.timeout(5000).emit('placeBid', { roomCode: code }, (error: Error | null, ack: unknown) => {
      if (error) return reject(error);
      const a = ack as Ack<BidAck>;
      resolve({ ack: a, broadcastBefore: l.of('bidUpdate').some((p) => a.ok && p.revision === a.data.revision) });
    }),
  );

const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const MIN = 60_000;

describe('a live deal room on a real server port', () => {
  const clock = createManualClock(T0);
  let server: TestServer;
  let admin: Client;
  const members: Client[] = [];
  const ids: string[] = [];
  let poor: Client;
  let productId: string;
  const before: Wallet[] = [];

  const createRoom = async (overrides: Record<string, unknown> = {}) => {
    const res = await admin.call<{ room_code: string; room: { status: string } }>('POST', '/api/admin/rooms', {
      product_id: productId,
      base_price: 1_000_00,
      max_price: 1_200_00,
      bid_value: 10_00,
      bid_seconds: 30,
      entry_fee: 1_500_00,
      max_participants: 4,
      max_attempts: 3,
      reward_cash: 25_00,
      scheduled_time: new Date(clock.now() + 10 * MIN).toISOString(),
      ...overrides,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.room_code;
  };
  const wallet = async (c: Client) => (await c.call<Wallet>('GET', '/api/me/wallet')).body;
  const snapshot = async (c: Client, code: string) => (await c.call<Snapshot>('GET', `/api/rooms/${code}`)).body;

  beforeAll(async () => {
    const started = await startRoomsServer(clock);
    ({ server, admin, productId } = started);
    members.push(...started.members);
    for (const m of members) ids.push(await userIdOf(m));
    poor = await loggedIn(server, 'member5@vetrideals.in', MEMBER.password);
    for (const m of members) await deposit(server, m, 1_000_00);
    for (const m of [...members, poor]) before.push(await wallet(m));
  });
  afterAll(async () => {
    await server.stop();
  });

  it('runs a full room: pre-books, start, racing bids, a reconnect, round close, settlement everywhere', async () => {
    // A Deals page watches the room lists; a phone that only opened the site does not.
    const watcher = await liveClient(server, null);
    expect(await watcher.emit('watchRoomLists', { watch: true })).toEqual({ ok: true, data: { watching: true } });
    const elsewhere = await liveClient(server, null);
    const code = await createRoom();
    await waitFor(
      () => watcher.of('newRoom').some((p) => (p.room as { room_code: string }).room_code === code),
      'newRoom',
    );

    // Pre-books: one fails for funds (nothing is taken), four succeed, then the room is full.
    const broke = await poor.call('POST', `/api/rooms/${code}/prebook`);
    expect(broke.status).toBe(422);
    expect(broke.body).toMatchObject({ error: { code: 'INSUFFICIENT_FUNDS' } });
    expect(await wallet(poor)).toMatchObject({ cash: before[4]!.cash, held: 0 });
    for (const [i, m] of members.entries()) {
      const res = await m.call<{ success: boolean; joined_count: number; wallet_balance: number }>(
        'POST',
        `/api/rooms/${code}/prebook`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        joined_count: i + 1,
        wallet_balance: before[i]!.cash - 1_500_00,
      });
    }
    expect((await poor.call('POST', `/api/rooms/${code}/prebook`)).body).toMatchObject({
      error: { code: 'ROOM_FULL', message: 'Room Full' },
    });
    const waitlisted = await loggedIn(server, WAITLISTED.email, WAITLISTED.password);
    expect((await waitlisted.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(403);
    expect((await members[0]!.call('POST', `/api/rooms/${code}/prebook`)).body).toMatchObject({
      error: { code: 'ALREADY_BOOKED', message: 'You have already booked' },
    });
    await waitFor(
      () => watcher.of('preBookRoom').filter((p) => p.roomCode === code).length === 4,
      'four preBookRoom broadcasts',
    );
    expect(watcher.of('participants').at(-1)).toMatchObject({ roomCode: code, count: 4, max: 4 });

    // Four live clients join; before the start a deal is refused.
    const live: LiveClient[] = [];
    for (const m of members) live.push(await liveClient(server, m));
    for (const l of live) {
      const ack = await l.emit<{ canBid: boolean; snapshot: Snapshot }>('joinRoom', {
        roomCode: code,
        userId: 'forged',
        username: 'x',
      });
      expect(ack).toMatchObject({ ok: true, data: { canBid: true, snapshot: { room: { status: 'upcoming' } } } });
    }
    expect(live[0]!.of('joinStatus')[0]).toMatchObject({ canBid: true, reason: 'participant', max: 3 });
    expect(await live[0]!.emit('placeBid', { roomCode: code })).toMatchObject({
      ok: false,
      error: { code: 'NOT_STARTED', message: 'The deal has not started yet.' },
    });
    const viewer = await liveClient(server, poor);
    expect(await viewer.emit('joinRoom', { roomCode: code })).toMatchObject({
      ok: true,
      data: { canBid: false, reason: 'not_prebooked' },
    });
    expect(await viewer.emit('placeBid', { roomCode: 'bad' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    });

    // The scheduler starts the full room at its time.
    clock.advance(10 * MIN);
    await server.rooms.tick();
    await waitFor(() => live.every((l) => l.of('auctionStarted').length === 1), 'auctionStarted everywhere');
    const started = live[0]!.of('auctionStarted')[0]!;
    expect(started).toMatchObject({ roomCode: code, currentBid: 1_000_00, deadline: clock.now() + 30_000 });
    expect(live[0]!.of('auctionTimer')[0]).toMatchObject({ deadline: clock.now() + 30_000, timer: 30 });
    expect(await viewer.emit('placeBid', { roomCode: code })).toMatchObject({
      ok: false,
      error: { code: 'NOT_PARTICIPANT' },
    });

    // Racing bids: all four at once. Each is acked only after it is stored; prices step by ₹10.
    clock.advance(1000);
    const racing = await Promise.all(live.map((l) => bidWatchingOrder(l, code)));
    const race = racing.map((r) => r.ack);
    expect(race.every((a) => a.ok)).toBe(true);
    // Every ack follows its deal's broadcast (it waits for the deal's leaf in the log's tree), so acked
    // bidders' next deals never queue in front of the watchers' updates.
    expect(racing.every((r) => r.broadcastBefore)).toBe(true);
    const amounts = race.map((a) => (a.ok ? a.data.bid.bid_amount : 0)).sort((a, b) => a - b);
    expect(amounts).toEqual([1_010_00, 1_020_00, 1_030_00, 1_040_00]);
    const leader = race.find((a) => a.ok && a.data.bid.bid_amount === 1_040_00)!;
    const leaderIndex = ids.indexOf(leader.ok ? leader.data.bid.user_id : '');
    expect(await live[leaderIndex]!.emit('placeBid', { roomCode: code })).toMatchObject({
      ok: false,
      error: { code: 'CONSECUTIVE_BID' },
    });

    // One client drops; two more deals happen while it is away; it reconnects and catches up.
    const dropIndex = (leaderIndex + 1) % 4;
    live[dropIndex]!.close();
    clock.advance(2000);
    const others = [0, 1, 2, 3].filter((i) => i !== dropIndex && i !== leaderIndex);
    for (const i of others) {
      // The ack carries the signed acknowledgement of the deal's leaf in the log, so it leaves once
      // the commit is projected: after the room's broadcast of the same deal.
      const l = live[i]!;
      const { ack, broadcastBefore } = await bidWatchingOrder(l, code);
      expect(ack.ok).toBe(true);
      expect(broadcastBefore).toBe(true);
      expect(ack.ok && (ack.data as BidAck & { proof: { revision: number } }).proof.revision).toBe(
        ack.ok ? ack.data.revision : -1,
      );
      const revision = ack.ok ? ack.data.revision : -1;
      await waitFor(() => l.of('bidUpdate').some((p) => p.revision === revision), 'the bidUpdate of an acked deal');
      expect(l.of('bidUpdate').find((p) => p.revision === revision)).toMatchObject({
        bid: ack.ok ? ack.data.bid : {},
        currentBid: ack.ok ? ack.data.currentBid : 0,
      });
    }
    const lastBidder = others.at(-1)!;
    live[dropIndex] = await liveClient(server, members[dropIndex]!);
    const rejoined = await live[dropIndex].emit<{ snapshot: Snapshot }>('joinRoom', { roomCode: code });
    expect(rejoined.ok).toBe(true);
    const fresh = rejoined.ok ? rejoined.data.snapshot : null;
    await waitFor(
      () => live.filter((_, i) => i !== dropIndex).every((l) => l.of('bidUpdate').length === 6),
      'six bidUpdates',
    );
    const seenByOthers = live[leaderIndex]!.of('bidUpdate').at(-1)!;
    expect(fresh?.room.current_price).toBe(seenByOthers.currentBid);
    expect(fresh?.room.revision).toBe(seenByOthers.revision);
    expect(fresh?.history.map((h) => h.bid_amount)).toEqual(
      (seenByOthers.bidHistory as { bid_amount: number }[]).map((h) => h.bid_amount),
    );
    // Broadcast histories (kept in memory while the room runs) are the read model's, byte for byte.
    expect(JSON.stringify(seenByOthers.bidHistory)).toBe(JSON.stringify(fresh?.history));
    const updates = live[leaderIndex]!.of('bidUpdate');
    for (const [n, u] of updates.entries())
      expect(JSON.stringify(u.bidHistory)).toBe(JSON.stringify(fresh?.history.slice(0, n + 1)));
    // Revisions only move forward, one event at a time, for a client that stayed.
    const revisions = [
      ...new Set(live[leaderIndex]!.seen.map((s) => s.payload.revision).filter((r) => typeof r === 'number')),
    ] as number[];
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));

    // A deal after the deadline is refused, saying how late it was.
    const deadline = fresh!.room.deadline_ms!;
    clock.set(deadline + 1500);
    expect(await live[leaderIndex]!.emit('placeBid', { roomCode: code })).toMatchObject({
      ok: false,
      error: { code: 'BID_TOO_LATE', message: 'Too late: this round closed 1.5 s before your deal arrived.' },
    });

    // Round close: the last bidder wins at the current price; everyone hears it once.
    // The room's settlement is written in as few commits as its steps allow: every member's fee
    // fate together, then the winner's bonus (their second step on the same wallet).
    const settlementCommits: string[][] = [];
    const stopWatching = server.deps.store.onCommitted!((events) => {
      const mine = events.filter((e) => e.metadata.correlationId === `settle:${code}`);
      if (mine.length) settlementCommits.push(mine.map((e) => e.type));
    });
    await server.rooms.tick();
    await server.rooms.tick();
    await waitFor(() => live.every((l) => l.of('auctionEnded').length === 1), 'auctionEnded everywhere');
    const ended = live[0]!.of('auctionEnded')[0]!;
    expect(ended).toMatchObject({ reason: 'deadline', finalBid: 1_060_00, winner: { id: ids[lastBidder] } });
    // The lists hear the room start and end; the room's own phones hear its seats but no list
    // events; a phone elsewhere on the site hears none of this room.
    await waitFor(
      () =>
        watcher.of('roomStatus').some((p) => (p.room as { room_code: string; status: string }).status !== 'running'),
      'roomStatus of the ended room on the lists',
    );
    expect(watcher.of('roomStatus').map((p) => (p.room as { room_code: string; status: string }).status)).toEqual([
      'running',
      'completed',
    ]);
    expect(live[0]!.of('roomStatus')).toEqual([]);
    expect(live[0]!.of('newRoom')).toEqual([]);
    expect(elsewhere.seen.map((s) => s.event).filter((e) => e !== 'serverTime')).toEqual([]);
    await server.rooms.settled();
    stopWatching();
    expect(settlementCommits.map((types) => [...types].sort())).toEqual([
      ['EntryFeeKept', 'FeeConvertedToReward', 'FeeConvertedToReward', 'FeeConvertedToReward'],
      ['RewardCredited'],
    ]);

    // Settlement in every wallet: the winner keeps the fee as entry and gets the bonus; losers get reward cash.
    for (const [i, m] of members.entries()) {
      const w = await wallet(m);
      const reward = i === lastBidder ? 25_00 : 1_500_00;
      expect(w).toMatchObject({
        cash: before[i]!.cash - 1_500_00,
        reward_cash: before[i]!.reward_cash + reward,
        held: 0,
      });
    }
    expect(await wallet(poor)).toMatchObject({ cash: before[4]!.cash, reward_cash: before[4]!.reward_cash });
    await waitFor(() => live.every((l) => l.of('rewardUpdate').length >= 1), 'rewardUpdate to each member');

    // My Deals: won for the winner, lost for the others.
    for (const [i, m] of members.entries()) {
      const { rooms } = (
        await m.call<{ rooms: { room_code: string; remark: string; tab: string }[] }>('GET', '/api/me/rooms')
      ).body;
      const mine = rooms.find((r) => r.room_code === code)!;
      expect(mine).toMatchObject(
        i === lastBidder ? { remark: 'winner', tab: 'won' } : { remark: 'looser', tab: 'lost' },
      );
    }
    const completed = (await (await fetch(`${server.url}/api/rooms?status=completed`)).json()) as {
      rooms: { room_code: string; winner_id: string }[];
    };
    expect(completed.rooms.find((r) => r.room_code === code)?.winner_id).toBe(ids[lastBidder]);

    // Purchase: the winner only, paying the final price through the payment port, once.
    const winner = members[lastBidder]!;
    const loser = members[leaderIndex]!;
    expect((await loser.call('POST', `/api/rooms/${code}/purchase`, ADDRESS)).body).toMatchObject({
      error: { code: 'NOT_WINNER' },
    });
    expect((await winner.call('POST', `/api/rooms/${code}/purchase`, { ...ADDRESS, pincode: '12' })).status).toBe(400);
    const order = await winner.call<{ order_id: string; checkout_url: string; amount: number }>(
      'POST',
      `/api/rooms/${code}/purchase`,
      ADDRESS,
    );
    expect(order.body.amount).toBe(1_060_00);
    const paid = await sandboxCheckout(server, winner, order.body.checkout_url);
    expect(paid.headers.get('location')).toMatch(new RegExp(`^/purchase/${code}\\?`));
    const back = Object.fromEntries(new URL(paid.headers.get('location')!, 'http://x').searchParams);
    const verify = () =>
      winner.call('POST', `/api/rooms/${code}/purchase/verify`, {
        razorpay_order_id: back.razorpay_order_id,
        razorpay_payment_id: back.razorpay_payment_id,
        razorpay_signature: back.razorpay_signature,
      });
    expect((await verify()).body).toMatchObject({ success: true, applied: true, message: 'Payment Successful!' });
    expect((await verify()).body).toMatchObject({ success: true, applied: false });
    expect((await winner.call('POST', `/api/rooms/${code}/purchase`, ADDRESS)).body).toMatchObject({
      error: { code: 'ALREADY_PURCHASED', message: 'You have already submitted this purchase' },
    });
    const purchase = (
      await winner.call<{ existing_purchase: unknown; expired: boolean }>('GET', `/api/rooms/${code}/purchase`)
    ).body;
    expect(purchase.existing_purchase).toMatchObject({ address: { pincode: '600028' } });
    expect(purchase.expired).toBe(false);

    for (const l of [...live, watcher, viewer, elsewhere]) l.close();
  });

  it('cancels a room that is not full at its time and refunds every fee once', async () => {
    const code = await createRoom({ max_participants: 3, entry_fee: 50_00, scheduled_time: clock.now() + 5 * MIN });
    const [a, b] = members as [Client, Client];
    const before = [await wallet(a), await wallet(b)];
    for (const m of [a, b]) expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    const la = await liveClient(server, a);
    await la.emit('joinRoom', { roomCode: code });
    expect((await wallet(a)).cash).toBe(before[0]!.cash - 50_00);

    clock.advance(5 * MIN);
    await server.rooms.tick();
    await server.rooms.settled();
    await server.rooms.tick();
    await server.rooms.sweep();
    await server.rooms.settled();
    expect((await snapshot(a, code)).room).toMatchObject({
      status: 'cancelled',
      room_remarks: 'not enough participants',
    });
    expect((await wallet(a)).cash).toBe(before[0]!.cash);
    expect((await wallet(b)).cash).toBe(before[1]!.cash);
    await waitFor(() => la.of('refundProcessed').length === 1, 'refundProcessed');
    expect(la.of('refundProcessed')[0]).toMatchObject({ roomCode: code, refunded_users: [ids[0]], amount: 50_00 });
    expect(la.of('auctionEnded')[0]).toMatchObject({ reason: 'not_enough_participants', winner: null });
    const { transactions } = (
      await a.call<{ transactions: { type: string; room_code: string }[] }>('GET', '/api/me/wallet/transactions')
    ).body;
    expect(transactions.filter((t) => t.room_code === code).map((t) => t.type)).toEqual([
      'refund_deposit',
      'prebook_deduction',
    ]);
    const { rooms } = (await a.call<{ rooms: { room_code: string; tab: string }[] }>('GET', '/api/me/rooms')).body;
    expect(rooms.find((r) => r.room_code === code)?.tab).toBe('cancelled');

    // An auditor can follow each saga: the seat names the fee debit as its cause, the refund the cancellation.
    type Data = { roomCode?: string; userId?: string };
    const roomEvents = await server.deps.store.readStream(`room-${code}`);
    const walletEvents = await server.deps.store.readStream(`wallet-${ids[0]}`);
    const debit = walletEvents.find((e) => e.type === 'PrebookFeeDeducted' && (e.data as Data).roomCode === code)!;
    const seat = roomEvents.find((e) => e.type === 'SeatBooked' && (e.data as Data).userId === ids[0])!;
    expect(seat.metadata.causationId).toBe(debit.id);
    expect(seat.metadata.correlationId).toBe(debit.metadata.correlationId);
    const cancelled = roomEvents.find((e) => e.type === 'RoomCancelled')!;
    const refund = walletEvents.find((e) => e.type === 'PrebookFeeRefunded' && (e.data as Data).roomCode === code)!;
    expect(refund.metadata.causationId).toBe(cancelled.id);
    la.close();
  });
});
