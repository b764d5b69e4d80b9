import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../api/contract/index.ts';
import { createManualClock } from '../../api/clock.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

describe('the server on a loopback port', () => {
  const clock = createManualClock('2026-11-22T06:00:00.000Z');
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers GET /api/time with the server clock', async () => {
    const res = await fetch(`${server.url}/api/time`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ serverTime: Date.parse('2026-11-22T06:00:00.000Z') });
    clock.advance(1500);
    expect(await (await fetch(`${server.url}/api/time`)).json()).toEqual({
      serverTime: Date.parse('2026-11-22T06:00:01.500Z'),
    });
  });

  it('serves an OpenAPI document generated from the routes', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            summary?: string;
            responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }>;
          }
        >
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const time = doc.paths['/api/time']?.get;
    expect(time?.summary).toMatch(/clock/);
    expect(time?.responses['200']?.content?.['application/json']?.schema.properties).toHaveProperty('serverTime');
  });

  it('answers unknown API routes with the JSON error shape and 404', async () => {
    const res = await fetch(`${server.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API route: GET /api/nope' } });
  });

  it('refuses a body over the size limit with 413 and the error shape', async () => {
    // Its own connection: the server answers before reading the body and then closes it.
    const { status, body } = await postOnce(`${server.url}/api/time`, JSON.stringify({ blob: 'x'.repeat(1_100_000) }));
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('sends security headers: a CSP without inline script, no-sniff, frame denial, referrer policy', async () => {
    const res = await fetch(`${server.url}/api/time`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('reports health with the projected and head positions', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(await res.json()).toMatchObject({ ok: true, store: 'sqlite' });
  });

  it('sends the server time over socket.io on connect and answers syncTime with an ack', async () => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(server.url, {
      transports: ['websocket'],
      forceNew: true,
    });
    try {
      const first = await new Promise<{ serverTime: number }>((resolve) => socket.once('serverTime', resolve));
      expect(first.serverTime).toBe(clock.now());
      const ack: unknown = await socket.timeout(2000).emitWithAck('syncTime', {});
      expect(ack).toEqual({ ok: true, data: { serverTime: clock.now() } });
    } finally {
      socket.disconnect();
    }
  });
});

describe('graceful shutdown', () => {
  it('stops accepting connections and closes cleanly', async () => {
    const server = await startTestServer();
    const res = await fetch(`${server.url}/api/time`);
    expect(res.ok).toBe(true);
    await server.stop();
    await expect(fetch(`${server.url}/api/time`)).rejects.toThrow();
  });
});

const postOnce = (url: string, body: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
