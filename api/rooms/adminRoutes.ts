import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import type { z } from 'zod';
import { DomainError } from '../../engine/decider.ts';
import { roomDecider, roomStream } from '../../engine/room.ts';
import { productById } from '../../projections/catalogue.ts';
import type { AdminRoomFilter, AdminRoomRow } from '../../projections/roomQueries.ts';
import { adminRoomRows, adminRoomsAfter, participantRows, roomRow } from '../../projections/roomQueries.ts';
import type { AuthEnv } from '../auth/session.ts';
import { actorOf, currentUser, requireRole } from '../auth/session.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import type { CsvColumn } from '../http/csv.ts';
import { csvFilename, csvResponse, csvRupees, csvTime, pagedRows } from '../http/csv.ts';
import { describe, jsonBody, pathParams, queryParams } from '../http/openapi.ts';
import { createProductFromForm } from './products.ts';
import { ProductCreated } from '../contract/shop.ts';
import type { AdminRoom, AdminRoomsQuery } from '../contract/rooms.ts';
import {
  AdminRoomAnswer,
  AdminRoomList,
  AdminRoomsQuery as AdminRoomsQuerySchema,
  CancelRoomBody,
  CreateRoomBody,
  RescheduleRoomBody,
  RoomCodeParam,
  RoomCreated,
} from '../contract/rooms.ts';
import { apiStatus, toRoomSummary } from './views.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newRoomCode = (): string =>
  Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const PAGE_SIZE = 50;
const indiaDay = (date: string) => Date.parse(`${date}T00:00:00+05:30`);

/** The screen's filters as the read model's: API status names, and India dates as a time range. */
const roomFilter = (q: z.output<typeof AdminRoomsQuerySchema> | AdminRoomsQuery): AdminRoomFilter => ({
  status: q.status === 'completed' ? 'ended' : q.status,
  q: q.q,
  from: q.from ? indiaDay(q.from) : undefined,
  to: q.to ? indiaDay(q.to) + 86_400_000 : undefined,
});

const toAdminRoom = (r: AdminRoomRow, now: number): AdminRoom => {
  const upcoming = r.status === 'upcoming' && now < r.scheduled_time;
  return {
    code: r.code,
    product_id: r.product_id,
    product_name: r.product_name,
    status: apiStatus(r.status),
    scheduled_time_ms: r.scheduled_time,
    created_by: r.created_by_name,
    remark: r.remark,
    joined_count: r.joined_count,
    max_participants: r.max_participants,
    entry_fee: r.entry_fee,
    base_price: r.base_price,
    max_price: r.max_price,
    bid_count: r.bid_count,
    final_bid: r.winner_id ? r.final_bid : null,
    winner_name: r.winner_name,
    fees_held: r.fees_held,
    fees_kept: r.fees_kept,
    fees_rewarded: r.fees_rewarded,
    fees_refunded: r.fees_refunded,
    can_cancel: upcoming,
    can_reschedule: upcoming && r.joined_count === 0,
  };
};

const ROOM_CSV: readonly CsvColumn<AdminRoomRow>[] = [
  { header: 'Room', value: (r) => r.code },
  { header: 'Product', value: (r) => r.product_name },
  { header: 'Product code', value: (r) => r.product_code },
  { header: 'Status', value: (r) => apiStatus(r.status) },
  { header: 'Starts (IST)', value: (r) => csvTime(r.scheduled_time) },
  { header: 'Ended (IST)', value: (r) => csvTime(r.ended_at) },
  { header: 'Seats booked', value: (r) => r.joined_count },
  { header: 'Seats', value: (r) => r.max_participants },
  { header: 'Entry fee (₹)', value: (r) => csvRupees(r.entry_fee) },
  { header: 'Base price (₹)', value: (r) => csvRupees(r.base_price) },
  { header: 'Max price (₹)', value: (r) => csvRupees(r.max_price) },
  { header: 'Deals', value: (r) => r.bid_count },
  { header: 'Final price (₹)', value: (r) => (r.winner_id ? csvRupees(r.final_bid) : null) },
  { header: 'Winner', value: (r) => r.winner_name },
  { header: 'Fees held (₹)', value: (r) => csvRupees(r.fees_held) },
  { header: 'Fees kept (₹)', value: (r) => csvRupees(r.fees_kept) },
  { header: 'Fees to reward cash (₹)', value: (r) => csvRupees(r.fees_rewarded) },
  { header: 'Fees refunded (₹)', value: (r) => csvRupees(r.fees_refunded) },
  { header: 'Remark', value: (r) => r.remark },
  { header: 'Created by', value: (r) => r.created_by_name },
];

/** Admin: create deal rooms (rules fixed at creation) and products (with an image upload). */
const adminRoom = (deps: Pick<Deps, 'clock' | 'readDb'>, code: string): AdminRoom => {
  const row = adminRoomRows(deps.readDb, { code }, { limit: 1, offset: 0 }).rows[0];
  if (!row) throw new DomainError('ROOM_NOT_FOUND', 'Room not found');
  return toAdminRoom(row, deps.clock.now());
};

