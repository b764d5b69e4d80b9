import { exitOnFailedStart, main } from '../api/main.ts';
import { seedDemo } from './seedDemo.ts';

/**
 * The server process as deployed: everything started by `api/main.ts`, with the demo data seeded
 * into an empty store when SEED_DEMO is on. `npm start` runs it after building the web client; the
 * chaos and start-up tests spawn it directly (`node --import tsx scripts/serve.ts`).
 */
export const serve = () => main({ seed: seedDemo });

if (import.meta.url === `file://${process.argv[1]}`) serve().catch(exitOnFailedStart);
