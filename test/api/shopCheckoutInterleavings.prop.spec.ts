import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../api/auth/session.ts';
import { createManualClock } from '../../api/clock.ts';
import { handleCommand, loadState } from '../../api/commandHandler.ts';
import type { Deps } from '../../api/deps.ts';
import { createLogger } from '../../api/logger.ts';
import type { CheckoutResult } from '../../api/shop/checkout.ts';
import { abandonShopOrder, applyShopPayment, placeShopOrder } from '../../api/shop/checkout.ts';
import { sweepShopOrders } from '../../api/shop/orderSteps.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { cartDecider, cartStream } from '../../engine/cart.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { orderDecider, orderStream } from '../../engine/order.ts';
import { productDecider, productStream } from '../../engine/product.ts';
import { walletDecider, walletStream } from '../../engine/wallet.ts';
import { openReadDb } from '../../projections/db.ts';
import { awaitingOrdersOfUser, ordersProjector } from '../../projections/orders.ts';
import { createProjectionRunner } from '../../projections/runner.ts';

/**
 * Issue 14, item 1, as a model test: one member's checkouts, payments, cancellations and sweeps,
 * run through two "processes" (two connections to one log, each with its own caches and read
 * model) in interleavings fast-check chooses: every read and append of the log is a point where
 * the scheduler may switch to another operation. Whatever the order, money and stock are conserved.
 */
type Op =
  /**
   * `start`: at once (a double tap), once the checkout before it shows in this process's read model
   * as awaiting payment (a second tab while the first is still running), or after the checkouts
   * before it are done (pay again later).
   */
  | { kind: 'checkout'; process: 0 | 1; reward: number; start: 'now' | 'whenVisible' | 'afterDone' }
  | { kind: 'pay'; which: number }
  | { kind: 'cancel'; which: number }
  | { kind: 'sweep'; process: 0 | 1 };

const checkoutOp: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('checkout' as const),
  process: fc.constantFrom(0 as const, 1 as const),
  reward: fc.constantFrom(0, 30_00, 60_00),
  start: fc.constantFrom('now' as const, 'whenVisible' as const, 'whenVisible' as const, 'afterDone' as const),
});
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: checkoutOp },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), which: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), which: fc.nat(5) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('sweep' as const), process: fc.constantFrom(0 as const, 1 as const) }),
  },
);

const REWARD = 60_00;
const STOCK = 2;
const PRICE = 100_00;
const seen = { paid: 0, superseded: 0, runs: 0 };

/** A store whose reads and appends each wait for the scheduler's go. */
const scheduled = (store: EventStore, s: fc.Scheduler): EventStore => ({
  ...store,
  kind: store.kind,
  append: (...args: Parameters<EventStore['append']>) =>
    s.schedule(Promise.resolve(), 'append').then(() => store.append(...args)),
  readStream: (...args: Parameters<EventStore['readStream']>) =>
    s.schedule(Promise.resolve(), 'read').then(() => store.readStream(...args)),
});

const processOn = async (path: string, clock: ReturnType<typeof createManualClock>, s: fc.Scheduler) => {
  const real = openSqliteStore({ path, pollIntervalMs: 5 });
  const store = scheduled(real, s);
  const readDb = openReadDb(':memory:');
  const projections = createProjectionRunner({ store: real, db: readDb, projectors: [ordersProjector] });
  await projections.start();
  let n = 0;
  const deps = {
    clock,
    store,
    readDb,
    projections,
    log: createLogger('silent'),
    commands: {
      store,
      // Read-your-writes is a point of interleaving too: another operation may run before the answer.
      waitForProjections: (p: number) =>
        projections.waitFor(p, 5_000).then(() => s.schedule(Promise.resolve(), 'projected')),
    },
    payments: {
      kind: 'sandbox',
      createOrder: ({ amountPaise }: { amountPaise: number }) =>
        Promise.resolve({ providerOrderId: `order_${path.length}_${++n}_${amountPaise}`, checkoutUrl: '/pay' }),
    },
  } as unknown as Deps;
  return {
    deps,
    real,
    close: async () => {
      await projections.stop();
      readDb.sqlite.close();
      await real.close();
    },
  };
};

