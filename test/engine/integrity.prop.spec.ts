import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DealFact, MemberRecord, MemberTotals, SignInFacts } from '../../engine/integrityRules.ts';
import {
  flagsAtRoomEnd,
  flagsOfRoomEnd,
  INTEGRITY_RULES,
  MAX_EVIDENCE,
  memberRecordOf,
  memberTimings,
  NO_DEALS,
  withRoom,
} from '../../engine/integrityRules.ts';
import { factHash } from '../../api/auth/signInFacts.ts';

const MEMBERS = ['u1', 'u2', 'u3', 'u4'];
const ROOMS = ['R1', 'R2', 'R3', 'R4'];

type DealRow = Pick<DealFact, 'room' | 'userId' | 'at' | 'beforeMs' | 'opponentId' | 'reactionMs'>;
const dealsOf = (row: fc.Arbitrary<DealRow>, maxLength = 60) =>
  fc.array(row, { maxLength }).map((rows) =>
    rows.map((r, i): DealFact => ({
      ...r,
      eventId: `e${i}`,
      revision: i,
      position: i + 1,
      seq: i + 1,
      userName: r.userId.toUpperCase(),
    })),
  );

/** Deals with unique log positions, in any order; a few share an instant (ties). */
const dealsArb = dealsOf(
  fc.record({
    room: fc.constantFrom(...ROOMS),
    userId: fc.constantFrom(...MEMBERS),
    at: fc.integer({ min: 0, max: 40 }).map((t) => t * 500),
    beforeMs: fc.oneof(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 30_000 })),
    opponentId: fc.option(fc.constantFrom(...MEMBERS), { nil: null }),
    reactionMs: fc.integer({ min: 0, max: 5000 }),
  }),
);

/**
 * Hurried deals: mostly in the last second, often within a few hundred ms of the deal before, one
 * member dealing most (runs of their own deals at a steady pace): the last-second and scripted
 * rules fire here, which they seldom do on `dealsArb`.
 */
const hurriedDealsArb = dealsOf(
  fc.record({
    room: fc.constantFrom('R1', 'R2'),
    userId: fc.oneof(
      { arbitrary: fc.constant('u1'), weight: 6 },
      { arbitrary: fc.constantFrom('u2', 'u3'), weight: 1 },
    ),
    at: fc.integer({ min: 0, max: 3 }).map((t) => t * 50),
    beforeMs: fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 999 }), weight: 12 },
      { arbitrary: fc.integer({ min: 0, max: 9000 }), weight: 1 },
    ),
    opponentId: fc.option(fc.constantFrom(...MEMBERS), { nil: null, freq: 10 }),
    reactionMs: fc.integer({ min: 0, max: 400 }),
  }),
  30,
).map((deals) => deals.map((d) => ({ ...d, at: d.at + d.position * 2000 })));

const signInsArb = fc
  .array(fc.tuple(fc.constantFrom(...MEMBERS), fc.constantFrom('d1', 'd2', 'd3'), fc.constantFrom('a1', 'a2')))
  .map((rows) => {
    const map = new Map<string, { devices: Set<string>; addresses: Set<string> }>();
    for (const [user, device, address] of rows) {
      const facts = map.get(user) ?? { devices: new Set<string>(), addresses: new Set<string>() };
      facts.devices.add(device);
      facts.addresses.add(address);
      map.set(user, facts);
    }
    return map;
  });

const flagsOf = (deals: readonly DealFact[], signIns: ReadonlyMap<string, SignInFacts>) =>
  ROOMS.flatMap((room) =>
    flagsAtRoomEnd(
      room,
      deals.filter((d) => d.room === room),
      deals,
      signIns,
    ),
  );

