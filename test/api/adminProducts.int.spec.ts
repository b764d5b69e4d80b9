import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, Taxonomy } from '../../api/contract/shop.ts';
import type { RoomSummary } from '../../api/contract/rooms.ts';
import { productStream } from '../../engine/product.ts';
import { catalogueProducts } from '../../scripts/seed/catalogue.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, AUDITOR_LOGIN, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import type { LiveClient } from './roomsHelpers.ts';
import { liveClient, waitFor } from './roomsHelpers.ts';

/**
 * Product operations on a seeded server: edit any field (category and brand from the admins'
 * lists), restock, take off the shop and put back; the shop answers the change at once and open
 * pages hear it over the socket; each change is an event with the admin as its actor.
 */
let server: TestServer;
let admin: Client;
let auditor: Client;
let member: Client;
let watcher: LiveClient;
const seeded = catalogueProducts.find((p) => p.product_code === 'VD1036')!;

type Answer = { message: string; product: AdminProduct };
const shopView = async (code: string) => {
  const res = await fetch(`${server.url}/api/products/${code}`);
  return {
    status: res.status,
    body: (await res.json()) as { product: { price: number; original_price: number; category: string; stock: number } },
  };
};

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  auditor = await loggedIn(server, AUDITOR_LOGIN.email, AUDITOR_LOGIN.password);
  member = await loggedIn(server, MEMBER.email, MEMBER.password);
  watcher = await liveClient(server, null);
});
afterAll(async () => {
  watcher.close();
  await server.stop();
});

describe('admin product operations', () => {
  it('lists every product with stock for admins and auditors, not members', async () => {
    const list = (await auditor.call<{ products: AdminProduct[] }>('GET', '/api/admin/products?q=VD1036')).body;
    expect(list.products).toEqual([
      expect.objectContaining({ product_code: 'VD1036', listed: true, stock: seeded.stock }),
    ]);
    expect((await member.call('GET', '/api/admin/products')).status).toBe(403);
  });

  it('edits prices and category (from the list), and the shop and open pages show it at once', async () => {
    const unknown = await admin.call<{ error: { code: string; message: string } }>(
      'PATCH',
      `/api/admin/products/${seeded.id}`,
      { category: 'Festive Lights' },
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toBe('“Festive Lights” is not in the category list. Add it first.');
    const lists = await admin.call<Taxonomy>('POST', '/api/admin/shop-taxonomy/categories', {
      name: ' Festive   Lights ',
    });
    expect(lists.body.categories.map((c) => c.name)).toContain('Festive Lights');

    const edit = await admin.call<Answer>('PATCH', `/api/admin/products/${seeded.id}`, {
      category: 'Festive Lights',
      price: 1_299_00,
      original_price: 1_999_00,
      color: 'Warm white',
    });
    expect(edit.status).toBe(200);
    expect(edit.body.product).toMatchObject({ category: 'Festive Lights', price: 1_299_00, color: 'Warm white' });
    expect((await shopView('VD1036')).body.product).toMatchObject({
      price: 1_299_00,
      original_price: 1_999_00,
      category: 'Festive Lights',
    });
    await waitFor(
      () => watcher.of('productChanged').some((e) => e.product_code === 'VD1036'),
      'the live product change',
    );

    const events = await server.deps.store.readStream(productStream(seeded.id));
    expect(events.at(-1)).toMatchObject({
      type: 'ProductEdited',
      data: { changes: { category: 'Festive Lights', price: 1_299_00, original_price: 1_999_00, color: 'Warm white' } },
      metadata: { actor: { role: 'admin' } },
    });
    // A category in use cannot be removed.
    const remove = await admin.call<{ error: { message: string } }>(
      'DELETE',
      '/api/admin/shop-taxonomy/categories/Festive%20Lights',
    );
    expect(remove.body.error.message).toBe('One product uses “Festive Lights”. Move it first.');
  });

  it('restocks, and takes a product off the shop (no page, no cart) and back', async () => {
    expect(
      (await admin.call<Answer>('PUT', `/api/admin/products/${seeded.id}/stock`, { stock: 42 })).body.product.stock,
    ).toBe(42);
    expect((await shopView('VD1036')).body.product.stock).toBe(42);

    const off = await admin.call<Answer>('PUT', `/api/admin/products/${seeded.id}/listed`, { listed: false });
    expect(off.body.message).toBe(`${off.body.product.name} is off the shop.`);
    expect((await shopView('VD1036')).status).toBe(404);
    expect((await member.call('POST', '/api/cart/items', { product_id: seeded.id, quantity: 1 })).status).toBe(404);
    expect(
      (
        await auditor.call<{ products: AdminProduct[] }>('GET', '/api/admin/products?listed=delisted')
      ).body.products.map((p) => p.product_code),
    ).toContain('VD1036');

    await admin.call('PUT', `/api/admin/products/${seeded.id}/listed`, { listed: true });
    expect((await shopView('VD1036')).status).toBe(200);
    expect((await member.call('POST', '/api/cart/items', { product_id: seeded.id, quantity: 1 })).status).toBe(200);
  });

  it('only admins change products; bad values are refused in words', async () => {
    expect((await auditor.call('PUT', `/api/admin/products/${seeded.id}/stock`, { stock: 1 })).status).toBe(403);
    expect((await member.call('PATCH', `/api/admin/products/${seeded.id}`, { price: 1 })).status).toBe(403);
    const below = await admin.call<{ error: { message: string } }>('PATCH', `/api/admin/products/${seeded.id}`, {
      original_price: 1_00,
    });
    expect(below.body.error.message).toBe('The original price cannot be below the price.');
    expect(
      (await admin.call('PATCH', `/api/admin/products/${seeded.id}`, { image_url: 'https://evil.example/x.png' }))
        .status,
    ).toBe(400);
    expect((await admin.call('PUT', `/api/admin/products/${seeded.id}/stock`, { stock: -1 })).status).toBe(400);
    expect((await admin.call('PATCH', '/api/admin/products/no-such-product', { price: 1 })).status).toBe(404);
  });

  it("a room shows its product's new name and picture at once; its prices and fee stay the room's own", async () => {
    const rooms = (await member.call<{ rooms: RoomSummary[] }>('GET', '/api/rooms')).body.rooms;
    const room = rooms.find((r) => r.status === 'upcoming')!;
    const before = (await member.call<{ room: RoomSummary }>('GET', `/api/rooms/${room.room_code}`)).body.room;
    const edit = await admin.call<Answer>('PATCH', `/api/admin/products/${room.product_id}`, {
      name: 'Renamed for the festival',
      price: 1_00,
    });
    expect(edit.status).toBe(200);
    const listed = (await member.call<{ rooms: RoomSummary[] }>('GET', '/api/rooms')).body.rooms;
    expect(listed.find((r) => r.room_code === room.room_code)!.product_name).toBe('Renamed for the festival');
    const after = (await member.call<{ room: RoomSummary }>('GET', `/api/rooms/${room.room_code}`)).body.room;
    expect(after.product_name).toBe('Renamed for the festival');
    expect({ total: after.total_price, base: after.base_price, fee: after.entry_fee }).toEqual({
      total: before.total_price,
      base: before.base_price,
      fee: before.entry_fee,
    });
  });
});
