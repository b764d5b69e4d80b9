import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { clientAddress } from '../http/security.ts';
import { createReferralCheckLimit, TOO_MANY_REFERRAL_CHECKS } from '../auth/throttle.ts';
import { z } from 'zod';
import { CRACKERS_MESSAGES, crackersOrderDecider, crackersOrderStream } from '../../engine/crackersOrder.ts';
import type { CrackersSeason } from '../../engine/crackersSeason.ts';
import { CRACKERS_SEASON_STREAM, crackersSeasonDecider, seasonStatus } from '../../engine/crackersSeason.ts';
import { crackersSeason } from '../../projections/crackersSeason.ts';
import { DomainError } from '../../engine/decider.ts';
import { normalizeReferralCode } from '../../engine/referral.ts';
import {
  crackersByIds,
  crackersOrdersByReferral,
  crackersOrdersOfUser,
  searchCrackers,
} from '../../projections/crackers.ts';
import { referralByCode } from '../../projections/referrals.ts';
import type { HitLog } from '../auth/hitLog.ts';
import type { AuthEnv } from '../auth/session.ts';
import { actorOf, currentUser, requireRole, requireUser } from '../auth/session.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe, jsonBody, queryParams } from '../http/openapi.ts';
import type { CrackersSeasonView as SeasonView } from '../contract/shop.ts';
import { CrackerSort, CrackersSeasonDto, CrackersSeasonView } from '../contract/shop.ts';
import { toCracker, toReferralOrder, toReservedOrder } from './views.ts';

/** The one place that decides whether a referral code exists (the identity feature's `referrals` read model). */
export const referralExists = (deps: Pick<Deps, 'readDb'>, code: string): boolean =>
  !!referralByCode(deps.readDb, normalizeReferralCode(code));

const text = (max: number) => z.string().trim().max(max).default('');

export const CrackersOrderBody = z.object({
  items: z.array(z.object({ id: z.string().max(20), quantity: z.number().int().min(0).max(10_000) })).max(200),
  name: text(120),
  phone: text(20),
  address1: text(200),
  address2: text(200),
  district: text(40),
  referral_code: text(20),
  platform: text(20),
});

const seasonDto = (s: CrackersSeason) => ({
  opens_on: s.opensOn,
  closes_on: s.closesOn,
  bands: s.bands.map((b) => ({ order_by: b.orderBy, deliver_by: b.deliverBy })),
});

const seasonView = (deps: Pick<Deps, 'clock' | 'readDb'>): SeasonView => {
  const season = crackersSeason(deps.readDb);
  const status = seasonStatus(season, deps.clock.now());
  return {
    season: season ? seasonDto(season) : null,
    open: status.open,
    message: status.open ? null : status.message,
  };
};

/** At most `limit` orders per address per window: the order form needs no login, so it is throttled. */
const perAddressLimit =
  (hits: HitLog, limit: number, windowMs: number) =>
  (key: string, now: number): boolean => {
    const since = now - windowMs + 1;
    if (hits.recent('crackers-orders', key, since).length >= limit) return false;
    hits.add('crackers-orders', key, now, since);
    return true;
  };

/**
 * The crackers catalogue: search and sort, ordering without login (priced by the server, ₹2000
 * minimum, referral code checked), the public referral status check (no credentials, phones
 * masked) and a member's reserved orders.
 */
