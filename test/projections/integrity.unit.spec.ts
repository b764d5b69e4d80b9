import { describe, expect, it } from 'vitest';
import type { IntegrityEvent } from '../../engine/integrity.ts';
import type { FlagFacts } from '../../engine/integrityRules.ts';
import type { RoomEvent } from '../../engine/room.ts';
import type { UserEvent } from '../../engine/user.ts';
import { integrityFlags, integrityRoomReport, integrityRooms } from '../../projections/integrity.ts';
import { testMetadata } from '../helpers/events.ts';
import type { GivenEvent } from '../helpers/readModel.ts';
import { given, on } from '../helpers/readModel.ts';

const room = (code: string, e: RoomEvent) => on(`room-${code}`, e);
const signIn = (userId: string, device: string, address: string, at = 1): GivenEvent => {
  const e: UserEvent = { type: 'SessionStarted', data: { sessionHash: `s-${userId}-${at}`, expiresAt: at + 1e9, at } };
  return {
    stream: `user-${userId}`,
    type: e.type,
    data: e.data,
    metadata: testMetadata({ signIn: { device, address } }),
  };
};
const start = (code: string, at: number, deadline: number) =>
  room(code, { type: 'RoomStarted', data: { price: 100_00, deadline, at } });
let seqs = new Map<string, number>();
const bid = (code: string, userId: string, at: number, deadline: number) => {
  const seq = (seqs.get(code) ?? 0) + 1;
  seqs.set(code, seq);
  return room(code, {
    type: 'BidPlaced',
    data: {
      bidId: `${code}-${seq}`,
      seq,
      userId,
      userName: userId.toUpperCase(),
      amount: 100_00 + seq * 10_00,
      attempt: seq,
      at,
      deadline,
    },
  });
};
const end = (code: string, at: number, winner: string | null) =>
  room(code, {
    type: 'RoomEnded',
    data: {
      reason: 'deadline',
      at,
      finalPrice: 150_00,
      winner: winner ? { userId: winner, userName: winner.toUpperCase() } : null,
      purchaseDeadline: null,
      outcomes: [],
      winnerBonus: 0,
    },
  });

