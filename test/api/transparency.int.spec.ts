import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBase64, openCheckpoint, parseVerifierKey, toBase64 } from '../../engine/checkpoint.ts';
import { memoryTree, verifyConsistency, verifyInclusion } from '../../engine/merkle.ts';
import { leafBytes } from '../../projections/merkle.ts';
import { ed25519Verify } from '../../api/transparency/logKey.ts';
import type { WitnessState } from '../../scripts/witness.ts';
import { witnessOnce } from '../../scripts/witness.ts';
import { loggedIn, MEMBER } from '../helpers/http.ts';
import { rewriteStream } from '../helpers/rewriteStore.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { deposit } from './roomsHelpers.ts';
import { MEMBERS, playRoom } from '../helpers/auditRooms.ts';
import { waitUntil } from '../helpers/events.ts';
import { leafIndexOf } from '../../projections/merkle.ts';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const env = { LOG_HEAD_INTERVAL_MS: '0', LOG_ORIGIN: 'test.vetrideals.in/log' };
type Head = { origin: string; tree_size: number; root_hash: string; checkpoint: string };

const get = async <T>(server: TestServer, path: string): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: (await res.json()) as T };
};

describe('the transparency log', () => {
  let dir: string;
  let dataDir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetri-log-'));
    dataDir = join(dir, 'data');
    server = await startTestServer({ seed: true, dataDir, env });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const keyOf = async () => {
    const { body } = await get<{ verifier_key: string }>(server, '/api/log/key');
    return parseVerifierKey(sha256, body.verifier_key);
  };
  const head = async () => {
    server.deps.transparency.heads.publish();
    const { body } = await get<Head>(server, '/api/log/head');
    const opened = openCheckpoint(body.checkpoint, await keyOf(), ed25519Verify);
    if (!opened.ok) throw new Error(opened.reason);
    return opened.head;
  };

  it('signs a head as soon as a deal room ends, without waiting for the interval', async () => {
    const room = await playRoom(server.deps, 'END001', {
      start: Date.now() + 3_600_000,
      bidders: [MEMBERS[0].userId, MEMBERS[1].userId],
    });
    const ended = room.events.find((e) => e.type === 'RoomEnded')!;
    await server.deps.projections.waitFor(ended.position);
    const index = leafIndexOf(server.deps.readDb, ended.position)!;
    // LOG_HEAD_INTERVAL_MS is 0 here: only the room's end signed this head.
    await waitUntil(() => (server.deps.transparency.heads.latest()?.size ?? 0) > index, 2000, 'a head over the end');
  });

  it('signs heads anyone can check with the published key, over every event of the log in order', async () => {
    const wellKnown = await (await fetch(`${server.url}/.well-known/vetri-deals-log-key`)).text();
    const { body: key } = await get<{ verifier_key: string; name: string }>(server, '/api/log/key');
    expect(wellKnown.trim()).toBe(key.verifier_key);
    expect(key.name).toBe('test.vetrideals.in/log');

    const signed = await head();
    const events = await server.deps.store.readAll();
    expect(signed.size).toBe(events.length);
    // An auditor's own tree over the log's events, in log order, gives the signed root.
    const tree = memoryTree(sha256);
    for (const e of events) tree.append(leafBytes(e));
    expect(toBase64(tree.root())).toBe(toBase64(signed.root));

    // A changed signature or root is refused in words.
    const { body } = await get<Head>(server, '/api/log/head');
    const forged = body.checkpoint.replace(body.root_hash, toBase64(new Uint8Array(32)));
    expect(openCheckpoint(forged, await keyOf(), ed25519Verify)).toEqual({
      ok: false,
      reason: 'The signature by test.vetrideals.in/log does not match this checkpoint.',
    });
  });

  it('proves any event, by id or position, is in a signed head', async () => {
    const signed = await head();
    const events = await server.deps.store.readAll();
    for (const e of [events[0]!, events[Math.floor(events.length / 2)]!, events.at(-1)!]) {
      const { status, body } = await get<{ leaf_index: number; leaf_hash: string; audit_path: string[] }>(
        server,
        `/api/log/proof/inclusion?id=${e.id}&tree_size=${signed.size}`,
      );
      expect(status).toBe(200);
      const leaf = fromBase64(body.leaf_hash);
      expect(toBase64(leaf)).toBe(toBase64(sha256(new Uint8Array([0, ...leafBytes(e)]))));
      const path = body.audit_path.map(fromBase64);
      expect(verifyInclusion(sha256, body.leaf_index, signed.size, leaf, path, signed.root)).toBe(true);
    }
    const byPosition = await get<{ leaf_index: number }>(
      server,
      `/api/log/proof/inclusion?position=${events[3]!.position}`,
    );
    expect(byPosition.body.leaf_index).toBe(3);
    const unknown = await get<{ error: { code: string } }>(server, '/api/log/proof/inclusion?id=nope');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'EVENT_NOT_FOUND']);
  });

  it('proves each new head extends the one before, and keeps every past head', async () => {
    const before = await head();
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    await deposit(server, member, 100_00);
    const after = await head();
    expect(after.size).toBeGreaterThan(before.size);
    const { body } = await get<{ proof: string[] }>(
      server,
      `/api/log/proof/consistency?from=${before.size}&to=${after.size}`,
    );
    expect(
      verifyConsistency(sha256, before.size, after.size, before.root, after.root, body.proof.map(fromBase64)),
    ).toBe(true);
    const past = await get<Head>(server, `/api/log/heads/${before.size}`);
    expect(past.body.root_hash).toBe(toBase64(before.root));
    expect((await get(server, `/api/log/proof/consistency?from=${after.size}&to=${before.size}`)).status).toBe(400);
  });

  it('shows a rewrite of the stopped store as a fork to a witness, in code and through npm run witness', async () => {
    const [first, kept] = await witnessOnce(server.url, null);
    if (first.status !== 'first') throw new Error(`the witness saw ${first.status} on its first look`);
    const stateFile = join(dir, 'witness.json');
    const run = (url: string) =>
      promisify(execFile)(
        join('node_modules', '.bin', 'tsx'),
        ['scripts/witness.ts', url, '--state', stateFile, '--once'],
        {
          cwd: process.cwd(),
        },
      );
    await run(server.url);
    const seen = JSON.parse(readFileSync(stateFile, 'utf8')) as WitnessState;
    expect(seen.heads.at(-1)!.tree_size).toBe(first.head.size);

    // The operator stops the server, changes a wallet's history with fresh, correct chain hashes,
    // throws away the read models and the heads it signed, and starts again.
    const walletStream = (await server.deps.store.readAll()).find((e) => e.type === 'Deposited')!.streamName;
    await server.stop();
    rewriteStream(join(dataDir, 'events.db'), walletStream, ({ type, data }) =>
      type === 'Deposited' ? { ...data, amount: 5_000_000 } : data,
    );
    for (const name of ['heads.db', 'heads.db-wal', 'heads.db-shm']) rmSync(join(dataDir, name), { force: true });
    rmSync(server.deps.config.readModelPath, { force: true });
    server = await startTestServer({ seed: true, dataDir, env });
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    await deposit(server, member, 50_00);
    server.deps.transparency.heads.publish();

    const [verdict] = await witnessOnce(server.url, kept);
    expect(verdict.status).toBe('fork');
    expect(verdict.status === 'fork' && verdict.reason).toMatch(
      /^The log of \d+ events does not extend the one of \d+ events signed before\.$/,
    );
    const cli = await run(server.url).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/^FORK: The log of \d+ events does not extend the one of \d+ events signed before\./);
  });
});
