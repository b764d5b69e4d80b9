/**
 * Fairness insights (issue 21.7): pure rules over the deals of finished rooms. They only raise
 * flags, with the deals behind them as evidence, for an admin to review; nothing here decides
 * anything about a member. The integrity read model (`projections/integrity.ts`) feeds them and
 * keeps their answers; the thresholds are listed in the README.
 */

export const INTEGRITY_RULES = {
  /** A deal placed with less than this left before the deadline counts as "in the last second". */
  lastSecondMs: 1000,
  /** `last-second` needs at least this many deals across finished rooms… */
  lastSecondMinDeals: 10,
  /** …and at least this share of them in the last second. */
  lastSecondShare: 0.9,
  /** `single-opponent` needs deals in at least this many finished rooms, every one against the same member. */
  singleOpponentMinRooms: 3,
  /** `scripted-burst`: a run of this many of one member's deals in a room… */
  burstRunDeals: 5,
  /** …whose gaps between deals differ by at most this (near-constant timing). */
  burstSpreadMs: 250,
  /** `scripted-burst` also: a reaction (time since the deal before it) faster than this… */
  fastReactionMs: 200,
  /** …at least this many times in one room. */
  fastReactionCount: 3,
} as const;

export type IntegrityRules = { readonly [K in keyof typeof INTEGRITY_RULES]: number };

export const FLAG_KINDS = [
  'last-second',
  'shared-device',
  'shared-address',
  'single-opponent',
  'scripted-burst',
] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

/** One deal (a `BidPlaced`) with its timing, as the rules read it. */
export interface DealFact {
  room: string;
  /** The `BidPlaced` event's id, its revision in the room's stream and its place in the log. */
  eventId: string;
  revision: number;
  position: number;
  seq: number;
  userId: string;
  userName: string;
  /** When the deal was placed (unix ms). */
  at: number;
  /** Milliseconds left before the deadline that was in force when the deal came in. */
  beforeMs: number;
  /** Whose deal this one topped (the room's leader until then); null for a room's first deal. */
  opponentId: string | null;
  /** Milliseconds since the room's previous deal (or its start, for the first deal). */
  reactionMs: number;
}

/** The deals a flag rests on, by room and place in the room's stream (links to the replay). */
export interface FlagEvidence {
  room: string;
  eventId: string;
  revision: number;
  position: number;
  userId: string;
  at: number;
  beforeMs: number;
}

/**
 * What a flag found, as data: its kind and the counts and ids behind it. The review screen writes
 * the reviewer's sentence from these in the language shown (no English is stored), so a wording
 * change or a new language needs no change here. Counts are what the rules counted when the flag
 * was last raised or updated.
 */
export type FlagFacts =
  | {
      kind: 'last-second';
      /** The member flagged. */
      member: string;
      /** Of `deals`, how many came in the last second before the deadline. */
      late: number;
      /** All the member's deals in finished rooms… */
      deals: number;
      /** …across this many rooms. */
      rooms: number;
    }
  | {
      kind: 'single-opponent';
      member: string;
      /** The one member every deal of `member` topped. */
      opponent: string;
      /** Finished rooms `member` dealt in. */
      rooms: number;
      deals: number;
    }
  | {
      kind: 'scripted-burst';
      member: string;
      room: string;
      /** Deals in runs at near-constant intervals; 0 when there is no such run. */
      evenDeals: number;
      /** Replies faster than `fastMs`; 0 when fewer than the rules need (not a reason then). */
      fastReactions: number;
      /** The rules' "too fast" limit (`fastReactionMs`) the replies were under. */
      fastMs: number;
    }
  | {
      kind: 'shared-device' | 'shared-address';
      room: string;
      /** How many members who dealt in the room share the device or address. */
      memberCount: number;
    };

export interface Flag {
  /** Stable: the same facts raise the same id, so a flag is raised once and its evidence updated. */
  id: string;
  kind: FlagKind;
  /** The room it was raised for; null for flags over several rooms (`last-second`, `single-opponent`). */
  room: string | null;
  /** The members it concerns, sorted. */
  members: string[];
  /** What the rules found, for the reviewer's sentence (`facts.kind` is `kind`). */
  facts: FlagFacts;
  evidence: FlagEvidence[];
}

