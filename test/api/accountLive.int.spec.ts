import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountBroadcasts } from '../../api/contract/socket.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER, WAITLISTED } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import type { LiveClient } from './roomsHelpers.ts';
import { deposit, liveClient, userIdOf, waitFor } from './roomsHelpers.ts';

/** The member's balance as their own page hears it, once it shows `cash`. */
const heardCash = (live: LiveClient, cash: number, what: string) =>
  waitFor(() => live.of('walletUpdate').some((w) => w.cash === cash), what);
/** A round trip on the socket: whatever the server sent it before is in by now (one connection keeps order). */
const roundTrip = (live: LiveClient) => live.socket.timeout(5000).emitWithAck('syncTime', {});
const cashOf = async (member: Client) => (await member.call<{ cash: number }>('GET', '/api/me/wallet')).body.cash;

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

  it('a device logged out by a password change stops hearing the member’s wallet', async () => {
    const stolen = await loggedIn(server, MEMBER.email, MEMBER.password);
    const owner = await loggedIn(server, MEMBER.email, MEMBER.password);
    const thief = await liveClient(server, stolen);
    const mine = await liveClient(server, owner);
    try {
      const changed = await owner.call('POST', '/api/auth/password/change', {
        currentPassword: MEMBER.password,
        password: 'Newer@2026',
        confirmPassword: 'Newer@2026',
      });
      expect(changed.status).toBe(200);
      expect((await stolen.call<{ logged_in: boolean }>('GET', '/api/auth/session')).body.logged_in).toBe(false);

      await deposit(server, owner, 123_00);
      await heardCash(mine, await cashOf(owner), 'the owner’s own page hearing the top-up');
      await roundTrip(thief);
      expect(thief.of('walletUpdate')).toEqual([]);
    } finally {
      thief.close();
      mine.close();
    }
  });

  it('a device that logs out stops hearing the member’s wallet; their other device still hears it', async () => {
    const email = 'member2@vetrideals.in';
    const device = await loggedIn(server, email, MEMBER.password);
    const other = await loggedIn(server, email, MEMBER.password);
    const leaving = await liveClient(server, device);
    const staying = await liveClient(server, other);
    try {
      await deposit(server, other, 10_00);
      const before = await cashOf(other);
      await heardCash(leaving, before, 'the device hearing the top-up while logged in');

      expect((await device.call('POST', '/api/auth/logout')).status).toBe(200);
      await deposit(server, other, 55_00);
      await heardCash(staying, before + 55_00, 'the other device hearing the top-up');
      await roundTrip(leaving);
      expect(leaving.of('walletUpdate').map((w) => w.cash)).not.toContain(before + 55_00);
    } finally {
      leaving.close();
      staying.close();
    }
  });
});
