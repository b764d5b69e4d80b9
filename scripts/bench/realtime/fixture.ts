import { registerMember, userStream } from '../../../api/auth/identity.ts';
import { hashPassword } from '../../../api/auth/passwords.ts';
import type { SessionUser } from '../../../api/auth/session.ts';
import { hashSessionToken, newSessionToken, SESSION_COOKIE, SESSION_TTL_MS } from '../../../api/auth/session.ts';
import type { ManualClock } from '../../../api/clock.ts';
import { handleCommand } from '../../../api/commandHandler.ts';
import type { Deps } from '../../../api/deps.ts';
import { prebook } from '../../../api/rooms/sagas.ts';
import type { RoomServices } from '../../../api/rooms/index.ts';
import { roomDecider, roomStream } from '../../../engine/room.ts';
import { userDecider } from '../../../engine/user.ts';
import { walletDecider, walletStream } from '../../../engine/wallet.ts';

/** A deal room of the benchmark, running, with its bidders' session cookies. */
export interface BenchRoom {
  code: string;
  /** `sid=…` cookie headers, one per booked member, in booking order. */
  bidders: string[];
}

const FEE = 10_00;
const BID = 10_00;
const MAX_ATTEMPTS = 5;

/** Runs `work(i)` for i < n, `width` at a time (so concurrent appends share group commits). */
export const pool = async <T>(n: number, width: number, work: (i: number) => Promise<T>): Promise<T[]> => {
  const out = new Array<T>(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await work(i);
      }
    }),
  );
  return out;
};

let passwordHash: Promise<string> | null = null;

/**
 * A member as the product makes one: registered (email claimed), granted access, a session
 * started (its cookie is the socket's identity) and ₹100 deposited, all through the real commands.
 */
const member = async (deps: Deps, tag: string, i: number): Promise<{ user: SessionUser; cookie: string }> => {
  passwordHash ??= hashPassword('Bench@12345');
  const now = deps.clock.now();
  const name = `Bidder ${tag}${i}`;
  const email = `bench-${tag}-${i}@vetrideals.in`;
  const id = await registerMember(
    deps,
    {
      name,
      email,
      phone: `9${String(100_000_000 + i).slice(-9)}`,
      dob: '1990-01-01',
      district: 'Chennai',
      passwordHash: await passwordHash,
      referralCode: null,
      role: 'member',
    },
    { actor: 'system', trusted: true },
  );
  const context = { actor: 'system' as const, now };
  await handleCommand(
    deps.commands,
    userStream(id),
    userDecider,
    { type: 'GrantAccess', data: { by: 'system', now } },
    context,
  );
  const token = newSessionToken();
  await handleCommand(
    deps.commands,
    userStream(id),
    userDecider,
    {
      type: 'StartSession',
      data: { sessionHash: hashSessionToken(token), expiresAt: now + SESSION_TTL_MS, passwordHash: null, now },
    },
    { actor: { userId: id, role: 'member' }, now },
  );
  const orderId = `bench-${tag}-${i}`;
  for (const command of [
    { type: 'CreateDepositOrder', data: { orderId, amount: 100_00, now } },
    { type: 'ConfirmDeposit', data: { orderId, paymentId: `pay-${orderId}`, amount: 100_00, now } },
  ] as const) {
    await handleCommand(deps.commands, walletStream(id), walletDecider, command, context);
  }
  const user = deps.sessions.userFromToken(token);
  if (!user) throw new Error(`bench member ${email} has no session`);
  return { user, cookie: `${SESSION_COOKIE}=${token}` };
};

/** Creates `count` rooms of `seats` members each (fee ₹10, ₹10 steps, 5 attempts each), scheduled 10 minutes on. */
export const createRooms = async (deps: Deps, tag: string, count: number, seats: number): Promise<BenchRoom[]> => {
  const now = deps.clock.now();
  const codes = Array.from({ length: count }, (_, r) => `${tag}${String(r).padStart(6 - tag.length, '0')}`);
  await pool(count, 16, (r) =>
    handleCommand(
      deps.commands,
      roomStream(codes[r]!),
      roomDecider,
      {
        type: 'CreateRoom',
        data: {
          now,
          rules: {
            code: codes[r]!,
            product: { id: 'bench-p1', code: 'PRDBENCH', name: 'Boat Rockerz 450', imageUrl: null },
            totalPrice: 1_999_00,
            basePrice: 500_00,
            maxPrice: 500_00 + Math.max(2, seats) * MAX_ATTEMPTS * BID,
            bidValue: BID,
            bidSeconds: 60,
            entryFee: seats > 0 ? FEE : 0,
            maxParticipants: Math.max(2, seats),
            scheduledTime: now + 10 * 60_000,
            rewardCash: 5_00,
            maxAttempts: MAX_ATTEMPTS,
            createdBy: { userId: 'system', name: 'Vetri Deals' },
          },
        },
      },
      { actor: 'system', now, commandId: `bench-create-${codes[r]}` },
    ),
  );
  const members = await pool(count * seats, 32, (i) => member(deps, tag, i));
  // A room's members book one after another (rooms side by side): ten racing bookings of one room
  // ran out of retries on a loaded machine and failed the set-up.
  await pool(count, 16, async (r) => {
    for (let i = r * seats; i < (r + 1) * seats; i++) await prebook(deps, members[i]!.user, codes[r]!);
  });
  return codes.map((code, r) => ({ code, bidders: members.slice(r * seats, (r + 1) * seats).map((m) => m.cookie) }));
};

/** Moves the clock to the rooms' start and lets the scheduler start them (full rooms run). */
export const startRooms = async (clock: ManualClock, rooms: RoomServices): Promise<void> => {
  clock.advance(10 * 60_000);
  await rooms.tick();
};
