import { join } from 'node:path';
import type { SessionUser } from '../../api/auth/session.ts';
import { registerMember } from '../../api/auth/identity.ts';
import { hashPassword } from '../../api/auth/passwords.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import { createProductFromForm } from '../../api/rooms/products.ts';
import { walletDecider, walletStream } from '../../engine/wallet.ts';
import { userByEmail } from '../../projections/users.ts';
import { seedIdentity } from '../../scripts/seed/identity.ts';
import { startTestServer } from '../helpers/server.ts';
import type { Client } from '../helpers/http.ts';
import type { RoomClient } from './roomClient.ts';
import { roomClient } from './roomClient.ts';
import { eventually } from './retry.ts';
import { expect } from 'vitest';
import type { EventStore } from '../../engine/eventStore.ts';
import { ackedBidsInLog, roomsClosedOnce, walletsConserve } from './invariants.ts';
import type { AckedBid } from './roomClient.ts';

export const CHAOS_PASSWORD = 'Chaos@1234';
/** Every chaos member starts with this much cash (₹10,000). */
export const CHAOS_CASH = 10_000_00;

export interface ChaosWorld {
  productId: string;
  members: { email: string; id: string; name: string }[];
}

/**
 * Prepares a data directory the way a deployment would hold it: staff and referral codes, one
 * product, and `count` members with granted access and funded wallets (a deposit each). Runs the
 * real server in this process once, then stops it, so child processes start on a ready log.
 */
export const prepareWorld = async (
  dataDir: string,
  count: number,
  env: Record<string, string> = {},
): Promise<ChaosWorld> => {
  const server = await startTestServer({
    dataDir,
    env: {
      ...env,
      SCHEDULER_INTERVAL_MS: '0',
      SWEEPER_INTERVAL_MS: '0',
      READ_MODEL_PATH: join(dataDir, 'read-setup.db'),
    },
  });
  try {
    const { deps } = server;
    await seedIdentity(deps);
    const adminRow = userByEmail(deps.readDb, deps.config.ADMIN_EMAIL)!;
    const admin: SessionUser = {
      id: adminRow.id,
      name: adminRow.name,
      email: adminRow.email,
      role: 'admin',
      access: 'granted',
      createdAt: adminRow.createdAt,
    };
    const product = await createProductFromForm(deps, admin, {
      name: 'Prestige Pressure Cooker 5 L',
      slug: 'chaos-pressure-cooker',
      price: '249900',
      stock: '50',
      reward_points: '10',
    });
    const passwordHash = await hashPassword(CHAOS_PASSWORD);
    const members: ChaosWorld['members'] = [];
    for (let i = 1; i <= count; i++) {
      const email = `bidder${i}@vetrideals.in`;
      const name = `Bidder ${i}`;
      const id = await registerMember(
        deps,
        {
          name,
          email,
          phone: `98400${String(10000 + i)}`,
          dob: '1990-01-01',
          district: 'Chennai',
          passwordHash,
          referralCode: 'VETRI1',
          role: 'member',
        },
        { actor: 'system', trusted: true },
      );
      const now = deps.clock.now();
      const orderId = `order_chaos_${i}`;
      for (const command of [
        { type: 'CreateDepositOrder', data: { orderId, amount: CHAOS_CASH, now } },
        { type: 'ConfirmDeposit', data: { orderId, paymentId: `pay_chaos_${i}`, amount: CHAOS_CASH, now } },
      ] as const) {
        await handleCommand(deps.commands, walletStream(id), walletDecider, command, {
          actor: 'system',
          now,
          commandId: `chaos-${command.type}-${i}`,
        });
      }
      members.push({ email, id, name });
    }
    return { productId: product.product.id, members };
  } finally {
    await server.stop();
  }
};

/**
 * A room starting in 5 s with 2-second rounds, split between two servers on one log: the room is
 * created on the first, seen by the second, every member pre-books on their own server and bids
 * there up to `stopAfter` times, and one watcher (no session) follows each server.
 */
export const splitRoom = async (options: {
  admin: Client;
  productId: string;
  servers: readonly [{ url: string }, { url: string }];
  sides: readonly { id: string; server: { url: string } }[];
  logins: ReadonlyMap<string, Client>;
  stopAfter: number;
}): Promise<{ code: string; watchers: RoomClient[]; bidders: RoomClient[] }> => {
  const { admin, servers, sides, logins } = options;
  const created = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
    product_id: options.productId,
    base_price: 1_000_00,
    max_price: 9_000_00,
    bid_value: 10_00,
    bid_seconds: 2,
    entry_fee: 50_00,
    max_participants: sides.length,
    max_attempts: 5,
    reward_cash: 20_00,
    scheduled_time: Date.now() + 5000,
  });
  if (created.status !== 200) throw new Error(`room not created: ${JSON.stringify(created.body)}`);
  const code = created.body.room_code;
  // The second server learns of the room from the shared log, as members there will.
  await eventually(
    async () => (await fetch(`${servers[1].url}/api/rooms/${code}`)).ok,
    'the other server to see the room',
    5000,
  );
  const watchers = servers.map((s) => roomClient({ url: s.url, code, cookie: null, userId: null, bids: false }));
  for (const m of sides) {
    const res = await logins.get(m.id)!.call('POST', `/api/rooms/${code}/prebook`);
    if (res.status !== 200) throw new Error(`pre-book refused: ${JSON.stringify(res.body)}`);
  }
  const bidders = sides.map((m) =>
    roomClient({
      url: m.server.url,
      code,
      cookie: logins.get(m.id)!.cookie,
      userId: m.id,
      bids: true,
      stopAfter: options.stopAfter,
    }),
  );
  return { code, watchers, bidders };
};

/**
 * The room's log once its settlement has finished (the winner's bonus comes a step after the fees),
 * held to the invariants: one start, one end, every acknowledged bid stored once, every room closed
 * once, money conserved. Returns the room's event types in order.
 */
export const expectRoomSettledInLog = async (
  open: () => EventStore | Promise<EventStore>,
  code: string,
  acked: readonly AckedBid[],
): Promise<string[]> => {
  const readLog = async () => {
    const store = await open();
    try {
      return await store.readAll();
    } finally {
      await store.close();
    }
  };
  let events = await readLog();
  await eventually(
    async () => walletsConserve((events = await readLog())).length === 0,
    'settlement to finish',
    30_000,
  ).catch(() => undefined);
  const room = events.filter((e) => e.streamName === `room-${code}`).map((e) => e.type);
  expect(room.filter((t) => t === 'RoomStarted')).toHaveLength(1);
  expect(room.filter((t) => t === 'RoomEnded')).toHaveLength(1);
  expect(ackedBidsInLog(events, acked)).toEqual([]);
  expect(roomsClosedOnce(events)).toEqual([]);
  expect(walletsConserve(events)).toEqual([]);
  return room;
};
