import { create } from './create.ts';
import { errorText, t } from '../i18n/index.ts';
import { api, ApiError } from '../lib/api.ts';
import { getSocket } from '../lib/socket.ts';
import type { TransactionType, WalletBalances, WalletTransaction } from '../../../api/contract/account.ts';
import { refreshSession, setWallet } from './session.ts';

export type { TransactionType, WalletTransaction };

export type WalletState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Paise. */
  cash: number;
  rewardCash: number;
  held: number;
  transactions: WalletTransaction[];
  txStatus: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  watching: boolean;
};

const initial: WalletState = {
  status: 'idle',
  cash: 0,
  rewardCash: 0,
  held: 0,
  transactions: [],
  txStatus: 'idle',
  error: null,
  watching: false,
};

export const useWalletStore = create<WalletState>()(() => initial);

export const resetWallet = (): void => useWalletStore.setState(initial);

/** Storefront §8 deposit messages, word for word. */
export const DEPOSIT_MESSAGES = {
  invalid: '⚠️ Invalid deposit amount',
  noToken: '❌ Failed to get payment token',
  failed: '❌ Something went wrong while creating order.',
} as const;

/** The top-up buttons (storefront §2), and the amounts the rules text gives (§9: "give both"). */
export const TOP_UP_BUTTONS_RUPEES = [50, 100, 200] as const;
export const TOP_UP_RULES_RUPEES = [100, 200, 500] as const;

/** Storefront §4: deposit and refund_deposit show as +amount, the rest as −amount; reward credits add reward cash. */
export const transactionSign = (type: TransactionType): '+' | '−' =>
  type === 'deposit' || type === 'refund_deposit' || type === 'reward_credit' ? '+' : '−';

export const TRANSACTION_LABELS: Record<TransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  withdrawal_returned: 'Withdrawal returned',
  prebook_deduction: 'Pre-book fee',
  refund_deposit: 'Refund',
  reward_credit: 'Reward Cash credit',
  reward_debit: 'Reward Cash spent',
};

const applyBalances = (w: WalletBalances) => {
  useWalletStore.setState({ status: 'ready', cash: w.cash, rewardCash: w.reward_cash, held: w.held });
  setWallet({ cash: w.cash, reward_cash: w.reward_cash });
};

export const loadBalances = async (): Promise<void> => {
  if (useWalletStore.getState().status !== 'ready') useWalletStore.setState({ status: 'loading' });
  try {
    applyBalances(await api<WalletBalances>('/api/me/wallet'));
  } catch (error) {
    useWalletStore.setState({
      status: 'error',
      error: error instanceof ApiError ? errorText(error.code, error.message, error.details) : t('Server error'),
    });
  }
};

export const loadTransactions = async (): Promise<void> => {
  useWalletStore.setState({ txStatus: 'loading' });
  try {
    const body = await api<{ transactions: WalletTransaction[] }>('/api/me/wallet/transactions?limit=200');
    useWalletStore.setState({ txStatus: 'ready', transactions: body.transactions ?? [] });
  } catch (error) {
    useWalletStore.setState({
      txStatus: 'error',
      error: error instanceof ApiError ? errorText(error.code, error.message, error.details) : t('Server error'),
    });
  }
};

export const loadWallet = async (): Promise<void> => {
  await Promise.all([loadBalances(), loadTransactions()]);
};

/**
 * Starts a top-up of `rupees` and resolves with the hosted checkout URL to open. Rejects with an
 * Error whose message is the one to show: the server's, or the spec's fallbacks.
 */
