import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreSnapshot } from '../../api/backup/restore.ts';
import { takeSnapshot } from '../../api/backup/snapshot.ts';
import { createManualClock } from '../../api/clock.ts';
import type { PlaceBidAck } from '../../api/contract/index.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { verifyAll } from '../../api/store/verify.ts';
import { deposit, liveClient, startRoomsServer } from '../api/roomsHelpers.ts';

/**
 * Issue 22: a snapshot taken while members bid loses no deal acknowledged before it. Deals stream
 * in from four sockets while the backup copies the live store; then the data directory is deleted
 * and the snapshot restored: every deal acknowledged before the snapshot began is there, every
 * deal at or before the snapshot's last position is there, and every chain is intact.
 */
const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const MIN = 60_000;

describe('a backup during a storm of deals, then a lost disk', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it(
    'restores every deal acknowledged before the snapshot, with every chain intact',
    { timeout: 120_000 },
    async () => {
      const clock = createManualClock(T0);
      const { server, admin, members, productId } = await startRoomsServer(clock, { LOG_HEAD_INTERVAL_MS: '50' });
      const codes: string[] = [];
      for (let r = 0; r < 3; r++) {
        const res = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
          product_id: productId,
          base_price: 1_000_00,
          max_price: 100_000_00,
          bid_value: 10_00,
          bid_seconds: 60,
          entry_fee: 0,
          max_participants: 4,
          max_attempts: 20,
          reward_cash: 0,
          scheduled_time: new Date(clock.now() + 10 * MIN).toISOString(),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        codes.push(res.body.room_code);
      }
      for (const m of members) await deposit(server, m, 10_00);
      for (const code of codes) for (const m of members) await m.call('POST', `/api/rooms/${code}/prebook`);
      clock.advance(10 * MIN);
      await server.rooms.tick();
      const live = await Promise.all(members.map((m) => liveClient(server, m)));
      for (const l of live) for (const code of codes) await l.emit('joinRoom', { roomCode: code });

      // Every member bids in every room in turn until told to stop (at most 20 deals each per room).
      const acked: { id: string; at: number }[] = [];
      let stop = false;
      const errors: string[] = [];
      const bidder = async (i: number) => {
        for (let k = 0; !stop; k++) {
          const code = codes[(k + i) % codes.length]!;
          const ack = await live[i]!.emit<PlaceBidAck>('placeBid', { roomCode: code });
          if (ack.ok) acked.push({ id: ack.data.proof.id, at: performance.now() });
          else {
            if (!errors.includes(ack.error.code)) errors.push(ack.error.code);
            // A refused deal costs the socket a token too: wait for the next one (5 a second).
            await new Promise((r) => setTimeout(r, 200));
          }
        }
      };
      const storm = Promise.all(live.map((_, i) => bidder(i)));
      await new Promise((r) => setTimeout(r, 400));
      const backups = mkdtempSync(join(tmpdir(), 'vetri-backups-'));
      dirs.push(backups);
      const before = acked.length;
      const beganAt = performance.now();
      const { path, manifest } = await takeSnapshot(server.deps.config.DATA_DIR, backups, Date.now());
      await new Promise((r) => setTimeout(r, 300));
      stop = true;
      await storm;
      expect(before, errors.join()).toBeGreaterThan(10);
      expect(acked.length, errors.join()).toBeGreaterThan(before);

      // Positions of every acknowledged deal, from the live store, before the disk is lost.
      const positions = new Map((await server.deps.store.readAll()).map((e) => [e.id, e.position]));
      for (const l of live) l.close();
      const dataDir = server.deps.config.DATA_DIR;
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });

      const verdict = await restoreSnapshot(path, dataDir, {
        readModelFile: 'read-restored.db',
        logOrigin: 'vetrideals.in/log',
      });
      expect(verdict).toMatchObject({ ok: true, events: manifest.events });
      const restored = openSqliteStore({ path: join(dataDir, 'events.db') });
      try {
        const ids = new Set((await restored.readAll()).map((e) => e.id));
        const beforeSnapshot = acked.filter((a) => a.at < beganAt);
        expect(beforeSnapshot.every((a) => ids.has(a.id))).toBe(true);
        const covered = acked.filter((a) => positions.get(a.id)! <= manifest.last_position);
        expect(covered.length).toBeGreaterThanOrEqual(beforeSnapshot.length);
        expect(covered.every((a) => ids.has(a.id))).toBe(true);
        expect((await verifyAll(restored)).every((v) => v.ok)).toBe(true);
      } finally {
        await restored.close();
      }
    },
  );
});
