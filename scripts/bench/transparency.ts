import { mkdirSync } from 'node:fs';
import { ackBody } from '../../engine/ack.ts';
import { signCheckpoint } from '../../engine/checkpoint.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { eventHashV1, GENESIS_HASH, sealEvents } from '../../api/store/hashChain.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { loadLogKey } from '../../api/transparency/logKey.ts';
import { openReadDb } from '../../projections/db.ts';
import { merkleProjector, treeRoot } from '../../projections/merkle.ts';
import type { BenchContext, Figure } from './harness.ts';
import { rate, timed } from './harness.ts';
import { benchEvent } from './store.ts';

/**
 * What the transparency log costs on the write path (issue 15), each beside the cost without it in
 * the same run: hash version 2 against version 1, the Merkle leaf and subtree writes against the
 * durable append they follow, and a signed tree head against one append (a head is signed at most
 * every LOG_HEAD_INTERVAL_MS, not per event).
 */
export const transparencyFigures = async (ctx: BenchContext): Promise<Figure[]> => {
  const n = ctx.quick ? 2_000 : 20_000;
  const events = Array.from({ length: n }, (_, i) => benchEvent(i));

  const v1 = await timed(() => {
    let prev = GENESIS_HASH;
    for (const e of events) prev = eventHashV1(e.type, e.data, { ...e.metadata, prevHash: prev });
  });
  const v2 = await timed(() => {
    let prev: string | null = null;
    events.forEach((e, i) => {
      prev = sealEvents('room-BENCH1', i - 1, prev, [e])[0]!.metadata.hash;
    });
  });

  const appends = ctx.quick ? 400 : 2_000;
  const store = openSqliteStore({ path: ctx.scratch('tlog-events.db') });
  const recorded: RecordedEvent[] = [];
  const append = await timed(async () => {
    for (let i = 0; i < appends; i++) {
      await store.append(`room-${i % 50}`, [events[i]!]);
    }
  });
  recorded.push(...(await store.readAll({ after: 0, limit: appends })));
  await store.close();
  const readDb = openReadDb(ctx.scratch('tlog-read.db'));
  for (const ddl of merkleProjector.schema) readDb.sqlite.exec(ddl);
  // As the projection runner does: one transaction per event delivered (the live path's worst case).
  const tree = await timed(() => {
    for (const e of recorded) readDb.sqlite.transaction(() => merkleProjector.apply(readDb, e))();
  });
  const keyDir = ctx.scratch('tlog-key');
  mkdirSync(keyDir, { recursive: true });
  const key = loadLogKey(keyDir, 'bench/log', undefined);
  const heads = 200;
  const sign = await timed(() => {
    for (let i = 1; i <= heads; i++)
      signCheckpoint({ origin: 'bench/log', size: i, root: treeRoot(readDb, i), time: i }, key);
  });
  const acks = 2_000;
  const ackSign = await timed(() => {
    for (let i = 0; i < acks; i++) {
      const e = recorded[i % recorded.length]!;
      key.sign(
        new TextEncoder().encode(
          ackBody({
            origin: key.name,
            stream: e.streamName,
            revision: e.revision,
            id: e.id,
            leaf_index: i,
            leaf_hash: 'x'.repeat(44),
            time: i,
          }),
        ),
      );
    }
  });
  readDb.sqlite.close();

  const perAppendMs = append.ms / appends;
  const perLeafMs = tree.ms / recorded.length;
  const perHeadMs = sign.ms / heads;
  return [
    {
      name: 'event hash, version 2 (place + commitments)',
      value: rate(n, v2.ms),
      unit: 'events/s',
      baseline: { name: 'version 1 hash', value: rate(n, v1.ms), unit: 'events/s' },
      ratio: rate(n, v2.ms) / rate(n, v1.ms),
      notes: `${(((v2.ms - v1.ms) / n) * 1000).toFixed(1)} µs more per event`,
    },
    {
      name: 'Merkle leaf + subtrees written, per event',
      value: perLeafMs * 1000,
      unit: 'µs',
      baseline: { name: 'durable append through the store port', value: perAppendMs * 1000, unit: 'µs' },
      ratio: perLeafMs / perAppendMs,
      notes: 'after the append, in the projection, off the bid answer',
    },
    {
      name: 'sign a deal acknowledgement (Ed25519), per deal',
      value: (ackSign.ms / acks) * 1000,
      unit: 'µs',
      baseline: { name: 'durable append through the store port', value: perAppendMs * 1000, unit: 'µs' },
      ratio: ackSign.ms / acks / perAppendMs,
      notes: 'on the bid answer, with one stream read and the wait for the projection',
    },
    {
      // Issue 18's cost of trust: what a deal pays for being provable, against what its append costs.
      name: 'cost of trust per deal: its Merkle leaf + subtrees and its signed acknowledgement',
      value: (perLeafMs + ackSign.ms / acks) * 1000,
      unit: 'µs',
      baseline: { name: 'durable append through the store port', value: perAppendMs * 1000, unit: 'µs' },
      ratio: (perLeafMs + ackSign.ms / acks) / perAppendMs,
      notes: `per append (every event): the Merkle writes, ${(perLeafMs * 1000).toFixed(0)} µs; per deal: those and the signature, ${((ackSign.ms / acks) * 1000).toFixed(0)} µs (a deal that ends its room has two events); the socket figures run with both on`,
    },
    {
      name: 'sign a tree head (root + Ed25519)',
      value: perHeadMs * 1000,
      unit: 'µs',
      baseline: { name: 'durable append through the store port', value: perAppendMs * 1000, unit: 'µs' },
      ratio: perHeadMs / perAppendMs,
      notes: 'once per LOG_HEAD_INTERVAL_MS, not per event',
    },
  ];
};