describe('fairness rules (properties)', () => {
  it('give the same flags from each member’s totals kept room by room as from all their deals', () => {
    fc.assert(
      fc.property(dealsArb, signInsArb, (deals, signIns) => {
        // Rooms end one after another; the read model keeps each dealer's totals as theirs end.
        const totals = new Map<string, MemberTotals>();
        const finished: DealFact[] = [];
        for (const room of ROOMS) {
          const inRoom = deals.filter((d) => d.room === room);
          finished.push(...inRoom);
          for (const userId of new Set(inRoom.map((d) => d.userId)))
            totals.set(
              userId,
              withRoom(
                totals.get(userId) ?? NO_DEALS,
                inRoom.filter((d) => d.userId === userId),
              ),
            );
          const kept = (userId: string): MemberRecord => ({
            ...(totals.get(userId) ?? NO_DEALS),
            latest: (lateOnly) => memberRecordOf(userId, finished).latest(lateOnly),
          });
          expect(flagsOfRoomEnd(room, inRoom, kept, signIns)).toEqual(flagsAtRoomEnd(room, inRoom, finished, signIns));
        }
      }),
    );
  });

  it('give the same flags and timings whatever order the deals arrive in (ties included)', () => {
    fc.assert(
      fc.property(
        dealsArb,
        signInsArb,
        fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
        (deals, signIns, keys) => {
          const shuffled = [...deals]
            .map((d, i) => ({ d, k: keys[i]! }))
            .sort((a, b) => a.k - b.k)
            .map(({ d }) => d);
          expect(flagsOf(shuffled, signIns)).toEqual(flagsOf(deals, signIns));
          expect(memberTimings(shuffled)).toEqual(memberTimings(deals));
        },
      ),
    );
  });

  it('never flag a member with fewer deals than the rules need, and never beyond the evidence', () => {
    fc.assert(
      fc.property(dealsArb, signInsArb, (deals, signIns) => {
        const count = (user: string) => deals.filter((d) => d.userId === user).length;
        const rooms = (user: string) => new Set(deals.filter((d) => d.userId === user).map((d) => d.room)).size;
        for (const flag of flagsOf(deals, signIns)) {
          const ids = new Set(deals.map((d) => d.eventId));
          for (const e of flag.evidence) expect(ids.has(e.eventId)).toBe(true);
          const [first] = flag.members;
          if (flag.kind === 'last-second')
            expect(count(first!)).toBeGreaterThanOrEqual(INTEGRITY_RULES.lastSecondMinDeals);
          if (flag.kind === 'single-opponent') {
            const subject = flag.id.split(':')[1]!;
            expect(rooms(subject)).toBeGreaterThanOrEqual(INTEGRITY_RULES.singleOpponentMinRooms);
          }
          if (flag.kind === 'scripted-burst') {
            const inRoom = deals.filter((d) => d.room === flag.room && d.userId === first).length;
            expect(inRoom).toBeGreaterThanOrEqual(
              Math.min(INTEGRITY_RULES.burstRunDeals, INTEGRITY_RULES.fastReactionCount),
            );
          }
          if (flag.kind === 'shared-device' || flag.kind === 'shared-address')
            expect(flag.members.length).toBeGreaterThanOrEqual(2);
        }
      }),
    );
  });

  it("state each flag's facts as the deals and members behind it count them", () => {
    fc.assert(
      fc.property(fc.oneof(dealsArb, hurriedDealsArb), signInsArb, (deals, signIns) => {
        const own = (user: string) => deals.filter((d) => d.userId === user);
        for (const flag of flagsOf(deals, signIns)) {
          const facts = flag.facts;
          expect(facts.kind).toBe(flag.kind);
          switch (facts.kind) {
            case 'last-second': {
              const late = own(facts.member).filter((d) => d.beforeMs < INTEGRITY_RULES.lastSecondMs);
              expect(flag.members).toEqual([facts.member]);
              expect(facts.late).toBe(late.length);
              expect(facts.deals).toBe(own(facts.member).length);
              expect(facts.rooms).toBe(new Set(own(facts.member).map((d) => d.room)).size);
              expect(facts.late / facts.deals).toBeGreaterThanOrEqual(INTEGRITY_RULES.lastSecondShare);
              expect(flag.evidence).toHaveLength(Math.min(facts.late, MAX_EVIDENCE));
              break;
            }
            case 'single-opponent':
              expect(flag.members).toEqual([facts.member, facts.opponent].sort());
              expect(own(facts.member).every((d) => d.opponentId === facts.opponent)).toBe(true);
              expect(facts.deals).toBe(own(facts.member).length);
              expect(facts.rooms).toBe(new Set(own(facts.member).map((d) => d.room)).size);
              break;
            case 'scripted-burst': {
              expect(flag.members).toEqual([facts.member]);
              expect(facts.room).toBe(flag.room);
              expect(facts.fastMs).toBe(INTEGRITY_RULES.fastReactionMs);
              const fast = own(facts.member).filter(
                (d) => d.room === facts.room && d.opponentId !== null && d.reactionMs < facts.fastMs,
              );
              expect(facts.fastReactions).toBe(fast.length >= INTEGRITY_RULES.fastReactionCount ? fast.length : 0);
              expect(facts.evenDeals === 0 || facts.evenDeals >= INTEGRITY_RULES.burstRunDeals).toBe(true);
              expect(facts.evenDeals + facts.fastReactions).toBeGreaterThan(0);
              expect(flag.evidence.length).toBeLessThanOrEqual(facts.evenDeals + facts.fastReactions);
              break;
            }
            case 'shared-device':
            case 'shared-address':
              expect(facts.room).toBe(flag.room);
              expect(facts.memberCount).toBe(flag.members.length);
              break;
          }
        }
      }),
    );
  });

  it('hash sign-in facts without leaking them: the raw value is nowhere in the hash, and the salt matters', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('device', 'address', 'agent' as const),
        fc.string({ minLength: 3, maxLength: 80 }),
        fc.string({ minLength: 16, maxLength: 40 }),
        fc.string({ minLength: 16, maxLength: 40 }),
        (kind, value, salt, other) => {
          const hash = factHash(salt, kind, value);
          expect(hash).toMatch(/^[0-9a-f]{64}$/);
          expect(hash.includes(value)).toBe(false);
          expect(factHash(salt, kind, value)).toBe(hash);
          if (other !== salt) expect(factHash(other, kind, value)).not.toBe(hash);
        },
      ),
    );
  });
});
