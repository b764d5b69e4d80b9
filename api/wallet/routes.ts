import { Hono } from 'hono';
import { z } from 'zod';
import { walletBalances, walletTransactions } from '../../projections/wallets.ts';
import type { AuthEnv } from '../auth/session.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import type { Deps } from '../deps.ts';
import { describe, jsonBody, queryParams } from '../http/openapi.ts';
import type { DepositDeps } from './deposits.ts';
import { startDeposit, verifyDeposit } from './deposits.ts';

export const WalletResponse = z.object({
  wallet: z.number().int().describe('Cash balance in paise'),
  reward_cash: z.number().int().describe('Reward cash in paise (shop only)'),
  held: z.number().int().describe('Entry fees held for pre-booked rooms, in paise'),
  revision: z.number().int().describe('Wallet stream revision (-1 when the wallet has no events)'),
});

export const TransactionSchema = z.object({
  id: z.string(),
  type: z.enum(['deposit', 'withdrawal', 'prebook_deduction', 'refund_deposit', 'reward_credit', 'reward_debit']),
  amount: z.number().int().describe('Paise, always positive'),
  sign: z.enum(['+', '-']),
  balance: z.enum(['cash', 'reward']),
  room_code: z.string().nullable(),
  product_name: z.string().nullable(),
  payment_id: z.string().nullable(),
  created_at: z.string().describe('ISO 8601 UTC'),
});

export const DepositRequest = z.object({
  amount: z.number().describe('Paise; a whole number of rupees above ₹0 (the buttons send 5000, 10000, 20000)'),
});
export const DepositOrderResponse = z.object({
  order_id: z.string(),
  checkout_url: z
    .string()
    .describe('Open with a full page navigation; it returns to /wallet with payment_success and order_id'),
  amount: z.number().int(),
});
export const PaymentCallbackBody = z.object({
  razorpay_order_id: z.string().min(1).max(64),
  razorpay_payment_id: z.string().min(1).max(64),
  razorpay_signature: z.string().min(1).max(128),
});

/** The signed-in member's wallet: balances, transactions and top-ups through the payment port. */
export const walletRoutes = (deps: DepositDeps & Pick<Deps, 'readDb'>) =>
  new Hono<AuthEnv>()
    .use('*', requireUser)
    .get(
      '/',
      describe({ summary: 'My wallet balances (paise)', tags: ['wallet'], access: 'member', response: WalletResponse }),
      (c) => {
        const w = walletBalances(deps.readDb, currentUser(c).id);
        return c.json({ wallet: w.cash, reward_cash: w.reward_cash, held: w.held, revision: w.revision });
      },
    )
    .get(
      '/transactions',
      describe({
        summary: 'My wallet transactions, newest first',
        tags: ['wallet'],
        access: 'member',
        response: z.object({ success: z.boolean(), transactions: z.array(TransactionSchema) }),
      }),
      queryParams(
        z.object({
          limit: z.coerce.number().int().min(1).max(500).default(100),
          offset: z.coerce.number().int().min(0).default(0),
        }),
      ),
      (c) => {
        const { limit, offset } = c.req.valid('query');
        return c.json({
          success: true,
          transactions: walletTransactions(deps.readDb, currentUser(c).id, limit, offset),
        });
      },
    )
    .post(
      '/deposits',
      describe({
        summary: 'Start a top-up: creates a payment order',
        tags: ['wallet'],
        access: 'member',
        response: DepositOrderResponse,
      }),
      jsonBody(DepositRequest),
      async (c) => c.json(await startDeposit(deps, currentUser(c), c.req.valid('json').amount)),
    )
    .post(
      '/deposits/verify',
      describe({
        summary: 'Verify the checkout return and credit the wallet (once per payment id)',
        tags: ['wallet'],
        access: 'member',
        response: WalletResponse.extend({ success: z.boolean(), applied: z.boolean() }),
      }),
      jsonBody(PaymentCallbackBody),
      async (c) => {
        const user = currentUser(c);
        const b = c.req.valid('json');
        const { applied } = await verifyDeposit(deps, user, {
          orderId: b.razorpay_order_id,
          paymentId: b.razorpay_payment_id,
          signature: b.razorpay_signature,
        });
        const w = walletBalances(deps.readDb, user.id);
        return c.json({
          success: true,
          applied,
          wallet: w.cash,
          reward_cash: w.reward_cash,
          held: w.held,
          revision: w.revision,
        });
      },
    );
