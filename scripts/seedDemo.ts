import type { Deps } from '../api/deps.ts';
import { toNewEvents } from '../api/commandHandler.ts';
import { withDataDirLock } from '../api/dataDirLock.ts';
import { seedIdentity } from './seed/identity.ts';
import { seedCatalogue } from './seed/catalogue.ts';
import { seedCrackers } from './seed/catalogueCrackers.ts';
import { seedShopOrders } from './seed/catalogueOrders.ts';
import { seedLeague } from './seed/league.ts';
import { seedRooms } from './seed/rooms.ts';
import { seedBlog } from './seed/blog.ts';

/** One part of the demo data. Must be idempotent: it may run again after a crash mid-seed. */
export type Seeder = (deps: Deps) => Promise<void>;

const INSTANCE_STREAM = 'system-instance';

/** Each feature adds its seeder here, in dependency order (users before rooms, …). */
export const seeders: { name: string; run: Seeder }[] = [
  { name: 'identity', run: seedIdentity },
  { name: 'catalogue', run: seedCatalogue },
  { name: 'crackers', run: seedCrackers },
  { name: 'shop-orders', run: seedShopOrders },
  { name: 'league', run: seedLeague },
  { name: 'deals', run: seedRooms },
  { name: 'blog', run: seedBlog },
];

/**
 * Seeds demo data on the first start of an empty store: runs every seeder, then records
 * `DemoDataSeeded` so later starts skip it. Several processes starting together on one data
 * directory take turns (a lock in the data directory): the first seeds, the others find the marker.
 */
export const seedDemo = (deps: Deps): Promise<boolean> =>
  withDataDirLock(deps.config.DATA_DIR, 'seed', () => seedOnce(deps));

const seedOnce = async (deps: Deps): Promise<boolean> => {
  const marker = await deps.store.readStream(INSTANCE_STREAM, { limit: 1 });
  if (marker.length > 0) {
    // Seeded by another process: wait until this one's read models have its data.
    await deps.projections.waitFor(marker[0]!.position);
    return false;
  }
  for (const seeder of seeders) {
    deps.log.info(`seeding ${seeder.name}`);
    await seeder.run(deps);
  }
  const context = { actor: 'system' as const, now: deps.clock.now(), commandId: 'seed-demo-v1' };
  const result = await deps.store.append(
    INSTANCE_STREAM,
    toNewEvents([{ type: 'DemoDataSeeded', data: { seeders: seeders.map((s) => s.name) } }], context),
    { expectedRevision: 'no_stream' },
  );
  await deps.projections.waitFor(result.position);
  deps.log.info('demo data seeded');
  return true;
};
