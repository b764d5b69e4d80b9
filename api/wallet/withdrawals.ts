import { Hono } from 'hono';
import { z } from 'zod';
import { DomainError } from '../../engine/decider.ts';
import { WALLET_MESSAGES, walletDecider, walletStream } from '../../engine/wallet.ts';
import type { Destination, WithdrawalCommand, WithdrawalStatus } from '../../engine/withdrawal.ts';
import { destinationProblem, returnsMoney, withdrawalDecider, withdrawalStream } from '../../engine/withdrawal.ts';
import { withdrawalHoldsToRepair } from '../../projections/wallets.ts';
import type { WithdrawalRow } from '../../projections/withdrawals.ts';
import { listWithdrawals, withdrawalById, withdrawalsOfUser, withdrawnSince } from '../../projections/withdrawals.ts';
import { everyInterval } from '../repeat.ts';
import type { AuthEnv, SessionUser } from '../auth/session.ts';
import { actorOf, currentUser, requireRole, requireUser } from '../auth/session.ts';
import type { Actor } from '../../engine/eventStore.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe, jsonBody, pathParams, queryParams } from '../http/openapi.ts';
import type { PayoutOutcome, PayoutProvider } from '../payouts/index.ts';
import type { WithdrawalDto } from '../contract/withdrawals.ts';
import {
  MyWithdrawals,
  RejectWithdrawalBody,
  WithdrawalAnswer,
  WithdrawalIdParam,
  WithdrawalQueue,
  WithdrawalQueueQuery,
  WithdrawalRequestBody,
} from '../contract/withdrawals.ts';

export type WithdrawalDeps = Pick<Deps, 'clock' | 'readDb' | 'commands' | 'config' | 'log'> & {
  payouts: PayoutProvider;
};

