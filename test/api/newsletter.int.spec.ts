import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import type { Client } from '../helpers/http.ts';
import type { NewsletterCounts } from '../../api/contract/newsletter.ts';
import { ADMIN, AUDITOR_LOGIN, client, loggedIn, MEMBER, postWithHost } from '../helpers/http.ts';

const clock = createManualClock('2026-11-24T04:30:00.000Z');
let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer({ seed: true, clock });
  admin = await loggedIn(server, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await server.stop();
});

interface Mail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}
const mailsTo = async (email: string): Promise<Mail[]> =>
  (await admin.call<{ mails: Mail[] }>('GET', '/api/admin/outbox')).body.mails.filter((m) => m.to === email);
/** The link in the newest mail to `email` that leads to `page`, as the page reads it. */
const urlIn = async (email: string, page: 'confirm' | 'unsubscribe') => {
  const mail = (await mailsTo(email)).find((m) => m.text.includes(`/newsletter/${page}?`));
  return new URL(mail!.text.match(/https?:\/\/\S+/g)!.find((u) => u.includes(`/newsletter/${page}?`))!);
};
const linkIn = async (email: string, page: 'confirm' | 'unsubscribe') => {
  const url = await urlIn(email, page);
  return { email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };
};
const counts = async () => (await admin.call<NewsletterCounts>('GET', '/api/admin/newsletter')).body;

