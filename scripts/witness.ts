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
import { toBase64 } from '../engine/checkpoint.ts';
import type { KeptHead, WitnessVerdict } from '../engine/witness.ts';
import { witnessHead } from '../engine/witness.ts';
import { ed25519Verify } from '../api/transparency/logKey.ts';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

export interface WitnessState {
  url: string;
  verifierKey: string;
  heads: KeptHead[];
}

const getJson = async <T>(url: string): Promise<T> => {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
};

/** One poll: fetches the latest head, checks it against the last kept one, and records it. */
export const witnessOnce = async (url: string, state: WitnessState | null): Promise<[WitnessVerdict, WitnessState]> => {
  const base = url.replace(/\/$/, '');
  const { verifier_key } = await getJson<{ verifier_key: string }>(`${base}/api/log/key`);
  const next = state ?? { url: base, verifierKey: verifier_key, heads: [] };
  const { checkpoint } = await getJson<{ checkpoint: string }>(`${base}/api/log/head`);
  const verdict = await witnessHead({
    sha256,
    verify: ed25519Verify,
    pinnedKey: next.verifierKey,
    servedKey: verifier_key,
    checkpoint,
    last: next.heads.at(-1),
    consistency: async (from, to) =>
      (await getJson<{ proof: string[] }>(`${base}/api/log/proof/consistency?from=${from}&to=${to}`)).proof,
  });
  if (verdict.status === 'first' || verdict.status === 'grew') next.heads.push(verdict.kept);
  return [verdict, next];
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
