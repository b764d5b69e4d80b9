import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { PlaceBidResult } from '../../api/contract/index.ts';
import {
  JOINS_TOO_FAST_MESSAGE,
  SOCKET_LIMITS,
  TOO_FAST_MESSAGE,
  TOO_MANY_SOCKETS_MESSAGE,
} from '../../api/rooms/realtime.ts';
import { roomStream } from '../../engine/room.ts';
import type { RoomSocket } from '../api/roomsHelpers.ts';
import { liveClient } from '../api/roomsHelpers.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, client, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const clock = createManualClock('2026-11-22T06:00:00.000Z');
let server: TestServer;
let admin: Client;
const members: Client[] = [];
const sockets: RoomSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({ seed: true, clock, env: { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0' } });
  clock.advance(3 * 24 * HOUR);
  await server.rooms.tick();
  await server.rooms.settled();
  admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  for (const n of [1, 2, 3]) members.push(await loggedIn(server, `member${n}@vetrideals.in`, MEMBER.password));
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server.stop();
});

/** Opens a socket as a member; resolves with the socket or the refusal the server gave. */
const open = (member: Client | null) =>
  new Promise<{ socket: RoomSocket; refused: (Error & { data?: { code?: string } }) | null }>((resolve) => {
    const socket: RoomSocket = connect(server.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: member?.cookie ? { cookie: member.cookie } : {},
    });
    sockets.push(socket);
    socket.once('connect', () => resolve({ socket, refused: null }));
    socket.once('connect_error', (error: Error & { data?: { code?: string } }) => resolve({ socket, refused: error }));
  });

const runningRoom = async (bookers: Client[]) => {
  const productId = ((await (await fetch(`${server.url}/api/products`)).json()) as { products: { id: string }[] })
    .products[0]!.id;
  const res = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
    product_id: productId,
    base_price: 100_00,
    max_price: 10_000_00,
    bid_value: 1_00,
    bid_seconds: 60,
    max_participants: bookers.length,
    max_attempts: 20,
    scheduled_time: clock.now() + MIN,
  });
  const code = res.body.room_code;
  for (const m of bookers) expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
  clock.advance(MIN);
  await server.rooms.tick();
  return code;
};

describe('OTP: codes and guesses are limited per email and per address, with the wait in words', () => {
  it('mails at most five codes an hour to one email; a member asking again after a minute is served', async () => {
    const visitor = client(server);
    const email = 'codes@example.in';
    for (let i = 0; i < 5; i++) {
      expect((await visitor.call('POST', '/api/auth/otp', { email })).status).toBe(200);
      clock.advance(61_000);
    }
    const sixth = await visitor.call('POST', '/api/auth/otp', { email });
    expect(sixth).toEqual({
      status: 429,
      body: {
        error: {
          code: 'TOO_MANY_CODES',
          message: 'Too many codes were asked for. Please wait 4 minutes and try again.',
          details: { retryInMinutes: 4 },
        },
      },
    });
    clock.advance(4 * MIN);
    expect((await visitor.call('POST', '/api/auth/otp', { email })).status).toBe(200);
  });

  it('mails at most twenty codes an hour from one address, whatever the emails', async () => {
    clock.advance(2 * HOUR);
    const visitor = client(server);
    for (let i = 0; i < 20; i++) {
      expect((await visitor.call('POST', '/api/auth/otp', { email: `spray${i}@example.in` })).status).toBe(200);
    }
    const refused = await visitor.call('POST', '/api/auth/otp', { email: 'spray20@example.in' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: { code: 'TOO_MANY_CODES', message: expect.stringMatching(/Please wait \d+ minutes?/) as string },
    });
    // Asking for existing accounts' codes (to learn who is a member) counts too.
    expect((await visitor.call('POST', '/api/auth/otp', { email: MEMBER.email })).status).toBe(429);
    clock.advance(HOUR + MIN);
    expect((await visitor.call('POST', '/api/auth/otp', { email: 'spray21@example.in' })).status).toBe(200);
  });

  it('locks one email after five wrong codes (test/api/identity) and slows wrong codes across emails from one address', async () => {
    clock.advance(2 * HOUR);
    const visitor = client(server);
    const emails = Array.from({ length: 5 }, (_, i) => `guess${i}@example.in`);
    for (const email of emails) expect((await visitor.call('POST', '/api/auth/otp', { email })).status).toBe(200);
    let tries = 0;
    for (const email of emails) {
      for (let i = 0; i < 4; i++, tries++) {
        const res = await visitor.call('POST', '/api/auth/otp/verify', { email, otp: String(100000 + tries) });
        expect(res.body).toMatchObject({ error: { message: 'Invalid OTP' } });
      }
    }
    const slowed = await visitor.call('POST', '/api/auth/otp/verify', { email: emails[0], otp: '999999' });
    expect(slowed).toEqual({
      status: 429,
      body: {
        error: {
          code: 'TOO_MANY_ATTEMPTS',
          message: 'Too many wrong codes. Please wait 2 seconds and try again.',
          details: { retryInSeconds: 2 },
        },
      },
    });
    clock.advance(2_000);
    expect((await visitor.call('POST', '/api/auth/otp/verify', { email: emails[0], otp: '999999' })).status).toBe(422);
  });
});

