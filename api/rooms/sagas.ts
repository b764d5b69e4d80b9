import { metrics } from '../metrics.ts';
import { DomainError } from '../../engine/decider.ts';
import type { Actor } from '../../engine/eventStore.ts';
import { roomDecider, roomError, roomStream } from '../../engine/room.ts';
import { repairReservation } from '../../engine/sagas/prebook.ts';
import type { WalletStep } from '../../engine/sagas/settlement.ts';
import { settlementSteps } from '../../engine/sagas/settlement.ts';
import { walletDecider, walletStream } from '../../engine/wallet.ts';
import { unsettledRoomCodes } from '../../projections/roomQueries.ts';
import { userById } from '../../projections/users.ts';
import { reservationsToRepair } from '../../projections/wallets.ts';
import { ProjectionTimeoutError } from '../../projections/runner.ts';
import type { SessionUser } from '../auth/session.ts';
import { actorOf } from '../auth/session.ts';
import { handleCommand, loadState } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { deterministicUuid, newId } from '../ids.ts';

const commandIdOf = (step: WalletStep): string => {
  const c = step.command;
  switch (c.type) {
    case 'RefundPrebook':
    case 'ConvertFeeToReward':
    case 'KeepEntryFee':
      return `settle:${c.data.reservationId}:${c.type}`;
    case 'CreditReward':
      return `reward:${c.data.creditId}`;
    default:
      return `wallet:${c.type}:${newId()}`;
  }
};

/** Runs one wallet step of a saga; every step is idempotent (by reservation or credit id). */
export const runWalletStep = (
  deps: Pick<Deps, 'clock' | 'commands'>,
  step: WalletStep,
  actor: Actor = 'system',
  trace: { correlationId?: string; causationId?: string | null } = {},
) => {
  const now = deps.clock.now();
  return handleCommand(deps.commands, walletStream(step.userId), walletDecider, step.command, {
    actor,
    now,
    commandId: commandIdOf(step),
    ...trace,
  });
};

/**
 * The pre-book saga: (1) the fee leaves the wallet, appended with the wallet's expected revision so
 * two pre-books can never overdraw it; (2) the room books the seat with the same reservation id;
 * (3) if the room refuses, the fee is refunded. A crash between steps is finished by the sweeper.
 * The room is checked first, so a refused pre-book normally never touches the wallet.
 */
export const prebook = async (
  deps: Pick<Deps, 'clock' | 'store' | 'commands'>,
  user: SessionUser,
  code: string,
  reservationId: string = newId(),
) => {
  const stream = roomStream(code);
  const actor = actorOf(user);
  const book = {
    type: 'BookSeat',
    data: { reservationId, userId: user.id, userName: user.name, now: deps.clock.now() },
  } as const;
  const { state } = await loadState(deps.store, stream, roomDecider);
  if (state.status === 'none') throw roomError('ROOM_NOT_FOUND');
  roomDecider.decide(book, state);
  const fee = state.rules.entryFee;
  // Every step of one pre-book shares a correlation id, and each names the event that caused it.
  const trace = { correlationId: `prebook:${reservationId}`, causationId: null as string | null };
  if (fee > 0) {
    const now = deps.clock.now();
    await handleCommand(
      deps.commands,
      walletStream(user.id),
      walletDecider,
      {
        type: 'DebitPrebook',
        data: { reservationId, roomCode: code, productName: state.rules.product.name, amount: fee, now },
      },
      { actor, now, commandId: `prebook-debit:${reservationId}`, correlationId: trace.correlationId },
    );
    // Event ids follow from the command id, so the cause is named even when the debit was a replay.
    trace.causationId = deterministicUuid(`prebook-debit:${reservationId}#0`);
  }
  try {
    const now = deps.clock.now();
    return await handleCommand(
      deps.commands,
      stream,
      roomDecider,
      { ...book, data: { ...book.data, now } },
      { actor, now, commandId: `prebook-seat:${reservationId}`, ...trace },
    );
  } catch (error) {
    if (error instanceof DomainError && fee > 0) {
      await runWalletStep(
        deps,
        { userId: user.id, command: { type: 'RefundPrebook', data: { reservationId, now: deps.clock.now() } } },
        actor,
        trace,
      );
    } else if (fee > 0 && !(error instanceof ProjectionTimeoutError)) {
      // The fee has left the wallet, so "nothing was changed" would be untrue: the sweeper seats the member or refunds.
      throw new ApiError(503, 'PREBOOK_PENDING', PREBOOK_PENDING_MESSAGE);
    }
    throw error;
  }
};

