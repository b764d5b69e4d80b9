import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLogKey } from '../../api/transparency/logKey.ts';
import { ackBody } from '../../engine/ack.ts';
import type { SignedAck } from '../../engine/ack.ts';
import { signCheckpoint, toBase64 } from '../../engine/checkpoint.ts';
import { memoryTree } from '../../engine/merkle.ts';
import { sha256 } from '../../projections/merkle.ts';
import type { KeptProof } from '../../web/src/stores/bidProofs.ts';
import { checkProof } from '../../web/src/stores/bidProofs.ts';

/**
 * My Deals' check of a kept acknowledgement, against a log served over a stubbed fetch: in the
 * signed log at the acknowledged place, not yet in a head, or — in words — not what was acknowledged.
 */
const dir = mkdtempSync(join(tmpdir(), 'vetri-proofs-'));
const key = loadLogKey(dir, 'test.vetrideals.in/log');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const leaves = Array.from({ length: 9 }, (_, i) => new TextEncoder().encode(`event ${i}`));
const tree = memoryTree(sha256);
const leafHashes = leaves.map((l) => tree.append(l));
const checkpoint = signCheckpoint({ origin: key.name, size: 9, root: tree.root(), time: 1 }, key);

const ackFor = (index: number): SignedAck => {
  const fields = {
    origin: key.name,
    stream: 'room-ABC123',
    revision: index,
    id: `e${index}`,
    leaf_index: index,
    leaf_hash: toBase64(leafHashes[index]!),
    time: 1795530103518,
  };
  return { v: 1, ...fields, signature: toBase64(key.sign(new TextEncoder().encode(ackBody(fields)))) };
};
const kept = (ack: SignedAck): KeptProof => ({
  id: ack.id,
  userId: 'u1',
  kind: 'deal',
  where: 'ABC123',
  seq: 1,
  amount: 1_010_00,
  at: ack.time,
  ack,
  keptAt: 0,
});

type Route = (url: string) => { status: number; body: unknown };
const serve = (route: Route) =>
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const { status, body } = route(input);
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
const log: Route = (url) => {
  if (url === '/api/log/key') return { status: 200, body: { verifier_key: key.verifierKey } };
  if (url === '/api/log/heads/9' || url === '/api/log/head') return { status: 200, body: { checkpoint } };
  const id = /[?&]id=([^&]+)/.exec(url)?.[1];
  if (url.startsWith('/api/log/proof/inclusion') && id) {
    const index = Number(id.slice(1));
    return {
      status: 200,
      body: {
        leaf_index: index,
        tree_size: 9,
        leaf_hash: toBase64(leafHashes[index]!),
        audit_path: tree.inclusion(index, 9).map(toBase64),
      },
    };
  }
  return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
};

beforeEach(() => {
  const memory = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('checking a kept acknowledgement', () => {
  it('finds the deal in the signed log at the acknowledged place', async () => {
    serve(log);
    expect(await checkProof(kept(ackFor(4)))).toEqual({ state: 'in-log', size: 9 });
  });

  it('refuses an acknowledgement whose place was changed after signing', async () => {
    serve(log);
    const moved = { ...ackFor(4), leaf_index: 5 };
    expect(await checkProof(kept(moved))).toEqual({
      state: 'bad',
      reason: 'This acknowledgement is not signed by the log’s key.',
    });
  });

  it('says so in words when the log now holds the deal elsewhere, or no longer holds it', async () => {
    serve((url) =>
      url.startsWith('/api/log/proof/inclusion')
        ? { status: 200, body: { ...(log(url.replace('e4', 'e6')).body as object) } }
        : log(url),
    );
    expect(await checkProof(kept(ackFor(4)))).toMatchObject({
      state: 'bad',
      reason: expect.stringMatching(
        /^The log now holds this event at place 7, not at place 5 where the server acknowledged it/,
      ) as string,
    });
    serve((url) =>
      url.startsWith('/api/log/proof/inclusion')
        ? { status: 404, body: { error: { code: 'EVENT_NOT_FOUND', message: 'No such event in the log.' } } }
        : log(url),
    );
    expect(await checkProof(kept(ackFor(4)))).toEqual({
      state: 'bad',
      reason: 'The log no longer holds this event, though the server acknowledged it.',
    });
  });

  it('waits for the next signed head when the deal came after the latest one', async () => {
    serve((url) =>
      url.startsWith('/api/log/proof/inclusion')
        ? { status: 404, body: { error: { code: 'EVENT_NOT_IN_TREE', message: 'Later.' } } }
        : log(url),
    );
    expect(await checkProof(kept(ackFor(8)))).toMatchObject({ state: 'pending' });
  });
});