/** The salted hashes recorded at a member's sign-ins. */
export interface SignInFacts {
  devices: ReadonlySet<string>;
  addresses: ReadonlySet<string>;
}

/** At most this many deals of evidence per flag (the most recent ones). */
export const MAX_EVIDENCE = 50;

const byLog = (a: DealFact, b: DealFact) => a.position - b.position;
const evidenceOf = (d: DealFact): FlagEvidence => ({
  room: d.room,
  eventId: d.eventId,
  revision: d.revision,
  position: d.position,
  userId: d.userId,
  at: d.at,
  beforeMs: d.beforeMs,
});
const evidence = (deals: readonly DealFact[]) => [...deals].sort(byLog).slice(-MAX_EVIDENCE).map(evidenceOf);

/** The median of some numbers (the mean of the middle two for an even count); 0 for none. */
export const median = (values: readonly number[]): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Upper bounds (seconds before the deadline) of the timing chart's buckets; the last is open. */
export const TIMING_BUCKETS = [1, 2, 5, 10, 20] as const;

export interface MemberTiming {
  userId: string;
  userName: string;
  deals: number;
  medianBeforeMs: number;
  /** The share (0–1) of the member's deals placed in the last second. */
  lastSecondShare: number;
  /** Deals per bucket: < 1 s, 1–2 s, 2–5 s, 5–10 s, 10–20 s, ≥ 20 s before the deadline. */
  buckets: number[];
}

export const bucketOf = (beforeMs: number): number => {
  const i = TIMING_BUCKETS.findIndex((limit) => beforeMs < limit * 1000);
  return i === -1 ? TIMING_BUCKETS.length : i;
};

/** Per member, how close to the deadline their deals came (the room report's table and chart). */
export const memberTimings = (deals: readonly DealFact[], rules: IntegrityRules = INTEGRITY_RULES): MemberTiming[] => {
  const byMember = new Map<string, DealFact[]>();
  for (const d of [...deals].sort(byLog)) byMember.set(d.userId, [...(byMember.get(d.userId) ?? []), d]);
  return [...byMember.values()]
    .map((own) => {
      const buckets: number[] = Array.from({ length: TIMING_BUCKETS.length + 1 }, () => 0);
      for (const d of own) buckets[bucketOf(d.beforeMs)]!++;
      return {
        userId: own[0]!.userId,
        userName: own.at(-1)!.userName,
        deals: own.length,
        medianBeforeMs: median(own.map((d) => d.beforeMs)),
        lastSecondShare: own.filter((d) => d.beforeMs < rules.lastSecondMs).length / own.length,
        buckets,
      };
    })
    .sort((a, b) => b.deals - a.deals || a.userId.localeCompare(b.userId));
};

/**
 * What the cross-room rules need of a member's deals in finished rooms: the totals, and the latest
 * deals for evidence, asked only when a flag is raised. The read model keeps the totals per member
 * as rooms end, so a room's end costs the same however many deals its members placed before.
 */
export interface MemberRecord {
  deals: number;
  /** Of `deals`, how many came in the deadline's last second (`lastSecondMs`). */
  late: number;
  /** Finished rooms the member dealt in. */
  rooms: number;
  /**
   * Whom the member's deals topped: `one` while every deal topped the same member (null for a
   * room's opening deal), `several` once two differ; null with no deals.
   */
  topped: { one: string | null } | 'several' | null;
  /** The member's latest deals (all, or only the late ones), oldest first, at most `MAX_EVIDENCE`. */
  latest(lateOnly: boolean): readonly DealFact[];
}

/** The totals of a `MemberRecord`, as the read model stores them. */
export type MemberTotals = Pick<MemberRecord, 'deals' | 'late' | 'rooms' | 'topped'>;

export const NO_DEALS: MemberTotals = { deals: 0, late: 0, rooms: 0, topped: null };

