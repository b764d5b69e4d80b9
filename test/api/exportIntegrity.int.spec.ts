import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportLine, Manifest } from '../../api/audit/ndjson.ts';
import { verifyExportText } from '../../api/audit/verifyFile.ts';
import { createManualClock } from '../../api/clock.ts';
import { eventHash } from '../../api/store/hashChain.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, AUDITOR_LOGIN, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { MEMBERS, playRoom } from '../helpers/auditRooms.ts';

/**
 * Issue 15 §5–6: an exported file, checked offline with no server, names every change — with the
 * first event affected — and carries no credential's hash, yet verifies end to end.
 */

const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const [K, A, M] = MEMBERS.map((m) => m.userId) as [string, string, string];

let server: TestServer;
let auditor: Client;
let whole: string;
let room: string;
let verifierKey: string;

const fetchText = async (c: Client, path: string) =>
  (await fetch(`${server.url}${path}`, { headers: c.cookie ? { cookie: c.cookie } : {} })).text();

/** The file as lines: events parsed, the manifest last. */
const split = (text: string) => {
  const lines = text.trimEnd().split('\n');
  const manifest = (JSON.parse(lines.pop()!) as { manifest: Manifest }).manifest;
  return { events: lines.map((l) => JSON.parse(l) as ExportLine), manifest };
};
const join = (events: readonly ExportLine[], manifest: Manifest) =>
  [...events.map((e) => JSON.stringify(e)), JSON.stringify({ manifest })].join('\n') + '\n';

/** Re-hashes a stream's chain from `from` on, as a careful forger without the log key would. */
const rechain = (events: ExportLine[], stream: string, from: number) => {
  let prev = events.find((e) => e.stream === stream && e.revision === from - 1)?.metadata.hash;
  for (const e of events) {
    if (e.stream !== stream || e.revision < from) continue;
    const metadata = { ...e.metadata, prevHash: prev ?? e.metadata.prevHash };
    metadata.hash = eventHash({ stream: e.stream, revision: e.revision, id: e.id }, e.type, e.data, metadata);
    e.metadata = metadata;
    prev = metadata.hash;
  }
};

beforeAll(async () => {
  server = await startTestServer({ seed: true, clock: createManualClock(T0) });
  await playRoom(server.deps, 'EXP001', { start: T0 + 2 * 3_600_000, bidders: [K, A, K, M, A] });
  await server.deps.projections.waitFor(await server.deps.store.headPosition());
  auditor = await loggedIn(server, AUDITOR_LOGIN.email, AUDITOR_LOGIN.password);
  const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  await loggedIn(server, MEMBER.email, MEMBER.password);
  whole = await fetchText(admin, '/api/admin/export?all=1');
  room = await fetchText(auditor, '/api/admin/export?stream=room-EXP001');
  verifierKey = server.deps.transparency.key.verifierKey;
});
afterAll(async () => {
  await server?.stop();
});

describe('an export carries no credential and still verifies end to end', () => {
  it('withholds every password, session and code hash behind a commitment', () => {
    const { events } = split(whole);
    const userEvents = events.filter((e) => e.stream.startsWith('user-'));
    expect(userEvents.some((e) => e.type === 'UserRegistered')).toBe(true);
    expect(userEvents.some((e) => e.type === 'SessionStarted')).toBe(true);
    expect(whole).not.toMatch(/scrypt/);
    for (const e of userEvents) {
      const data = e.data as Record<string, unknown>;
      for (const field of ['passwordHash', 'sessionHash', 'tokenHash', 'codeHash', 'proofHash']) {
        if (data[field] !== undefined && data[field] !== null)
          expect(data[field]).toEqual({ withheld: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) as string });
      }
    }
    const verdict = verifyExportText(whole, { verifierKey });
    expect(verdict.problems).toEqual([]);
    expect(verdict.ok).toBe(true);
    expect(verdict.signature).toEqual({ state: 'valid', verifierKey, pinned: true });
    expect(verdict.streams.every((s) => s.unchecked === 0)).toBe(true);
  });

  it('names an event whose withheld commitment was changed', () => {
    const { events, manifest } = split(room);
    expect(verifyExportText(join(events, manifest)).ok).toBe(true);
    const all = split(whole);
    const session = all.events.find((e) => e.type === 'SessionStarted')!;
    (session.data as Record<string, unknown>).sessionHash = { withheld: `sha256:${'0'.repeat(64)}` };
    const verdict = verifyExportText(join(all.events, all.manifest));
    expect(verdict.ok).toBe(false);
    expect(verdict.streams.find((s) => s.stream === session.stream)!.bad).toMatchObject({ id: session.id });
  });
});

