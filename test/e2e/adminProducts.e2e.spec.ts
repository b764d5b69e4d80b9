import { describe, expect, it } from 'vitest';
import { catalogueProducts } from '../../scripts/seed/catalogue.ts';
import { formatRupees } from '../../web/src/lib/format.ts';
import { ADMIN } from '../helpers/http.ts';
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
});
