import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newsletterRoutes, unsubscribeToken } from '../../../api/newsletter/routes.ts';
import type { RouteDeps } from '../../helpers/routeDeps.ts';
import { call, mount, routeDeps, signedIn } from '../../helpers/routeDeps.ts';

let deps: RouteDeps;
beforeEach(async () => {
  deps = await routeDeps();
});
afterEach(() => deps.close());

const tokenIn = (text: string, page: string) =>
  new URL(text.match(/https?:\/\/\S+/g)!.find((u) => u.includes(`/newsletter/${page}?`))!).searchParams.get('token')!;

describe('newsletterRoutes', () => {
  it('subscribes only through the mailed link, unsubscribes with the address’s own token, and counts for staff', async () => {
    const app = mount(deps, '/api', newsletterRoutes(deps));
    const email = 'anbu@example.in';
    expect((await call(app, 'POST', '/api/newsletter/subscribe', { json: { email } })).status).toBe(200);
    const mailed = deps.mail.sent.at(-1)!;
    expect(mailed.to).toBe(email);
    const token = tokenIn(mailed.text, 'confirm');

    const auditor = await signedIn(deps, { role: 'auditor' });
    const counts = async () =>
      (await call<Record<string, number>>(app, 'GET', '/api/admin/newsletter', { cookie: auditor.cookie })).body;
    expect(await counts()).toEqual({ pending: 1, subscribed: 0, unsubscribed: 0 });
    expect((await call(app, 'POST', '/api/newsletter/confirm', { json: { email, token } })).status).toBe(200);
    expect(await counts()).toEqual({ pending: 0, subscribed: 1, unsubscribed: 0 });

    const admin = await signedIn(deps, { role: 'admin' });
    const sent = await call<{ sent: number }>(app, 'POST', '/api/admin/newsletter/send', {
      cookie: admin.cookie,
      json: { subject: 'Hello', body: 'Deals' },
    });
    expect(sent.body.sent).toBe(1);
    const issue = deps.mail.sent.at(-1)!;
    expect(tokenIn(issue.text, 'unsubscribe')).toBe(unsubscribeToken(deps.secrets.otp, email));

    const member = await signedIn(deps);
    expect((await call(app, 'GET', '/api/admin/newsletter', { cookie: member.cookie })).status).toBe(403);
    expect(
      (
        await call(app, 'POST', '/api/admin/newsletter/send', {
          cookie: auditor.cookie,
          json: { subject: 'a', body: 'b' },
        })
      ).status,
    ).toBe(403);
    const wrong = await call(app, 'POST', '/api/newsletter/unsubscribe', {
      json: { email, token: unsubscribeToken('another-secret', email) },
    });
    expect(wrong.status).toBe(400);
    const right = await call(app, 'POST', '/api/newsletter/unsubscribe', {
      json: { email: 'ANBU@example.in', token: unsubscribeToken(deps.secrets.otp, email) },
    });
    expect(right.status).toBe(200);
    expect(await counts()).toEqual({ pending: 0, subscribed: 0, unsubscribed: 1 });
  });

  it('links to PUBLIC_URL, else to the address the server was started on, never to the request’s Host', async () => {
    const linkOrigin = async (d: RouteDeps) => {
      const app = mount(d, '/api', newsletterRoutes(d));
      const asked = await call(app, 'POST', 'http://evil.example/api/newsletter/subscribe', {
        json: { email: 'host@example.in' },
        headers: { host: 'evil.example' },
      });
      expect(asked.status).toBe(200);
      return new URL(/https?:\/\/\S+/.exec(d.mail.sent.at(-1)!.text)![0]).origin;
    };
    expect(await linkOrigin(deps)).toBe('http://localhost:3000');
    const local = await routeDeps({ env: { HOST: '127.0.0.1', PORT: '8080' } });
    const site = await routeDeps({ env: { PUBLIC_URL: 'https://vetrideals.in/' } });
    try {
      expect(await linkOrigin(local)).toBe('http://127.0.0.1:8080');
      expect(await linkOrigin(site)).toBe('https://vetrideals.in');
    } finally {
      await local.close();
      await site.close();
    }
  });
});