describe('newsletter: double opt-in, one-step unsubscribe, the admin count', () => {
  it('asking mails a link; only following it subscribes; the count follows', async () => {
    const visitor = client(server);
    const before = await counts();
    const asked = await visitor.call('POST', '/api/newsletter/subscribe', { email: ' Meena@Example.in ' });
    expect(asked).toEqual({
      status: 200,
      body: { success: true, message: 'Check your inbox: we sent you a link to confirm your subscription.' },
    });
    expect(await counts()).toEqual({ ...before, pending: before.pending + 1 });

    const link = await linkIn('meena@example.in', 'confirm');
    expect(
      (await visitor.call('POST', '/api/newsletter/confirm', { ...link, token: 'x' + link.token })).body,
    ).toMatchObject({ error: { code: 'NEWSLETTER_LINK_INVALID' } });
    expect(await counts()).toMatchObject({ subscribed: before.subscribed });
    expect((await visitor.call('POST', '/api/newsletter/confirm', link)).body).toEqual({
      success: true,
      message: 'You are subscribed to the Vetri Deals newsletter. Thank you!',
    });
    // The same link again is harmless.
    expect((await visitor.call('POST', '/api/newsletter/confirm', link)).status).toBe(200);
    expect(await counts()).toEqual({ ...before, subscribed: before.subscribed + 1 });

    // Asking again while subscribed answers alike and mails nothing.
    const mailsBefore = (await mailsTo('meena@example.in')).length;
    expect((await visitor.call('POST', '/api/newsletter/subscribe', { email: 'meena@example.in' })).body.message).toBe(
      'Check your inbox: we sent you a link to confirm your subscription.',
    );
    expect(await mailsTo('meena@example.in')).toHaveLength(mailsBefore);
  });

  it('the mailed link leads to this site whatever Host the request named', async () => {
    expect(await postWithHost(server, 'evil.example', '/api/newsletter/subscribe', { email: 'host@example.in' })).toBe(
      200,
    );
    expect((await urlIn('host@example.in', 'confirm')).origin).toBe(server.url);
  });

  it('a link older than 7 days has expired', async () => {
    const visitor = client(server);
    await visitor.call('POST', '/api/newsletter/subscribe', { email: 'late@example.in' });
    const link = await linkIn('late@example.in', 'confirm');
    clock.advance(7 * 24 * 60 * 60_000 + 1000);
    const late = await visitor.call('POST', '/api/newsletter/confirm', link);
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ error: { code: 'NEWSLETTER_LINK_EXPIRED' } });
  });

  it('every newsletter mail unsubscribes in one step; the next one does not reach that address', async () => {
    const visitor = client(server);
    await visitor.call('POST', '/api/newsletter/subscribe', { email: 'ravi@example.in' });
    await visitor.call('POST', '/api/newsletter/confirm', await linkIn('ravi@example.in', 'confirm'));

    const sent = await admin.call('POST', '/api/admin/newsletter/send', {
      subject: 'Pongal deals this week',
      body: 'Five rooms open on Friday.',
    });
    expect(sent.body).toMatchObject({ success: true, sent: (await counts()).subscribed });
    const issue = (await mailsTo('ravi@example.in')).find((m) => m.subject === 'Pongal deals this week')!;
    expect(issue.text).toContain('Five rooms open on Friday.');
    const unsubscribe = await linkIn('ravi@example.in', 'unsubscribe');
    expect(issue.headers?.['List-Unsubscribe']).toContain('/newsletter/unsubscribe?');

    // A forged token for another address does nothing.
    const forged = await visitor.call('POST', '/api/newsletter/unsubscribe', {
      email: 'meena@example.in',
      token: unsubscribe.token,
    });
    expect(forged.body).toMatchObject({ error: { code: 'NEWSLETTER_LINK_INVALID' } });

    const before = await counts();
    expect((await visitor.call('POST', '/api/newsletter/unsubscribe', unsubscribe)).body).toEqual({
      success: true,
      message: 'You are unsubscribed. You will get no more newsletters from us.',
    });
    expect(await counts()).toEqual({
      ...before,
      subscribed: before.subscribed - 1,
      unsubscribed: before.unsubscribed + 1,
    });
    await admin.call('POST', '/api/admin/newsletter/send', { subject: 'Second issue', body: 'More deals.' });
    expect((await mailsTo('ravi@example.in')).some((m) => m.subject === 'Second issue')).toBe(false);
    expect((await mailsTo('meena@example.in')).some((m) => m.subject === 'Second issue')).toBe(true);
  });

  it("a newsletter's footer is in the reader's language: a member's own, or the one a visitor asked in", async () => {
    const visitor = client(server);
    await visitor.call('POST', '/api/newsletter/subscribe', { email: 'kavya@example.in', lang: 'ta' });
    const asked = (await mailsTo('kavya@example.in'))[0]!;
    expect(asked.text).toMatch(/[\u0B80-\u0BFF]/); // the confirmation mail was in Tamil already
    await visitor.call('POST', '/api/newsletter/confirm', await linkIn('kavya@example.in', 'confirm'));
    await visitor.call('POST', '/api/newsletter/subscribe', { email: 'arjun@example.in' });
    await visitor.call('POST', '/api/newsletter/confirm', await linkIn('arjun@example.in', 'confirm'));

    await admin.call('POST', '/api/admin/newsletter/send', { subject: 'Karthigai deals', body: 'Lamps at ₹99.' });
    const issueTo = async (email: string) => (await mailsTo(email)).find((m) => m.subject === 'Karthigai deals')!.text;
    const tamil = await issueTo('kavya@example.in');
    expect(tamil).toContain('Lamps at ₹99.'); // the admin's words as written
    expect(tamil).toContain('ஒரே படியில் சந்தாவை நிறுத்துங்கள்');
    expect(tamil).not.toContain('Unsubscribe in one step');
    const english = await issueTo('arjun@example.in');
    expect(english).toContain('Unsubscribe in one step');
    expect(english).not.toMatch(/[\u0B80-\u0BFF]/);
  });

  it('bad input gets words; only admins send, auditors may count, members may not', async () => {
    const visitor = client(server);
    expect((await visitor.call('POST', '/api/newsletter/subscribe', { email: 'not-an-email' })).body).toMatchObject({
      error: { code: 'EMAIL_INVALID', message: 'Enter a valid email address.' },
    });
    expect((await admin.call('POST', '/api/admin/newsletter/send', { subject: ' ', body: 'x' })).body).toMatchObject({
      error: { message: 'Please give the newsletter a subject.' },
    });
    const auditor = await loggedIn(server, AUDITOR_LOGIN.email, AUDITOR_LOGIN.password);
    expect((await auditor.call('GET', '/api/admin/newsletter')).status).toBe(200);
    expect((await auditor.call('POST', '/api/admin/newsletter/send', { subject: 'a', body: 'b' })).status).toBe(403);
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    expect((await member.call('GET', '/api/admin/newsletter')).status).toBe(403);
    expect((await visitor.call('GET', '/api/admin/newsletter')).status).toBe(401);
  });

  it('limits how often one address can be asked for', async () => {
    const visitor = client(server);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await visitor.call('POST', '/api/newsletter/subscribe', { email: 'spam@example.in' })).status);
    expect(answers.slice(0, 3)).toEqual([200, 200, 200]);
    expect(answers.at(-1)).toBe(429);
  });
});
