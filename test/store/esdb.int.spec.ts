import { afterAll, beforeAll, describe } from 'vitest';
import { openEsdbStore } from '../../api/store/esdb.ts';
import { eventStoreConformance } from './conformance.ts';
import type { EsdbStandIn } from './esdbServer.ts';
import { startEsdbStandIn } from './esdbServer.ts';

/*
 * The shared conformance suite through the real `@eventstore/db-client`, over gRPC on TCP:
 *
 * - always, against the wire-level stand-in (`./esdbServer.ts`) on 127.0.0.1, with a small `$all` page so
 *   paging is exercised;
 * - and, when EVENTSTORE_URL is set, against that real server as well, e.g.
 *   `EVENTSTORE_URL=esdb://localhost:2113?tls=false npx vitest run test/store/esdb.int.spec.ts`.
 *
 * Where the stand-in differs from a real EventStoreDB node (from the server's documentation and the client's
 * decoding, not from a run against a server: none is reachable from this machine):
 * - No gossip: a single-host `esdb://` string connects directly, so only ServerFeatures and Streams are served.
 *   Clusters (`esdb+discover://` or several hosts) ask gossip first and are not covered here.
 * - Appends arrive through BatchAppend only (listed in the server features, as 21.10+ servers do); the
 *   older client-streaming Append answers UNIMPLEMENTED.
 * - Not-leader is answered on every write while the fault is set (and on reads sent with `requires-leader`).
 *   A real follower forwards writes to the leader unless the request says `requires-leader`; it answers
 *   not-leader (gRPC NOT_FOUND with `exception: not-leader` and the leader's host/port trailers) only then.
 *   On BatchAppend the stand-in ends the whole call with those trailers.
 * - `$all` holds the stand-in's own `$statsCollected` events every third append, not the server's real
 *   `$stats`, `$scavenges`, `$settings`… system streams; positions are byte-like offsets but not the
 *   server's record sizes.
 * - No scavenging, no stream metadata ($maxAge, $tb), no soft delete over gRPC (tests tombstone directly);
 *   no links, projections, persistent subscriptions or ACLs; no TLS.
 * - Filtered subscriptions: checkpoints every 32 × multiplier events looked at and at catch-up; the server's
 *   exact checkpoint cadence may differ (the adapter does not use checkpoints; it keeps its own).
 */

describe('EventStoreDB event store through the real client: conformance against the stand-in', () => {
  let server: EsdbStandIn;
  beforeAll(async () => {
    server = await startEsdbStandIn();
  });
  afterAll(async () => {
    await server.close();
  });
  eventStoreConformance(() =>
    Promise.resolve(openEsdbStore({ connectionString: server.connectionString(), pageSize: 3 })),
  );
});

const url = process.env.EVENTSTORE_URL;

describe.skipIf(!url)('EventStoreDB event store: conformance against EVENTSTORE_URL', () => {
  eventStoreConformance(() => Promise.resolve(openEsdbStore({ connectionString: url ?? '' })));
});