export const createDeposit = async (rupees: number): Promise<string> => {
  if (!Number.isFinite(rupees) || rupees <= 0) throw new Error(t(DEPOSIT_MESSAGES.invalid));
  let body: { checkout_url?: string };
  try {
    body = await api<{ checkout_url?: string }>('/api/me/wallet/deposits', {
      body: { amount: Math.round(rupees * 100) },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      throw new Error(
        error.message && error.message !== 'Server error'
          ? errorText(error.code, error.message, error.details)
          : t(DEPOSIT_MESSAGES.noToken),
      );
    }
    throw new Error(t(DEPOSIT_MESSAGES.failed));
  }
  if (!body?.checkout_url) throw new Error(t(DEPOSIT_MESSAGES.noToken));
  return body.checkout_url;
};

/** The query parameters the checkout return carries; all are removed from the address afterwards. */
export const PAYMENT_RETURN_PARAMS = [
  'payment_success',
  'order_id',
  'razorpay_order_id',
  'razorpay_payment_id',
  'razorpay_signature',
] as const;

export type PaymentReturn =
  | { kind: 'none' }
  | { kind: 'cancelled'; orderId: string | null }
  | {
      kind: 'paid';
      orderId: string;
      callback: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } | null;
    };

/** Reads `?payment_success=1&order_id=…` (plus the signed Razorpay fields) from a return address. */
export const readPaymentReturn = (search: URLSearchParams): PaymentReturn => {
  const flag = search.get('payment_success');
  if (flag === null) return { kind: 'none' };
  const orderId = search.get('order_id');
  if (flag !== '1' || !orderId) return { kind: 'cancelled', orderId };
  const paymentId = search.get('razorpay_payment_id');
  const signature = search.get('razorpay_signature');
  const callback =
    paymentId && signature
      ? {
          razorpay_order_id: search.get('razorpay_order_id') ?? orderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: signature,
        }
      : null;
  return { kind: 'paid', orderId, callback };
};

/** Removes the payment return parameters, keeping any others. */
export const stripPaymentParams = (search: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(search);
  for (const key of PAYMENT_RETURN_PARAMS) next.delete(key);
  return next;
};

/**
 * After the checkout returns: confirms the signed payment with the server (idempotent, so a reload is
 * harmless), then refreshes balance, transactions and the header. Resolves with whether money arrived.
 */
export const completeDeposit = async (ret: Extract<PaymentReturn, { kind: 'paid' }>): Promise<boolean> => {
  let applied = false;
  try {
    if (ret.callback) {
      const body = await api<WalletBalances & { applied: boolean }>('/api/me/wallet/deposits/verify', {
        body: ret.callback,
      });
      applied = true;
      applyBalances(body);
    }
  } finally {
    await Promise.all([loadWallet(), refreshSession()]);
  }
  return applied;
};

/** While the Wallet page is open it reloads its transactions on every live wallet change. */
export const watchWallet = (on: boolean): void => useWalletStore.setState({ watching: on });

/**
 * Keeps the header balances and the member's access live for the whole app: `walletUpdate` carries
 * the new balances; `rewardUpdate`, `refundProcessed` and `accountUpdate` re-read the session
 * (storefront §4 real-time updates).
 */
export const startWalletLive = (): (() => void) => {
  const socket = getSocket();
  const onWallet = (w: { cash: number; reward_cash: number; held: number }) => {
    setWallet({ cash: w.cash, reward_cash: w.reward_cash });
    if (useWalletStore.getState().status === 'ready') {
      useWalletStore.setState({ cash: w.cash, rewardCash: w.reward_cash, held: w.held });
    }
    if (useWalletStore.getState().watching) void loadTransactions();
  };
  const onCredit = () => {
    void refreshSession();
  };
  // Access granted (or a role changed) while the page is open: the session is read again, so every
  // screen's guard and notice follows without a reload.
  const onAccount = () => {
    void refreshSession();
  };
  socket.on('accountUpdate', onAccount);
  socket.on('walletUpdate', onWallet);
  socket.on('rewardUpdate', onCredit);
  socket.on('refundProcessed', onCredit);
  return () => {
    socket.off('accountUpdate', onAccount);
    socket.off('walletUpdate', onWallet);
    socket.off('rewardUpdate', onCredit);
    socket.off('refundProcessed', onCredit);
  };
};