export const PREBOOK_PENDING_MESSAGE =
  'Your entry fee is held but we could not confirm your seat just now. It will be confirmed within a minute, or the fee returned to your wallet.';

/** The settlement saga for a finished room: every fee gets its recorded fate, the winner the bonus. */
export const settleRoom = async (
  deps: Pick<Deps, 'clock' | 'store' | 'commands' | 'log'>,
  code: string,
): Promise<number> => {
  const { state, events } = await loadState(deps.store, roomStream(code), roomDecider);
  // Each wallet step names the event that ended the room as its cause.
  const end = events.findLast((e) => e.type === 'RoomEnded' || e.type === 'RoomCancelled');
  const trace = { correlationId: `settle:${code}`, causationId: end?.id ?? null };
  // Each member's steps run in order; different members' wallets are different streams, so their
  // steps run together: one group commit and one projected batch for the room's whole end, not one
  // of each per member while the live rooms wait behind them.
  const byMember = new Map<string, WalletStep[]>();
  for (const step of settlementSteps(state, deps.clock.now())) {
    const steps = byMember.get(step.userId);
    if (steps) steps.push(step);
    else byMember.set(step.userId, [step]);
  }
  // Nobody reads what settlement writes before its batch is projected in its turn, so its steps do
  // not wait for the read models (waiting would project early, in front of the live rooms' deals).
  const unwaited = { ...deps, commands: { store: deps.commands.store } };
  const applied = await Promise.all(
    [...byMember.values()].map(async (steps) => {
      let count = 0;
      for (const step of steps) {
        try {
          count += (await runWalletStep(unwaited, step, 'system', trace)).events.length;
        } catch (error) {
          deps.log.error('settlement step failed; the sweeper will retry', {
            room: code,
            step: step.command.type,
            error,
          });
        }
      }
      return count;
    }),
  );
  return applied.reduce((sum, count) => sum + count, 0);
};

/** Reservations younger than this are left to the request that is still running them. */
export const SWEEP_GRACE_MS = 10_000;

/**
 * Finishes or compensates every half-done saga: held fees the room never saw are booked (or
 * refunded when the room refuses), fees of finished rooms get their fate, unpaid bonuses are paid.
 * Safe to run any time, from any number of processes.
 */
export const sweep = async (
  deps: Pick<Deps, 'clock' | 'store' | 'commands' | 'log' | 'readDb'>,
): Promise<{ repaired: number; settled: number }> => {
  let repaired = 0;
  const now = deps.clock.now();
  for (const r of reservationsToRepair(deps.readDb)) {
    if (now - r.created_at < SWEEP_GRACE_MS) continue;
    try {
      const [{ state: room }, { state: wallet }] = await Promise.all([
        loadState(deps.store, roomStream(r.room_code), roomDecider),
        loadState(deps.store, walletStream(r.user_id), walletDecider),
      ]);
      const reservation = wallet.reservations[r.reservation_id];
      if (!reservation) continue;
      const repair = repairReservation(r.user_id, r.reservation_id, reservation, room, deps.clock.now());
      if (repair.kind === 'none') continue;
      repaired++;
      if (repair.kind !== 'book') {
        await runWalletStep(deps, repair.step);
        if (repair.kind === 'refund') metrics.sagasCompensated.inc();
        continue;
      }
      const userName = userById(deps.readDb, r.user_id)?.name ?? 'Member';
      try {
        await handleCommand(
          deps.commands,
          roomStream(r.room_code),
          roomDecider,
          {
            type: 'BookSeat',
            data: { reservationId: r.reservation_id, userId: r.user_id, userName, now: deps.clock.now() },
          },
          { actor: 'system', now: deps.clock.now(), commandId: `prebook-seat:${r.reservation_id}` },
        );
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        await runWalletStep(deps, {
          userId: r.user_id,
          command: { type: 'RefundPrebook', data: { reservationId: r.reservation_id, now: deps.clock.now() } },
        });
        metrics.sagasCompensated.inc();
      }
    } catch (error) {
      deps.log.error('sweeper could not repair a reservation', { reservation: r.reservation_id, error });
    }
  }
  let settled = 0;
  for (const code of unsettledRoomCodes(deps.readDb)) settled += await settleRoom(deps, code);
  return { repaired, settled };
};
