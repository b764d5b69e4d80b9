import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../engine/eventStore.ts';
import { sealEvents } from '../../api/store/hashChain.ts';
import { applyStorePragmas, openSqliteStore } from '../../api/store/sqlite.ts';
import type { BenchContext, Figure } from './harness.ts';
import { rate, timed } from './harness.ts';

/** The i-th bench event: a deal with fresh ids, as the live path writes one. */
export const benchEvent = (i: number): NewEvent => ({
  id: randomUUID(),
  type: 'BidPlaced',
  data: { bidId: randomUUID(), seq: i, userId: `U${i % 10}`, amount: 100_00 + i * 500, at: 1_790_000_000_000 + i },
  metadata: {
    at: new Date(1_790_000_000_000 + i).toISOString(),
    actor: { userId: `U${i % 10}`, role: 'member' },
    correlationId: randomUUID(),
    causationId: null,
    schema: 1,
  },
});

const RAW_SCHEMA = `CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL,
  revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')), UNIQUE (stream, revision))`;

/** Raw better-sqlite3: the same rows (already sealed), the same pragmas, one transaction per row. */
const rawPerRow = (path: string, n: number, streams: number) => {
  const db = new Database(path);
  applyStorePragmas(db);
  db.exec(RAW_SCHEMA);
  const insert = db.prepare(
    'INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const rows = Array.from({ length: n }, (_, i) => {
    const [sealed] = sealEvents(`room-${i % streams}`, Math.floor(i / streams) - 1, null, [benchEvent(i)]);
    return [
      sealed!.id,
      `room-${i % streams}`,
      Math.floor(i / streams),
      sealed!.type,
      JSON.stringify(sealed!.data),
      JSON.stringify(sealed!.metadata),
    ] as const;
  });
  let next = 0;
  return {
    /** Inserts the next `count` rows; milliseconds taken. */
    run(count: number) {
      const started = performance.now();
      for (const end = next + count; next < end; next++) db.transaction(() => insert.run(...rows[next]!)).immediate();
      return performance.now() - started;
    },
    close: () => db.close(),
  };
};

/**
 * Appends and group commit through the store port (hash chain, expected revision, idempotence
 * check). The disk's commit time drifts by minutes on a shared machine, so the raw inserts, the
 * sequential appends and the concurrent writers take turns in rounds and each total is summed.
 */
export const storeFigures = async (ctx: BenchContext): Promise<Figure[]> => {
  const n = ctx.quick ? 400 : 3000;
  const streams = 50;
  const writers = 50;
  const perWriter = ctx.quick ? 40 : 200;
  const rounds = ctx.quick ? 2 : 4;
  ctx.log(
    `${rounds} rounds of: raw insert, one transaction per row (${n} rows in all); store port append, one durable transaction per command (${n}); ${writers} concurrent writers × ${perWriter} appends to their own streams`,
  );
  const raw = rawPerRow(ctx.scratch('raw.db'), n, streams);
  const store = openSqliteStore({ path: ctx.scratch('port.db') });
  const concurrentStore = openSqliteStore({ path: ctx.scratch('concurrent.db') });
  const events = Array.from({ length: n }, (_, i) => benchEvent(i));
  const revisions = new Map<string, number>();
  const totals = { raw: 0, port: 0, concurrent: 0 };
  for (let round = 0; round < rounds; round++) {
    totals.raw += raw.run(n / rounds);
    const sequential = await timed(async () => {
      for (let i = (round * n) / rounds; i < ((round + 1) * n) / rounds; i++) {
        const stream = `room-${i % streams}`;
        const expected = revisions.get(stream) ?? 'no_stream';
        const result = await store.append(stream, [events[i]!], { expectedRevision: expected });
        revisions.set(stream, result.nextRevision);
      }
    });
    totals.port += sequential.ms;
    const concurrent = await timed(() =>
      Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let i = (round * perWriter) / rounds; i < ((round + 1) * perWriter) / rounds; i++) {
            await concurrentStore.append(`wallet-W${w}`, [benchEvent(i)], {
              expectedRevision: i === 0 ? 'no_stream' : i - 1,
            });
          }
        }),
      ),
    );
    totals.concurrent += concurrent.ms;
  }
  raw.close();
  await store.close();
  await concurrentStore.close();
  const rawRate = rate(n, totals.raw);
  const portRate = rate(n, totals.port);
  const concurrentRate = rate(writers * perWriter, totals.concurrent);
  return [
    {
      name: 'append through the store port (1 durable tx per command)',
      value: portRate,
      unit: 'events/s',
      baseline: { name: 'raw insert, 1 tx per row', value: rawRate, unit: 'rows/s' },
      ratio: portRate / rawRate,
      target: '≥ 0.7',
      met: portRate / rawRate >= 0.7,
    },
    {
      name: `appends, ${writers} concurrent writers (group commit)`,
      value: concurrentRate,
      unit: 'events/s',
      baseline: { name: 'raw insert, 1 tx per row', value: rawRate, unit: 'rows/s' },
      ratio: concurrentRate / rawRate,
      target: '≥ 3',
      met: concurrentRate / rawRate >= 3,
    },
  ];
};
