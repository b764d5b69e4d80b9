import { describe, expect, it } from 'vitest';
import { ADMIN, loggedIn, WAITLISTED } from '../helpers/http.ts';
import { browserSuite, chromiumAvailable, MOBILE, openLoggedInPage, screenshot } from './browser.ts';

describe.skipIf(!chromiumAvailable)('notifications in Chromium', () => {
  const suite = browserSuite();

  it('at 375 px a waitlisted member’s open page becomes a member’s page when access is granted, and the bell says so', async () => {
    const { page, context, errors } = await openLoggedInPage(suite.browser, suite.server, WAITLISTED, MOBILE);
    try {
      await page.goto('/deals');
      await page.getByTestId('waitlist-notice').waitFor();
      await page.getByTestId('bell').waitFor();
      expect(await page.getByTestId('bell-count').count()).toBe(0);

      const admin = await loggedIn(suite.server, ADMIN.email, ADMIN.password);
      const session = await page.evaluate(() =>
        fetch('/api/auth/session').then((r) => r.json() as Promise<{ user: { id: string } }>),
      );
      expect((await admin.call('POST', `/api/admin/users/${session.user.id}/grant-access`)).status).toBe(200);

      // No reload: the waitlist notice goes, the cards offer Pre-Book, and the bell counts one.
      await page.getByTestId('bell-count').filter({ hasText: '1' }).waitFor();
      await page.getByTestId('waitlist-notice').waitFor({ state: 'detached' });
      expect(await page.getByRole('button', { name: 'Notifications, 1 unread' }).count()).toBe(1);
      await page.getByTestId('bell').click();
      const panel = page.getByTestId('bell-panel');
      await panel.getByText('You have full access').waitFor();
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, 'bell-access-granted-375');

      // Tapping it opens its screen and marks it read.
      await panel.getByTestId('bell-item').first().click();
      await page.waitForURL('**/deals');
      await page.getByTestId('bell-count').waitFor({ state: 'detached' });
      const list = await page.evaluate(() =>
        fetch('/api/me/notifications').then((r) => r.json() as Promise<{ unread: number }>),
      );
      expect(list.unread).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
