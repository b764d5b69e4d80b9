import type { WalletCommand } from '../../engine/wallet.ts';
import { walletDecider, walletStream } from '../../engine/wallet.ts';
import type { Actor } from '../../engine/eventStore.ts';
import { handleCommand, loadState } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';

/** Reward cash lives in the member's wallet (`wallet-{userId}`); the shop only ever spends or refunds it here. */
const debitId = (orderId: string) => `shop:${orderId}`;
/** Gives back an order's reward debit once (or voids it if it has not landed yet). */
const releaseDebit = (orderId: string, amount: number, now: number): WalletCommand => ({
  type: 'ReleaseRewardDebit',
  data: { debitId: debitId(orderId), creditId: `shop-refund:${orderId}`, amount, now },
});

/** The member's reward cash in paise, read from the wallet stream itself (not a read model) so checkout bounds are exact. */
export const rewardCashOf = async (deps: Pick<Deps, 'store'>, userId: string): Promise<number> =>
  (await loadState(deps.store, walletStream(userId), walletDecider)).state.rewardCash;

/**
 * The member's reward cash as it will be once these orders give back what they spent: the wallet's
 * own refund rule applied to its current state, nothing appended (a checkout checks itself first).
 */
export const rewardCashAfterRefunds = async (
  deps: Pick<Deps, 'store'>,
  userId: string,
  orders: readonly { orderId: string; applied_reward: number }[],
  now: number,
): Promise<number> => {
  let { state } = await loadState(deps.store, walletStream(userId), walletDecider);
  for (const { orderId, applied_reward: amount } of orders) {
    if (amount <= 0) continue;
    state = walletDecider.decide(releaseDebit(orderId, amount, now), state).reduce(walletDecider.evolve, state);
  }
  return state.rewardCash;
};

/** Spends reward cash on an order: one `reward_debit`, once per order (the wallet refuses to go below 0). */
export const spendRewardCash = async (
  deps: Pick<Deps, 'clock' | 'commands'>,
  actor: Actor,
  userId: string,
  orderId: string,
  amount: number,
  reference: string,
) => {
  const now = deps.clock.now();
  await handleCommand(
    deps.commands,
    walletStream(userId),
    walletDecider,
    { type: 'DebitReward', data: { debitId: debitId(orderId), amount, reference, now } },
    { actor, now, commandId: `shop-reward-debit:${orderId}` },
  );
};

/**
 * Gives back the reward cash an order spent, once; if its debit has not reached the wallet yet (the
 * order was cancelled while its checkout was still running), voids it there, so it is refused when
 * it comes. The wallet stream decides, so every interleaving ends with the reward cash returned once.
 */
export const refundRewardCash = async (
  deps: Pick<Deps, 'clock' | 'commands'>,
  userId: string,
  orderId: string,
  amount: number,
) => {
  if (amount <= 0) return;
  const now = deps.clock.now();
  await handleCommand(deps.commands, walletStream(userId), walletDecider, releaseDebit(orderId, amount, now), {
    actor: 'system',
    now,
    commandId: `shop-reward-release:${orderId}`,
  });
};
