import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

/**
 * One withdrawal (`withdrawal-{id}`): a member asks for wallet cash (never reward cash) to a UPI id
 * or a bank account; the cash is held in the wallet at once (`Withdrawn`); an admin approves or
 * rejects it with a reason; an approved one is paid out through the payout port and ends paid, or
 * failed (and its cash comes back, once, as `WithdrawalReturned` in the wallet). Each step is an
 * event here, with its actor.
 */

export type Destination =
  { kind: 'upi'; vpa: string } | { kind: 'bank'; accountNumber: string; ifsc: string; holder: string };

export type WithdrawalStatus = 'requested' | 'approved' | 'paid' | 'failed' | 'rejected';

export const WITHDRAWAL_MESSAGES = {
  notFound: 'Withdrawal not found.',
  notPending: 'This withdrawal has already been decided.',
  notApproved: 'This withdrawal is not waiting for a payout.',
  reasonRequired: 'Say why the withdrawal is rejected: the member sees the reason.',
  exists: 'This withdrawal was already requested.',
  abandoned:
    'This request took too long and was cancelled; its amount goes back to your wallet. Please send a new request.',
} as const;

export type WithdrawalCommand =
  | {
      type: 'RequestWithdrawal';
      data: {
        withdrawalId: string;
        userId: string;
        userName: string;
        amount: number;
        destination: Destination;
        now: number;
      };
    }
  | { type: 'ApproveWithdrawal'; data: { by: string; now: number } }
  | { type: 'RejectWithdrawal'; data: { by: string; reason: string; now: number } }
  | { type: 'RecordPayout'; data: { payoutId: string; provider: string; now: number } }
  | { type: 'RecordPayoutFailure'; data: { payoutId: string | null; reason: string; now: number } }
  /**
   * Closes the stream of a hold whose request was never recorded (a request cut between its two
   * steps), so that it can never be recorded after its cash went back. Does nothing to a recorded one.
   */
  | { type: 'AbandonWithdrawal'; data: { withdrawalId: string; userId: string; amount: number; now: number } };

export type WithdrawalEvent =
  | {
      type: 'WithdrawalRequested';
      data: {
        withdrawalId: string;
        userId: string;
        userName: string;
        amount: number;
        destination: Destination;
        at: number;
      };
    }
  | { type: 'WithdrawalApproved'; data: { by: string; at: number } }
  | { type: 'WithdrawalRejected'; data: { by: string; reason: string; at: number } }
  | { type: 'WithdrawalPaid'; data: { payoutId: string; provider: string; at: number } }
  | { type: 'WithdrawalPayoutFailed'; data: { payoutId: string | null; reason: string; at: number } }
  | { type: 'WithdrawalAbandoned'; data: { withdrawalId: string; userId: string; amount: number; at: number } };

export type WithdrawalState =
  | { status: 'none' }
  /** Never requested: its hold goes back to the wallet, and the request is refused. */
  | { status: 'abandoned' }
  | {
      status: WithdrawalStatus;
      withdrawalId: string;
      userId: string;
      amount: number;
      destination: Destination;
    };

export const withdrawalStream = (id: string): string => `withdrawal-${id}`;

export const initialState: WithdrawalState = { status: 'none' };

const fail = (code: string, message: string): never => {
  throw new DomainError(code, message);
};

