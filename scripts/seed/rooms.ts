import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { RoomCommand, RoomRules } from '../../engine/room.ts';
import { roomDecider, roomStream } from '../../engine/room.ts';
import { userDecider } from '../../engine/user.ts';
import { walletDecider, walletStream } from '../../engine/wallet.ts';
import { productsTable } from '../../projections/catalogue.ts';
import { userByEmail } from '../../projections/users.ts';
import { userStream } from '../../api/auth/identity.ts';
import type { SessionUser } from '../../api/auth/session.ts';
import { factHash } from '../../api/auth/signInFacts.ts';
import { sessionUserOf } from '../../api/auth/session.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import type { Deps } from '../../api/deps.ts';
import { prebook, settleRoom } from '../../api/rooms/sagas.ts';
import { DEMO_MEMBERS } from './identity.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** Each demo member starts with this much cash (₹1,000). */
export const DEMO_WALLET_PAISE = 1_000_00;

interface DemoRoom {
  code: string;
  productIndex: number;
  startsIn: number;
  seats: number;
  fee: number;
  step: number;
  seconds: number;
  reward: number;
  /** Demo members (by index) who have already pre-booked. */
  booked: number[];
}

/** Upcoming rooms: two start a few minutes after the first start, the rest later. */
export const DEMO_ROOMS: DemoRoom[] = [
  {
    code: 'VTR101',
    productIndex: 0,
    startsIn: 4 * MIN,
    seats: 2,
    fee: 25_00,
    step: 10_00,
    seconds: 30,
    reward: 20_00,
    booked: [1],
  },
  {
    code: 'VTR102',
    productIndex: 1,
    startsIn: 8 * MIN,
    seats: 3,
    fee: 50_00,
    step: 10_00,
    seconds: 45,
    reward: 25_00,
    booked: [2, 3],
  },
  {
    code: 'VTR103',
    productIndex: 2,
    startsIn: 3 * HOUR,
    seats: 4,
    fee: 50_00,
    step: 20_00,
    seconds: 60,
    reward: 50_00,
    booked: [4],
  },
  {
    code: 'VTR104',
    productIndex: 3,
    startsIn: 26 * HOUR,
    seats: 5,
    fee: 100_00,
    step: 50_00,
    seconds: 60,
    reward: 100_00,
    booked: [],
  },
  {
    code: 'VTR105',
    productIndex: 4,
    startsIn: 50 * HOUR,
    seats: 10,
    fee: 0,
    step: 10_00,
    seconds: 60,
    reward: 0,
    booked: [],
  },
];
/** A room that already ran: member2 won it about a quarter of an hour before the first start. */
export const DEMO_COMPLETED = 'VTR100';

const sessionUser = (deps: Deps, email: string): SessionUser => {
  const row = userByEmail(deps.readDb, email);
  if (!row) throw new Error(`demo member ${email} is missing: seed identity first`);
  return sessionUserOf(row);
};

const rulesFor = (
  room: { code: string; seats: number; fee: number; step: number; seconds: number; reward: number },
  product: typeof productsTable.$inferSelect,
  scheduledTime: number,
): Omit<RoomRules, 'createdAt'> => {
  const base = Math.max(100, Math.round((product.price * 0.3) / 100) * 100);
  return {
    code: room.code,
    product: { id: product.id, code: product.productCode, name: product.name, imageUrl: product.imageUrl },
    totalPrice: product.price,
    basePrice: base,
    maxPrice: Math.max(base + room.step * 12, Math.round((product.price * 0.6) / 100) * 100),
    bidValue: room.step,
    bidSeconds: room.seconds,
    entryFee: room.fee,
    maxParticipants: room.seats,
    scheduledTime,
    rewardCash: room.reward,
    maxAttempts: 5,
    closedAfterExpiry: true,
    createdBy: { userId: 'system', name: 'Vetri Deals' },
  };
};

const onRoom = (deps: Deps, code: string, command: RoomCommand, now: number, id: string) =>
  handleCommand(deps.commands, roomStream(code), roomDecider, command, {
    actor: 'system',
    now,
    commandId: `seed-deals:${id}`,
  });

const exists = async (deps: Deps, code: string) =>
  (await deps.store.readStream(roomStream(code), { limit: 1 })).length > 0;

/**
 * Demo deal rooms: funded wallets for the demo members, upcoming rooms (some starting minutes
 * after the first start, some later, a few seats already pre-booked) and one completed room with
 * its bid history, settled like any other. Idempotent: finished parts are skipped on a re-run.
 */
