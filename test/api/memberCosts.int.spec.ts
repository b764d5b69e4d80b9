import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { MemberCosts, RoomSummary, SimilarRoomsView } from '../../api/contract/rooms.ts';
import { MyRoomList, SimilarRoomsView as SimilarSchema } from '../../api/contract/rooms.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER, sandboxCheckout } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { ADDRESS, createRoom } from './roomsHelpers.ts';

/**
 * What rooms really cost, on a seeded server: VTR100 ended with member2 the winner (fee ₹50, bonus
 * ₹30) and members 3–5 losing their fees to reward cash. Each member's totals must agree with their
 * own wallet (transactions and held balance); the winner's item shows fee, final price, bonus and,
 * once bought, the net cost and saving. The room page's similar-room averages come from VTR100.
 */

const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const clock = createManualClock(T0);
let server: TestServer;
let admin: Client;
const members: Client[] = [];

type Tx = { type: string; amount: number; room_code: string | null };
const costsOf = async (c: Client): Promise<MemberCosts> => {
  const res = await c.call('GET', '/api/me/rooms');
  expect(res.status).toBe(200);
  return MyRoomList.parse(res.body).costs;
};
/** The member's own wallet: its transaction list and the fees it holds. */
const walletOf = async (c: Client) => {
  const tx = (await c.call<{ transactions: Tx[] }>('GET', '/api/me/wallet/transactions?limit=100')).body.transactions;
  const held = (await c.call<{ held: number }>('GET', '/api/me/wallet')).body.held;
  const sum = (pred: (t: Tx) => boolean) => tx.filter(pred).reduce((s, t) => s + t.amount, 0);
  return {
    fees_paid: sum((t) => t.type === 'prebook_deduction'),
    fees_refunded: sum((t) => t.type === 'refund_deposit'),
    reward_from_rooms: sum((t) => t.type === 'reward_credit' && t.room_code !== null),
    fees_held: held,
  };
};
const similar = async (code: string) => {
  const res = await fetch(`${server.url}/api/rooms/${code}/similar`);
  return { status: res.status, body: (await res.json()) as SimilarRoomsView };
};
const vtr100 = async () =>
  ((await (await fetch(`${server.url}/api/rooms?status=completed`)).json()) as { rooms: RoomSummary[] }).rooms.find(
    (r) => r.room_code === 'VTR100',
  )!;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    clock,
    env: { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0', NOTIFY_INTERVAL_MS: '0' },
  });
  admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  for (const n of [1, 2, 3, 4, 5]) members.push(await loggedIn(server, `member${n}@vetrideals.in`, MEMBER.password));
});
afterAll(async () => {
  await server.stop();
});

describe('what it really costs', () => {
  it("gives each member their own fee totals, matching their wallet, and the winner's item", async () => {
    const room = await vtr100();
    for (const [i, m] of members.entries()) {
      const costs = await costsOf(m);
      const own = await walletOf(m);
      expect(costs, `member${i + 1}`).toMatchObject(own);
      expect(costs.reward_from_rooms).toBe(costs.fees_to_reward + costs.winner_bonus);
      expect(costs.fees_held).toBe(costs.fees_paid - costs.fees_refunded - costs.fees_to_reward - costs.fees_kept);
    }
    const [m1, m2, m3] = await Promise.all(members.slice(0, 3).map(costsOf));
    // member1 did not play VTR100 and won nothing.
    expect(m1!.won).toEqual([]);
    expect(m1!.fees_kept + m1!.fees_to_reward + m1!.winner_bonus).toBe(0);
    // member3 lost VTR100: the ₹50 fee became reward cash.
    expect(m3!).toMatchObject({ fees_to_reward: 50_00, fees_kept: 0, winner_bonus: 0, won: [] });
    // member2 won it: fee kept, bonus received, not bought yet.
    expect(m2!).toMatchObject({ fees_kept: 50_00, winner_bonus: 30_00, fees_to_reward: 0 });
    expect(m2!.won).toEqual([
      {
        room_code: 'VTR100',
        product_name: room.product_name,
        image_url: room.image_url,
        total_price: room.total_price,
        entry_fee: 50_00,
        final_price: room.final_bid,
        paid: null,
        winner_bonus: 30_00,
        net_cost: 20_00,
        saving: null,
      },
    ]);
  });

  it('shows the net cost and the saving once the winner buys the item', async () => {
    const room = await vtr100();
    const winner = members[1]!;
    const order = await winner.call<{ checkout_url: string; amount: number }>(
      'POST',
      '/api/rooms/VTR100/purchase',
      ADDRESS,
    );
    expect(order.body.amount).toBe(room.final_bid);
    const paid = await sandboxCheckout(server, winner, order.body.checkout_url);
    const back = Object.fromEntries(new URL(paid.headers.get('location')!, 'http://x').searchParams);
    expect(
      (
        await winner.call('POST', '/api/rooms/VTR100/purchase/verify', {
          razorpay_order_id: back.razorpay_order_id,
          razorpay_payment_id: back.razorpay_payment_id,
          razorpay_signature: back.razorpay_signature,
        })
      ).body,
    ).toMatchObject({ success: true });
    let won = (await costsOf(winner)).won[0]!;
    for (let i = 0; i < 100 && won.paid === null; i++) {
      await new Promise((r) => setTimeout(r, 30));
      won = (await costsOf(winner)).won[0]!;
    }
    const net = 50_00 + room.final_bid! - 30_00;
    expect(won).toMatchObject({ paid: room.final_bid, net_cost: net, saving: room.total_price - net });
  });

  it('averages what winners of similar rooms paid, never counting the room itself', async () => {
    const room = await vtr100();
    // The only finished room with a winner is VTR100: it has nothing similar to itself.
    expect((await similar('VTR100')).body).toEqual({
      success: true,
      basis: null,
      rooms: 0,
      avg_fee: null,
      avg_final_price: null,
    });
    // A new room of the same product: VTR100's winner paid ₹50 in fees and the final price.
    const code = await createRoom(admin, room.product_id, T0 + 3_600_000, { total_price: room.total_price * 3 });
    const same = await similar(code);
    expect(same.status).toBe(200);
    expect(SimilarSchema.parse(same.body)).toEqual({
      success: true,
      basis: 'product',
      rooms: 1,
      avg_fee: 50_00,
      avg_final_price: room.final_bid,
    });
    // Another product: only by a retail price within 25% of VTR100's.
    const upcoming = (
      (await (await fetch(`${server.url}/api/rooms?status=upcoming`)).json()) as { rooms: RoomSummary[] }
    ).rooms;
    const other = upcoming.find((r) => r.product_id !== room.product_id && r.room_code.startsWith('VTR'))!;
    const near = Math.abs(other.total_price - room.total_price) * 4 <= other.total_price;
    expect((await similar(other.room_code)).body).toEqual(
      near
        ? { success: true, basis: 'price_band', rooms: 1, avg_fee: 50_00, avg_final_price: room.final_bid }
        : { success: true, basis: null, rooms: 0, avg_fee: null, avg_final_price: null },
    );
    expect((await similar('NOPE00')).status).toBe(404);
  });

  it('needs a session for my figures, and documents both routes', async () => {
    expect((await fetch(`${server.url}/api/me/rooms`)).status).toBe(401);
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(doc.paths['/api/rooms/{code}/similar']?.get?.summary).toMatch(/similar/);
    expect(doc.paths['/api/me/rooms']?.get?.summary).toMatch(/cost/);
  });
});
