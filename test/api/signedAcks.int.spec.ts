import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceBidAck } from '../../api/contract/index.ts';
import { createManualClock } from '../../api/clock.ts';
import { ed25519Verify } from '../../api/transparency/logKey.ts';
import { ackBody, checkAck } from '../../engine/ack.ts';
import { fromBase64, openCheckpoint, parseVerifierKey, toBase64 } from '../../engine/checkpoint.ts';
import { leafHash, verifyInclusion } from '../../engine/merkle.ts';
import { leafBytes, leafIndexOf, sha256 } from '../../projections/merkle.ts';
import type { Client } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import type { LiveClient } from './roomsHelpers.ts';
import { createRoom, liveClient, openRunningRoom, startRoomsServer } from './roomsHelpers.ts';

/**
 * Issue 15 §3: every accepted deal's ack carries the server's signed acknowledgement of the deal at
 * its place in the log — stream, revision, id, leaf index and leaf hash — which anyone can check
 * with the published key, and which the log's own proofs must agree with.
 */
const T0 = Date.parse('2026-11-22T04:30:00.000Z');

describe('signed acknowledgements of deals', () => {
  const clock = createManualClock(T0);
  let started: Awaited<ReturnType<typeof startRoomsServer>>;
  let server: TestServer;
  let members: Client[];
  let live: LiveClient[];
  let code: string;
  let verifierKey: string;

  beforeAll(async () => {
    started = await startRoomsServer(clock);
    server = started.server;
    members = started.members;
    code = await openRunningRoom(started, clock);
    live = [];
    for (const m of members) {
      const l = await liveClient(server, m);
      await l.emit('joinRoom', { roomCode: code });
      live.push(l);
    }
    verifierKey = ((await (await fetch(`${server.url}/api/log/key`)).json()) as { verifier_key: string }).verifier_key;
  });
  afterAll(async () => {
    for (const l of live ?? []) l.close();
    await server?.stop();
  });

  it('signs each accepted deal at its place, checkable with the published key and the log’s own proof', async () => {
    clock.advance(1000);
    const acks: PlaceBidAck[] = [];
    for (const l of [live[0]!, live[1]!, live[2]!]) {
      const ack = await l.emit<PlaceBidAck>('placeBid', { roomCode: code });
      expect(ack.ok).toBe(true);
      if (ack.ok) acks.push(ack.data);
    }
    const key = parseVerifierKey(sha256, verifierKey);
    const stored = await server.deps.store.readStream(`room-${code}`);
    for (const a of acks) {
      const { proof } = a;
      expect(checkAck(proof, key, ed25519Verify)).toBe(true);
      const event = stored.find((e) => e.revision === a.revision)!;
      expect(proof).toMatchObject({ stream: `room-${code}`, revision: a.revision, id: event.id, origin: key.name });
      expect(proof.leaf_hash).toBe(toBase64(leafHash(sha256, leafBytes(event))));
      // The log, asked later (once the tree holds the deal), proves the same leaf at the same place
      // in a signed head.
      await server.deps.projections.waitFor(event.position);
      server.deps.transparency.heads.publish();
      const inclusion = (await (await fetch(`${server.url}/api/log/proof/inclusion?id=${proof.id}`)).json()) as {
        leaf_index: number;
        tree_size: number;
        leaf_hash: string;
        audit_path: string[];
      };
      expect(inclusion).toMatchObject({ leaf_index: proof.leaf_index, leaf_hash: proof.leaf_hash });
      const head = (await (await fetch(`${server.url}/api/log/heads/${inclusion.tree_size}`)).json()) as {
        checkpoint: string;
      };
      const opened = openCheckpoint(head.checkpoint, key, ed25519Verify);
      expect(opened.ok).toBe(true);
      if (opened.ok)
        expect(
          verifyInclusion(
            sha256,
            proof.leaf_index,
            opened.head.size,
            fromBase64(proof.leaf_hash),
            inclusion.audit_path.map(fromBase64),
            opened.head.root,
          ),
        ).toBe(true);
    }
    // Deals in one room take rising places in the log.
    expect(acks.map((a) => a.proof.leaf_index)).toEqual([...acks.map((a) => a.proof.leaf_index)].sort((x, y) => x - y));
  });

  it('cannot be altered, and cannot pass for a signed tree head', async () => {
    clock.advance(1000);
    const ack = await live[3]!.emit<PlaceBidAck>('placeBid', { roomCode: code });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    const key = parseVerifierKey(sha256, verifierKey);
    const { proof } = ack.data;
    expect(checkAck({ ...proof, leaf_index: proof.leaf_index + 1 }, key, ed25519Verify)).toBe(false);
    expect(checkAck({ ...proof, revision: proof.revision - 1 }, key, ed25519Verify)).toBe(false);
    expect(checkAck({ ...proof, id: crypto.randomUUID() }, key, ed25519Verify)).toBe(false);
    // The signed text, offered as a checkpoint with this signature, is refused.
    const body = ackBody(proof);
    const sig = toBase64(new Uint8Array([...key.keyHash, ...fromBase64(proof.signature)]));
    expect(openCheckpoint(`${body}\n— ${key.name} ${sig}\n`, key, ed25519Verify).ok).toBe(false);
  });

  it('gives deals racing in two rooms the places the tree holds them at once the read models take them', async () => {
    // The read models take live deals in batches; an ack is signed before its batch is written.
    let second = '';
    const first = await openRunningRoom(started, clock, async () => {
      second = await createRoom(started.admin, started.productId, clock.now() + 10 * 60_000);
      for (const m of members) expect((await m.call('POST', `/api/rooms/${second}/prebook`)).status).toBe(200);
    });
    const sockets: LiveClient[] = [];
    for (const m of members) {
      const l = await liveClient(server, m);
      for (const room of [first, second]) await l.emit('joinRoom', { roomCode: room });
      sockets.push(l);
    }
    clock.advance(1000);
    const racing = await Promise.all(
      sockets.flatMap((l) => [first, second].map((room) => l.emit<PlaceBidAck>('placeBid', { roomCode: room }))),
    );
    for (const l of sockets) l.close();
    const acks = racing.flatMap((a) => (a.ok ? [a.data] : []));
    expect(acks).toHaveLength(8);
    await server.deps.projections.waitFor(await server.deps.store.headPosition());
    const key = parseVerifierKey(sha256, verifierKey);
    for (const a of acks) {
      const [event] = await server.deps.store.readStream(a.proof.stream, { from: a.revision, limit: 1 });
      expect(checkAck(a.proof, key, ed25519Verify)).toBe(true);
      expect(a.proof.leaf_index).toBe(leafIndexOf(server.deps.readDb, event!.position));
    }
    expect(new Set(acks.map((a) => a.proof.leaf_index)).size).toBe(8);
  });
});
