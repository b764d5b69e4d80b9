import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { createLogger } from '../../api/logger.ts';
import type { PlaceBidAck } from '../../api/contract/index.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { ADMIN, loggedIn, MEMBER } from '../helpers/http.ts';
import { deposit, liveClient, userIdOf } from './roomsHelpers.ts';

/** Issue 22 §3: JSON log lines a member's deal can be followed through, with no secret in them. */
const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const MIN = 60_000;
const DEAL_ID = '6f1c2a9e-3b7d-4c1e-9a2f-5d8e7b6a4c31';
type Line = {
  level: string;
  time: string;
  msg: string;
  requestId?: string;
  actor?: string;
  correlationId?: string;
} & Record<string, unknown>;

describe('structured logs', () => {
  const clock = createManualClock(T0);
  const lines: Line[] = [];
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      seed: true,
      clock,
      env: { LOG_LEVEL: 'debug', SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0' },
      log: createLogger('debug', (l) => lines.push(JSON.parse(l) as Line)),
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('writes one JSON object a line, with level, time, the request id it answered and the actor', async () => {
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    const res = await fetch(`${server.url}/api/me/wallet`, {
      headers: { cookie: member.cookie!, 'x-request-id': 'trace-42' },
    });
    expect(res.headers.get('x-request-id')).toBe('trace-42');
    const line = lines.find((l) => l.requestId === 'trace-42' && l.path === '/api/me/wallet')!;
    expect(line).toMatchObject({ level: 'info', method: 'GET', status: 200, actor: await userIdOf(member) });
    expect(Date.parse(line.time)).not.toBeNaN();
    const other = await fetch(`${server.url}/api/time`, { headers: { 'x-request-id': 'not a token!' } });
    expect(other.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('follows one deal from the socket to its events to the broadcast by its correlation id', async () => {
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const products = (await (await fetch(`${server.url}/api/products`)).json()) as { products: { id: string }[] };
    const members = [
      await loggedIn(server, MEMBER.email, MEMBER.password),
      await loggedIn(server, 'member2@vetrideals.in', MEMBER.password),
    ];
    const room = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
      product_id: products.products[0]!.id,
      base_price: 1_000_00,
      max_price: 2_000_00,
      bid_value: 10_00,
      bid_seconds: 30,
      entry_fee: 0,
      max_participants: 2,
      max_attempts: 3,
      reward_cash: 0,
      scheduled_time: new Date(clock.now() + 10 * MIN).toISOString(),
    });
    const code = room.body.room_code;
    for (const m of members) {
      await deposit(server, m, 10_00);
      await m.call('POST', `/api/rooms/${code}/prebook`);
    }
    clock.advance(10 * MIN);
    await server.rooms.tick();
    const l = await liveClient(server, members[0]!);
    await l.emit('joinRoom', { roomCode: code });
    const ack = await l.emit<PlaceBidAck>('placeBid', { roomCode: code, bidId: DEAL_ID });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    l.close();
    const userId = await userIdOf(members[0]!);
    const correlationId = `bid:${code}:${userId}:${DEAL_ID}`;
    const accepted = lines.find((x) => x.msg === 'deal accepted' && x.correlationId === correlationId)!;
    expect(accepted).toMatchObject({ level: 'debug', actor: userId, room: code });
    const events = await server.deps.store.readStream(`room-${code}`);
    expect(events.filter((e) => e.metadata.correlationId === correlationId).map((e) => e.type)).toEqual(['BidPlaced']);
    expect(lines.some((x) => x.msg === 'broadcast' && (x.correlationIds as string[]).includes(correlationId))).toBe(
      true,
    );
  });

  it('never writes a password, a session or a code: secret fields are redacted by name', () => {
    expect(JSON.stringify(lines)).not.toContain(MEMBER.password);
    const captured: string[] = [];
    const log = createLogger('info', (l) => captured.push(l));
    log.info('signing in', { email: 'a@b.in', password: 'hunter2', user: { passwordHash: 'scrypt$x', otp: '123456' } });
    expect(captured[0]).not.toMatch(/hunter2|scrypt|123456/);
    expect(JSON.parse(captured[0]!)).toMatchObject({
      msg: 'signing in',
      email: 'a@b.in',
      password: '[redacted]',
      user: { passwordHash: '[redacted]', otp: '[redacted]' },
    });
  });
});