describe('integrity read model', () => {
  it("counts a deal room's deals only: a league lot's bid under the same code is not one", () => {
    seqs = new Map();
    const leagueBid = on('league-INT009', {
      type: 'BidPlaced',
      data: { playerId: 7, teamId: 2, amount: 5_00_000, deadline: 50_000 },
    });
    const log = given(
      start('INT009', 0, 30_000),
      bid('INT009', 'u1', 10_000, 40_000),
      leagueBid,
      bid('INT009', 'u2', 20_000, 50_000),
      leagueBid,
      end('INT009', 50_000, 'u2'),
    );
    log.thenRows(
      (db) => integrityRoomReport(db, 'INT009')?.timings.map((t) => [t.userId, t.deals]),
      [
        ['u1', 1],
        ['u2', 1],
      ],
    );
    // u2's deal still topped u1's, 10 s after it: the lot's bid between them moved nothing.
    log.thenRows(
      (db) =>
        db.sqlite
          .prepare(
            "SELECT user_id, opponent_id, reaction_ms FROM rm_integrity_deals WHERE room_code = 'INT009' ORDER BY seq",
          )
          .raw()
          .all(),
      [
        ['u1', null, 10_000],
        ['u2', 'u1', 10_000],
      ],
    );
  });

  it("times each deal against the deadline in force before it, and reports the finished room's members", () => {
    seqs = new Map();
    // Round of 30 s: starts at 0, deadline 30 000; each deal moves the deadline to its time + 30 s.
    const log = given(
      start('INT001', 0, 30_000),
      bid('INT001', 'u1', 10_000, 40_000), // 20 s before
      bid('INT001', 'u2', 39_600, 69_600), // 0.4 s before, 29.6 s after u1
      bid('INT001', 'u1', 69_000, 99_000), // 0.6 s before
      end('INT001', 99_000, 'u1'),
    );
    log.thenRows(
      (db) => integrityRoomReport(db, 'INT001')?.timings,
      [
        {
          userId: 'u1',
          userName: 'U1',
          deals: 2,
          medianBeforeMs: 10_300,
          lastSecondShare: 0.5,
          buckets: [1, 0, 0, 0, 0, 1],
        },
        {
          userId: 'u2',
          userName: 'U2',
          deals: 1,
          medianBeforeMs: 400,
          lastSecondShare: 1,
          buckets: [1, 0, 0, 0, 0, 0],
        },
      ],
    );
    log.thenRows(
      (db) =>
        integrityRoomReport(db, 'INT001')?.deals.map((d) => [
          d.userId,
          d.beforeMs,
          d.opponentId,
          d.reactionMs,
          d.revision,
        ]),
      [
        ['u1', 20_000, null, 10_000, 1],
        ['u2', 400, 'u1', 29_600, 2],
        ['u1', 600, 'u2', 29_400, 3],
      ],
    );
    log.thenRows((db) => integrityRooms(db), [{ room: 'INT001', endedAt: 99_000, deals: 3, members: 2, openFlags: 0 }]);
  });

  it('a running room has no report yet', () => {
    seqs = new Map();
    given(start('RUN001', 0, 30_000), bid('RUN001', 'u1', 1000, 31_000)).thenRows(
      (db) => integrityRoomReport(db, 'RUN001'),
      null,
    );
  });

  it('raises shared-device and shared-address flags from the sign-in hashes, and a review closes one', () => {
    seqs = new Map();
    const reviewed: IntegrityEvent = {
      type: 'IntegrityFlagReviewed',
      data: {
        flagId: 'shared-device:SHR001:u1,u2',
        outcome: 'dismissed',
        note: 'Husband and wife, one phone.',
        version: 1,
        by: { userId: 'a1', name: 'Admin' },
        at: 200_000,
      },
    };
    const events = [
      signIn('u1', 'dev-A', 'net-X'),
      signIn('u2', 'dev-A', 'net-Y'),
      signIn('u3', 'dev-C', 'net-Y'),
      start('SHR001', 0, 30_000),
      bid('SHR001', 'u1', 10_000, 40_000),
      bid('SHR001', 'u2', 20_000, 50_000),
      bid('SHR001', 'u3', 30_000, 60_000),
      end('SHR001', 60_000, 'u3'),
    ];
    const summary = (db: Parameters<typeof integrityFlags>[0]) =>
      integrityFlags(db).map((f) => [
        f.id,
        f.status,
        f.members.map((m) => m.name),
        f.rooms,
        f.evidence.length,
        f.facts,
      ]);
    given(...events).thenRows(summary, [
      [
        'shared-address:SHR001:u2,u3',
        'open',
        ['U2', 'U3'],
        ['SHR001'],
        2,
        { kind: 'shared-address', room: 'SHR001', memberCount: 2 },
      ],
      [
        'shared-device:SHR001:u1,u2',
        'open',
        ['U1', 'U2'],
        ['SHR001'],
        2,
        { kind: 'shared-device', room: 'SHR001', memberCount: 2 },
      ],
    ]);
    given(...events, on('integrity-shared-device:SHR001:u1,u2', reviewed))
      .thenRows((db) => integrityFlags(db, { status: 'open' }).map((f) => f.id), ['shared-address:SHR001:u2,u3'])
      .thenRows(
        (db) => integrityFlags(db, { status: 'reviewed', room: 'SHR001' }).map((f) => [f.id, f.review?.note]),
        [['shared-device:SHR001:u1,u2', 'Husband and wife, one phone.']],
      )
      .thenRows((db) => integrityFlags(db, { kind: 'scripted-burst' }), [])
      .thenRows((db) => integrityRooms(db)[0]?.openFlags, 1);
  });

  it('reopens a reviewed cross-room flag when a later room adds evidence', () => {
    seqs = new Map();
    // u1 always tops u2, in three rooms: single-opponent after the third; a fourth adds evidence.
    const roomOf = (code: string, t: number) => [
      start(code, t, t + 30_000),
      bid(code, 'u2', t + 5000, t + 35_000),
      bid(code, 'u1', t + 10_000, t + 40_000),
      end(code, t + 40_000, 'u1'),
    ];
    const three = [...roomOf('OPP001', 0), ...roomOf('OPP002', 100_000), ...roomOf('OPP003', 200_000)];
    const review = on('integrity-single-opponent:u1', {
      type: 'IntegrityFlagReviewed',
      data: {
        flagId: 'single-opponent:u1',
        outcome: 'action_noted',
        note: 'Asked both members.',
        version: 1,
        by: { userId: 'a1', name: 'Admin' },
        at: 250_000,
      },
    } satisfies IntegrityEvent);
    const flag = (db: Parameters<typeof integrityFlags>[0]) =>
      integrityFlags(db, { kind: 'single-opponent' }).map((f) => [
        f.status,
        f.version,
        f.rooms.length,
        f.review?.version,
        f.facts,
      ]);
    const facts = (rooms: number): FlagFacts => ({
      kind: 'single-opponent',
      member: 'u1',
      opponent: 'u2',
      rooms,
      deals: rooms,
    });
    given(...three).thenRows(flag, [['open', 1, 3, undefined, facts(3)]]);
    given(...three, review).thenRows(flag, [['reviewed', 1, 3, 1, facts(3)]]);
    given(...three, review, ...roomOf('OPP004', 300_000))
      .thenRows(flag, [['open', 2, 4, 1, facts(4)]])
      .thenRows((db) => integrityFlags(db, { room: 'OPP004' }).length, 1);
  });

  it('restates a flag’s counts without reopening its review when only the counts change', () => {
    seqs = new Map();
    // u1 deals once per room, half a second before the deadline: last-second after ten rooms.
    const roomOf = (i: number, beforeMs: number) => {
      const code = `LST${String(i).padStart(3, '0')}`;
      const t = i * 100_000;
      return [
        start(code, t, t + 30_000),
        bid(code, 'u1', t + 30_000 - beforeMs, t + 60_000 - beforeMs),
        end(code, t + 60_000 - beforeMs, 'u1'),
      ];
    };
    const ten = Array.from({ length: 10 }, (_, i) => roomOf(i + 1, 500)).flat();
    const review = on('integrity-last-second:u1', {
      type: 'IntegrityFlagReviewed',
      data: {
        flagId: 'last-second:u1',
        outcome: 'dismissed',
        note: 'Plays from a fast connection.',
        version: 1,
        by: { userId: 'a1', name: 'Admin' },
        at: 2_000_000,
      },
    } satisfies IntegrityEvent);
    const flag = (db: Parameters<typeof integrityFlags>[0]) =>
      integrityFlags(db, { kind: 'last-second' }).map((f) => [f.status, f.version, f.evidence.length, f.facts]);
    given(...ten).thenRows(flag, [
      ['open', 1, 10, { kind: 'last-second', member: 'u1', late: 10, deals: 10, rooms: 10 }],
    ]);
    // An eleventh room with a calm deal: 10 of 11 still crosses the line; the late deals (the
    // evidence) are the same, so the review stands and only the counts move.
    given(...ten, review, ...roomOf(11, 20_000)).thenRows(flag, [
      ['reviewed', 1, 10, { kind: 'last-second', member: 'u1', late: 10, deals: 11, rooms: 11 }],
    ]);
    // A late deal is new evidence: a new version, open again.
    given(...ten, review, ...roomOf(11, 20_000), ...roomOf(12, 300)).thenRows(flag, [
      ['open', 2, 11, { kind: 'last-second', member: 'u1', late: 11, deals: 12, rooms: 12 }],
    ]);
  });
});

it('sign-in metadata carries only hashes into the read model', () => {
  seqs = new Map();
  const events = [signIn('u1', 'hash-device', 'hash-address'), start('H00001', 0, 1000), end('H00001', 1000, null)];
  given(...events).thenRows(
    (db) => db.sqlite.prepare('SELECT kind, hash FROM rm_integrity_signins ORDER BY kind').all(),
    [
      { kind: 'address', hash: 'hash-address' },
      { kind: 'device', hash: 'hash-device' },
    ],
  );
  expect(events[0]!.metadata.signIn).toEqual({ device: 'hash-device', address: 'hash-address' });
});
