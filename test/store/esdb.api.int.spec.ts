import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../helpers/http.ts';
import { MEMBER, loggedIn } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import type { EsdbStandIn } from './esdbServer.ts';
import { startEsdbStandIn } from './esdbServer.ts';

/*
 * The whole server on the EventStoreDB adapter, through the real client, against the stand-in: while the
 * log is away a write answers 503 "try again" in words, and the same request goes through once it is back.
 *
 * The 503's words do not say "nothing was changed": on EventStoreDB a connection that drops after the
 * commit, or an append that times out after it was written (esdb.faults.int.spec.ts), leaves the event
 * stored. A retry carrying the same idempotency key (a bid id, an Idempotency-Key: the command's events
 * get ids derived from it) is answered with the first append.
 */
describe('the API on EventStoreDB while the log is away', () => {
  let log: EsdbStandIn;
  let server: TestServer;
  let member: Client;
  beforeAll(async () => {
    log = await startEsdbStandIn();
    server = await startTestServer({
      seed: true,
      env: { EVENTSTORE_URL: log.connectionString('defaultDeadline=1000') },
    });
    member = await loggedIn(server, MEMBER.email, MEMBER.password);
  });
  afterAll(async () => {
    await server?.stop();
    await log?.close();
  });

  it('answers 503 "please try again" while the node is down, and takes the same request once it is back', async () => {
    expect(server.deps.store.kind).toBe('esdb');
    const profile = {
      first_name: 'Divya',
      last_name: 'L',
      email: MEMBER.email,
      mobile: '9787045678',
    };
    const port = log.port;
    await log.close();
    const refused = await member.call('PUT', '/api/me/profile', profile);
    expect(refused).toEqual({
      status: 503,
      body: {
        error: {
          code: 'STORE_UNAVAILABLE',
          message:
            'We could not confirm your request just now; it may not have been saved. Please try again in a moment.',
        },
      },
    });

    log = await startEsdbStandIn({ port, log: log.log });
    let accepted = await member.call('PUT', '/api/me/profile', profile);
    for (let i = 0; i < 20 && accepted.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 100));
      accepted = await member.call('PUT', '/api/me/profile', profile);
    }
    expect(accepted.status).toBe(200);
  });
});