const user: SessionUser = {
  id: 'u1',
  name: 'Priya',
  email: 'p@x.in',
  role: 'member',
  access: 'granted',
  createdAt: '',
};

const run = async (s: fc.Scheduler, ops: Op[]) => {
  const dir = mkdtempSync(join(tmpdir(), 'vetri-interleave-'));
  const clock = createManualClock('2026-11-22T06:00:00.000Z');
  const path = join(dir, 'events.db');
  const a = await processOn(path, clock, s);
  const b = await processOn(path, clock, s);
  try {
    const now = clock.now();
    const sys = { actor: 'system' as const, now };
    const setup = { store: a.real };
    await handleCommand(
      setup,
      productStream('p1'),
      productDecider,
      {
        type: 'AddProduct',
        data: {
          product: {
            id: 'p1',
            product_code: 'P1',
            slug: 'p1',
            name: 'Kettle',
            description: '',
            price: PRICE,
            original_price: PRICE,
            image_url: '',
            images: [],
            rating: 4,
            ratings: 1,
            category: 'T',
            brand: 'T',
            color: 'Red',
            reward_points: 100,
            is_active: true,
          },
          stock: STOCK,
          now,
        },
      },
      sys,
    );
    await handleCommand(
      setup,
      walletStream(user.id),
      walletDecider,
      { type: 'CreditReward', data: { creditId: 'seed', amount: REWARD, reason: 'adjustment', now } },
      sys,
    );
    await handleCommand(
      setup,
      cartStream(user.id),
      cartDecider,
      { type: 'AddCartItem', data: { productId: 'p1', name: 'Kettle', quantity: 1, available: STOCK, now } },
      sys,
    );

    const processes = [a.deps, b.deps];
    const orders: CheckoutResult[] = [];
    /** One payment per order (its id is the order's), however often its callback comes. */
    const payments = new Map<string, number>();
    const perform = async (o: Op) => {
      switch (o.kind) {
        case 'checkout': {
          const r = await placeShopOrder(processes[o.process]!, user, {
            billing: { name: 'Priya', email: '', phone: '', address: '' },
            appliedRewards: o.reward ? { p1: o.reward } : {},
          });
          orders.push(r);
          return;
        }
        case 'pay': {
          const r = orders[o.which % Math.max(1, orders.length)];
          if (!r || r.paid) return;
          payments.set(r.order_id, r.total);
          await applyShopPayment(a.deps, {
            providerOrderId: r.razorpay_order_id!,
            paymentId: `pay_${r.order_id}`,
            amountPaise: r.total,
            notes: { orderId: r.order_id, userId: user.id },
            userId: user.id,
          });
          return;
        }
        case 'cancel': {
          const r = orders[o.which % Math.max(1, orders.length)];
          if (r) await abandonShopOrder(b.deps, user, r.order_id, 'cancelled');
          return;
        }
        case 'sweep':
          await sweepShopOrders(processes[o.process]!);
      }
    };
    // A payment or cancellation is of an order the member already got back: it waits for the
    // checkouts listed before it; everything else runs alongside, steps interleaved by the scheduler.
    const checkouts: Promise<unknown>[] = [];
    const visibleIn = async (deps: Deps, done: Promise<unknown> | undefined) => {
      let finished = !done;
      void done?.then(
        () => (finished = true),
        () => (finished = true),
      );
      while (!finished && awaitingOrdersOfUser(deps.readDb, user.id).length === 0)
        await new Promise((r) => setTimeout(r, 1));
    };
    const caughtUp = async () => {
      const head = await a.real.headPosition();
      await Promise.all([a.deps.projections.waitFor(head, 5_000), b.deps.projections.waitFor(head, 5_000)]);
    };
    const all = ops.map((o) => {
      const before =
        o.kind === 'pay' || o.kind === 'cancel' || (o.kind === 'checkout' && o.start === 'afterDone')
          ? Promise.allSettled([...checkouts]).then(caughtUp)
          : o.kind === 'checkout' && o.start === 'whenVisible'
            ? visibleIn(processes[o.process]!, checkouts.at(-1))
            : Promise.resolve();
      const started = before.then(() => s.schedule(Promise.resolve(), `start ${o.kind}`)).then(() => perform(o));
      if (o.kind === 'checkout') checkouts.push(started);
      return started;
    });
    const outcomes = await s.waitFor(Promise.allSettled(all));
    for (const out of outcomes) {
      if (out.status === 'rejected') {
        const code = (out.reason as { code?: string }).code;
        // Refusals in words only: a checkout replaced underneath, no stock, no reward cash, a late payment.
        expect([
          'CHECKOUT_SUPERSEDED',
          'OUT_OF_STOCK',
          'INSUFFICIENT_REWARD',
          'REWARD_ABOVE_BALANCE',
          'ORDER_EXPIRED',
          'ORDER_ALREADY_PAID',
          'CART_EMPTY',
        ]).toContain(code);
        if (code === 'CHECKOUT_SUPERSEDED') seen.superseded++;
        if (process.env.DEBUG_MODEL) console.log('REJECTED', code, String(out.reason));
      }
    }

    // Everything unpaid expires and is given back; paid orders are settled.
    clock.advance(31 * 60_000);
    const unscheduled = {
      ...a.deps,
      store: a.real,
      commands: { store: a.real, waitForProjections: (p: number) => a.deps.projections.waitFor(p, 5_000) },
    } as Deps;
    await a.deps.projections.waitFor(await a.real.headPosition(), 5_000);
    await sweepShopOrders(unscheduled);
    await sweepShopOrders(unscheduled);

    const paid = [];
    for (const r of orders) {
      const { state } = await loadState(a.real, orderStream(r.order_id), orderDecider);
      if (state.status === 'paid') paid.push(state);
      expect(state.status).not.toBe('awaiting_payment');
      if (state.status === 'failed' || state.status === 'expired') expect(state.released).toBe(true);
    }
    seen.paid += paid.length;
    seen.runs++;
    const { state: product } = await loadState(a.real, productStream('p1'), productDecider);
    if (product.status !== 'listed') throw new Error('no product');
    const sold = paid.reduce((n, o) => n + o.lines.reduce((m, l) => m + l.quantity, 0), 0);
    expect(product.reservations).toEqual({});
    expect(product.stock).toBe(STOCK - sold);
    const { state: wallet } = await loadState(a.real, walletStream(user.id), walletDecider);
    const spent = paid.reduce((n, o) => n + o.applied_reward, 0);
    expect(wallet.rewardCash).toBe(REWARD - spent);
    // Every rupee paid either bought a paid order or is back in the wallet as cash.
    const paidIn = [...payments.values()].reduce((n, amount) => n + amount, 0);
    const kept = paid.reduce((n, o) => n + o.total_amount, 0);
    expect(wallet.cash).toBe(paidIn - kept);
  } finally {
    await a.close();
    await b.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('one member’s checkouts in any interleaving, across two processes', () => {
  it('conserve reward cash, cash and stock', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        // At least two checkouts, so one can replace the other while it runs.
        fc
          .tuple(checkoutOp, checkoutOp, fc.array(op, { maxLength: 5 }))
          .map(([first, second, rest]) => [first, second, ...rest]),
        run,
      ),
      {
        numRuns: 100,
      },
    );
    expect(seen.runs).toBe(100);
    // The races this is about did happen: checkouts replaced while they ran.
    expect(seen.superseded).toBeGreaterThan(0);
    expect(seen.paid).toBeGreaterThan(5);
  }, 240_000);
});