/** A member's totals with one more finished room's deals of theirs (`own`, all theirs and in one room) added. */
export const withRoom = (
  totals: MemberTotals,
  own: readonly DealFact[],
  rules: IntegrityRules = INTEGRITY_RULES,
): MemberTotals => {
  if (own.length === 0) return totals;
  let topped = totals.topped;
  for (const d of own) {
    if (topped === null) topped = { one: d.opponentId };
    else if (topped !== 'several' && topped.one !== d.opponentId) topped = 'several';
  }
  return {
    deals: totals.deals + own.length,
    late: totals.late + own.filter((d) => d.beforeMs < rules.lastSecondMs).length,
    rooms: totals.rooms + 1,
    topped,
  };
};

/** A member's record from all their deals in finished rooms (`deals` may hold others' too). */
export const memberRecordOf = (
  userId: string,
  deals: readonly DealFact[],
  rules: IntegrityRules = INTEGRITY_RULES,
): MemberRecord => {
  const own = deals.filter((d) => d.userId === userId).sort(byLog);
  const byRoom = new Map<string, DealFact[]>();
  for (const d of own) byRoom.set(d.room, [...(byRoom.get(d.room) ?? []), d]);
  const totals = [...byRoom.values()].reduce((t, room) => withRoom(t, room, rules), NO_DEALS);
  return {
    ...totals,
    latest: (lateOnly) => (lateOnly ? own.filter((d) => d.beforeMs < rules.lastSecondMs) : own).slice(-MAX_EVIDENCE),
  };
};

/**
 * `last-second`: a member whose deals across finished rooms came mostly in the deadline's last
 * second.
 */
export const lastSecondOf = (
  userId: string,
  record: MemberRecord,
  rules: IntegrityRules = INTEGRITY_RULES,
): Flag | null => {
  if (record.deals < rules.lastSecondMinDeals) return null;
  if (record.late / record.deals < rules.lastSecondShare) return null;
  return {
    id: `last-second:${userId}`,
    kind: 'last-second',
    room: null,
    members: [userId],
    facts: { kind: 'last-second', member: userId, late: record.late, deals: record.deals, rooms: record.rooms },
    evidence: evidence(record.latest(true)),
  };
};

/** `last-second` over `deals`: all the member's deals in finished rooms. */
export const lastSecondFlag = (
  userId: string,
  deals: readonly DealFact[],
  rules: IntegrityRules = INTEGRITY_RULES,
): Flag | null => lastSecondOf(userId, memberRecordOf(userId, deals, rules), rules);

/**
 * `single-opponent`: a member who dealt in several finished rooms and only ever topped one and the
 * same other member (whoever led before each of their deals).
 */
export const singleOpponentOf = (
  userId: string,
  record: MemberRecord,
  rules: IntegrityRules = INTEGRITY_RULES,
): Flag | null => {
  if (record.rooms < rules.singleOpponentMinRooms) return null;
  const { topped } = record;
  if (topped === null || topped === 'several' || !topped.one) return null;
  const opponent = topped.one;
  return {
    id: `single-opponent:${userId}`,
    kind: 'single-opponent',
    room: null,
    members: [userId, opponent].sort(),
    facts: { kind: 'single-opponent', member: userId, opponent, rooms: record.rooms, deals: record.deals },
    evidence: evidence(record.latest(false)),
  };
};

/** `single-opponent` over `deals`: all the member's deals in finished rooms. */
export const singleOpponentFlag = (
  userId: string,
  deals: readonly DealFact[],
  rules: IntegrityRules = INTEGRITY_RULES,
): Flag | null => singleOpponentOf(userId, memberRecordOf(userId, deals, rules), rules);

/** Runs of at least `burstRunDeals` consecutive own deals whose gaps differ by at most `burstSpreadMs`. */
const evenRun = (own: readonly DealFact[], rules: IntegrityRules): DealFact[] => {
  const found = new Set<DealFact>();
  const need = rules.burstRunDeals;
  for (let start = 0; start + need <= own.length; start++) {
    const run = own.slice(start, start + need);
    const gaps = run.slice(1).map((d, i) => d.at - run[i]!.at);
    if (Math.max(...gaps) - Math.min(...gaps) <= rules.burstSpreadMs) for (const d of run) found.add(d);
  }
  return [...found];
};

