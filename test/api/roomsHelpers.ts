import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '../../api/contract/index.ts';
import type { ManualClock } from '../../api/clock.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER, sandboxCheckout } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

export type RoomSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Tops a wallet up through the sandbox checkout, as the Wallet page does. */
export const deposit = async (server: TestServer, member: Client, amount: number) => {
  const { body: order } = await member.call<{ order_id: string; checkout_url: string }>(
    'POST',
    '/api/me/wallet/deposits',
    {
      amount,
    },
  );
  const paid = await sandboxCheckout(server, member, order.checkout_url);
  const back = Object.fromEntries(new URL(paid.headers.get('location')!, 'http://x').searchParams);
  const res = await member.call('POST', '/api/me/wallet/deposits/verify', {
    razorpay_order_id: back.razorpay_order_id,
    razorpay_payment_id: back.razorpay_payment_id,
    razorpay_signature: back.razorpay_signature,
  });
  if (res.status !== 200) throw new Error(`deposit failed: ${JSON.stringify(res.body)}`);
};

/** A socket.io client carrying the member's session cookie, recording every server event it gets. */
export const liveClient = async (server: TestServer, member: Client | null) => {
  const socket: RoomSocket = connect(server.url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: member?.cookie ? { cookie: member.cookie } : {},
  });
  const seen: { event: string; payload: Record<string, unknown> }[] = [];
  socket.onAny((event: string, payload: Record<string, unknown>) => seen.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    seen,
    of: (event: string) => seen.filter((s) => s.event === event).map((s) => s.payload),
    emit: async <T>(
      event: 'joinRoom' | 'leaveRoom' | 'placeBid' | 'watchRoomLists',
      payload: unknown,
    ): Promise<Ack<T>> => {
      const response: unknown = await socket
        .timeout(5000)
        .emitWithAck(event as 'joinRoom', payload as { roomCode: string });
      return response as Ack<T>;
    },
    close: () => socket.disconnect(),
  };
};
export type LiveClient = Awaited<ReturnType<typeof liveClient>>;

export const waitFor = async (check: () => boolean, what: string, timeoutMs = 3000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

export const ADDRESS = {
  full_name: 'Arun Kumar',
  contact_number: '9840012345',
  pincode: '600028',
  address_line1: '14, 2nd Cross Street, R.A. Puram',
  city: 'Chennai',
  state: 'Tamil Nadu',
  address_type: 'home',
};

/**
 * A seeded server whose scheduler and sweeper move only when the test ticks them, with the demo rooms
 * already run to their end (so only the test's own rooms move money from here on), the admin and
 * members 1 to 4 logged in, and the first product's id for new rooms.
 */
export const startRoomsServer = async (clock: ManualClock, env: Record<string, string> = {}) => {
  const server = await startTestServer({
    seed: true,
    clock,
    env: { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0', ...env },
  });
  clock.advance(3 * 24 * 60 * 60_000);
  await server.rooms.tick();
  await server.rooms.settled();
  await server.rooms.tick();
  const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  const members: Client[] = [];
  for (const n of [1, 2, 3, 4]) members.push(await loggedIn(server, `member${n}@vetrideals.in`, MEMBER.password));
  const products = (await (await fetch(`${server.url}/api/products`)).json()) as { products: { id: string }[] };
  return { server, admin, members, productId: products.products[0]!.id };
};

/** Creates a deal room as the admin would (₹1,000 base, ₹10 steps, ₹10 fee, 4 seats), with `rules` over those; returns its code. */
export const createRoom = async (
  admin: Client,
  productId: string,
  scheduledAt: number,
  rules: Record<string, unknown> = {},
): Promise<string> => {
  const res = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
    product_id: productId,
    base_price: 1_000_00,
    max_price: 2_000_00,
    bid_value: 10_00,
    bid_seconds: 30,
    entry_fee: 10_00,
    max_participants: 4,
    max_attempts: 5,
    reward_cash: 0,
    scheduled_time: new Date(scheduledAt).toISOString(),
    ...rules,
  });
  if (res.status !== 200) throw new Error(`room not created: ${JSON.stringify(res.body)}`);
  return res.body.room_code;
};

export const userIdOf = async (member: Client) =>
  (await member.call<{ user: { id: string } }>('GET', '/api/auth/session')).body.user.id;

/**
 * A running deal room on a started rooms server: the four members funded and booked, the clock
 * moved to the start and the scheduler run. Returns the room code.
 */
export const openRunningRoom = async (
  started: Awaited<ReturnType<typeof startRoomsServer>>,
  clock: ManualClock,
  /** Runs once every member has booked, before the clock moves to the start. */
  beforeStart: () => Promise<void> = async () => {},
): Promise<string> => {
  const { server, admin, members, productId } = started;
  for (const m of members) await deposit(server, m, 100_00);
  const code = await createRoom(admin, productId, clock.now() + 10 * 60_000);
  for (const m of members) {
    const booked = await m.call('POST', `/api/rooms/${code}/prebook`);
    if (booked.status !== 200) throw new Error(`pre-book refused: ${JSON.stringify(booked.body)}`);
  }
  await beforeStart();
  clock.advance(10 * 60_000);
  await server.rooms.tick();
  return code;
};
