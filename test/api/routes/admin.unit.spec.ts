import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminIdentityRoutes } from '../../../api/admin/identityRoutes.ts';
import { auditRoutes } from '../../../api/audit/routes.ts';
import { roomsAdminRoutes } from '../../../api/rooms/adminRoutes.ts';
import type { RouteDeps } from '../../helpers/routeDeps.ts';
import { call, mount, routeDeps, signedIn } from '../../helpers/routeDeps.ts';
import { addProduct } from './fixtures.ts';

let deps: RouteDeps;
beforeEach(async () => {
  deps = await routeDeps();
});
afterEach(() => deps.close());

type Failure = { error: { code: string; message: string } };

describe('adminIdentityRoutes', () => {
  it('lets an admin list users and grant a waitlisted member access, and refuses a member', async () => {
    const app = mount(deps, '/api/admin', adminIdentityRoutes(deps));
    const admin = await signedIn(deps, { role: 'admin' });
    const waiting = await signedIn(deps, { waitlisted: true });

    const refused = await call<Failure>(app, 'GET', '/api/admin/users', { cookie: waiting.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    expect((await call(app, 'GET', '/api/admin/users')).status).toBe(401);

    const users = await call<{ total_users: number; users: { id: string; access: string }[] }>(
      app,
      'GET',
      `/api/admin/users?search=${encodeURIComponent(waiting.user.email)}`,
      { cookie: admin.cookie },
    );
    expect(users.status).toBe(200);
    expect(users.body.total_users).toBe(2);
    expect(users.body.users).toEqual([expect.objectContaining({ id: waiting.user.id, access: 'waitlisted' })]);

    const granted = await call(app, 'POST', `/api/admin/users/${waiting.user.id}/grant-access`, {
      cookie: admin.cookie,
    });
    expect(granted.status).toBe(200);
    expect(deps.sessions.userFromToken(waiting.cookie.slice('sid='.length))?.access).toBe('granted');

    const unknown = await call<Failure>(app, 'POST', '/api/admin/users/NOSUCHUSER/grant-access', {
      cookie: admin.cookie,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('USER_NOT_FOUND');
  });

  it('adds and lists referral codes, and shows the outbox to admins only', async () => {
    const app = mount(deps, '/api/admin', adminIdentityRoutes(deps));
    const admin = await signedIn(deps, { role: 'admin' });
    const auditor = await signedIn(deps, { role: 'auditor' });
    const added = await call(app, 'POST', '/api/admin/referrals', {
      cookie: admin.cookie,
      json: { name: 'Anbu Stores', referralCode: 'anbu01' },
    });
    expect(added.status).toBe(200);
    const missing = await call<Failure>(app, 'POST', '/api/admin/referrals', {
      cookie: admin.cookie,
      json: { name: '', referralCode: 'anbu02' },
    });
    expect(missing.body.error.code).toBe('FIELDS_REQUIRED');
    const list = await call<{ referrals: { code: string }[] }>(app, 'GET', '/api/admin/referrals', {
      cookie: auditor.cookie,
    });
    expect(list.body.referrals.map((r) => r.code)).toEqual(['ANBU01']);

    await deps.mail.send({ to: 'x@route.test', subject: 'Hello', text: 'A code' });
    expect((await call(app, 'GET', '/api/admin/outbox', { cookie: auditor.cookie })).status).toBe(403);
    const outbox = await call<{ mails: { subject: string }[] }>(app, 'GET', '/api/admin/outbox', {
      cookie: admin.cookie,
    });
    expect(outbox.body.mails.map((m) => m.subject)).toEqual(['Hello']);
  });
});

describe('roomsAdminRoutes', () => {
  it('lets an admin add a product and create a room for it, and refuses a member', async () => {
    const admin = await signedIn(deps, { role: 'admin' });
    const member = await signedIn(deps);
    const app = mount(deps, '/api/admin', roomsAdminRoutes(deps));
    const product = await addProduct(deps, admin.cookie);
    expect(product).toMatchObject({ slug: 'boat-rockerz-450', price: 199900 });

    const body = {
      product_id: product.id,
      base_price: 500_00,
      max_price: 5_000_00,
      bid_value: 10_00,
      bid_seconds: 60,
      scheduled_time: new Date(deps.clock.now() + 3_600_000).toISOString(),
    };
    const refused = await call<Failure>(app, 'POST', '/api/admin/rooms', { cookie: member.cookie, json: body });
    expect(refused.status).toBe(403);

    const created = await call<{ room_code: string; room: { room_code: string; product_name: string } }>(
      app,
      'POST',
      '/api/admin/rooms',
      { cookie: admin.cookie, json: body },
    );
    expect(created.status).toBe(200);
    expect(created.body.room).toMatchObject({ room_code: created.body.room_code, product_name: 'Boat Rockerz 450' });

    const badBid = await call<Failure>(app, 'POST', '/api/admin/rooms', {
      cookie: admin.cookie,
      json: { ...body, bid_value: 150 },
    });
    expect(badBid.status).toBe(400);
    expect(badBid.body.error.code).toBe('VALIDATION');

    const notForm = await call<Failure>(app, 'POST', '/api/admin/products', { cookie: admin.cookie, json: {} });
    expect(notForm.status).toBe(415);
  });
});

describe('auditRoutes', () => {
  it('lets staff browse streams and check one, and refuses a member', async () => {
    const app = mount(deps, '/api/admin', auditRoutes(deps));
    const auditor = await signedIn(deps, { role: 'auditor' });
    const member = await signedIn(deps);
    expect((await call(app, 'GET', '/api/admin/streams', { cookie: member.cookie })).status).toBe(403);

    const list = await call<{ total: number; streams: { stream: string }[] }>(
      app,
      'GET',
      '/api/admin/streams?category=user',
      { cookie: auditor.cookie },
    );
    expect(list.status).toBe(200);
    expect(list.body.streams.map((s) => s.stream)).toContain(`user-${member.user.id}`);

    const events = await call<{ events: { type: string }[] }>(app, 'GET', `/api/admin/streams/user-${member.user.id}`, {
      cookie: auditor.cookie,
    });
    expect(events.body.events.map((e) => e.type)).toEqual(['UserRegistered', 'AccessGranted', 'SessionStarted']);

    const verify = await call<{ ok: boolean; events: number }>(
      app,
      'GET',
      `/api/admin/streams/user-${member.user.id}/verify`,
      { cookie: auditor.cookie },
    );
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ ok: true, events: 3 });

    const unknown = await call<Failure>(app, 'GET', '/api/admin/streams/user-NOBODY', { cookie: auditor.cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('STREAM_NOT_FOUND');
  });
});
