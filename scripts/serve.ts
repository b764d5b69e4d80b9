import { main } from '../api/main.ts';
import { StartupError } from '../api/server.ts';
import { seedDemo } from './seedDemo.ts';

/**
 * The server process as deployed: everything started by `api/main.ts`, with the demo data seeded
 * into an empty store when SEED_DEMO is on. `npm start` runs it after building the web client; the
 * chaos and start-up tests spawn it directly (`node --import tsx scripts/serve.ts`).
 */
export const serve = () => main({ seed: seedDemo });

if (import.meta.url === `file://${process.argv[1]}`) {
  serve().catch((error: unknown) => {
    // A start that failed for a reason in words (a port taken) says only that; anything else its stack.
    console.error(error instanceof StartupError ? error.message : error);
    process.exit(1);
  });
}
