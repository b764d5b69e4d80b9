import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createManualClock } from '../../api/clock.ts';
import { ADMIN } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { MOBILE, chromiumAvailable, launchBrowser, openLoggedInPage, screenshot } from './browser.ts';

const ROOM = '/aplauction/CDPL26';
const OWNER = { email: 'member1@vetrideals.in', password: 'Member@123', team: 'Thanjavur Temple Tigers' };

const teamRow = (page: Page, name: string) => page.locator('.apl-panel--teams tr', { hasText: name });

describe.skipIf(!chromiumAvailable)('league auction in Chromium: an admin and a team owner', () => {
  // The server's clock is moved by hand, so the 30-second deadline passes when the test says so.
  const clock = createManualClock(Date.now());
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  it('lists the demo room with its owners and a Join Room button', async () => {
    const { page, context, errors } = await openLoggedInPage(browser, server, OWNER);
    contexts.push(context);
    await page.goto('/apl');
    await page.getByRole('heading', { name: 'League Auction Rooms' }).waitFor();
    const room = page.locator('.apl-room', { hasText: 'Cauvery Delta Premier League 2026' });
    expect(await room.textContent()).toContain('4 owners');
    await room.getByRole('link', { name: 'Join Room' }).click();
    await page.waitForURL(`**${ROOM}`);
    await page.getByText('Remaining points:').waitFor();
    expect(errors).toEqual([]);
  });

  it('starts a player, takes a bid, and shows SOLD with the teams table updated in both windows', async () => {
    const admin = await openLoggedInPage(browser, server, ADMIN);
    const owner = await openLoggedInPage(browser, server, OWNER);
    contexts.push(admin.context, owner.context);
    await Promise.all([admin.page.goto(ROOM), owner.page.goto(ROOM)]);
    await owner.page.getByText('No auction in progress.').waitFor();
    expect(await owner.page.getByRole('button', { name: 'Start Next Player Auction' }).count()).toBe(0);
    await admin.page.getByRole('button', { name: 'Start Next Player Auction' }).click();

    await owner.page.getByRole('heading', { name: 'Karthikeyan Murali' }).waitFor();
    expect(await owner.page.getByTestId('apl-highest-bidder').textContent()).toBe('-');
    await owner.page.getByText(/^\d+s left$/).waitFor();
    await owner.page.getByRole('button', { name: 'Place Bid (+10)' }).click();
    await owner.page.getByText('You are the highest bidder').waitFor();
    await admin.page.getByTestId('apl-highest-bidder').filter({ hasText: OWNER.team }).waitFor();
    expect(await admin.page.getByTestId('apl-current-bid').textContent()).toBe('110');
    const said = (page: Page, text: string) =>
      page.getByTestId('live-announcer').filter({ hasText: text }).waitFor({ state: 'attached' });
    await said(admin.page, `New deal: 110 points by ${OWNER.team}.`);
    await said(owner.page, 'Your deal leads at 110 points.');
    expect(await owner.page.getByRole('button', { name: 'Place Bid (+10)' }).isDisabled()).toBe(true);
    await screenshot(owner.page, 'league-owner-leading');

    clock.advance(31_000);
    for (const { page } of [admin, owner]) {
      await page.getByText('Player SOLD').waitFor();
      await page.getByText('Waiting for admin to start the next auction...').waitFor();
      await teamRow(page, OWNER.team).filter({ hasText: '890' }).filter({ hasText: '1/7' }).waitFor();
    }
    expect(await owner.page.getByTestId('apl-result').textContent()).toContain(`${OWNER.team} for 110 points`);
    await said(owner.page, 'You won, at 110 points.');
    await said(admin.page, `Ended. ${OWNER.team} won at 110 points.`);
    expect(await owner.page.getByTestId('apl-my-team').textContent()).toContain('Remaining points: 890');
    const soldRow = owner.page.locator('.apl-panel--players tr', { hasText: 'Karthikeyan Murali' });
    expect(await soldRow.textContent()).toContain('Sold');
    expect(await soldRow.textContent()).toContain(OWNER.team);
    await admin.page.getByRole('button', { name: 'Start Next Player Auction' }).waitFor();
    await screenshot(admin.page, 'league-admin-sold');
    expect([...admin.errors, ...owner.errors]).toEqual([]);
  });

  it('the admin pauses the timer and undoes a bid with a reason; the owner sees both at once', async () => {
    const admin = await openLoggedInPage(browser, server, ADMIN);
    const owner = await openLoggedInPage(browser, server, OWNER);
    contexts.push(admin.context, owner.context);
    await Promise.all([admin.page.goto(ROOM), owner.page.goto(ROOM)]);
    await admin.page.getByRole('button', { name: 'Start Next Player Auction' }).click();
    await owner.page.getByRole('button', { name: /^Place Bid/ }).click();
    await owner.page.getByText('You are the highest bidder').waitFor();

    await admin.page.getByRole('button', { name: 'Pause timer' }).click();
    await owner.page
      .getByTestId('apl-seconds')
      .filter({ hasText: /^Paused · \d+s left$/ })
      .waitFor();
    expect(await owner.page.getByRole('button', { name: /^Place Bid/ }).count()).toBe(0);

    await admin.page.getByRole('button', { name: 'Undo last bid' }).click();
    await admin.page
      .getByLabel('Why is the last bid undone? Everyone in the room sees this.')
      .fill('Owner tapped twice');
    await admin.page.getByRole('button', { name: 'Undo the bid' }).click();
    await owner.page.getByRole('alert').filter({ hasText: 'Owner tapped twice' }).waitFor();
    expect(await owner.page.getByTestId('apl-highest-bidder').textContent()).toBe('-');

    await admin.page.getByRole('button', { name: 'Resume timer' }).click();
    await owner.page.getByRole('button', { name: /^Place Bid/ }).waitFor();
    await screenshot(owner.page, 'league-undone-resumed');
    expect([...admin.errors, ...owner.errors]).toEqual([]);
  });

  it('on a phone: view-only notice, and the players and teams sheets close with Done', async () => {
    const viewer = await openLoggedInPage(
      browser,
      server,
      { email: 'member5@vetrideals.in', password: 'Member@123' },
      MOBILE,
    );
    contexts.push(viewer.context);
    await viewer.page.goto(ROOM);
    await viewer.page.getByText('You are in view-only mode.').waitFor();
    await viewer.page.getByRole('button', { name: 'View Players' }).click();
    const sheet = viewer.page.getByRole('dialog', { name: 'Players' });
    await sheet.getByRole('columnheader', { name: 'Sold' }).waitFor();
    await sheet.getByPlaceholder('Search players').fill('zzz');
    await sheet.getByText('No players found').waitFor();
    await sheet.getByPlaceholder('Search players').fill('karthik');
    expect(await sheet.locator('tbody tr').count()).toBe(1);
    const fit = await sheet
      .locator('.apl-table-scroll')
      .evaluate((el) => ({ visible: el.clientWidth, full: el.scrollWidth }));
    expect(fit.full, 'the phone table fits without sideways scrolling').toBeLessThanOrEqual(fit.visible);
    await screenshot(viewer.page, 'league-mobile-players');
    await sheet.getByRole('button', { name: 'Done' }).click();
    expect(await viewer.page.getByRole('dialog').count()).toBe(0);
    await viewer.page.getByRole('button', { name: 'View Teams' }).click();
    await viewer.page.getByRole('dialog', { name: 'Teams' }).getByText('Remaining Points').waitFor();
    await viewer.page.getByRole('button', { name: 'Done' }).click();
    const width = await viewer.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    expect(viewer.errors).toEqual([]);
  });
  it('lets the admin create a league, add a team by form and players by CSV, naming each bad row', async () => {
    const { page, context, errors } = await openLoggedInPage(browser, server, ADMIN);
    contexts.push(context);
    await page.goto('/admin/leagues');
    await page.getByLabel('League name').fill('Thanjavur Club Cup');
    await page.getByLabel('Room code').fill('tnj2026');
    await page.getByRole('button', { name: 'Create League' }).click();
    await page.waitForURL('**/admin/leagues/TNJ2026');

    await page.getByLabel('Team name').fill('Big Temple Blasters');
    await page.getByLabel('Owner email').fill('nobody@vetrideals.in');
    await page.getByRole('button', { name: 'Add Team' }).click();
    await page.getByText('No member with the email nobody@vetrideals.in.').waitFor();
    await page.getByLabel('Owner email').fill('member5@vetrideals.in');
    await page.getByRole('button', { name: 'Add Team' }).click();
    await page.getByRole('heading', { name: 'Teams (1)' }).waitFor();

    const upload = async (csv: string) => {
      await page
        .getByLabel('Upload players as CSV')
        .setInputFiles({ name: 'players.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Upload players', exact: true }).click();
    };
    await upload('name,role,base_price\nArun Prakash,Batter,20\nBala Murugan,Spinner,40\nChandru S,WK,35\n');
    const problem = page.getByRole('alert').filter({ hasText: 'rows need fixing' });
    await problem.waitFor();
    expect(await problem.textContent()).toContain('CSV row 1: Base price must be a whole number of at least 30.');
    expect(await problem.textContent()).toContain(
      'CSV row 2: Role must be one of Batter, Bowler, All-rounder, Wicket-keeper.',
    );
    expect(await page.getByRole('heading', { name: 'Players (0)' }).count()).toBe(1);
    await upload('Player Name,Role,Base\nArun Prakash,Batter,30\nBala Murugan,Bowler,40\nChandru S,WK,35\n');
    await page.getByRole('heading', { name: 'Players (3)' }).waitFor();
    expect(await page.locator('tr', { hasText: 'Chandru S' }).textContent()).toContain('Wicket-keeper');
    await screenshot(page, 'league-admin-setup');
    expect(errors).toEqual([]);
  });
});