describe('login guessing', () => {
  it('slows an address that fails across many accounts (per account: test/api/identity.int.spec.ts)', async () => {
    clock.advance(HOUR);
    const visitor = client(server);
    for (let i = 0; i < 20; i++) {
      const res = await visitor.call('POST', '/api/auth/login', {
        email: `nobody${i}@example.in`,
        password: 'Guess@123',
      });
      expect(res.status).toBe(401);
    }
    const slowed = await visitor.call('POST', '/api/auth/login', {
      email: 'member3@vetrideals.in',
      password: MEMBER.password,
    });
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({
      error: {
        code: 'TOO_MANY_ATTEMPTS',
        message: expect.stringMatching(/Too many failed logins\. Please wait \d+ seconds/) as string,
      },
    });
    clock.advance(15 * MIN);
    expect(
      (await visitor.call('POST', '/api/auth/login', { email: 'member3@vetrideals.in', password: MEMBER.password }))
        .status,
    ).toBe(200);
  });
});

describe('login guessing with a made-up X-Forwarded-For', () => {
  it('believes no X-Forwarded-For without TRUST_PROXY: a new address in it each time is still one address', async () => {
    clock.advance(HOUR);
    const guess = (i: number, email = `nobody${i}@example.in`, password = 'Guess@123') =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify({ email, password }),
      });
    for (let i = 0; i < 20; i++) expect((await guess(i)).status).toBe(401);
    expect((await guess(20, 'member3@vetrideals.in', MEMBER.password)).status).toBe(429);
    clock.advance(15 * MIN);
  });
});

describe('bid flooding and many sockets', () => {
  it('cuts a flood of deals (or joins) from one socket to a steady pace with a clear message; others bid as usual and the log holds only real deals', async () => {
    const code = await runningRoom([members[0]!, members[1]!]);
    const [flooder, fair] = [await liveClient(server, members[0]!), await liveClient(server, members[1]!)];
    const flood = await Promise.all(
      Array.from({ length: 200 }, () => flooder.emit<PlaceBidResult>('placeBid', { roomCode: code })),
    );
    const codes = flood.map((a) => (a.ok ? 'OK' : a.error.code));
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(200 - SOCKET_LIMITS.bids.burst - 2);
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(flood.find((a) => !a.ok && a.error.code === 'RATE_LIMITED')).toEqual({
      ok: false,
      error: { code: 'RATE_LIMITED', message: TOO_FAST_MESSAGE },
    });
    const started = performance.now();
    expect((await fair.emit('placeBid', { roomCode: code })).ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
    const bids = (await server.deps.store.readStream(roomStream(code))).filter((e) => e.type === 'BidPlaced');
    expect(bids).toHaveLength(2);
    const joins = await Promise.all(Array.from({ length: 60 }, () => fair.emit('joinRoom', { roomCode: code })));
    expect(joins.filter((a) => a.ok).length).toBeLessThanOrEqual(SOCKET_LIMITS.joins.burst + 2);
    expect(joins.find((a) => !a.ok)).toEqual({
      ok: false,
      error: { code: 'RATE_LIMITED', message: JOINS_TOO_FAST_MESSAGE },
    });
    flooder.close();
    fair.close();
  });

  it('never limits a fair pace: two members trading twenty deals as fast as the rules let them', async () => {
    const code = await runningRoom([members[1]!, members[2]!]);
    const pair = [await liveClient(server, members[1]!), await liveClient(server, members[2]!)];
    for (let i = 0; i < 20; i++) {
      const ack = await pair[i % 2]!.emit('placeBid', { roomCode: code });
      expect(ack, `deal ${i + 1}`).toMatchObject({ ok: true });
    }
    for (const p of pair) p.close();
  });

  it(`refuses a member's socket beyond ${SOCKET_LIMITS.socketsPerMember} with a clear message; others connect, and closing one frees a place`, async () => {
    const attempts = await Promise.all(Array.from({ length: 14 }, () => open(members[2]!)));
    const connected = attempts.filter((a) => !a.refused);
    const refused = attempts.filter((a) => a.refused);
    expect(connected).toHaveLength(SOCKET_LIMITS.socketsPerMember);
    expect(refused[0]!.refused!.message).toBe(TOO_MANY_SOCKETS_MESSAGE);
    expect(refused[0]!.refused!.data).toEqual({ code: 'TOO_MANY_CONNECTIONS' });
    expect((await open(members[0]!)).refused).toBeNull();
    expect((await open(null)).refused).toBeNull();
    connected[0]!.socket.disconnect();
    let again = await open(members[2]!);
    for (let i = 0; i < 20 && again.refused; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = await open(members[2]!);
    }
    expect(again.refused).toBeNull();
    for (const a of attempts) a.socket.disconnect();
  });
});

describe('limits hold across processes on one data directory', () => {
  it('failed logins counted on two servers slow the account on both, and a fair login after the wait works', async () => {
    const other = await startTestServer({
      dataDir: server.dataDir,
      clock,
      env: { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0' },
    });
    try {
      const email = 'member4@vetrideals.in';
      const login = (s: TestServer, password: string) => client(s).call('POST', '/api/auth/login', { email, password });
      // Five wrong passwords, split between the two processes: each alone has seen fewer than five.
      for (const s of [server, other, server, other, server]) {
        expect((await login(s, 'wrong')).body).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });
      }
      for (const s of [server, other]) {
        const slowed = await login(s, MEMBER.password);
        expect(slowed.status).toBe(429);
        expect(slowed.body).toMatchObject({
          error: { message: expect.stringMatching(/Too many failed logins\. Please wait \d+ seconds/) as string },
        });
      }
      clock.advance(3_000);
      expect((await login(other, MEMBER.password)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
