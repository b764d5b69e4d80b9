import { handleCommand } from '../../api/commandHandler.ts';
import type { RunningServer } from '../../api/server.ts';
import { walletDecider, walletStream } from '../../engine/wallet.ts';
import { userByEmail } from '../../projections/users.ts';

/** Credits reward cash to the member with this email, as an admin adjustment would, once per `creditId`. */
export const giveRewardCash = async (
  server: Pick<RunningServer, 'deps'>,
  email: string,
  amount: number,
  creditId: string,
): Promise<void> => {
  const now = server.deps.clock.now();
  await handleCommand(
    server.deps.commands,
    walletStream(userByEmail(server.deps.readDb, email)!.id),
    walletDecider,
    { type: 'CreditReward', data: { creditId, amount, reason: 'adjustment', now } },
    { actor: 'system', now, commandId: creditId },
  );
};
