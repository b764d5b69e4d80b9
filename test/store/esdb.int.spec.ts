import { describe } from 'vitest';
import { openEsdbStore } from '../../api/store/esdb.ts';
import { eventStoreConformance } from './conformance.ts';

/**
 * The shared conformance suite against a real EventStoreDB server, e.g.
 * `EVENTSTORE_URL=esdb://localhost:2113?tls=false npx vitest run test/store/esdb.int.spec.ts`.
 * Without EVENTSTORE_URL it is reported as skipped, never as passed.
 */
const url = process.env.EVENTSTORE_URL;

if (!url) {
  console.warn(
    'EventStoreDB conformance suite SKIPPED: EVENTSTORE_URL is not set (no EventStoreDB server on this machine; set EVENTSTORE_URL=esdb://host:2113?tls=false to run it)',
  );
}

describe.skipIf(!url)('EventStoreDB event store: conformance', () => {
  eventStoreConformance(() => Promise.resolve(openEsdbStore({ connectionString: url ?? '' })));
});