const toDto = (r: WithdrawalRow): WithdrawalDto => ({
  id: r.withdrawal_id,
  user_id: r.user_id,
  user_name: r.user_name,
  amount: r.amount,
  destination: r.destination,
  status: r.status,
  reason: r.reason,
  requested_at: new Date(r.requested_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

const IST_OFFSET_MS = 330 * 60_000;
/** Midnight of today in India, as epoch ms (the daily limit's day). */
export const startOfIndiaDay = (now: number): number =>
  Math.floor((now + IST_OFFSET_MS) / 86_400_000) * 86_400_000 - IST_OFFSET_MS;

const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(paise / 100);

const run = (deps: WithdrawalDeps, id: string, command: WithdrawalCommand, actor: Actor, key: string) =>
  handleCommand(deps.commands, withdrawalStream(id), withdrawalDecider, command, {
    actor,
    now: command.data.now,
    commandId: `withdrawal-${key}-${id}`,
  });

/**
 * A withdrawal's held cash comes back to the member's wallet, once (the wallet decider returns a
 * hold at most once). `commandId` names why: a rejected or failed withdrawal, or a hold that no
 * withdrawal records (its id has the member in it: a request id is the client's, and another
 * member may have used it).
 */
const returnHeld = async (deps: WithdrawalDeps, userId: string, withdrawalId: string, commandId: string) => {
  const now = deps.clock.now();
  await handleCommand(
    deps.commands,
    walletStream(userId),
    walletDecider,
    { type: 'ReturnWithdrawal', data: { withdrawalId, now } },
    { actor: 'system', now, commandId },
  );
};

/** The held cash of a rejected or failed withdrawal comes back to the wallet, once (idempotent). */
const returnCash = (deps: WithdrawalDeps, row: Pick<WithdrawalRow, 'withdrawal_id' | 'user_id'>) =>
  returnHeld(deps, row.user_id, row.withdrawal_id, `withdrawal-return-${row.withdrawal_id}`);

/** Applies a payout's outcome (from the provider's answer or its webhook), once. */
export const settlePayout = async (deps: WithdrawalDeps, id: string, outcome: PayoutOutcome): Promise<void> => {
  const now = deps.clock.now();
  if (outcome.status === 'processing') return;
  if (outcome.status === 'processed')
    await run(
      deps,
      id,
      { type: 'RecordPayout', data: { payoutId: outcome.payoutId, provider: deps.payouts.kind, now } },
      'system',
      'paid',
    );
  else {
    await run(
      deps,
      id,
      { type: 'RecordPayoutFailure', data: { payoutId: outcome.payoutId, reason: outcome.reason, now } },
      'system',
      'failed',
    );
    const row = withdrawalById(deps.readDb, id);
    if (row) await returnCash(deps, row);
  }
};

/** Every rejected or failed withdrawal whose cash is not back yet (a crash between the two steps) gets it back. */
export const returnDueWithdrawals = async (deps: WithdrawalDeps): Promise<number> => {
  let n = 0;
  for (const status of ['rejected', 'failed'] as WithdrawalStatus[])
    for (const row of listWithdrawals(deps.readDb, status)) {
      if (!returnsMoney(row.status)) continue;
      await returnCash(deps, row);
      n++;
    }
  return n;
};

/** The cash of a hold that no withdrawal of its member records comes back, once. */
const returnUnrecordedHold = (deps: WithdrawalDeps, userId: string, id: string) =>
  returnHeld(deps, userId, id, `withdrawal-unrecorded-${userId}-${id}`);

/** Holds younger than this are left to the request that is still recording them. */
export const WITHDRAWAL_GRACE_MS = 10_000;

/**
 * Repairs every withdrawal request cut between its two steps: cash held with no withdrawal to
 * show for it. The hold's withdrawal is closed first (so the request can no longer be recorded),
 * then its cash comes back; one recorded meanwhile is left as it is. Safe to run any time, from
 * any number of processes.
 */
export const returnUnrecordedHolds = async (deps: WithdrawalDeps): Promise<number> => {
  let n = 0;
  const now = deps.clock.now();
  for (const hold of withdrawalHoldsToRepair(deps.readDb)) {
    if (now - Date.parse(hold.created_at) < WITHDRAWAL_GRACE_MS) continue;
    try {
      const { state } = await run(
        deps,
        hold.withdrawal_id,
        {
          type: 'AbandonWithdrawal',
          data: { withdrawalId: hold.withdrawal_id, userId: hold.user_id, amount: hold.amount, now },
        },
        'system',
        `abandon-${hold.user_id}`,
      );
      if (state.status !== 'abandoned' && state.status !== 'none' && state.userId === hold.user_id) continue;
      await returnUnrecordedHold(deps, hold.user_id, hold.withdrawal_id);
      n++;
    } catch (error) {
      deps.log.error('could not return an unrecorded withdrawal hold', { id: hold.withdrawal_id, error });
    }
  }
  return n;
};

/** Everything the withdrawals leave half done: at start-up and from the sweeper. */
export const sweepWithdrawals = async (deps: WithdrawalDeps): Promise<number> =>
  (await returnDueWithdrawals(deps)) + (await returnUnrecordedHolds(deps));

/** Runs `sweepWithdrawals` every `intervalMs` (0 = never; tests call it by hand). Returns a stop function. */
export const startWithdrawalSweeper = (deps: WithdrawalDeps, intervalMs: number): (() => void) =>
  everyInterval(
    intervalMs,
    () => sweepWithdrawals(deps),
    (error) => deps.log.error('withdrawal sweeper failed', { error }),
  );

const destinationOf = (d: z.infer<typeof WithdrawalRequestBody>['destination']): Destination =>
  d.kind === 'upi'
    ? { kind: 'upi', vpa: d.vpa.trim() }
    : {
        kind: 'bank',
        accountNumber: d.account_number.replace(/\s/g, ''),
        ifsc: d.ifsc.trim().toUpperCase(),
        holder: d.holder.trim().replace(/\s+/g, ' '),
      };

const found = (deps: WithdrawalDeps, id: string): WithdrawalRow => {
  const row = withdrawalById(deps.readDb, id);
  if (!row) throw new ApiError(404, 'WITHDRAWAL_NOT_FOUND', 'Withdrawal not found.');
  return row;
};

const limitsOf = (deps: WithdrawalDeps, user: SessionUser) => {
  const used = withdrawnSince(deps.readDb, user.id, startOfIndiaDay(deps.clock.now()));
  return {
    min: deps.config.WITHDRAWAL_MIN_PAISE,
    daily_max: deps.config.WITHDRAWAL_DAILY_MAX_PAISE,
    left_today: Math.max(0, deps.config.WITHDRAWAL_DAILY_MAX_PAISE - used),
  };
};

/** Members ask to withdraw wallet cash; admins approve (paid out through the payout port) or reject. */
export const withdrawalRoutes = (deps: WithdrawalDeps) =>
  new Hono<AuthEnv>()
    .get(
      '/me/withdrawals',
      describe({
        summary: 'My withdrawals and my limits',
        tags: ['wallet'],
        access: 'member',
        response: MyWithdrawals,
      }),
      requireUser,
      (c) => {
        const user = currentUser(c);
        return c.json({
          withdrawals: withdrawalsOfUser(deps.readDb, user.id).map(toDto),
          limits: limitsOf(deps, user),
        });
      },
    )
    .post(
      '/me/withdrawals',
      describe({
        summary: 'Ask to withdraw wallet cash to a UPI id or bank account (the amount is held at once)',
        tags: ['wallet'],
        access: 'member',
        response: WithdrawalAnswer,
      }),
      requireUser,
      jsonBody(WithdrawalRequestBody),
      async (c) => {
        const user = currentUser(c);
        const body = c.req.valid('json');
        const id = body.request_id;
        const existing = withdrawalById(deps.readDb, id);
        if (existing && existing.user_id !== user.id) throw new ApiError(409, 'WITHDRAWAL_EXISTS', 'Please try again.');
        const limits = limitsOf(deps, user);
        const fail = (code: string, message: string, details?: Record<string, unknown>) =>
          new ApiError(422, code, message, details);
        if (!existing) {
          if (body.amount <= 0 || body.amount % 100 !== 0)
            throw fail('WITHDRAWAL_AMOUNT', 'Enter a whole number of rupees.');
          if (body.amount < limits.min)
            throw fail('WITHDRAWAL_TOO_SMALL', `The smallest withdrawal is ${rupees(limits.min)}.`, {
              min: rupees(limits.min),
            });
        }
        const destination = destinationOf(body.destination);
        const problem = destinationProblem(destination);
        if (problem) throw fail('WITHDRAWAL_DESTINATION', problem);
        const now = deps.clock.now();
        // The hold first: the wallet checks the balance and the day's maximum, serialised by its
        // stream, and a retry with the same request id holds nothing more (and never another amount).
        const hold = await handleCommand(
          deps.commands,
          walletStream(user.id),
          walletDecider,
          {
            type: 'Withdraw',
            data: { withdrawalId: id, amount: body.amount, dailyMax: deps.config.WITHDRAWAL_DAILY_MAX_PAISE, now },
          },
          { actor: actorOf(user), now, commandId: `withdrawal-hold-${id}` },
        ).catch((error: unknown) => {
          if (!(error instanceof DomainError) || error.code !== 'WITHDRAWAL_DAILY_LIMIT') throw error;
          const left = Number(error.details?.leftToday ?? 0);
          const max = deps.config.WITHDRAWAL_DAILY_MAX_PAISE;
          throw fail(
            'WITHDRAWAL_DAILY_LIMIT',
            `You can withdraw up to ${rupees(max)} a day; ${rupees(left)} is left today.`,
            { dailyMax: rupees(max), leftToday: rupees(left) },
          );
        });
        // What is recorded (and later paid out) is what the wallet holds, never the body's amount.
        const held = hold.state.withdrawals?.[id];
        if (!held) throw new ApiError(409, 'WITHDRAWAL_EXISTS', 'Please try again.');
        if (held.amount !== body.amount)
          throw fail('WITHDRAWAL_AMOUNT_CHANGED', WALLET_MESSAGES.WITHDRAWAL_AMOUNT_CHANGED);
        try {
          await run(
            deps,
            id,
            {
              type: 'RequestWithdrawal',
              data: { withdrawalId: id, userId: user.id, userName: user.name, amount: held.amount, destination, now },
            },
            actorOf(user),
            'request',
          );
        } catch (error) {
          // The sweeper gave this hold up (it waited too long for its record): its cash goes back now.
          if (error instanceof DomainError && error.code === 'WITHDRAWAL_ABANDONED')
            await returnUnrecordedHold(deps, user.id, id);
          throw error;
        }
        return c.json({
          success: true,
          message: `Your withdrawal of ${rupees(held.amount)} is waiting for approval. The amount is held from your wallet.`,
          withdrawal: toDto(found(deps, id)),
        });
      },
    )
    .get(
      '/admin/withdrawals',
      describe({
        summary: 'Withdrawals, waiting ones first',
        tags: ['admin', 'wallet'],
        access: 'auditor',
        response: WithdrawalQueue,
      }),
      requireRole('admin', 'auditor'),
      queryParams(WithdrawalQueueQuery),
      (c) => c.json({ withdrawals: listWithdrawals(deps.readDb, c.req.valid('query').status ?? null).map(toDto) }),
    )
    .post(
      '/admin/withdrawals/:id/approve',
      describe({
        summary:
          'Approve a withdrawal and pay it out (again for an approved one: retries its payout, same idempotency key)',
        tags: ['admin', 'wallet'],
        access: 'admin',
        response: WithdrawalAnswer,
      }),
      requireRole('admin'),
      pathParams(WithdrawalIdParam),
      async (c) => {
        const admin = currentUser(c);
        const id = c.req.valid('param').id;
        const row = found(deps, id);
        const retry = row.status === 'approved';
        // An approved one is approved again as nothing: its payout is looked up, and sent again
        // under its id only when the provider holds none, so it is made at most once.
        await run(
          deps,
          id,
          { type: 'ApproveWithdrawal', data: { by: admin.id, now: deps.clock.now() } },
          actorOf(admin),
          'approve',
        );
        const outcome = await deps.payouts
          .pay({ withdrawalId: id, amountPaise: row.amount, destination: await destinationFor(deps, id), retry })
          .catch((error: unknown): PayoutOutcome => {
            deps.log.error('payout failed to start', { id, error });
            return { status: 'processing', payoutId: '' };
          });
        await settlePayout(deps, id, outcome);
        const after = found(deps, id);
        const message =
          after.status === 'paid'
            ? `Paid ${rupees(after.amount)} to ${after.destination}.`
            : after.status === 'failed'
              ? `The payout failed (${after.reason ?? 'no reason given'}); ${rupees(after.amount)} went back to the member's wallet.`
              : 'Approved. The payout is on its way; its result will show here.';
        return c.json({ success: after.status !== 'failed', message, withdrawal: toDto(after) });
      },
    )
    .post(
      '/admin/withdrawals/:id/reject',
      describe({
        summary: 'Reject a withdrawal with a reason (its cash goes back)',
        tags: ['admin', 'wallet'],
        access: 'admin',
        response: WithdrawalAnswer,
      }),
      requireRole('admin'),
      pathParams(WithdrawalIdParam),
      jsonBody(RejectWithdrawalBody),
      async (c) => {
        const admin = currentUser(c);
        const id = c.req.valid('param').id;
        const row = found(deps, id);
        await run(
          deps,
          id,
          {
            type: 'RejectWithdrawal',
            data: { by: admin.id, reason: c.req.valid('json').reason, now: deps.clock.now() },
          },
          actorOf(admin),
          'reject',
        );
        await returnCash(deps, row);
        const after = found(deps, id);
        return c.json({
          success: true,
          message: `Rejected; ${rupees(after.amount)} went back to the member's wallet.`,
          withdrawal: toDto(after),
        });
      },
    )
    .post(
      '/payouts/webhook',
      describe({
        summary: 'Payout webhook (X-Razorpay-Signature): processed, failed or reversed, applied once',
        tags: ['wallet'],
      }),
      async (c) => {
        const raw = await c.req.text();
        if (!deps.payouts.verifyWebhook(raw, c.req.header('x-razorpay-signature')))
          throw new ApiError(401, 'BAD_SIGNATURE', 'The webhook signature is not valid.');
        let body: unknown;
        try {
          body = JSON.parse(raw || '{}');
        } catch {
          throw new ApiError(400, 'BAD_REQUEST', 'Unreadable webhook body.');
        }
        const parsed = PayoutWebhook.safeParse(body);
        if (!parsed.success) throw new ApiError(400, 'BAD_REQUEST', 'Unreadable webhook body.');
        const payout = parsed.data.payload.payout.entity;
        const id = payout.reference_id;
        if (!id || !withdrawalById(deps.readDb, id)) return c.json({ ok: true, ignored: true });
        const outcome: PayoutOutcome =
          parsed.data.event === 'payout.processed'
            ? { status: 'processed', payoutId: payout.id }
            : ['payout.failed', 'payout.reversed', 'payout.rejected'].includes(parsed.data.event)
              ? {
                  status: 'failed',
                  payoutId: payout.id,
                  reason: payout.status_details?.description ?? parsed.data.event,
                }
              : { status: 'processing', payoutId: payout.id };
        await settlePayout(deps, id, outcome);
        return c.json({ ok: true });
      },
    );

const PayoutWebhook = z.object({
  event: z.string(),
  payload: z.object({
    payout: z.object({
      entity: z.object({
        id: z.string(),
        reference_id: z.string().nullish(),
        status: z.string().optional(),
        status_details: z.object({ description: z.string().nullish() }).nullish(),
      }),
    }),
  }),
});

/** The destination as the member entered it (kept in the withdrawal's stream, not the read model). */
const destinationFor = async (deps: WithdrawalDeps, id: string): Promise<Destination> => {
  const events = await deps.commands.store.readStream(withdrawalStream(id));
  const requested = events.find((e) => e.type === 'WithdrawalRequested');
  if (!requested) throw new ApiError(404, 'WITHDRAWAL_NOT_FOUND', 'Withdrawal not found.');
  return (requested.data as { destination: Destination }).destination;
};
