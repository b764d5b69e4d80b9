import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { openReadDb } from '../../projections/db.ts';
import { allProjectors } from '../../projections/index.ts';
import { createProjectionRunner } from '../../projections/runner.ts';
import { historyArb, runHistory } from '../engine/roomHistory.ts';

/**
 * Projectors with a batch path coalesce writes within a batch. Whatever the split of the log into
 * batches, every read model must hold the same rows as when the log is applied one event at a time.
 */

/** Two rooms' histories interleaved into one log, as the store would number it. */
const interleave = (a: readonly RecordedEvent[], b: readonly RecordedEvent[], picks: readonly boolean[]) => {
  const queues = [
    a.map((e) => ({ ...e, streamName: 'room-AAA111' })),
    b.map((e) => ({ ...e, streamName: 'room-BBB222' })),
  ];
  const log: RecordedEvent[] = [];
  for (let i = 0; queues[0]!.length + queues[1]!.length > 0; i++) {
    const from = queues[0]!.length === 0 ? 1 : queues[1]!.length === 0 ? 0 : picks[i % picks.length] ? 1 : 0;
    log.push({ ...queues[from]!.shift()!, position: log.length + 1 });
  }
  return log;
};

const project = (log: readonly RecordedEvent[], cuts: readonly number[]) => {
  const db = openReadDb(':memory:');
  const runner = createProjectionRunner({ store: null as never, db, projectors: allProjectors });
  const ends = [...new Set(cuts.map((c) => c % (log.length + 1)))].sort((x, y) => x - y);
  let from = 0;
  for (const end of [...ends, log.length]) {
    runner.applyBatch(log.slice(from, Math.max(from, end)));
    from = Math.max(from, end);
  }
  const tables = Object.fromEntries(
    allProjectors
      .flatMap((p) => p.tables)
      .map((t) => [
        t,
        db.sqlite
          .prepare(`SELECT * FROM "${t}"`)
          .all()
          .map((row) => JSON.stringify(row))
          .sort(),
      ]),
  );
  db.sqlite.close();
  return tables;
};

describe('projectors applied in batches', () => {
  it('hold the same rows for any split of the log as one event at a time', () => {
    fc.assert(
      fc.property(
        historyArb,
        historyArb,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (h1, h2, picks, cuts) => {
          const log = interleave(runHistory(h1.rules, h1.ops).recorded, runHistory(h2.rules, h2.ops).recorded, picks);
          const oneByOne = project(
            log,
            log.map((_, i) => i),
          );
          expect(project(log, cuts)).toEqual(oneByOne);
          expect(project(log, [])).toEqual(oneByOne);
        },
      ),
      { numRuns: 60 },
    );
    // Sixty random logs, each projected three ways into every read model: about 8 s on a busy machine.
  }, 60_000);
});
