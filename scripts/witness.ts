/**
 * A witness for a deployment's transparency log: polls its signed tree heads, checks each new one
 * against the last it kept (signature by the pinned key; same size → same root; larger → a
 * consistency proof from the deployment that verifies), and keeps every head it saw. It says
 * loudly, and exits 2, when the log forked: someone changed history that was already signed.
 *
 *   npm run witness -- http://localhost:3000 [--state witness-state.json] [--every 10] [--once]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fromBase64, openCheckpoint, parseVerifierKey, toBase64 } from '../engine/checkpoint.ts';
import type { TreeHead } from '../engine/checkpoint.ts';
import { verifyConsistency } from '../engine/merkle.ts';
import { ed25519Verify } from '../api/transparency/logKey.ts';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

export interface WitnessState {
  url: string;
  verifierKey: string;
  heads: { tree_size: number; root_hash: string; time: number; checkpoint: string }[];
}

export type WitnessResult =
  { status: 'first' | 'same' | 'grew'; head: TreeHead } | { status: 'fork'; reason: string; head?: TreeHead };

const getJson = async <T>(url: string): Promise<T> => {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
};

/** One poll: fetches the latest head, checks it against the last kept one, and records it. */
export const witnessOnce = async (url: string, state: WitnessState | null): Promise<[WitnessResult, WitnessState]> => {
  const base = url.replace(/\/$/, '');
  const { verifier_key } = await getJson<{ verifier_key: string }>(`${base}/api/log/key`);
  const pinned = state?.verifierKey ?? verifier_key;
  const key = parseVerifierKey(sha256, pinned);
  const next = state ?? { url: base, verifierKey: pinned, heads: [] };
  if (verifier_key !== pinned) {
    return [
      { status: 'fork', reason: `The log now serves another key (${verifier_key}); the pinned one is ${pinned}.` },
      next,
    ];
  }
  const { checkpoint } = await getJson<{ checkpoint: string }>(`${base}/api/log/head`);
  const opened = openCheckpoint(checkpoint, key, ed25519Verify);
  if (!opened.ok) return [{ status: 'fork', reason: opened.reason }, next];
  const head = opened.head;
  const last = next.heads.at(-1);
  const keep = () =>
    next.heads.push({ tree_size: head.size, root_hash: toBase64(head.root), time: head.time, checkpoint });
  if (!last) {
    keep();
    return [{ status: 'first', head }, next];
  }
  const lastRoot = fromBase64(last.root_hash);
  if (head.size < last.tree_size) {
    return [{ status: 'fork', head, reason: `The log shrank from ${last.tree_size} to ${head.size} events.` }, next];
  }
  if (head.size === last.tree_size) {
    if (toBase64(head.root) !== last.root_hash) {
      return [{ status: 'fork', head, reason: `Two different logs of ${head.size} events were signed.` }, next];
    }
    return [{ status: 'same', head }, next];
  }
  const { proof } = await getJson<{ proof: string[] }>(
    `${base}/api/log/proof/consistency?from=${last.tree_size}&to=${head.size}`,
  );
  if (!verifyConsistency(sha256, last.tree_size, head.size, lastRoot, head.root, proof.map(fromBase64))) {
    return [
      {
        status: 'fork',
        head,
        reason: `The log of ${head.size} events does not extend the one of ${last.tree_size} events signed before.`,
      },
      next,
    ];
  }
  keep();
  return [{ status: 'grew', head }, next];
};

const main = async () => {
  const args = process.argv.slice(2);
  const url = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
  if (!url) {
    console.error('usage: npm run witness -- <url> [--state file.json] [--every seconds] [--once]');
    process.exit(1);
  }
  const flag = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const statePath = flag('--state') ?? 'witness-state.json';
  const every = Number(flag('--every') ?? 10) * 1000;
  const once = args.includes('--once');
  let state = existsSync(statePath) ? (JSON.parse(readFileSync(statePath, 'utf8')) as WitnessState) : null;
  for (;;) {
    const [result, next] = await witnessOnce(url, state);
    state = next;
    writeFileSync(statePath, JSON.stringify(state, null, 2) + '\n');
    if (result.status === 'fork') {
      console.error(`FORK: ${result.reason}`);
      console.error('This log was changed after it was signed. Keep witness-state.json: it is the evidence.');
      process.exit(2);
    }
    console.log(
      `${new Date().toISOString()} ${result.status}: ${result.head.size} events, root ${toBase64(result.head.root)}`,
    );
    if (once) return;
    await new Promise((r) => setTimeout(r, every));
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
