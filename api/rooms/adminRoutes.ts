import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import { DomainError } from '../../engine/decider.ts';
import { roomDecider, roomStream } from '../../engine/room.ts';
import { productById } from '../../projections/catalogue.ts';
import { participantRows, roomRow } from '../../projections/roomQueries.ts';
import type { AuthEnv } from '../auth/session.ts';
import { actorOf, currentUser, requireRole } from '../auth/session.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe, jsonBody } from '../http/openapi.ts';
import { createProductFromForm } from './products.ts';
import { ProductCreated } from '../contract/shop.ts';
import { CreateRoomBody, RoomCreated } from '../contract/rooms.ts';
import { toRoomSummary } from './views.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newRoomCode = (): string =>
  Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** Admin: create deal rooms (rules fixed at creation) and products (with an image upload). */
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
    );
