import { canonicalJson } from './canonicalJson.ts';
import { DomainError } from './decider.ts';
import { LIMITS, roomDecider } from './room.ts';
import type { RoomCommand, RoomEvent, RoomState } from './roomTypes.ts';

/**
 * Checks a room's recorded history against the room's rules: each event (or a deal with the end it
 * caused) must be exactly what the decider gives for the command it records, in the state the
 * events before it built. A forged deal after the end, a price that skips a step, a winner who was
 * not the last bidder or a second creation is named with the first event that breaks a rule.
 */

export interface AuditedEvent {
  id: string;
  revision: number;
  type: string;
  data: unknown;
}

export type RoomRulesVerdict =
  | { ok: true; events: number }
  | { ok: false; index: number; id: string; revision: number; type: string; reason: string };

type Data = Record<string, unknown>;
const num = (d: Data, k: string) => (typeof d[k] === 'number' ? d[k] : NaN);
const str = (d: Data, k: string) => (typeof d[k] === 'string' ? d[k] : '');

/** The command an event records, read back from its own data. */
const commandOf = (e: AuditedEvent, state: RoomState): RoomCommand | null => {
  const d = (e.data ?? {}) as Data;
  switch (e.type) {
    case 'RoomCreated': {
      const { createdAt, ...rules } = d;
      return { type: 'CreateRoom', data: { rules: rules as never, now: Number(createdAt) } };
    }
    case 'SeatBooked':
      return {
        type: 'BookSeat',
        data: {
          reservationId: str(d, 'reservationId'),
          userId: str(d, 'userId'),
          userName: str(d, 'userName'),
          now: num(d, 'bookedAt'),
        },
      };
    case 'RoomStarted':
      return { type: 'StartRoom', data: { now: num(d, 'at') } };
    case 'RoomCancelled':
      // An admin's cancel names them; a room that did not fill was cancelled by its start.
      return d.by
        ? { type: 'CancelRoom', data: { by: d.by as never, reason: str(d, 'remark'), now: num(d, 'at') } }
        : { type: 'StartRoom', data: { now: num(d, 'at') } };
    case 'RoomRescheduled':
      return {
        type: 'RescheduleRoom',
        data: { by: d.by as never, reason: str(d, 'reason'), scheduledTime: num(d, 'to'), now: num(d, 'at') },
      };
    case 'BidPlaced':
      return { type: 'PlaceBid', data: { bidId: str(d, 'bidId'), userId: str(d, 'userId'), now: num(d, 'at') } };
    case 'RoomEnded': {
      // Recorded when the scheduler closed the round: the purchase window opened at that moment.
      const deadline = typeof d.purchaseDeadline === 'number' ? d.purchaseDeadline - LIMITS.purchaseWindowMs : null;
      const roundDeadline = state.status === 'running' ? state.deadline : 0;
      return { type: 'CloseRound', data: { now: deadline ?? roundDeadline } };
    }
    case 'PurchaseOrderCreated':
      return {
        type: 'CreatePurchaseOrder',
        data: {
          orderId: str(d, 'orderId'),
          userId: str(d, 'userId'),
          address: d.address as never,
          now: num(d, 'createdAt'),
        },
      };
    case 'RoomPurchased':
      return {
        type: 'ConfirmPurchase',
        data: {
          orderId: str(d, 'orderId'),
          paymentId: str(d, 'paymentId'),
          userId: str(d, 'userId'),
          amount: num(d, 'amount'),
          now: num(d, 'at'),
        },
      };
    case 'PurchaseWindowExpired':
    case 'PurchaseOfferPassed':
      // Both are the scheduler's command at the offer's deadline: the rules say which follows.
      return { type: 'ExpirePurchaseWindow', data: { now: num(d, 'at') } };
    default:
      return null;
  }
};

/**
 * Where a recorded event and the rules' event differ: the first field, in words. Fields the rules
 * give but an older event lacks are not held against it (events keep the shape they were written in).
 */
const difference = (recorded: AuditedEvent, expected: RoomEvent): string | null => {
  if (recorded.type !== expected.type) return `the rules give ${expected.type} here, not ${recorded.type}`;
  const got = (recorded.data ?? {}) as Data;
  for (const [key, value] of Object.entries(expected.data as Data)) {
    if (!(key in got)) continue;
    if (canonicalJson(got[key] ?? null) !== canonicalJson(value ?? null)) {
      return `${key} is ${canonicalJson(got[key] ?? null)}, but the rules give ${canonicalJson(value ?? null)}`;
    }
  }
  return null;
};

export const checkRoomRules = (events: readonly AuditedEvent[]): RoomRulesVerdict => {
  let state: RoomState = roomDecider.initialState;
  const fail = (i: number, reason: string): RoomRulesVerdict => {
    const e = events[i]!;
    return { ok: false, index: i, id: e.id, revision: e.revision, type: e.type, reason };
  };
  for (let i = 0; i < events.length;) {
    const event = events[i]!;
    const command = commandOf(event, state);
    if (!command) return fail(i, `${event.type} is not an event a room records`);
    let expected: RoomEvent[];
    try {
      expected = roomDecider.decide(command, state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return fail(i, `breaks a rule: ${error.message}`);
    }
    if (expected.length === 0)
      return fail(i, `the rules record nothing for it here (a repeat, or the room had moved on)`);
    for (let k = 0; k < expected.length; k++) {
      const recorded = events[i + k];
      if (!recorded) return fail(i, `the rules also record ${expected[k]!.type} right after it, and the history stops`);
      const diff = difference(recorded, expected[k]!);
      if (diff) return fail(i + k, diff);
    }
    for (let k = 0; k < expected.length; k++) state = roomDecider.evolve(state, events[i + k] as RoomEvent);
    i += expected.length;
  }
  return { ok: true, events: events.length };
};
