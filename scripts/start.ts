import { buildWebIfNeeded } from './buildWeb.ts';
import { serve } from './serve.ts';

/** `npm start`: build the web client if needed, then start everything on PORT (3000), seeding demo data (SEED_DEMO). */
await buildWebIfNeeded();
await serve();