export const decide = (command: WithdrawalCommand, state: WithdrawalState): WithdrawalEvent[] => {
  switch (command.type) {
    case 'RequestWithdrawal': {
      const { now, ...request } = command.data;
      if (state.status === 'abandoned') return fail('WITHDRAWAL_ABANDONED', WITHDRAWAL_MESSAGES.abandoned);
      // A retry records nothing more; another member's or another amount under this id, nothing at all.
      if (state.status !== 'none')
        return state.userId === request.userId && state.amount === request.amount
          ? []
          : fail('WITHDRAWAL_EXISTS', WITHDRAWAL_MESSAGES.exists);
      return [{ type: 'WithdrawalRequested', data: { ...request, at: now } }];
    }
    case 'ApproveWithdrawal':
      if (state.status === 'none' || state.status === 'abandoned')
        return fail('WITHDRAWAL_NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
      // Approving an approved one again changes nothing here: the API retries its payout, under
      // the same idempotency key (a payout that could not be started is never stuck).
      if (state.status === 'approved') return [];
      if (state.status !== 'requested') return fail('WITHDRAWAL_DECIDED', WITHDRAWAL_MESSAGES.notPending);
      return [{ type: 'WithdrawalApproved', data: { by: command.data.by, at: command.data.now } }];
    case 'RejectWithdrawal': {
      if (state.status === 'none' || state.status === 'abandoned')
        return fail('WITHDRAWAL_NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
      if (state.status !== 'requested') return fail('WITHDRAWAL_DECIDED', WITHDRAWAL_MESSAGES.notPending);
      const reason = command.data.reason.trim().replace(/\s+/g, ' ');
      if (reason.length < 3 || reason.length > 300) return fail('REASON_REQUIRED', WITHDRAWAL_MESSAGES.reasonRequired);
      return [{ type: 'WithdrawalRejected', data: { by: command.data.by, reason, at: command.data.now } }];
    }
    case 'RecordPayout':
      // A webhook or a retry telling the same outcome again changes nothing.
      if (state.status === 'paid') return [];
      if (state.status !== 'approved') return fail('WITHDRAWAL_NOT_APPROVED', WITHDRAWAL_MESSAGES.notApproved);
      return [
        {
          type: 'WithdrawalPaid',
          data: { payoutId: command.data.payoutId, provider: command.data.provider, at: command.data.now },
        },
      ];
    case 'RecordPayoutFailure':
      if (state.status === 'failed') return [];
      // A paid payout the bank later reverses fails too (its cash comes back, once).
      if (state.status !== 'approved' && state.status !== 'paid')
        return fail('WITHDRAWAL_NOT_APPROVED', WITHDRAWAL_MESSAGES.notApproved);
      return [
        {
          type: 'WithdrawalPayoutFailed',
          data: { payoutId: command.data.payoutId, reason: command.data.reason, at: command.data.now },
        },
      ];
    case 'AbandonWithdrawal': {
      const { now, ...hold } = command.data;
      if (state.status !== 'none') return [];
      return [{ type: 'WithdrawalAbandoned', data: { ...hold, at: now } }];
    }
    default:
      return assertNever(command);
  }
};

export const evolve = (state: WithdrawalState, event: WithdrawalEvent): WithdrawalState => {
  switch (event.type) {
    case 'WithdrawalRequested': {
      const { withdrawalId, userId, amount, destination } = event.data;
      return { status: 'requested', withdrawalId, userId, amount, destination };
    }
    case 'WithdrawalAbandoned':
      return { status: 'abandoned' };
    case 'WithdrawalApproved':
      return state.status === 'none' || state.status === 'abandoned' ? state : { ...state, status: 'approved' };
    case 'WithdrawalRejected':
      return state.status === 'none' || state.status === 'abandoned' ? state : { ...state, status: 'rejected' };
    case 'WithdrawalPaid':
      return state.status === 'none' || state.status === 'abandoned' ? state : { ...state, status: 'paid' };
    case 'WithdrawalPayoutFailed':
      return state.status === 'none' || state.status === 'abandoned' ? state : { ...state, status: 'failed' };
    default:
      return assertNever(event);
  }
};

export const withdrawalDecider: Decider<WithdrawalCommand, WithdrawalEvent, WithdrawalState> = {
  initialState,
  decide,
  evolve,
};

/** Whether the withdrawal's held cash must come back to the wallet. */
export const returnsMoney = (status: WithdrawalStatus | 'none'): boolean =>
  status === 'rejected' || status === 'failed';

// ── Rules of the request (checked by the API before the hold) ─────────────────────────────

export const UPI_ID = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER = /^\d{9,18}$/;

/** The destination's problem in words, or null when it is well formed. */
export const destinationProblem = (d: Destination): string | null => {
  if (d.kind === 'upi')
    return UPI_ID.test(d.vpa.trim())
      ? null
      : 'Enter a UPI id like name@bank (letters, digits, dots or hyphens before the @).';
  if (!ACCOUNT_NUMBER.test(d.accountNumber.trim())) return 'The account number must be 9 to 18 digits.';
  if (!IFSC.test(d.ifsc.trim().toUpperCase())) return 'Enter the 11-character IFSC, like SBIN0001234.';
  if (d.holder.trim().length < 2) return 'Enter the account holder’s name as the bank has it.';
  return null;
};

/** "UPI name@bank" or "A/c ••••1234 (SBIN0001234)": what admins and the member see. */
export const destinationLabel = (d: Destination): string =>
  d.kind === 'upi' ? `UPI ${d.vpa}` : `A/c ••••${d.accountNumber.slice(-4)} (${d.ifsc})`;
