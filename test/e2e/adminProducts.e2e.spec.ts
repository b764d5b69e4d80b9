import { describe, expect, it } from 'vitest';
import { catalogueProducts } from '../../scripts/seed/catalogue.ts';
import { formatRupees } from '../../web/src/lib/format.ts';
import type { RoomSummary } from '../../api/contract/rooms.ts';
import { ADMIN, loggedIn, MEMBER } from '../helpers/http.ts';
import { browserSuite, chromiumAvailable, MOBILE, openLoggedInPage, openPage, screenshot } from './browser.ts';

const WIDE = { width: 1366, height: 900 };
const seeded = catalogueProducts.find((p) => p.product_code === 'VD1036')!;

describe.skipIf(!chromiumAvailable)('/admin/products in Chromium', () => {
  const suite = browserSuite({ seed: true });

  it('an admin edits a product, restocks it and takes it off the shop; a visitor’s open product page follows live', async () => {
    const admin = await openLoggedInPage(suite.browser, suite.server, ADMIN, WIDE);
    const visitor = await openPage(suite.browser, suite.server, { viewport: MOBILE });
    try {
      await visitor.page.goto('/product/VD1036');
      await visitor.page.getByTestId('product-stock').getByText(`In stock: ${seeded.stock}`).waitFor();

      const { page } = admin;
      await page.goto('/admin/products');
      await page.getByLabel('Name or code').fill('VD1036');
      const card = page.getByTestId('product-VD1036');
      await card.waitFor();
      // A new brand first, then the edit picks it.
      const lists = page.getByTestId('taxonomy');
      await lists.getByPlaceholder('New brand').fill('Thanjai Lights');
      await lists.getByRole('button', { name: 'Add' }).nth(1).click();
      await page.getByText('Added “Thanjai Lights”.').waitFor();

      await card.getByRole('button', { name: 'Edit' }).click();
      const form = page.getByRole('form', { name: `Edit ${seeded.name}` });
      await form.getByLabel('Price (₹)', { exact: true }).fill('1299');
      await form.getByLabel('Original price (₹)').fill('1999');
      await form.getByLabel('Brand').selectOption('Thanjai Lights');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText(`${seeded.name} is updated.`).waitFor();
      await card.getByText(`Thanjai Lights · ${formatRupees(1_299_00)}`, { exact: false }).waitFor();

      await card.getByLabel(`Stock of ${seeded.name}`).fill('42');
      await card.getByRole('button', { name: 'Set stock' }).click();
      await card.getByTestId('product-stock').getByText('42 in stock').waitFor();

      // The visitor's page, untouched, now shows the new price, brand and stock.
      await visitor.page.getByTestId('product-stock').getByText('In stock: 42').waitFor();
      await visitor.page.getByText('Thanjai Lights').waitFor();
      await screenshot(visitor.page, 'product-live-375');

      await card.getByRole('button', { name: 'Take off the shop' }).click();
      await card.getByText('Off the shop').waitFor();
      await visitor.page.getByText('Product not found').waitFor();
      await screenshot(page, 'admin-products-1366');
      await card.getByRole('button', { name: 'Put back in the shop' }).click();
      await card.getByText('In the shop').waitFor();
      expect(admin.errors).toEqual([]);
      expect(visitor.errors).toEqual([]);
    } finally {
      await admin.context.close();
      await visitor.context.close();
    }
  });

  it("a member's open room page and the deals list show the product's new name as soon as an admin saves it", async () => {
    const member = await openLoggedInPage(suite.browser, suite.server, MEMBER, MOBILE);
    const admin = await loggedIn(suite.server, ADMIN.email, ADMIN.password);
    try {
      const rooms = (await admin.call<{ rooms: RoomSummary[] }>('GET', '/api/rooms')).body.rooms;
      const room = rooms.find((r) => r.status === 'upcoming')!;
      await member.page.goto(`/auction/${room.room_code}`);
      await member.page.getByRole('heading', { level: 1, name: room.product_name }).waitFor();
      const edit = await admin.call('PATCH', `/api/admin/products/${room.product_id}`, { name: 'Pongal gift hamper' });
      expect(edit.status).toBe(200);
      await member.page.getByRole('heading', { level: 1, name: 'Pongal gift hamper' }).waitFor({ timeout: 10_000 });
      await member.page.goto('/deals');
      await member.page.getByTestId(`deal-card-${room.room_code}`).getByText('Pongal gift hamper').waitFor();
      expect(member.errors).toEqual([]);
    } finally {
      await member.context.close();
    }
  }, 60_000);
});
