import { loadConfig } from '../api/config.ts';
import { startServer } from '../api/server.ts';
import { seedDemo } from './seedDemo.ts';

/**
 * `npm run seed`: puts the demo data (admin, auditor, members, products, rooms, a league, the blog)
 * into the configured store and this process's read models, then exits. A store that holds the
 * demo data already is left as it is; `npm start` seeds an empty store by itself (SEED_DEMO).
 */
export const runSeed = async (): Promise<number> => {
  const server = await startServer({ ...loadConfig(), PORT: 0, SEED_DEMO: true }, { seed: seedDemo });
  try {
    const [marker] = await server.deps.store.readStream('system-instance', { limit: 1 });
    const seeded = marker?.type === 'DemoDataSeeded';
    console.log(seeded ? 'The demo data is in the store.' : 'The demo data could not be seeded: see the log above.');
    return seeded ? 0 : 1;
  } finally {
    await server.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runSeed();
}