export const roomsAdminRoutes = (deps: Pick<Deps, 'clock' | 'readDb' | 'commands' | 'config'>) =>
  new Hono<AuthEnv>()
    .post(
      '/rooms',
      describe({
        summary: 'Create a deal room; every rule is fixed in RoomCreated',
        tags: ['admin', 'rooms'],
        access: 'admin',
        response: RoomCreated,
      }),
      requireRole('admin'),
      jsonBody(CreateRoomBody),
      async (c) => {
        const admin = currentUser(c);
        const b = c.req.valid('json');
        const product = productById(deps.readDb, b.product_id);
        if (!product) throw new DomainError('PRODUCT_NOT_FOUND', 'Product not found');
        const scheduledTime = typeof b.scheduled_time === 'number' ? b.scheduled_time : Date.parse(b.scheduled_time);
        for (let attempt = 0; ; attempt++) {
          const code = newRoomCode();
          const now = deps.clock.now();
          try {
            await handleCommand(
              deps.commands,
              roomStream(code),
              roomDecider,
              {
                type: 'CreateRoom',
                data: {
                  now,
                  rules: {
                    code,
                    product: {
                      id: product.id,
                      code: product.productCode,
                      name: product.name,
                      imageUrl: product.imageUrl,
                    },
                    totalPrice: b.total_price ?? product.price,
                    basePrice: b.base_price,
                    maxPrice: b.max_price,
                    bidValue: b.bid_value,
                    bidSeconds: b.bid_seconds,
                    entryFee: b.entry_fee,
                    maxParticipants: b.max_participants,
                    scheduledTime,
                    rewardCash: b.reward_cash,
                    maxAttempts: b.max_attempts,
                    runnerUpPlaces: b.runner_up_places,
                    // A payment after the room ends unsold goes to the payer's wallet (every new room).
                    closedAfterExpiry: true,
                    createdBy: { userId: admin.id, name: admin.name },
                  },
                },
              },
              { actor: actorOf(admin), now },
            );
          } catch (error) {
            if (error instanceof DomainError && error.code === 'ROOM_EXISTS' && attempt < 5) continue;
            throw error;
          }
          const row = roomRow(deps.readDb, code)!;
          return c.json({
            success: true,
            message: 'Room created successfully',
            room_code: code,
            room: toRoomSummary(row, participantRows(deps.readDb, code), deps.clock.now()),
          });
        }
      },
    )
    .post(
      '/products',
      describe({
        summary: 'Add a product (multipart form; optional image: PNG, JPEG, GIF or WebP, checked by content)',
        tags: ['admin', 'shop'],
        access: 'admin',
        response: ProductCreated,
      }),
      requireRole('admin'),
      async (c) => {
        const type = c.req.header('content-type') ?? '';
        if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) {
          throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the product as a multipart form.');
        }
        const form = await c.req.parseBody();
        return c.json(await createProductFromForm(deps, currentUser(c), form));
      },
    )
    .get(
      '/rooms',
      describe({
        summary: 'Every deal room with status, seats and the fees it holds; filter by status, search and start date',
        tags: ['admin', 'rooms'],
        access: 'auditor',
        response: AdminRoomList,
      }),
      requireRole('admin', 'auditor'),
      queryParams(AdminRoomsQuerySchema),
      (c) => {
        const q = c.req.valid('query');
        const { rows, total } = adminRoomRows(deps.readDb, roomFilter(q), {
          limit: PAGE_SIZE,
          offset: (q.page - 1) * PAGE_SIZE,
        });
        const now = deps.clock.now();
        return c.json({ rooms: rows.map((r) => toAdminRoom(r, now)), total, page: q.page, page_size: PAGE_SIZE });
      },
    )
    .get(
      '/rooms.csv',
      describe({
        summary: 'The room list as CSV (same filters), streamed; safe to open in a spreadsheet',
        tags: ['admin', 'rooms'],
        access: 'auditor',
      }),
      requireRole('admin', 'auditor'),
      queryParams(AdminRoomsQuerySchema),
      (c) => {
        const filter = roomFilter(c.req.valid('query'));
        const rows = pagedRows(
          (after: number | null, limit) => adminRoomsAfter(deps.readDb, filter, after ?? 0, limit),
          (r) => r.rowid,
        );
        return csvResponse(c, csvFilename('rooms', deps.clock.now()), ROOM_CSV, rows);
      },
    )
    .post(
      '/rooms/:code/cancel',
      describe({
        summary: 'Cancel an upcoming room with a reason; every booked fee is refunded',
        tags: ['admin', 'rooms'],
        access: 'admin',
        response: AdminRoomAnswer,
      }),
      requireRole('admin'),
      pathParams(RoomCodeParam),
      jsonBody(CancelRoomBody),
      async (c) => {
        const admin = currentUser(c);
        const code = c.req.valid('param').code;
        const { reason } = c.req.valid('json');
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          roomStream(code),
          roomDecider,
          { type: 'CancelRoom', data: { by: { userId: admin.id, name: admin.name }, reason, now } },
          { actor: actorOf(admin), now },
        );
        const room = adminRoom(deps, code);
        const booked = room.joined_count;
        return c.json({
          success: true,
          message:
            booked > 0
              ? `Room ${code} is cancelled. ${booked === 1 ? 'The booked member gets' : `All ${booked} booked members get`} their entry fee back.`
              : `Room ${code} is cancelled.`,
          room,
        });
      },
    )
    .post(
      '/rooms/:code/reschedule',
      describe({
        summary: 'Move an upcoming room nobody has booked to another start time, with a reason',
        tags: ['admin', 'rooms'],
        access: 'admin',
        response: AdminRoomAnswer,
      }),
      requireRole('admin'),
      pathParams(RoomCodeParam),
      jsonBody(RescheduleRoomBody),
      async (c) => {
        const admin = currentUser(c);
        const code = c.req.valid('param').code;
        const b = c.req.valid('json');
        const scheduledTime = typeof b.scheduled_time === 'number' ? b.scheduled_time : Date.parse(b.scheduled_time);
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          roomStream(code),
          roomDecider,
          {
            type: 'RescheduleRoom',
            data: { by: { userId: admin.id, name: admin.name }, reason: b.reason, scheduledTime, now },
          },
          { actor: actorOf(admin), now },
        );
        return c.json({ success: true, message: `Room ${code} is rescheduled.`, room: adminRoom(deps, code) });
      },
    );
