import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { PlaceBidAck } from '../../api/contract/index.ts';
import type { Client } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import type { LiveClient } from './roomsHelpers.ts';
import { liveClient, openRunningRoom, startRoomsServer } from './roomsHelpers.ts';

/** Issue 22 §1: Prometheus metrics for whoever holds the token, moving while members bid. */
const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const TOKEN = 'metrics-token-for-tests-0123456789';

const sample = (text: string, name: string, labels = ''): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ').at(-1)) : NaN;
};

describe('/metrics', () => {
  const clock = createManualClock(T0);
  let server: TestServer;
  let members: Client[];
  let live: LiveClient[] = [];
  let code: string;
  const scrape = async (auth = `Bearer ${TOKEN}`) => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: auth } });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  beforeAll(async () => {
    const started = await startRoomsServer(clock, { METRICS_TOKEN: TOKEN });
    server = started.server;
    members = started.members;
    code = await openRunningRoom(started, clock);
  }, 60_000);
  afterAll(async () => {
    for (const l of live) l.close();
    await server?.stop();
  });

  it('answers only the token holder, in the Prometheus text format', async () => {
    expect((await scrape('')).status).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all-nope')).status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.text).toContain('# TYPE vetri_bid_ack_seconds histogram');
    expect(sample(ok.text, 'vetri_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(ok.text).toMatch(/^vetri_nodejs_eventloop_lag_seconds /m);
    expect(sample(ok.text, 'vetri_projection_lag_events', 'read_model="rooms"')).toBeGreaterThanOrEqual(0);
    expect(sample(ok.text, 'vetri_rooms', 'status="running"')).toBeGreaterThanOrEqual(1);
    expect(sample(ok.text, 'vetri_sagas_pending', 'saga="settlement"')).toBeGreaterThanOrEqual(0);
  });

  it('moves the deal latency histogram and the socket gauge during a live room', async () => {
    const before = await scrape();
    const count = (text: string) => sample(text, 'vetri_bid_ack_seconds_count', 'result="accepted"');
    const accepted = Number.isNaN(count(before.text)) ? 0 : count(before.text);
    live = await Promise.all(members.map((m) => liveClient(server, m)));
    for (const l of live) await l.emit('joinRoom', { roomCode: code });
    clock.advance(1000);
    for (const l of live.slice(0, 3)) expect((await l.emit<PlaceBidAck>('placeBid', { roomCode: code })).ok).toBe(true);
    const refused = await live[2]!.emit('placeBid', { roomCode: code });
    expect(refused.ok).toBe(false);
    const after = await scrape();
    expect(count(after.text)).toBe(accepted + 3);
    expect(sample(after.text, 'vetri_bid_ack_seconds_count', 'result="refused"')).toBeGreaterThanOrEqual(1);
    expect(sample(after.text, 'vetri_sockets_connected', 'namespace="/"')).toBeGreaterThanOrEqual(4);
    expect(sample(after.text, 'vetri_store_append_seconds_count', 'result="ok"')).toBeGreaterThan(0);
  });

  it('has every series the Grafana dashboard in docs/ reads', async () => {
    const dashboard = readFileSync(new URL('../../docs/grafana-dashboard.json', import.meta.url), 'utf8');
    const names = new Set([...dashboard.matchAll(/vetri_[a-z0-9_]+/g)].map((m) => m[0]));
    const { text } = await scrape();
    // Each name, less a histogram's suffix, is a declared metric (labelled counters have no sample until counted).
    const declared = (n: string) => new RegExp(`^# TYPE ${n.replace(/_(bucket|count|sum)$/, '')} `, 'm').test(text);
    const missing = [...names].filter((n) => !declared(n));
    expect(missing).toEqual([]);
  });

  it('is off (404) when no token is configured', async () => {
    const plain = await startTestServer();
    try {
      const res = await fetch(`${plain.url}/metrics`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: { code: 'METRICS_OFF', message: 'Metrics are off: set METRICS_TOKEN.' },
      });
    } finally {
      await plain.stop();
    }
  });
});
