import { describe, expect, it } from 'vitest';
import { imageSizeOf, imageTypeOf } from '../../api/uploads/images.ts';
import { MEMBER } from '../helpers/http.ts';
import { makePng } from '../helpers/png.ts';
import { browserSuite, chromiumAvailable, MOBILE, openLoggedInPage, screenshot } from './browser.ts';

/** Issue 20.7: a member uploads an avatar on the profile at 375 px; the browser resizes it to 256×256. */
describe.skipIf(!chromiumAvailable)('avatar upload on a phone', () => {
  const suite = browserSuite();

  it('uploads a PNG made in the test, and shows it on the profile and in the header', async () => {
    const { page, context, errors } = await openLoggedInPage(suite.browser, suite.server, MEMBER, MOBILE);
    try {
      await page.goto('/profile');
      await page.getByTestId('profile-avatar').waitFor();
      await page
        .getByTestId('avatar-input')
        .setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: makePng(480, 320) });
      await expect.poll(() => page.getByTestId('avatar-alert').textContent()).toBe('Avatar updated.');

      const img = page.getByTestId('profile-avatar').locator('img');
      const src = (await img.getAttribute('src')) ?? '';
      expect(src).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\.(webp|png)$/);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(256);

      // What the server stored: an image by its bytes, resized to 256×256 in the browser.
      const stored = new Uint8Array(await (await context.request.get(src)).body());
      expect(imageTypeOf(stored)?.ext).toMatch(/^(webp|png)$/);
      expect(imageSizeOf(stored)).toEqual({ width: 256, height: 256 });

      // The header's avatar button shows it instead of the initials, also after a reload.
      await expect.poll(() => page.locator('.avatar-button img').first().getAttribute('src')).toBe(src);
      await page.reload();
      await expect.poll(() => page.locator('.avatar-button img').first().getAttribute('src')).toBe(src);
      await screenshot(page, 'profile-avatar-375');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says so when the file is not an image, whatever its name', async () => {
    const { page, context } = await openLoggedInPage(suite.browser, suite.server, MEMBER, MOBILE);
    try {
      await page.goto('/profile');
      await page
        .getByTestId('avatar-input')
        .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text\n') });
      await expect
        .poll(() => page.getByTestId('avatar-alert').textContent())
        .toBe('That file is not a PNG, JPEG or WebP image. Choose a photo or picture.');
    } finally {
      await context.close();
    }
  });
});
