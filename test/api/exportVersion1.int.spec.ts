import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportNdjson } from '../../api/audit/ndjson.ts';
import { verifyExportText } from '../../api/audit/verifyFile.ts';
import { eventHashV1, GENESIS_HASH } from '../../api/store/hashChain.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { verifyStream } from '../../api/store/verify.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { testMetadata } from '../helpers/events.ts';

/**
 * Issue 15 §6, "existing data keeps working": a store written before hash version 2 (credentials
 * hashed as they are) gets version 2 events on the same chains, exports with every credential
 * withheld, and still verifies; only the old credential events' own hashes wait for the live check.
 */
const SCRYPT = 'scrypt$16384$8$1$b2xkc2FsdA$b2xkaGFzaA';

describe('a store written under hash version 1', () => {
  let dir: string;
  let store: EventStore;
  const text = async () => {
    let out = '';
    for await (const line of exportNdjson(store, { kind: 'all' }, Date.UTC(2026, 10, 24))) out += line;
    return out;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetri-v1-'));
    const path = join(dir, 'events.db');
    await openSqliteStore({ path }).close();
    // As an older version wrote them: version 1 hashes, no hashVersion in the metadata.
    const db = new Database(path);
    const insert = db.prepare(
      'INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const head = db.prepare('INSERT OR REPLACE INTO streams (stream, revision, hash, position) VALUES (?, ?, ?, ?)');
    const write = (stream: string, events: { type: string; data: Record<string, unknown> }[]) => {
      let prevHash = GENESIS_HASH;
      events.forEach((e, revision) => {
        const metadata = { ...testMetadata({ correlationId: `old-${stream}-${revision}` }), prevHash };
        const hash = eventHashV1(e.type, e.data, metadata);
        const { lastInsertRowid } = insert.run(
          `${stream}-${revision}`,
          stream,
          revision,
          e.type,
          JSON.stringify(e.data),
          JSON.stringify({ ...metadata, hash }),
        );
        head.run(stream, revision, hash, Number(lastInsertRowid));
        prevHash = hash;
      });
    };
    write('user-old1', [
      { type: 'UserRegistered', data: { name: 'Old Member', email: 'old@vetrideals.in', passwordHash: SCRYPT } },
      { type: 'SessionStarted', data: { sessionHash: 'ab'.repeat(32), expiresAt: 1, at: 0 } },
    ]);
    write('wallet-old1', [{ type: 'Deposited', data: { orderId: 'o1', paymentId: 'p1', amount: 500_00, at: 0 } }]);
    db.close();
    store = openSqliteStore({ path });
    // Today's code appends version 2 events onto the old chains.
    await store.append('user-old1', [
      { id: 'v2-1', type: 'PasswordChanged', data: { passwordHash: `${SCRYPT}new`, at: 2 }, metadata: testMetadata() },
    ]);
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps verifying live, old and new events on one chain', async () => {
    const events = await store.readStream('user-old1');
    expect(events.map((e) => e.metadata.hashVersion ?? 1)).toEqual([1, 1, 2]);
    expect(await verifyStream(store, 'user-old1')).toMatchObject({ ok: true, events: 3 });
    expect(await verifyStream(store, 'wallet-old1')).toMatchObject({ ok: true, events: 1 });
  });

  it('exports with every credential withheld, and the file verifies; the old credential events are counted as checked live only', async () => {
    const file = await text();
    expect(file).not.toContain('scrypt');
    expect(file).not.toContain('ab'.repeat(32));
    const verdict = verifyExportText(file);
    expect(verdict.problems).toEqual([]);
    expect(verdict.ok).toBe(true);
    expect(verdict.streams.find((s) => s.stream === 'user-old1')).toMatchObject({ ok: true, events: 3, unchecked: 2 });
    expect(verdict.streams.find((s) => s.stream === 'wallet-old1')).toMatchObject({ ok: true, unchecked: 0 });
  });

  it('still names a changed version 1 event that holds no credential', async () => {
    const file = (await text()).replace('"amount":50000', '"amount":5000000');
    const verdict = verifyExportText(file);
    expect(verdict.streams.find((s) => s.stream === 'wallet-old1')!.bad).toMatchObject({
      id: 'wallet-old1-0',
      reason: 'content does not match its hash (altered)',
    });
  });
});
