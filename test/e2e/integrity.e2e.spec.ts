import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createManualClock } from '../../api/clock.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, AUDITOR_LOGIN, client, loggedIn, MEMBER } from '../helpers/http.ts';
import type { LiveClient } from '../api/roomsHelpers.ts';
import { createRoom, deposit, liveClient } from '../api/roomsHelpers.ts';
import {
  browserSuite,
  chromiumAvailable,
  MOBILE,
  openLoggedInPage,
  screenshot,
  seriousViolations,
  untranslatedTexts,
} from './browser.ts';

const WIDE = { width: 1366, height: 900 } as const;

const noOverflow = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/**
 * Issue 21.7's admin screen on a real server: two members who share a device take turns dealing
 * half a second before each deadline (a metronome), so the room's end raises shared-device,
 * shared-address and scripted-timing flags; an admin reads the evidence, opens the replay at a
 * deal, opens the room's timing report and reviews a flag with a note — at 1366 px and on a phone.
 */
describe.skipIf(!chromiumAvailable)('Fairness insights: the admin review queue', () => {
  const clock = createManualClock(Date.now());
  const suite = browserSuite({ seed: true, clock, env: { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0' } });
  let code: string;
  const live: LiveClient[] = [];

  beforeAll(async () => {
    const { server } = suite;
    clock.advance(3 * 24 * 60 * 60_000); // the demo rooms run to their end first
    await server.rooms.tick();
    await server.rooms.settled();
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const first = await loggedIn(server, 'member1@vetrideals.in', MEMBER.password);
    // Member 2 signs in from member 1's browser: the device id cookie comes along.
    const device = first.cookie!.split('; ').find((p) => p.startsWith('vd_device='))!;
    const second: Client = client(server);
    second.cookie = device;
    await second.call('POST', '/api/auth/login', { email: 'member2@vetrideals.in', password: MEMBER.password });
    const products = (await (await fetch(`${server.url}/api/products`)).json()) as { products: { id: string }[] };
    code = await createRoom(admin, products.products[0]!.id, clock.now() + 10 * 60_000, { max_participants: 2 });
    for (const m of [first, second]) {
      await deposit(server, m, 100_00);
      expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    }
    clock.advance(10 * 60_000);
    await server.rooms.tick();
    for (const m of [first, second]) live.push(await liveClient(server, m));
    for (const l of live) await l.emit('joinRoom', { roomCode: code });
    for (let i = 0; i < 10; i++) {
      clock.advance(29_500);
      expect((await live[i % 2]!.emit('placeBid', { roomCode: code })).ok).toBe(true);
    }
    clock.advance(31_000);
    await server.rooms.tick();
    await server.rooms.settled();
    for (const l of live) l.close();
  }, 90_000);

  it('at 1366 px: shows the flags with their deals, opens the replay at a deal and the timing report, and takes a review', async () => {
    const { page, context, errors } = await openLoggedInPage(suite.browser, suite.server, ADMIN, WIDE);
    try {
      await page.goto('/admin/integrity');
      const queue = page.getByTestId('integrity-queue');
      await queue.waitFor();
      expect(await page.getByRole('link', { name: 'Fairness' }).getAttribute('aria-current')).toBe('page');
      // The seeded demo room's flag (two players shared a family tablet) is in the queue too.
      expect(
        await queue
          .locator('> li', { hasText: 'In room VTR100: 2 members who dealt signed in from the same device.' })
          .count(),
      ).toBe(1);
      await page.getByLabel('Room', { exact: true }).fill(code);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="integrity-queue"] > li').length === 4);
      const device = queue.locator('li', { hasText: 'Shared device' }).first();
      expect(await device.textContent()).toContain(
        `In room ${code}: 2 members who dealt signed in from the same device.`,
      );
      expect(await device.textContent()).toContain('Evidence: 10 deals');
      // Each member's metronome: five deals at a steady pace.
      const scripted = queue.locator('> li', { hasText: 'Scripted timing' });
      expect(await scripted.count()).toBe(2);
      for (const card of await scripted.all())
        expect(await card.locator('.integrity-flag__summary').textContent()).toBe(
          `In room ${code}: 5 deals at near-constant intervals.`,
        );
      expect(await device.textContent()).toContain('0.5 s before the deadline');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'integrity-queue-1366');

      // The replay opens at the deal the evidence names.
      await device.locator('summary').click();
      const moment = device.getByRole('link', { name: 'Replay this moment' }).first();
      const href = (await moment.getAttribute('href'))!;
      expect(href).toMatch(new RegExp(`^/admin/rooms/${code}/replay\\?event=\\d+$`));
      const revision = Number(href.split('=')[1]);
      await moment.click();
      const current = page.locator('.replay-events [aria-current="step"]');
      await current.waitFor();
      expect(await page.locator('.replay-events li').nth(revision).getAttribute('class')).toBe('is-current');
      await page.goBack();
      await queue.waitFor();
      // The filters are in the address: back from the replay, the same room's flags.
      expect(await page.getByLabel('Room', { exact: true }).inputValue()).toBe(code);
      expect(await queue.locator('> li').count()).toBe(4);

      // The room's timing report: a chart and a row per member, every deal in the last second.
      await page
        .getByRole('button', { name: `Report for ${code}` })
        .first()
        .click();
      const report = page.getByTestId('integrity-report');
      await report.getByRole('img').waitFor();
      expect(await report.locator('tbody tr').count()).toBe(2);
      for (const row of await report.locator('tbody tr').all()) {
        expect(await row.locator('td').allTextContents()).toEqual([expect.any(String), '5', '0.5 s', '100%']);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'integrity-report-1366');

      // The review: a note is required; then the flag leaves the open queue.
      const card = queue.locator('li', { hasText: 'Shared device' }).first();
      await card.getByLabel('Dismiss: nothing wrong').check();
      await card.getByRole('button', { name: 'Mark reviewed' }).click();
      await card.getByText('Write a note').waitFor();
      await card.getByLabel(/^Note/).fill('Same household: checked with both members by phone.');
      await card.getByRole('button', { name: 'Mark reviewed' }).click();
      await page.getByText('Flag dismissed.').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="integrity-queue"] > li').length === 3);
      await page.getByLabel('Status').selectOption('reviewed');
      const reviewed = page.getByTestId('flag-review').first();
      await reviewed.waitFor();
      expect(await reviewed.textContent()).toContain('Dismissed by Vetri Admin on');
      expect(await reviewed.textContent()).toContain('Same household: checked with both members by phone.');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('in Tamil: the same flags, each sentence in Tamil from its facts, and no English words', async () => {
    const { page, context, errors } = await openLoggedInPage(suite.browser, suite.server, ADMIN, WIDE, 'ta');
    try {
      // Every status: the 1366 px test reviewed the shared-device flag.
      await page.goto(`/admin/integrity?status=all&room=${code}`);
      const queue = page.getByTestId('integrity-queue');
      await queue.waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="integrity-queue"] > li').length === 4);
      const sentences = await queue.locator('.integrity-flag__summary').allTextContents();
      expect(sentences.sort()).toEqual(
        [
          `அறை ${code}: டீல் செய்த 2 உறுப்பினர்கள் ஒரே சாதனத்திலிருந்து உள்நுழைந்தனர்.`,
          `அறை ${code}: டீல் செய்த 2 உறுப்பினர்கள் ஒரே நெட்வொர்க் முகவரியிலிருந்து உள்நுழைந்தனர்.`,
          `அறை ${code}: ஏறக்குறைய சீரான இடைவெளிகளில் 5 டீல்கள்.`,
          `அறை ${code}: ஏறக்குறைய சீரான இடைவெளிகளில் 5 டீல்கள்.`,
        ].sort(),
      );
      expect(await untranslatedTexts(page)).toEqual([]);
      await screenshot(page, 'integrity-queue-ta-1366');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a phone: cards without sideways scrolling, an empty state, and no review form for the auditor', async () => {
    const { page, context, errors } = await openLoggedInPage(suite.browser, suite.server, AUDITOR_LOGIN, MOBILE);
    try {
      await page.goto(`/admin/integrity?report=${code}`);
      await page.getByTestId('integrity-queue').waitFor();
      await page.getByTestId('integrity-report').getByRole('img').waitFor();
      await noOverflow(page, MOBILE.width);
      // The timing table is one card per member: its header row is hidden, each cell labelled.
      const head = page.getByTestId('integrity-report').locator('thead');
      expect(await head.evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
      expect(await page.getByRole('button', { name: 'Mark reviewed' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'integrity-phone');
      await page.getByLabel('Kind').selectOption('last-second');
      await page.getByTestId('integrity-empty').waitFor();
      expect(await page.getByTestId('integrity-empty').textContent()).toBe('No open flags. Nothing waits for review.');
      await noOverflow(page, MOBILE.width);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