describe('the offline verifier names every change, with the first event affected', () => {
  it('a renamed stream, even re-hashed, is named (the manifest’s signature and list hold the old name)', () => {
    const { events, manifest } = split(room);
    for (const e of events) e.stream = 'room-EXP999';
    const verdict = verifyExportText(join(events, manifest));
    expect(verdict.streams[0]!.bad).toMatchObject({ revision: 0, id: events[0]!.id });
    expect(verdict.streams[0]!.bad!.reason).toMatch(/stream name, revision or id/);
    rechain(events, 'room-EXP999', 0);
    const rehashed = verifyExportText(join(events, manifest));
    expect(rehashed.streams[0]!.manifestProblem).toMatch(/does not list this stream/);
    expect(rehashed.problems.join('\n')).toMatch(
      /stream room-EXP001: the manifest lists \d+ event\(s\) but the file holds none/,
    );
  });

  it('a changed event id is named', () => {
    const { events, manifest } = split(room);
    events[3]!.id = crypto.randomUUID();
    const verdict = verifyExportText(join(events, manifest));
    expect(verdict.streams[0]!.bad).toMatchObject({ revision: 3, id: events[3]!.id, line: 4 });
  });

  it('an edited event given a fresh hash is blamed itself, not the event after it', () => {
    const { events, manifest } = split(room);
    const bid = events.find((e) => e.type === 'BidPlaced')!;
    (bid.data as { userName: string }).userName = 'Someone Else';
    bid.metadata.hash = eventHash(
      { stream: bid.stream, revision: bid.revision, id: bid.id },
      bid.type,
      bid.data,
      bid.metadata,
    );
    const verdict = verifyExportText(join(events, manifest));
    expect(verdict.streams[0]!.bad).toMatchObject({ id: bid.id, revision: bid.revision });
    expect(verdict.streams[0]!.bad!.reason).toMatch(/changed and given a new hash/);
  });

  it('a whole chain re-hashed with a new winner breaks the signed manifest and the room’s rules', () => {
    const { events, manifest } = split(room);
    const ended = events.find((e) => e.type === 'RoomEnded')!;
    (ended.data as { winner: unknown }).winner = { userId: M, userName: 'Meena S' };
    rechain(events, 'room-EXP001', ended.revision);
    const verdict = verifyExportText(join(events, manifest));
    expect(verdict.ok).toBe(false);
    expect(verdict.streams[0]!.manifestProblem).toMatch(/ending at revision \d+ in hash/);
    // Forging the manifest too is caught by its signature.
    manifest.streams['room-EXP001']!.last_hash = events.at(-1)!.metadata.hash;
    const forged = verifyExportText(join(events, manifest));
    expect(forged.problems.join('\n')).toMatch(/signature does not hold: the manifest was changed after export/);
    expect(forged.streams[0]!.rulesProblem).toMatchObject({ id: ended.id, revision: ended.revision });
    expect(forged.streams[0]!.rulesProblem!.reason).toMatch(/^RoomEnded winner is .*but the rules give/);
  });

  it('a deal forged after the room’s end, chained correctly, breaks the room’s rules', () => {
    const { events, manifest } = split(room);
    const last = events.at(-1)!;
    const bid = events.find((e) => e.type === 'BidPlaced')!;
    const forged: ExportLine = {
      ...bid,
      id: crypto.randomUUID(),
      revision: last.revision + 1,
      position: last.position + 1000,
      data: { ...(bid.data as object), bidId: 'late', seq: 99 },
      metadata: { ...bid.metadata, prevHash: last.metadata.hash },
    };
    events.push(forged);
    rechain(events, 'room-EXP001', forged.revision);
    const verdict = verifyExportText(join(events, manifest));
    expect(verdict.streams[0]!.rulesProblem).toMatchObject({ id: forged.id, revision: forged.revision });
    expect(verdict.streams[0]!.rulesProblem!.reason).toMatch(/breaks a rule: .*ended/i);
  });

  it('a changed manifest: version, scope, last revision, positions — each named', () => {
    const { events, manifest } = split(room);
    const tryManifest = (change: (m: Manifest) => void) => {
      const m = structuredClone(manifest);
      change(m);
      return verifyExportText(join(events, m));
    };
    expect(tryManifest((m) => (m.version = 3 as never)).problems.join('\n')).toMatch(
      /version 3, which this verifier does not know/,
    );
    expect(tryManifest((m) => (m.scope = { stream: 'room-OTHER1' })).problems.join('\n')).toMatch(
      /stream room-EXP001 is in a file whose manifest says it holds only room-OTHER1/,
    );
    expect(tryManifest((m) => (m.streams['room-EXP001']!.last_revision += 1)).streams[0]!.manifestProblem).toMatch(
      /ending at revision/,
    );
    expect(tryManifest((m) => (m.events += 1)).problems.join('\n')).toMatch(/the manifest counts/);
    // Each of these also breaks the signature.
    expect(tryManifest((m) => (m.exported_at = new Date(0).toISOString())).problems.join('\n')).toMatch(
      /signature does not hold/,
    );
  });

  it('changed global positions or order are named', () => {
    const { events, manifest } = split(whole);
    // A room event and the next event of another stream trade places, positions renumbered to rise.
    const i = events.findIndex((e, k) => e.stream === 'room-EXP001' && events[k + 1]?.stream !== 'room-EXP001');
    const j = i + 1;
    const [a, b] = [events[i]!, events[j]!];
    [events[i], events[j]] = [
      { ...b, position: a.position },
      { ...a, position: b.position },
    ];
    const moved = verifyExportText(join(events, manifest));
    expect(moved.ok).toBe(false);
    expect(moved.problems.join('\n')).toMatch(/Merkle tree over the file's \d+ events in order has root/);
    expect(moved.streams.find((s) => s.stream === 'room-EXP001')!.manifestProblem).toMatch(/global positions/);

    const again = split(whole);
    const k = again.events.findIndex((e) => e.stream === 'room-EXP001' && e.revision === 2);
    again.events[k]!.position = again.events[k - 1]!.position;
    const renumbered = verifyExportText(join(again.events, again.manifest));
    expect(renumbered.problems[0]).toMatch(
      new RegExp(`line ${k + 1}: event ${again.events[k]!.id} .* not after the line before it`),
    );
  });

  it('a duplicated event and a cut-off file are named', () => {
    const { events, manifest } = split(room);
    const dup = verifyExportText(join([...events.slice(0, 4), events[3]!, ...events.slice(4)], manifest));
    expect(dup.problems.join('\n')).toMatch(new RegExp(`line 5: event ${events[3]!.id} appears a second time`));
    expect(dup.streams[0]!.bad).toMatchObject({ revision: 3, line: 5 });
    const cut = room.slice(0, Math.floor(room.length / 2));
    expect(verifyExportText(cut).problems.join('\n')).toMatch(/not valid JSON|no manifest line/);
  });

  it('a file signed by another key is refused when the deployment’s key is given', () => {
    const verdict = verifyExportText(room, { verifierKey: 'other.example/log+00000000+AQ' + 'A'.repeat(42) + '=' });
    expect(verdict.ok).toBe(false);
    expect(verdict.signature.state).toBe('invalid');
  });
});
