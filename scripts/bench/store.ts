import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../engine/eventStore.ts';
import { sealEvents } from '../../api/store/hashChain.ts';
import { applyStorePragmas, openSqliteStore } from '../../api/store/sqlite.ts';
import type { BenchContext, Figure } from './harness.ts';
import { rate, timed } from './harness.ts';

const event = (i: number): NewEvent => ({
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
    const [sealed] = sealEvents(null, [event(i)]);
    return [
      sealed!.id,
      `room-${i % streams}`,
      Math.floor(i / streams),
      sealed!.type,
      JSON.stringify(sealed!.data),
      JSON.stringify(sealed!.metadata),
    ] as const;
  });
  const started = performance.now();
  for (const row of rows) db.transaction(() => insert.run(...row)).immediate();
  const ms = performance.now() - started;
  db.close();
  return rate(n, ms);
};

/** Appends and group commit through the store port (hash chain, expected revision, idempotence check). */
export const storeFigures = async (ctx: BenchContext): Promise<Figure[]> => {
  const n = ctx.quick ? 400 : 3000;
  const streams = 50;
  ctx.log(`raw insert, one transaction per row: ${n} rows`);
  const raw = rawPerRow(ctx.scratch('raw.db'), n, streams);

  ctx.log(`store port append, one durable transaction per command: ${n} commands`);
  const store = openSqliteStore({ path: ctx.scratch('port.db') });
  const events = Array.from({ length: n }, (_, i) => event(i));
  const revisions = new Map<string, number>();
  const sequential = await timed(async () => {
    for (let i = 0; i < n; i++) {
      const stream = `room-${i % streams}`;
      const expected = revisions.get(stream) ?? 'no_stream';
      const result = await store.append(stream, [events[i]!], { expectedRevision: expected });
      revisions.set(stream, result.nextRevision);
    }
  });
  await store.close();
  const portRate = rate(n, sequential.ms);

  const writers = 50;
  const perWriter = ctx.quick ? 40 : 200;
  ctx.log(`store port, ${writers} concurrent writers × ${perWriter} appends to their own streams`);
  const concurrentStore = openSqliteStore({ path: ctx.scratch('concurrent.db') });
  const concurrent = await timed(() =>
    Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) {
          await concurrentStore.append(`wallet-W${w}`, [event(i)], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
        }
      }),
    ),
  );
  await concurrentStore.close();
  const concurrentRate = rate(writers * perWriter, concurrent.ms);

  return [
    {
      name: 'append through the store port (1 durable tx per command)',
      value: portRate,
      unit: 'events/s',
      baseline: { name: 'raw insert, 1 tx per row', value: raw, unit: 'rows/s' },
      ratio: portRate / raw,
      target: '≥ 0.7',
      met: portRate / raw >= 0.7,
    },
    {
      name: `appends, ${writers} concurrent writers (group commit)`,
      value: concurrentRate,
      unit: 'events/s',
      baseline: { name: 'raw insert, 1 tx per row', value: raw, unit: 'rows/s' },
      ratio: concurrentRate / raw,
      target: '≥ 3',
      met: concurrentRate / raw >= 3,
    },
  ];
};
