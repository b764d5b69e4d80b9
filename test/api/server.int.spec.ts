import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../api/contract/index.ts';
import { createManualClock } from '../../api/clock.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { StartupError } from '../../api/server.ts';
import { waitUntil } from '../helpers/events.ts';

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

describe('a start that fails', () => {
  /** The files of `dir` this process has open (its databases, from this thread and the read models' writer). */
  const openFiles = (dir: string) =>
    readdirSync('/proc/self/fd').flatMap((fd) => {
      try {
        const target = readlinkSync(`/proc/self/fd/${fd}`);
        return target.startsWith(dir) ? [target.slice(dir.length + 1)] : [];
      } catch {
        return []; // closed while listed
      }
    });

  it('with mail set to SMTP and no SMTP_URL says so and leaves none of its files open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vetri-nosmtp-'));
    try {
      await expect(startTestServer({ dataDir, env: { MAIL_TRANSPORT: 'smtp' } })).rejects.toThrow(
        'SMTP_URL must be set',
      );
      await waitUntil(() => openFiles(dataDir).length === 0, 3000, 'its files to be closed');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on a port already taken says so in words, closes what it had opened, and its data dir starts again', async () => {
    const taken = await startTestServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'vetri-taken-'));
    try {
      const failed = startTestServer({ dataDir, seed: true, env: { PORT: String(taken.port) } });
      await expect(failed).rejects.toThrow(
        `Port ${taken.port} is already in use on 127.0.0.1: another server (an earlier npm start?) is listening there. Stop it, or start on another port, e.g. PORT=${taken.port + 1} npm start.`,
      );
      await expect(failed).rejects.toBeInstanceOf(StartupError);
      // Every database it had opened is closed again, the read models' writer thread's too.
      await waitUntil(() => openFiles(dataDir).length === 0, 3000, 'its files to be closed');
      // Nothing of it holds the data dir: it starts on a free port, with the demo data seeded before the port was tried.
      const again = await startTestServer({ dataDir });
      try {
        expect(await (await fetch(`${again.url}/api/health`)).json()).toMatchObject({ ok: true, store: 'sqlite' });
        const { rooms } = (await (await fetch(`${again.url}/api/rooms?status=upcoming`)).json()) as {
          rooms: unknown[];
        };
        expect(rooms.length).toBeGreaterThan(0);
      } finally {
        await again.stop();
      }
    } finally {
      await taken.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
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
