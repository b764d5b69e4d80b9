import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountBroadcasts } from '../../api/contract/socket.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, WAITLISTED } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { liveClient, userIdOf, waitFor } from './roomsHelpers.ts';

/** An open page hears at once when its member's access changes (issue 19: no reload needed). */
describe('live account changes', () => {
  let server: TestServer;
  let admin: Client;
  let waiting: Client;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    waiting = await loggedIn(server, WAITLISTED.email, WAITLISTED.password);
  });
  afterAll(() => server?.stop());

  it('tells the member’s sockets, and only theirs, when an admin grants access', async () => {
    const mine = await liveClient(server, waiting);
    const someoneElse = await liveClient(server, await loggedIn(server, 'member1@vetrideals.in', 'Member@123'));
    try {
      const id = await userIdOf(waiting);
      const granted = await admin.call('POST', `/api/admin/users/${id}/grant-access`);
      expect(granted.status).toBe(200);
      await waitFor(() => mine.of('accountUpdate').length === 1, 'the member’s accountUpdate');
      const update = AccountBroadcasts.accountUpdate.parse(mine.of('accountUpdate')[0]);
      expect(update).toEqual({ user_id: id, role: 'member', access: 'granted' });
      // What the page then reads again agrees.
      expect((await waiting.call('GET', '/api/auth/session')).body).toMatchObject({ user: { access: 'granted' } });
      expect(someoneElse.of('accountUpdate')).toEqual([]);
    } finally {
      mine.close();
      someoneElse.close();
    }
  });
});
