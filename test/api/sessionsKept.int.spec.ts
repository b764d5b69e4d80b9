import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '../../api/auth/session.ts';
import { createManualClock } from '../../api/clock.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER, WAITLISTED } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { liveClient, userIdOf } from './roomsHelpers.ts';

/**
 * Every socket event looks its member up, and the server keeps live sessions in memory for that:
 * what a member may do must still follow their account at once, and a session still ends on time.
 */
describe('sessions kept in memory', () => {
  const clock = createManualClock('2026-11-22T06:00:00.000Z');
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
    admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  });
  afterAll(() => server?.stop());

  it('reads a socket’s member again once an admin grants access, and refuses them once they log out', async () => {
    const waiting = await loggedIn(server, WAITLISTED.email, WAITLISTED.password);
    const phone = await liveClient(server, waiting);
    try {
      const bid = () => phone.emit('placeBid', { roomCode: 'ZZ9999' });
      expect(await bid()).toMatchObject({ ok: false, error: { code: 'WAITLISTED' } });
      expect(await bid()).toMatchObject({ ok: false, error: { code: 'WAITLISTED' } });

      const granted = await admin.call('POST', `/api/admin/users/${await userIdOf(waiting)}/grant-access`);
      expect(granted.status).toBe(200);
      // Past the access check now: the room is what is wrong.
      expect(await bid()).toMatchObject({ ok: false, error: { code: 'ROOM_NOT_FOUND' } });

      expect((await waiting.call('POST', '/api/auth/logout')).status).toBe(200);
      expect(await bid()).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    } finally {
      phone.close();
    }
  });

  it('ends a session it keeps when the session expires', async () => {
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    const session = async (who: Client) =>
      (await who.call<{ logged_in: boolean }>('GET', '/api/auth/session')).body.logged_in;
    expect(await session(member)).toBe(true);
    clock.advance(SESSION_TTL_MS - 60_000);
    expect(await session(member)).toBe(true);
    clock.advance(120_000);
    expect(await session(member)).toBe(false);
  });
});
