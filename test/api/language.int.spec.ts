import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { NotificationList } from '../../api/contract/notifications.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { ADMIN, client, loggedIn, MEMBER, WAITLISTED } from '../helpers/http.ts';

type Mail = { to: string; subject: string; text: string };

const clock = createManualClock('2026-11-25T06:00:00.000Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true, clock, env: { NOTIFY_INTERVAL_MS: '0' } });
});
afterAll(async () => {
  await server.stop();
});

const mailsTo = async (email: string): Promise<Mail[]> => {
  const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  const { body } = await admin.call<{ mails: Mail[] }>('GET', '/api/admin/outbox');
  return body.mails.filter((m) => m.to === email);
};
const TAMIL = /[\u0B80-\u0BFF]/;

/** Issue 20.1: a member's language is kept on the server, and their mails and notifications come in it. */
describe("the member's language on the server", () => {
  it('is chosen by a signed-in member, shown in the session and login answers, and refused when not en or ta', async () => {
    expect((await client(server).call('PUT', '/api/me/language', { lang: 'ta' })).status).toBe(401);

    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    expect((await member.call('GET', '/api/auth/session')).body).toMatchObject({ user: { lang: 'en' } });
    expect(await member.call('PUT', '/api/me/language', { lang: 'ta' })).toEqual({ status: 200, body: { lang: 'ta' } });
    expect((await member.call('GET', '/api/auth/session')).body).toMatchObject({ user: { lang: 'ta' } });
    // The same choice again records nothing and answers the same.
    expect(await member.call('PUT', '/api/me/language', { lang: 'ta' })).toEqual({ status: 200, body: { lang: 'ta' } });

    const refused = await member.call<{ error: { code: string; details: unknown } }>('PUT', '/api/me/language', {
      lang: 'fr',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'LANG_INVALID', details: { lang: 'fr' } });
    expect((await member.call('PUT', '/api/me/language', {})).body).toMatchObject({ error: { code: 'VALIDATION' } });

    const again = client(server);
    const login = await again.call('POST', '/api/auth/login', MEMBER);
    expect(login.body).toMatchObject({ user: { email: MEMBER.email, lang: 'ta' } });

    // A Tamil member's reset and password-changed mails are in Tamil.
    expect((await client(server).call('POST', '/api/auth/password/forgot', { email: MEMBER.email })).status).toBe(200);
    const [reset] = await mailsTo(MEMBER.email);
    expect(reset!.subject).toBe('உங்கள் Vetri Deals கடவுச்சொல்லை மீட்டமையுங்கள்');
    expect(reset!.text).toMatch(/30 நிமிடங்களுக்குள்/);
    expect(reset!.text).toMatch(/\/reset-password\?token=/);

    expect(await member.call('PUT', '/api/me/language', { lang: 'en' })).toEqual({ status: 200, body: { lang: 'en' } });
    expect((await client(server).call('POST', '/api/auth/password/forgot', { email: MEMBER.email })).status).toBe(200);
    expect((await mailsTo(MEMBER.email))[0]!.subject).toBe('Reset your Vetri Deals password');
  });

  it("mails the OTP in the visitor's language and records the language on registration", async () => {
    const email = 'meena@example.in';
    const visitor = client(server);
    expect((await visitor.call('POST', '/api/auth/otp', { email, lang: 'ta' })).status).toBe(200);
    const [otp] = await mailsTo(email);
    expect(otp!.subject).toMatch(/^உங்கள் Vetri Deals குறியீடு: \d{6}$/);
    expect(otp!.text).toMatch(/10 நிமிடங்களுக்குச் செல்லுபடியாகும்/);
    const code = otp!.subject.match(/\d{6}/)![0];
    expect((await visitor.call('POST', '/api/auth/otp/verify', { email, otp: code })).status).toBe(200);
    const registered = await visitor.call('POST', '/api/auth/register', {
      name: 'Meena Kumar',
      email,
      phone: '9840098765',
      dob: '1995-03-14',
      district: 'Madurai',
      password: 'Meena@2026',
      confirmPassword: 'Meena@2026',
      referralCode: 'VETRI1',
      adult: true,
      lang: 'ta',
    });
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({ user: { email, lang: 'ta' } });

    // An unknown language in a request made before signing in is English, not a refusal.
    const other = 'selvi@example.in';
    expect((await client(server).call('POST', '/api/auth/otp', { email: other, lang: 'xx' })).status).toBe(200);
    expect((await mailsTo(other))[0]!.subject).toMatch(/^Your Vetri Deals code: \d{6}$/);

    // Someone asking a code for the Tamil member's email: the owner is told in Tamil, whatever the asker's language.
    clock.advance(120_000);
    expect((await client(server).call('POST', '/api/auth/otp', { email, lang: 'en' })).status).toBe(200);
    expect((await mailsTo(email))[0]!.subject).toBe('உங்கள் மின்னஞ்சலைக் கொண்டு யாரோ பதிவு செய்ய முயன்றனர்');
  });

  it('sends the newsletter confirmation in the language asked in', async () => {
    const email = 'reader@example.in';
    expect((await client(server).call('POST', '/api/newsletter/subscribe', { email, lang: 'ta' })).status).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('உங்கள் Vetri Deals செய்திமடல் சந்தாவை உறுதிசெய்யுங்கள்');
    expect(mail!.text).toMatch(/\/newsletter\/confirm\?/);
  });

  it("writes a Tamil member's notification in Tamil: the bell, and the mail", async () => {
    const waiting = await loggedIn(server, WAITLISTED.email, WAITLISTED.password);
    expect((await waiting.call('PUT', '/api/me/language', { lang: 'ta' })).status).toBe(200);
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const { body: users } = await admin.call<{ users: { id: string; email: string }[] }>(
      'GET',
      `/api/admin/users?search=${encodeURIComponent(WAITLISTED.email)}`,
    );
    const id = users.users.find((u) => u.email === WAITLISTED.email)!.id;
    expect((await admin.call('POST', `/api/admin/users/${id}/grant-access`)).status).toBe(200);
    await server.notifier.settled();
    server.notifier.tick();

    const { body } = await waiting.call<NotificationList>('GET', '/api/me/notifications');
    expect(body.notifications[0]).toMatchObject({
      kind: 'access_granted',
      title: 'உங்களுக்கு முழு அணுகல் கிடைத்துவிட்டது',
      url: '/deals',
    });
    expect(body.notifications[0]!.body).toMatch(TAMIL);
    const [mail] = await mailsTo(WAITLISTED.email);
    expect(mail!.subject).toBe('உங்களுக்கு முழு அணுகல் கிடைத்துவிட்டது');
    expect(mail!.text).toMatch(/திறக்க: .*\/deals/);
    expect(mail!.text).toMatch(/சுயவிவரப் பக்கத்தில்/);
  });
});
