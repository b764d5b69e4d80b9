import type { RecordedEvent } from '../../engine/eventStore.ts';
import type { WalletEvent } from '../../engine/wallet.ts';
import { walletBalances } from '../../projections/wallets.ts';
import type { Deps } from '../deps.ts';
import type { Broadcaster } from '../realtime/broadcasting.ts';
import type { Io } from '../realtime/io.ts';
import { userChannel } from '../realtime/io.ts';
import { asDomainEvent } from '../../engine/eventStore.ts';

const WALLET = 'wallet-';

/** Tells a member's sockets their new balances after every change to their wallet, and why (refund, reward). */
export const walletBroadcaster = (io: Io, deps: Deps): Broadcaster => ({
  name: 'wallet',
  channels: (events) =>
    new Set(
      events.filter((e) => e.streamName.startsWith(WALLET)).map((e) => userChannel(e.streamName.slice(WALLET.length))),
    ),
  broadcast(events) {
    for (const e of events) if (e.streamName.startsWith(WALLET)) walletBroadcast(io, deps, e);
  },
});

const walletBroadcast = (io: Io, deps: Deps, recorded: RecordedEvent) => {
  const userId = recorded.streamName.slice(WALLET.length);
  const e = asDomainEvent<WalletEvent>(recorded);
  if (e.type === 'DepositOrderCreated') return;
  const me = io.to(userChannel(userId));
  const w = walletBalances(deps.readDb, userId);
  me.emit('walletUpdate', { cash: w.cash, reward_cash: w.reward_cash, held: w.held, revision: w.revision });
  switch (e.type) {
    case 'PrebookFeeRefunded':
      me.emit('refundProcessed', {
        roomCode: e.data.roomCode,
        wallets: { [userId]: w.cash },
        refunded_users: [userId],
        amount: e.data.amount,
      });
      return;
    case 'FeeConvertedToReward':
      me.emit('rewardUpdate', {
        userId,
        rewardAmount: w.reward_cash,
        credited: e.data.amount,
        roomCode: e.data.roomCode,
        reason: 'loser_fee',
      });
      return;
    case 'RewardCredited':
      me.emit('rewardUpdate', {
        userId,
        rewardAmount: w.reward_cash,
        credited: e.data.amount,
        roomCode: e.data.roomCode,
        reason: e.data.reason === 'winner_bonus' ? 'winner_bonus' : 'other',
      });
      return;
    default:
      return;
  }
};
