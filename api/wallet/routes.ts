import { Hono } from 'hono';
import { walletBalances, walletTransactions } from '../../projections/wallets.ts';
import type { AuthEnv } from '../auth/session.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import type { Deps } from '../deps.ts';
import { describe, jsonBody, queryParams } from '../http/openapi.ts';
import {
  DepositOrder,
  DepositRequest,
  DepositVerified,
  PaymentCallbackBody,
  WalletBalances,
  WalletTransactions,
  WalletTransactionsQuery,
} from '../contract/account.ts';
import type { DepositDeps } from './deposits.ts';
import { startDeposit, verifyDeposit } from './deposits.ts';
import { isCredit } from '../../engine/wallet.ts';
import type { WalletTxRow } from '../../projections/wallets.ts';
import type { WalletTransaction } from '../contract/account.ts';

/** A wallet transaction row as the member sees it, with the way it moved. */
const toWalletTransaction = (t: WalletTxRow): WalletTransaction => ({ ...t, sign: isCredit(t.type) ? '+' : '-' });

/** The signed-in member's wallet: balances, transactions and top-ups through the payment port. */
export const walletRoutes = (deps: DepositDeps & Pick<Deps, 'readDb'>) =>
  new Hono<AuthEnv>()
    .use('*', requireUser)
    .get(
      '/',
      describe({ summary: 'My wallet balances (paise)', tags: ['wallet'], access: 'member', response: WalletBalances }),
      (c) => {
        const w = walletBalances(deps.readDb, currentUser(c).id);
        return c.json({ cash: w.cash, reward_cash: w.reward_cash, held: w.held, revision: w.revision });
      },
    )
    .get(
      '/transactions',
      describe({
        summary: 'My wallet transactions, newest first',
        tags: ['wallet'],
        access: 'member',
        response: WalletTransactions,
      }),
      queryParams(WalletTransactionsQuery),
      (c) => {
        const { limit, offset } = c.req.valid('query');
        return c.json({
          success: true,
          transactions: walletTransactions(deps.readDb, currentUser(c).id, limit, offset).map(toWalletTransaction),
        });
      },
    )
    .post(
      '/deposits',
      describe({
        summary: 'Start a top-up: creates a payment order',
        tags: ['wallet'],
        access: 'member',
        response: DepositOrder,
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
        response: DepositVerified,
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
          cash: w.cash,
          reward_cash: w.reward_cash,
          held: w.held,
          revision: w.revision,
        });
      },
    );
