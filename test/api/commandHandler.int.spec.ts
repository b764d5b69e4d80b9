import { describe, expect, it } from 'vitest';
import type { Decider } from '../../engine/decider.ts';
import { DomainError } from '../../engine/decider.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';

type Cmd = { type: 'Take'; data: { amount: number } };
type Evt = { type: 'Taken'; data: { amount: number } };
/** A stock counter: 10 units, never below zero. */
const stock: Decider<Cmd, Evt, { left: number }> = {
  initialState: { left: 10 },
  decide: (c, s) => {
    if (c.data.amount > s.left) throw new DomainError('OUT_OF_STOCK', 'Out of stock');
    return [{ type: 'Taken', data: { amount: c.data.amount } }];
  },
  evolve: (s, e) => ({ left: s.left - e.data.amount }),
};
const ctx = (commandId?: string) => ({ actor: 'system' as const, now: Date.parse('2026-11-22T06:00:00Z'), commandId });

describe('command handler', () => {
  it('reads, decides and appends with metadata from the context', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const result = await handleCommand({ store }, 'stock-1', stock, { type: 'Take', data: { amount: 3 } }, ctx());
    expect(result.state).toEqual({ left: 7 });
    const [event] = await store.readStream('stock-1');
    expect(event).toMatchObject({
      type: 'Taken',
      data: { amount: 3 },
      metadata: { at: '2026-11-22T06:00:00.000Z', actor: 'system', schema: 1 },
    });
  });

  it('retries on conflict so racing commands all apply, and never oversells', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 15 }, () =>
        handleCommand({ store }, 'stock-2', stock, { type: 'Take', data: { amount: 1 } }, ctx()),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(await store.readStream('stock-2')).toHaveLength(10);
  });

  it('is idempotent by command id: running the same command twice appends once', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const take = { type: 'Take', data: { amount: 2 } } as const;
    await handleCommand({ store }, 'stock-3', stock, take, ctx('take-once'));
    const again = await handleCommand({ store }, 'stock-3', stock, take, ctx('take-once'));
    expect(await store.readStream('stock-3')).toHaveLength(1);
    expect(again.state).toEqual({ left: 8 });
  });

  it('tells only one of twenty racing copies of a command that it applied', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const take = { type: 'Take', data: { amount: 2 } } as const;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => handleCommand({ store }, 'stock-race', stock, take, ctx('take-race'))),
    );
    expect(await store.readStream('stock-race')).toHaveLength(1);
    expect(results.filter((r) => r.events.length > 0)).toHaveLength(1);
    for (const r of results) expect(r.state).toEqual({ left: 8 });
  });

  it('waits for the read models before answering', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const waited: number[] = [];
    const result = await handleCommand(
      { store, waitForProjections: (p) => Promise.resolve(void waited.push(p)) },
      'stock-4',
      stock,
      { type: 'Take', data: { amount: 1 } },
      ctx(),
    );
    expect(waited).toEqual([result.position]);
  });

  it('folds only what is new since its last command, and sees appends made by another writer', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const reads: (number | undefined)[] = [];
    const watched = {
      ...store,
      readStream: (s: string, o?: { from?: number }) => (reads.push(o?.from), store.readStream(s, o)),
    };
    const take = (amount: number) =>
      handleCommand({ store: watched }, 'stock-5', stock, { type: 'Take', data: { amount } }, ctx());
    await take(1);
    await take(2);
    // Another process takes 4: this one must see it, or it would sell units that are gone.
    await store.append(
      'stock-5',
      [
        {
          id: crypto.randomUUID(),
          type: 'Taken',
          data: { amount: 4 },
          metadata: {
            at: '2026-11-22T06:00:00.000Z',
            actor: 'system',
            correlationId: 'other',
            causationId: null,
            schema: 1,
          },
        },
      ],
      { expectedRevision: 1 },
    );
    expect((await take(3)).state).toEqual({ left: 0 });
    await expect(take(1)).rejects.toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(reads).toEqual([undefined, 1, 2, 4]);
  });
});
