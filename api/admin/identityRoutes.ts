import { Hono } from 'hono';
import { z } from 'zod';
import { normalizeReferralCode, referralDecider } from '../../engine/referral.ts';
import { userDecider } from '../../engine/user.ts';
import { listReferrals } from '../../projections/referrals.ts';
import { listUsers, userById } from '../../projections/users.ts';
import { referralStream, userStream } from '../auth/identity.ts';
import type { AuthEnv } from '../auth/session.ts';
import { actorOf, currentUser, requireRole } from '../auth/session.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe, jsonBody, pathParams, queryParams } from '../http/openapi.ts';
import { AdminUserList, AdminUsersQuery, OutboxList, ReferralBody, ReferralList } from '../contract/admin.ts';

/** Admin: users and access, referral codes, the mail outbox. Admins change; auditors only read. */
export const adminIdentityRoutes = (deps: Pick<Deps, 'clock' | 'readDb' | 'commands' | 'mail'>) =>
  new Hono<AuthEnv>()
    .get(
      '/users',
      describe({
        summary: 'Registered users, newest first, with search by name or email',
        tags: ['admin'],
        access: 'auditor',
        response: AdminUserList,
      }),
      requireRole('admin', 'auditor'),
      queryParams(AdminUsersQuery),
      (c) => {
        const q = c.req.valid('query');
        const { rows, total, all } = listUsers(deps.readDb, q);
        return c.json({
          success: true,
          total_users: all,
          total,
          users: rows.map((u) => ({
            id: u.id,
            name: u.name,
            email: u.email,
            role: u.role,
            access: u.access,
            district: u.district,
            referral_code: u.referralCode,
            created_at: u.createdAt,
          })),
        });
      },
    )
    .post(
      '/users/:id/grant-access',
      describe({ summary: 'Grant a waitlisted member full access', tags: ['admin'], access: 'admin' }),
      requireRole('admin'),
      pathParams(z.object({ id: z.string().max(40) })),
      async (c) => {
        const admin = currentUser(c);
        const { id } = c.req.valid('param');
        if (!userById(deps.readDb, id)) throw new ApiError(404, 'USER_NOT_FOUND', 'User not found');
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          userStream(id),
          userDecider,
          { type: 'GrantAccess', data: { by: admin.id, now } },
          { actor: actorOf(admin), now },
        );
        return c.json({ success: true, message: 'Access granted.' });
      },
    )
    .get(
      '/referrals',
      describe({ summary: 'Referral codes', tags: ['admin'], access: 'auditor', response: ReferralList }),
      requireRole('admin', 'auditor'),
      (c) => c.json({ success: true, referrals: listReferrals(deps.readDb) }),
    )
    .post(
      '/referrals',
      describe({ summary: 'Add a referral code (6 letters or digits)', tags: ['admin'], access: 'admin' }),
      requireRole('admin'),
      jsonBody(ReferralBody),
      async (c) => {
        const admin = currentUser(c);
        const b = c.req.valid('json');
        if (!b.name.trim() || !b.referralCode.trim())
          throw new ApiError(400, 'FIELDS_REQUIRED', 'Name and Referral Code are required.');
        const code = normalizeReferralCode(b.referralCode);
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          referralStream(code),
          referralDecider,
          { type: 'CreateReferral', data: { code, name: b.name, createdBy: admin.id, now } },
          { actor: actorOf(admin), now },
        );
        return c.json({ status: 'success', message: `Referral code ${code} added for ${b.name.trim()}.` });
      },
    )
    .get(
      '/outbox',
      describe({
        summary: 'Mails kept by the outbox transport',
        tags: ['admin'],
        access: 'admin',
        response: OutboxList,
      }),
      requireRole('admin'),
      (c) => c.json({ success: true, transport: deps.mail.kind, mails: deps.mail.list?.() ?? [] }),
    );
