import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One decider convention: every engine module with a decider exports `initialState`, `decide` and
 * `evolve`, and its `<name>Decider` is exactly those three, so a newcomer finds a bid's rules at
 * `engine/room.ts` `decide` and its fold at `evolve`, in every module alike.
 */
const engine = join(import.meta.dirname, '../../engine');
const modules = readdirSync(engine)
  .filter((f) => f.endsWith('.ts'))
  .filter((f) => /export const \w+Decider\b/.test(readFileSync(join(engine, f), 'utf8')));

describe('every engine decider follows decide / evolve / initialState', () => {
  it('finds the deciders', () => {
    expect(modules).toEqual(expect.arrayContaining(['room.ts', 'wallet.ts', 'league.ts', 'order.ts', 'user.ts']));
  });

  it.each(modules)('%s', async (file) => {
    const mod = (await import(join(engine, file))) as Record<string, unknown>;
    expect(typeof mod.decide).toBe('function');
    expect(typeof mod.evolve).toBe('function');
    expect(mod).toHaveProperty('initialState');
    const deciders = Object.entries(mod).filter(([name]) => /Decider$/.test(name));
    expect(deciders).toHaveLength(1);
    expect(deciders[0]![1]).toEqual({ initialState: mod.initialState, decide: mod.decide, evolve: mod.evolve });
  });
});
