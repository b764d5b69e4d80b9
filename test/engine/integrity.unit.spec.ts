import { describe, expect, it } from 'vitest';
import type { IntegrityEvent } from '../../engine/integrity.ts';
import { INTEGRITY_MESSAGES, integrityDecider } from '../../engine/integrity.ts';
import type { DealFact, SignInFacts } from '../../engine/integrityRules.ts';
import {
  flagsAtRoomEnd,
  INTEGRITY_RULES,
  lastSecondFlag,
  memberTimings,
  scriptedBurstFlags,
  sharedSignInFlags,
  singleOpponentFlag,
} from '../../engine/integrityRules.ts';
import { specFor } from '../helpers/decider.ts';

let position = 0;
/** A deal in `room` by `userId`, `beforeMs` before the deadline, topping `opponentId`. */
const deal = (
  room: string,
  userId: string,
  at: number,
  beforeMs: number,
  opponentId: string | null,
  reactionMs = 5000,
): DealFact => {
  position += 1;
  return {
    room,
    eventId: `e${position}`,
    revision: position,
    position,
    seq: position,
    userId,
    userName: userId.toUpperCase(),
    at,
    beforeMs,
    opponentId,
    reactionMs,
  };
};

describe('fairness rules', () => {
  it('times each member: deals, median seconds before the deadline, last-second share and buckets', () => {
    const deals = [
      deal('R1', 'u1', 1000, 400, null),
      deal('R1', 'u2', 2000, 12_000, 'u1'),
      deal('R1', 'u1', 3000, 900, 'u2'),
      deal('R1', 'u1', 4000, 25_000, 'u2'),
    ];
    expect(memberTimings(deals)).toEqual([
      {
        userId: 'u1',
        userName: 'U1',
        deals: 3,
        medianBeforeMs: 900,
        lastSecondShare: 2 / 3,
        buckets: [2, 0, 0, 0, 0, 1],
      },
      {
        userId: 'u2',
        userName: 'U2',
        deals: 1,
        medianBeforeMs: 12_000,
        lastSecondShare: 0,
        buckets: [0, 0, 0, 0, 1, 0],
      },
    ]);
  });

  it('last-second: flags a member whose deals came in the last second, once they have enough deals', () => {
    const nine = Array.from({ length: 9 }, (_, i) => deal(`R${i % 3}`, 'u1', i * 10_000, 300, 'u2'));
    expect(lastSecondFlag('u1', nine)).toBeNull();
    const ten = [...nine, deal('R3', 'u1', 100_000, 500, 'u3')];
    const flag = lastSecondFlag('u1', ten)!;
    expect(flag).toMatchObject({ id: 'last-second:u1', kind: 'last-second', room: null, members: ['u1'] });
    expect(flag.facts).toEqual({ kind: 'last-second', member: 'u1', late: 10, deals: 10, rooms: 4 });
    expect(flag.evidence.map((e) => e.eventId)).toEqual(ten.map((d) => d.eventId));
  });

  it('last-second: a member with more than a tenth of calm deals is not flagged', () => {
    const deals = [
      ...Array.from({ length: 9 }, (_, i) => deal('R1', 'u1', i * 10_000, 300, 'u2')),
      deal('R1', 'u1', 200_000, 8000, 'u2'),
    ];
    expect(lastSecondFlag('u1', deals)?.facts).toEqual({
      kind: 'last-second',
      member: 'u1',
      late: 9,
      deals: 10,
      rooms: 1,
    }); // 9 of 10 = 0.9 is enough…
    expect(lastSecondFlag('u1', [...deals, deal('R2', 'u1', 300_000, 4000, 'u2')])).toBeNull(); // …9 of 11 is not
    expect(lastSecondFlag('u1', deals, { ...INTEGRITY_RULES, lastSecondShare: 0.95 })).toBeNull();
  });

  it('single-opponent: flags a member whose every deal in 3+ rooms topped the same member', () => {
    const deals = ['R1', 'R2', 'R3'].flatMap((room, i) => [
      deal(room, 'u2', i * 100_000, 20_000, null),
      deal(room, 'u1', i * 100_000 + 5000, 15_000, 'u2'),
    ]);
    const flag = singleOpponentFlag('u1', deals)!;
    expect(flag).toMatchObject({ id: 'single-opponent:u1', members: ['u1', 'u2'], room: null });
    // Who topped whom: the members list is sorted, the facts keep the two apart.
    expect(flag.facts).toEqual({ kind: 'single-opponent', member: 'u1', opponent: 'u2', rooms: 3, deals: 3 });
    expect(flag.evidence).toHaveLength(3);
    expect(singleOpponentFlag('u1', deals.slice(0, 4))).toBeNull(); // two rooms only
    expect(singleOpponentFlag('u1', [...deals, deal('R4', 'u1', 500_000, 9000, 'u3')])).toBeNull();
    expect(singleOpponentFlag('u2', deals)).toBeNull(); // opened every room: topped nobody
  });

  it('scripted-burst: a run of deals at near-constant intervals, or repeated sub-200 ms reactions', () => {
    const even = Array.from({ length: 5 }, (_, i) => deal('R1', 'bot', 1000 + i * 20_000 + (i % 2) * 100, 900, 'u2'));
    const [flag] = scriptedBurstFlags('R1', even);
    expect(flag).toMatchObject({ id: 'scripted-burst:R1:bot', room: 'R1', members: ['bot'] });
    expect(flag!.facts).toEqual({
      kind: 'scripted-burst',
      member: 'bot',
      room: 'R1',
      evenDeals: 5,
      fastReactions: 0,
      fastMs: 200,
    });
    const uneven = [1000, 15_000, 40_000, 41_000, 90_000].map((at) => deal('R1', 'human', at, 5000, 'u2'));
    expect(scriptedBurstFlags('R1', uneven)).toEqual([]);
    const fast = [1000, 30_000, 65_000].map((at) => deal('R2', 'quick', at, 5000, 'u2', 150));
    expect(scriptedBurstFlags('R2', fast)[0]!.facts).toEqual({
      kind: 'scripted-burst',
      member: 'quick',
      room: 'R2',
      evenDeals: 0,
      fastReactions: 3,
      fastMs: 200,
    });
    expect(scriptedBurstFlags('R2', fast.slice(0, 2))).toEqual([]);
    // Both at once, under rules with a 300 ms limit: the facts name both reasons and the limit.
    const both = [0, 1, 2, 3, 4].map((i) => deal('R3', 'both', 1000 + i * 20_000, 900, 'u2', 250));
    expect(scriptedBurstFlags('R3', both, { ...INTEGRITY_RULES, fastReactionMs: 300 })[0]!.facts).toMatchObject({
      evenDeals: 5,
      fastReactions: 5,
      fastMs: 300,
    });
  });

  it('shared device and address: members who dealt in the room and signed in from the same one', () => {
    const deals = [deal('R1', 'u1', 1, 5000, null), deal('R1', 'u2', 2, 5000, 'u1'), deal('R1', 'u3', 3, 5000, 'u2')];
    const signIns = new Map<string, SignInFacts>([
      ['u1', { devices: new Set(['d1']), addresses: new Set(['a1']) }],
      ['u2', { devices: new Set(['d1', 'd2']), addresses: new Set(['a1']) }],
      ['u3', { devices: new Set(['d3']), addresses: new Set(['a1']) }],
      ['u9', { devices: new Set(['d3']), addresses: new Set(['a1']) }], // did not deal in R1
    ]);
    const flags = sharedSignInFlags('R1', deals, signIns);
    expect(flags.map((f) => [f.id, f.members])).toEqual([
      ['shared-device:R1:u1,u2', ['u1', 'u2']],
      ['shared-address:R1:u1,u2,u3', ['u1', 'u2', 'u3']],
    ]);
    expect(flags.map((f) => f.facts)).toEqual([
      { kind: 'shared-device', room: 'R1', memberCount: 2 },
      { kind: 'shared-address', room: 'R1', memberCount: 3 },
    ]);
    expect(flags[0]!.evidence.map((e) => e.userId)).toEqual(['u1', 'u2']);
  });

  it("a room's end raises its own flags and its dealers' flags across rooms", () => {
    const room = Array.from({ length: 10 }, (_, i) => deal('R9', i % 2 ? 'u1' : 'u2', i * 31_000, 200, null));
    const ids = flagsAtRoomEnd('R9', room, room, new Map()).map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['scripted-burst:R9:u1', 'scripted-burst:R9:u2']));
    expect(ids).not.toContain('last-second:u1'); // 5 deals each: fewer than 10
  });
});