/**
 * `scripted-burst`: in one room, a member's deals came at near-constant intervals (a run of
 * `burstRunDeals` with gaps within `burstSpreadMs` of each other), or reacted to the deal before
 * them faster than `fastReactionMs` at least `fastReactionCount` times.
 */
export const scriptedBurstFlags = (
  room: string,
  deals: readonly DealFact[],
  rules: IntegrityRules = INTEGRITY_RULES,
): Flag[] => {
  const byMember = new Map<string, DealFact[]>();
  for (const d of [...deals].sort(byLog)) {
    if (d.room === room) byMember.set(d.userId, [...(byMember.get(d.userId) ?? []), d]);
  }
  const flags: Flag[] = [];
  for (const [userId, own] of [...byMember].sort(([a], [b]) => a.localeCompare(b))) {
    const even = evenRun(own, rules);
    const allFast = own.filter((d) => d.opponentId !== null && d.reactionMs < rules.fastReactionMs);
    const fast = allFast.length >= rules.fastReactionCount ? allFast : [];
    if (even.length === 0 && fast.length === 0) continue;
    flags.push({
      id: `scripted-burst:${room}:${userId}`,
      kind: 'scripted-burst',
      room,
      members: [userId],
      facts: {
        kind: 'scripted-burst',
        member: userId,
        room,
        evenDeals: even.length,
        fastReactions: fast.length,
        fastMs: rules.fastReactionMs,
      },
      evidence: evidence([...new Set([...even, ...fast])]),
    });
  }
  return flags;
};

/**
 * `shared-device` / `shared-address`: two or more members who dealt in the room signed in from the
 * same device or network address (compared as salted hashes). One flag per group of members.
 */
export const sharedSignInFlags = (
  room: string,
  deals: readonly DealFact[],
  signIns: ReadonlyMap<string, SignInFacts>,
): Flag[] => {
  const inRoom = deals.filter((d) => d.room === room);
  const members = [...new Set(inRoom.map((d) => d.userId))].sort();
  const flags: Flag[] = [];
  for (const kind of ['shared-device', 'shared-address'] as const) {
    const holders = new Map<string, string[]>();
    for (const userId of members) {
      const facts = signIns.get(userId);
      for (const hash of (kind === 'shared-device' ? facts?.devices : facts?.addresses) ?? []) {
        holders.set(hash, [...(holders.get(hash) ?? []), userId]);
      }
    }
    const groups = new Map<string, string[]>();
    for (const group of holders.values()) if (group.length > 1) groups.set(group.join(','), group);
    for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
      flags.push({
        id: `${kind}:${room}:${key}`,
        kind,
        room,
        members: group,
        facts: { kind, room, memberCount: group.length },
        evidence: evidence(inRoom.filter((d) => group.includes(d.userId))),
      });
    }
  }
  return flags;
};

/**
 * Every flag a room's end raises or updates: the room's own, then each of its dealers' over all
 * rooms, from their records (`recordOf`: their deals in every finished room, this one included).
 */
export const flagsOfRoomEnd = (
  room: string,
  roomDeals: readonly DealFact[],
  recordOf: (userId: string) => MemberRecord,
  signIns: ReadonlyMap<string, SignInFacts>,
  rules: IntegrityRules = INTEGRITY_RULES,
): Flag[] => {
  const members = [...new Set(roomDeals.map((d) => d.userId))].sort();
  const across = members.flatMap((userId) => {
    const record = recordOf(userId);
    return [lastSecondOf(userId, record, rules), singleOpponentOf(userId, record, rules)];
  });
  return [
    ...sharedSignInFlags(room, roomDeals, signIns),
    ...scriptedBurstFlags(room, roomDeals, rules),
    ...across.filter((f): f is Flag => f !== null),
  ];
};

/** `flagsOfRoomEnd` with the records made from `membersDeals`: every deal, in every finished room, of the room's members. */
export const flagsAtRoomEnd = (
  room: string,
  roomDeals: readonly DealFact[],
  membersDeals: readonly DealFact[],
  signIns: ReadonlyMap<string, SignInFacts>,
  rules: IntegrityRules = INTEGRITY_RULES,
): Flag[] => flagsOfRoomEnd(room, roomDeals, (userId) => memberRecordOf(userId, membersDeals, rules), signIns, rules);
