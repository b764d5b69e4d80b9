import { walletDecider, walletStream } from '../../engine/wallet.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { applyDepositPayment } from './deposits.ts';

/** Said to a member whose payment could not be taken (a deal already paid for, an order that expired). */
export const RETURNED_TO_WALLET_MESSAGE = 'The amount has been added to your wallet.';

/**
 * Puts a verified payment that nothing can take any more into its payer's wallet, as a top-up of
 * exactly the paid amount: money paid is never kept without a purchase. Once per payment id, so a
 * replayed callback or webhook, or a retry after a crash between the two steps, credits it once.
 */
export const returnPaymentToWallet = async (
  deps: Pick<Deps, 'clock' | 'commands' | 'log'>,
  userId: string,
  paymentId: string,
  amountPaise: number,
) => {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) return { returned: 0 };
  const orderId = `return-${paymentId}`;
  const now = deps.clock.now();
  await handleCommand(
    deps.commands,
    walletStream(userId),
    walletDecider,
    { type: 'CreateDepositOrder', data: { orderId, amount: amountPaise, now } },
    { actor: 'system', now, commandId: `return-order:${paymentId}` },
  );
  // Credited like any top-up whose payment arrived (the payment id is what makes it once).
  const { applied } = await applyDepositPayment(deps, {
    providerOrderId: orderId,
    paymentId,
    amountPaise,
    notes: { userId },
    userId: null,
  });
  if (applied)
    deps.log.warn('a payment nothing could take was returned to the wallet', { userId, paymentId, amountPaise });
  return { returned: amountPaise };
};
