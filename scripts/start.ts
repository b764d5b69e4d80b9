import { buildWebIfNeeded } from './buildWeb.ts';
import { main } from '../api/main.ts';

/** `npm start`: build the web client if needed, then start everything on PORT (3000). */
await buildWebIfNeeded();
await main();
