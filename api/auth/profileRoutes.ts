import { Hono } from 'hono';
import { userDecider } from '../../engine/user.ts';
import { profileOf, userById } from '../../projections/users.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { describe, jsonBody } from '../http/openapi.ts';
import { userStream } from './identity.ts';
import type { AuthEnv } from './session.ts';
import { actorOf, currentUser, requireUser } from './session.ts';
import { ProfileAnswer, ProfileBody } from '../contract/account.ts';

/** The member's own profile. The user is always the session's; a `user_id` in the body is ignored. */
export const profileRoutes = (deps: Pick<Deps, 'clock' | 'readDb' | 'commands'>) =>
  new Hono<AuthEnv>()
    .use('*', requireUser)
    .get(
      '/',
      describe({ summary: 'My profile', tags: ['profile'], access: 'member', response: ProfileAnswer }),
      (c) => {
        const user = currentUser(c);
        const row = userById(deps.readDb, user.id);
        const profile = row ? profileOf(row) : null;
        return c.json({
          exists: profile !== null,
          profile,
          user: {
            id: user.id,
            name: user.name,
            email: user.email,
            created_at: user.createdAt,
            phone: row?.phone ?? '',
            dob: row?.dob ?? '',
          },
        });
      },
    )
    .put(
      '/',
      describe({ summary: 'Save my profile', tags: ['profile'], access: 'member' }),
      jsonBody(ProfileBody),
      async (c) => {
        const user = currentUser(c);
        const b = c.req.valid('json');
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          userStream(user.id),
          userDecider,
          {
            type: 'SaveProfile',
            data: { profile: { ...b, date_of_birth: b.date_of_birth || null, gender: b.gender ?? null }, now },
          },
          { actor: actorOf(user), now },
        );
        return c.json({ success: true, message: 'Profile saved successfully!' });
      },
    );