const given = specFor(integrityDecider);
const by = { userId: 'admin-1', name: 'Admin' };
const now = 1_764_000_000_000;
const reviewed: IntegrityEvent = {
  type: 'IntegrityFlagReviewed',
  data: { flagId: 'last-second:u1', outcome: 'dismissed', note: 'Fast fingers.', version: 1, by, at: now },
};

describe('integrity review: an admin records a decision, nothing else happens', () => {
  const review = (note: string, version = 1, outcome: 'dismissed' | 'action_noted' = 'dismissed') => ({
    type: 'ReviewIntegrityFlag' as const,
    data: { flagId: 'last-second:u1', outcome, note, version, by, now },
  });

  it('records the review with the admin, their note (trimmed) and the evidence version', () => {
    given().when(review('  Fast fingers. ')).then([reviewed]);
  });

  it('refuses a review without a note, or with one too long', () => {
    given().when(review('   ')).thenThrows('REVIEW_NOTE_REQUIRED', INTEGRITY_MESSAGES.noteRequired);
    given()
      .when(review('x'.repeat(1001)))
      .thenThrows('REVIEW_NOTE_TOO_LONG', INTEGRITY_MESSAGES.noteTooLong);
  });

  it('refuses a second review of the same evidence, and takes one of new evidence', () => {
    given([reviewed]).when(review('Again')).thenThrows('FLAG_ALREADY_REVIEWED');
    given([reviewed])
      .when(review('Now a pattern: warned the member.', 2, 'action_noted'))
      .then([
        {
          type: 'IntegrityFlagReviewed',
          data: {
            flagId: 'last-second:u1',
            outcome: 'action_noted',
            note: 'Now a pattern: warned the member.',
            version: 2,
            by,
            at: now,
          },
        },
      ]);
  });
});