export const seedRooms = async (deps: Deps): Promise<void> => {
  const now = deps.clock.now();
  const members = DEMO_MEMBERS.map((m) => sessionUser(deps, m.email));
  for (const m of members) {
    const orderId = `seed-deposit-${m.id}`;
    const context = { actor: 'system' as const, now };
    await handleCommand(
      deps.commands,
      walletStream(m.id),
      walletDecider,
      { type: 'CreateDepositOrder', data: { orderId, amount: DEMO_WALLET_PAISE, now } },
      { ...context, commandId: `seed-deals:order:${m.id}` },
    );
    await handleCommand(
      deps.commands,
      walletStream(m.id),
      walletDecider,
      { type: 'ConfirmDeposit', data: { orderId, paymentId: `seed-pay-${m.id}`, amount: DEMO_WALLET_PAISE, now } },
      { ...context, commandId: `seed-deals:pay:${m.id}` },
    );
  }
  const products = deps.readDb.orm
    .select()
    .from(productsTable)
    .orderBy(asc(productsTable.addedPosition))
    .limit(8)
    .all();
  if (products.length < 6) throw new Error('seed the catalogue before the deals');

  if (!(await exists(deps, DEMO_COMPLETED))) await seedCompletedRoom(deps, members, products[5]!, now);

  for (const room of DEMO_ROOMS) {
    if (await exists(deps, room.code)) continue;
    const rules = rulesFor(room, products[room.productIndex]!, now + room.startsIn);
    await onRoom(deps, room.code, { type: 'CreateRoom', data: { rules, now } }, now, `create:${room.code}`);
    for (const i of room.booked) await prebook(deps, members[i]!, room.code, `seed-${room.code}-${members[i]!.id}`);
  }
};

/** Replays a short auction that ended about 15 minutes before now: four members, ten deals, member2 last. */
const seedCompletedRoom = async (
  deps: Deps,
  members: SessionUser[],
  product: typeof productsTable.$inferSelect,
  now: number,
) => {
  const code = DEMO_COMPLETED;
  const start = now - 20 * MIN;
  const spec = { code, seats: 4, fee: 50_00, step: 20_00, seconds: 60, reward: 30_00 };
  const rules = rulesFor(spec, product, start);
  const at = (ms: number) => start + ms;
  await onRoom(
    deps,
    code,
    { type: 'CreateRoom', data: { rules, now: start - 2 * HOUR } },
    start - 2 * HOUR,
    `create:${code}`,
  );
  // Members 2–5 played it (member1 and member6 are left with no reward cash for the shop's own demo).
  const players = [members[1]!, members[2]!, members[3]!, members[4]!];
  await seedSharedTablet(deps, [players[1]!, players[2]!], start - 90 * MIN, code);
  for (const [i, m] of players.entries()) {
    const clock = { now: () => start - HOUR + i * MIN };
    await prebook({ ...deps, clock }, m, code, `seed-${code}-${m.id}`);
  }
  await onRoom(deps, code, { type: 'StartRoom', data: { now: at(0) } }, at(0), `start:${code}`);
  const order = [1, 2, 3, 0, 2, 1, 3, 0, 2, 0];
  let t = at(0);
  for (const [n, i] of order.entries()) {
    t += 4_000 + ((n * 7_919) % 20_000);
    await onRoom(
      deps,
      code,
      { type: 'PlaceBid', data: { bidId: `seed-${code}-bid-${n}`, userId: players[i]!.id, now: t } },
      t,
      `bid:${n}`,
    );
  }
  const closeAt = t + rules.bidSeconds * 1000;
  await onRoom(deps, code, { type: 'CloseRound', data: { now: closeAt } }, closeAt, `close:${code}`);
  await settleRoom({ ...deps, clock: { now: () => closeAt } }, code);
};

/**
 * The fairness review's demo flag: two of the completed room's players signed in, before it, from
 * one family tablet (the same device id; different home networks). The sign-ins are recorded as a
 * real sign-in records them — only salted hashes — and their sessions ended before the room began,
 * so nobody holds them. When the room ends, /admin/integrity shows one open `shared-device` flag.
 */
const seedSharedTablet = async (deps: Deps, who: SessionUser[], at: number, code: string) => {
  const salt = deps.secrets.integrity;
  for (const [i, m] of who.entries()) {
    const now = at + i * 5 * MIN;
    await handleCommand(
      deps.commands,
      userStream(m.id),
      userDecider,
      {
        type: 'StartSession',
        data: {
          sessionHash: createHash('sha256').update(`seed-${code}-tablet-${m.id}`).digest('hex'),
          expiresAt: now + 20 * MIN,
          passwordHash: null,
          now,
        },
      },
      {
        actor: { userId: m.id, role: m.role },
        now,
        commandId: `seed-deals:tablet:${code}:${m.id}`,
        metadata: {
          signIn: {
            device: factHash(salt, 'device', `seed-${code}-family-tablet`),
            address: factHash(salt, 'address', `198.51.100.${10 + i}`),
          },
        },
      },
    );
  }
};
