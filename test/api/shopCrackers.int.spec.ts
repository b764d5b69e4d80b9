import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crackersCatalogue } from '../../scripts/seed/catalogueCrackers.ts';
import { client, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true, env: { SWEEPER_INTERVAL_MS: '0' } });
});
afterAll(async () => {
  await server.stop();
});

const details = {
  name: 'Meena Raj',
  phone: '+91 98765 43210',
  address1: '12 East Main Street',
  address2: '',
  district: 'Thanjavur',
  referral_code: 'tnj001',
};
const byName = (name: string) => crackersCatalogue.find((k) => k.name === name)!;

describe('crackers', () => {
  it('lists, searches and sorts the catalogue without a login', async () => {
    const visitor = client(server);
    const all = await visitor.call<{ data: { id: string; per: string; particulars: string }[] }>(
      'GET',
      '/api/crackers',
    );
    expect(all.body.data).toHaveLength(crackersCatalogue.length);
    expect(all.body.data.every((k) => k.per && k.particulars)).toBe(true);
    const rockets = await visitor.call<{ data: { name: string; price: number }[] }>(
      'GET',
      '/api/crackers?q=ROCKET&sort=price_asc',
    );
    const want = crackersCatalogue.filter((k) => /rocket/i.test(k.name) || /rocket/i.test(k.category));
    expect(rockets.body.data.map((k) => k.name).sort()).toEqual(want.map((k) => k.name).sort());
    expect(rockets.body.data.map((k) => k.price)).toEqual(want.map((k) => k.price).sort((a, b) => a - b));
  });

  it('refuses an order below ₹2000 and accepts one above, priced by the server', async () => {
    const visitor = client(server);
    const flowerPots = byName('Flower Pots Big');
    const below = await visitor.call<{ error: { message: string } }>('POST', '/api/crackers/orders', {
      ...details,
      items: [{ id: flowerPots.id, quantity: 7 }],
    });
    expect([below.status, below.body.error.message]).toEqual([422, 'Minimum order ₹2000 required']);
    const above = await visitor.call<{ success: boolean; message: string; order_id: string }>(
      'POST',
      '/api/crackers/orders',
      {
        ...details,
        items: [{ id: flowerPots.id, quantity: 8 }],
      },
    );
    expect(above.status, JSON.stringify(above.body)).toBe(200);
    expect(above.body).toMatchObject({ success: true, message: 'Order Placed Successfully' });
    expect(above.body.order_id).toMatch(/^CR/);
  });

  it('checks the district and the referral code', async () => {
    const visitor = client(server);
    const items = [{ id: byName('5000 Wala Garland').id, quantity: 1 }];
    const chennai = await visitor.call('POST', '/api/crackers/orders', { ...details, items, district: 'Chennai' });
    expect(chennai.status).toBe(422);
    const unknown = await visitor.call<{ error: { message: string } }>('POST', '/api/crackers/orders', {
      ...details,
      items,
      referral_code: 'ZZZ999',
    });
    expect(unknown.body.error.message).toBe('Referral Code Not Found');
  });

  it('shows orders placed with a referral code, without credentials, phones masked to the last four digits', async () => {
    const res = await fetch(`${server.url}/api/crackers/status`, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ referralCode: 'TNJ001' }),
    });
    const body = (await res.json()) as {
      status: string;
      orders: { phone: string; customer_name: string; total_amount: number }[];
    };
    expect(body.status).toBe('success');
    expect(body.orders[0]).toMatchObject({ customer_name: 'Meena Raj', phone: '******3210', total_amount: 208_000 });
    expect(JSON.stringify(body)).not.toContain('98765');
    const missing = await client(server).call<{ error: { message: string } }>('POST', '/api/crackers/status', {
      referralCode: 'ZZZ999',
    });
    expect([missing.status, missing.body.error.message]).toEqual([404, 'Referral Code Not Found']);
  });

  it('lists a member’s reserved orders', async () => {
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    const giftBox = byName('Deluxe Gift Box');
    const placed = await member.call<{ order_id: string }>('POST', '/api/crackers/orders', {
      ...details,
      district: 'Thiruvarur',
      items: [{ id: giftBox.id, quantity: 1 }],
    });
    const mine = await member.call<{ data: { order_id: string; total_amount: number; order_items: unknown[] }[] }>(
      'GET',
      '/api/crackers/my-orders',
    );
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        order_id: placed.body.order_id,
        total_amount: 200_000,
        order_items: [{ id: giftBox.id, name: giftBox.name, price: 200_000, quantity: 1 }],
      }),
    ]);
    expect((await client(server).call('GET', '/api/crackers/my-orders')).status).toBe(401);
  });

  it('the demo seed has orders under VETRI1 for the status check', async () => {
    const { body } = await client(server).call<{ orders: { phone: string; district: string }[] }>(
      'POST',
      '/api/crackers/status',
      {
        referralCode: 'vetri1',
      },
    );
    expect(body.orders.length).toBeGreaterThanOrEqual(2);
    for (const o of body.orders) expect(o.phone).toMatch(/^\*{6}\d{4}$/);
  });
});
