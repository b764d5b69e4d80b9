// A worker thread's first module: TypeScript support (tsx, as the main thread has), then the
// thread's own entry. Plain JavaScript, so it loads before any loader is in place.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
