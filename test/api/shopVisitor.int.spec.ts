import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueProducts } from '../../scripts/seed/catalogue.ts';
import { client } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(async () => {
  await server.stop();
});

/** Issue 20.7: visitors browse the catalogue (storefront §1, §2); the cart and checkout stay for members. */
describe('the shop without a session', () => {
  const code = catalogueProducts[0]!.product_code;

  it('answers every catalogue read with 200', async () => {
    const visitor = client(server);
    for (const path of [
      '/api/products',
      '/api/products?search=kettle&page=1',
      '/api/products/facets?search=kettle',
      '/api/products/suggest?q=tiffin',
      '/api/products/top',
      `/api/products/${code}`,
    ]) {
      const res = await visitor.call<{ success: boolean }>('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.body.success, path).toBe(true);
    }
    expect(visitor.cookie).toBeNull();
  });

  it('refuses the cart, checkout and orders with 401', async () => {
    const visitor = client(server);
    const product_id = catalogueProducts[0]!.id;
    for (const [method, path, body] of [
      ['GET', '/api/cart', undefined],
      ['POST', '/api/cart/items', { product_id, quantity: 1 }],
      ['GET', '/api/checkout', undefined],
      ['POST', '/api/checkout', { name: 'V', email: 'v@example.com', phone: '1', address: 'x' }],
      ['GET', '/api/orders', undefined],
    ] as const) {
      const res = await visitor.call<{ code?: string }>(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});