export const crackersRoutes = (deps: Pick<Deps, 'clock' | 'readDb' | 'commands' | 'hits' | 'config'>) => {
  const allow = perAddressLimit(deps.hits, 20, 10 * 60_000);
  const referralChecks = createReferralCheckLimit(deps.hits);
  return new Hono<AuthEnv>()
    .get(
      '/',
      describe({ summary: 'Crackers catalogue, searched and sorted', tags: ['crackers'] }),
      queryParams(z.object({ q: z.string().max(100).default(''), sort: CrackerSort.default('default') })),
      (c) => {
        const { q, sort } = c.req.valid('query');
        return c.json({ success: true, data: searchCrackers(deps.readDb, q, sort).map(toCracker) });
      },
    )
    .get(
      '/season',
      describe({
        summary: 'The crackers season: order days, delivery promises, and whether orders are taken today',
        tags: ['crackers'],
        response: CrackersSeasonView,
      }),
      (c) => c.json(seasonView(deps)),
    )
    .put(
      '/season',
      describe({
        summary: 'Set the crackers season (India dates); orders close when it does',
        tags: ['crackers', 'admin'],
        access: 'admin',
        response: CrackersSeasonView,
      }),
      requireRole('admin'),
      jsonBody(CrackersSeasonDto),
      async (c) => {
        const admin = currentUser(c);
        const b = c.req.valid('json');
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          CRACKERS_SEASON_STREAM,
          crackersSeasonDecider,
          {
            type: 'SetCrackersSeason',
            data: {
              opensOn: b.opens_on,
              closesOn: b.closes_on,
              bands: b.bands.map((x) => ({ orderBy: x.order_by, deliverBy: x.deliver_by })),
              by: admin.id,
              now,
            },
          },
          { actor: actorOf(admin), now },
        );
        return c.json(seasonView(deps));
      },
    )
    .post(
      '/orders',
      describe({ summary: 'Place a crackers order (no login needed)', tags: ['crackers'] }),
      jsonBody(CrackersOrderBody),
      async (c) => {
        const body = c.req.valid('json');
        const now = deps.clock.now();
        if (!allow(clientAddress(c, deps.config), now)) {
          throw new ApiError(
            429,
            'TOO_MANY_ORDERS',
            'Too many orders from this connection. Please try again in a few minutes.',
          );
        }
        const wanted = body.items.filter((i) => i.quantity > 0);
        const catalogue = new Map(
          crackersByIds(
            deps.readDb,
            wanted.map((i) => i.id),
          ).map((k) => [k.id, k]),
        );
        const items = wanted.map((i) => {
          const cracker = catalogue.get(i.id);
          if (!cracker) throw new DomainError('CRACKER_NOT_FOUND', 'One of the reserved items is no longer available.');
          return { id: cracker.id, name: cracker.name, price: cracker.price, quantity: i.quantity };
        });
        const user = c.get('user');
        const orderId = `CR${randomBytes(5).toString('hex').toUpperCase()}`;
        await handleCommand(
          deps.commands,
          crackersOrderStream(orderId),
          crackersOrderDecider,
          {
            type: 'PlaceCrackersOrder',
            data: {
              ...body,
              platform: body.platform || 'web',
              orderId,
              userId: user?.id ?? null,
              items,
              referralKnown: body.referral_code ? referralExists(deps, body.referral_code) : false,
              season: crackersSeason(deps.readDb),
              now,
            },
          },
          { actor: user ? actorOf(user) : 'system', now },
        );
        return c.json({ success: true, message: 'Order Placed Successfully', order_id: orderId });
      },
    )
    .post(
      '/status',
      describe({ summary: 'Orders placed with a referral code (public; phones masked)', tags: ['crackers'] }),
      jsonBody(z.object({ referralCode: z.string().max(20).default('') })),
      (c) => {
        const raw = c.req.valid('json').referralCode.trim();
        if (!raw) throw new ApiError(400, 'REFERRAL_REQUIRED', 'Enter a referral code.');
        const { wait } = referralChecks.attempt(clientAddress(c, deps.config), deps.clock.now());
        if (wait > 0)
          throw new ApiError(429, 'TOO_MANY_REFERRAL_CHECKS', TOO_MANY_REFERRAL_CHECKS(wait), {
            retryInSeconds: Math.ceil(wait / 1000),
          });
        if (!referralExists(deps, raw))
          throw new ApiError(404, 'REFERRAL_NOT_FOUND', CRACKERS_MESSAGES.referralNotFound);
        const code = normalizeReferralCode(raw);
        return c.json({
          status: 'success',
          referralCode: code,
          orders: crackersOrdersByReferral(deps.readDb, code).map(toReferralOrder),
          message: '',
        });
      },
    )
    .get(
      '/my-orders',
      describe({ summary: 'My reserved crackers orders', tags: ['crackers'], access: 'member' }),
      requireUser,
      (c) => c.json({ success: true, data: crackersOrdersOfUser(deps.readDb, currentUser(c).id).map(toReservedOrder) }),
    );
};
