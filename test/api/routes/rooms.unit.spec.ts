import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { receiptRoutes } from '../../../api/audit/receiptRoutes.ts';
import { uploadsRoutes } from '../../../api/uploads/images.ts';
import { myRoomsRoutes, roomsRoutes } from '../../../api/rooms/routes.ts';
import { MEMBERS, playRoom } from '../../helpers/auditRooms.ts';
import type { RouteDeps } from '../../helpers/routeDeps.ts';
import { call, mount, routeDeps, signedIn } from '../../helpers/routeDeps.ts';
import { addProduct, createRoom, PNG } from './fixtures.ts';

let deps: RouteDeps;
beforeEach(async () => {
  deps = await routeDeps();
});
afterEach(() => deps.close());

type Failure = { error: { code: string; message: string } };

describe('roomsRoutes', () => {
  it('lists upcoming rooms, shows one, and pre-books a seat for a member with access', async () => {
    const admin = await signedIn(deps, { role: 'admin' });
    const code = await createRoom(deps, admin.cookie, (await addProduct(deps, admin.cookie)).id);
    const app = mount(deps, '/api/rooms', roomsRoutes(deps));

    const list = await call<{ rooms: { room_code: string; status: string }[] }>(app, 'GET', '/api/rooms');
    expect(list.status).toBe(200);
    expect(list.body.rooms.map((r) => r.room_code)).toEqual([code]);

    const waiting = await signedIn(deps, { waitlisted: true });
    const refused = await call<Failure>(app, 'POST', `/api/rooms/${code}/prebook`, { cookie: waiting.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('WAITLISTED');

    const member = await signedIn(deps);
    const booked = await call<{ success: boolean; joined_count: number; wallet_balance: number }>(
      app,
      'POST',
      `/api/rooms/${code.toLowerCase()}/prebook`,
      { cookie: member.cookie },
    );
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ success: true, joined_count: 1, wallet_balance: 0 });

    const room = await call<{ me: { prebooked: boolean; can_bid: boolean } }>(app, 'GET', `/api/rooms/${code}`, {
      cookie: member.cookie,
    });
    expect(room.body.me).toMatchObject({ prebooked: true });
    const bids = await call<{ history: unknown[] }>(app, 'GET', `/api/rooms/${code}/bids`);
    expect(bids.body.history).toEqual([]);

    const badCode = await call<Failure>(app, 'GET', '/api/rooms/no-such-room');
    expect(badCode.status).toBe(400);
    expect(badCode.body.error.message).toContain('room code must be 6 letters or digits');
    const unknown = await call<Failure>(app, 'GET', '/api/rooms/ZZZ999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('ROOM_NOT_FOUND');
    const notWon = await call<Failure>(app, 'GET', `/api/rooms/${code}/purchase`, { cookie: member.cookie });
    expect(notWon.body.error.code).toBe('PURCHASE_NOT_OPEN');
  });
});

describe('myRoomsRoutes', () => {
  it('lists the rooms I pre-booked with my tab, and only mine', async () => {
    const admin = await signedIn(deps, { role: 'admin' });
    const code = await createRoom(deps, admin.cookie, (await addProduct(deps, admin.cookie)).id);
    const member = await signedIn(deps);
    const other = await signedIn(deps);
    await call(mount(deps, '/api/rooms', roomsRoutes(deps)), 'POST', `/api/rooms/${code}/prebook`, {
      cookie: member.cookie,
    });
    const app = mount(deps, '/api/me/rooms', myRoomsRoutes(deps));
    expect((await call(app, 'GET', '/api/me/rooms')).status).toBe(401);
    const mine = await call<{ rooms: { room_code: string; tab: string; remaining: number }[] }>(
      app,
      'GET',
      '/api/me/rooms',
      { cookie: member.cookie },
    );
    expect(mine.body.rooms).toEqual([expect.objectContaining({ room_code: code, tab: 'prebooked', remaining: 5 })]);
    const theirs = await call<{ rooms: unknown[] }>(app, 'GET', '/api/me/rooms', { cookie: other.cookie });
    expect(theirs.body.rooms).toEqual([]);
  });
});

describe('receiptRoutes', () => {
  it('gives a signed-in member the fairness receipt and history of a finished room', async () => {
    await playRoom(deps, 'AUD001', { start: deps.clock.now() - 3_600_000, bidders: [MEMBERS[0].userId] });
    await playRoom(deps, 'AUD002', { start: deps.clock.now() + 3_600_000, bidders: [], finish: false });
    const app = mount(deps, '/api/rooms', receiptRoutes(deps));
    expect((await call(app, 'GET', '/api/rooms/AUD001/receipt')).status).toBe(401);

    const { cookie } = await signedIn(deps);
    const receipt = await call<{
      final_event: { type: string };
      chain_intact: boolean;
      bids: number;
      winner: { name: string };
    }>(app, 'GET', '/api/rooms/AUD001/receipt', { cookie });
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({
      final_event: { type: 'RoomEnded' },
      chain_intact: true,
      bids: 1,
      winner: { name: MEMBERS[0].userName },
    });

    const history = await call<string>(app, 'GET', '/api/rooms/AUD001/history.ndjson', { cookie });
    expect(history.status).toBe(200);
    expect(history.headers.get('content-type')).toContain('application/x-ndjson');
    expect(history.body.trim().split('\n').length).toBeGreaterThan(3);

    const early = await call<Failure>(app, 'GET', '/api/rooms/AUD002/receipt', { cookie });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('RECEIPT_NOT_READY');
  });
});

describe('uploadsRoutes', () => {
  it('serves an uploaded product image with its checked type, and nothing else', async () => {
    const admin = await signedIn(deps, { role: 'admin' });
    const product = await addProduct(deps, admin.cookie, {}, PNG);
    expect(product.image).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/);
    const app = mount(deps, '/api/uploads', uploadsRoutes(deps));
    const image = await app.request(product.image);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    const traversal = await call<Failure>(app, 'GET', '/api/uploads/..%2Fsecrets.json');
    expect(traversal.status).toBe(404);
    expect(traversal.body.error.code).toBe('NOT_FOUND');
  });
});
