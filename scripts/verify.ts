import { existsSync, readFileSync } from 'node:fs';
import type { Receipt } from '../api/contract/audit.ts';
import { readExportLines, verifyAgainstReceipt } from '../api/audit/verifyReceipt.ts';
import { join, resolve } from 'node:path';
import type { Config } from '../api/config.ts';
import { loadConfig } from '../api/config.ts';
import type { EventStore } from '../engine/eventStore.ts';
import { checkStoreAgainstKeptHeads } from '../api/transparency/logCheck.ts';
import { deploymentLogKey } from '../api/transparency/logKey.ts';
import { openEventStore } from '../api/store/index.ts';
import type { StreamVerdict } from '../api/store/verify.ts';
import { verifyAll, verifyStream } from '../api/store/verify.ts';
import type { FileVerdict } from '../api/audit/verifyFile.ts';
import { verifyExportFile } from '../api/audit/verifyFile.ts';

const usage = `Usage:
  npm run verify -- <stream>                 check one stream's hash chain (e.g. room-ABC123)
  npm run verify -- --all                    check every stream in the log
  npm run verify -- --file export.ndjson [--key <verifier key>]
                                             check an exported file offline: every stream's chain, the
                                             global order, the signed manifest (counts, revisions, last
                                             hashes, positions, scope, the whole log's Merkle root) and
                                             every room's rules
  npm run verify -- --file room-ABC123.ndjson --hash <hash>
                                             ...and that the stream ends in the hash on your receipt
  npm run verify -- --file room-ABC123.ndjson --receipt room-ABC123.receipt.json [--key <verifier key>]
                                             ...and that every event is in the log's signed tree head
                                             (key: the deployment's /.well-known/vetri-deals-log-key)`;

const print = (v: StreamVerdict) =>
  v.ok
    ? console.log(`OK        ${v.stream}: ${v.events} events, intact, last hash ${v.lastHash}`)
    : console.log(`TAMPERED  ${v.stream}: first bad event ${v.badEventId} at revision ${v.badRevision}: ${v.reason}`);

const optionValue = (args: string[], name: string): string | undefined => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};

const printFile = (file: string, verdict: FileVerdict, expectHash: string | undefined): number => {
  for (const s of verdict.streams) {
    if (s.bad) {
      console.log(
        `TAMPERED  ${s.stream}: first bad event ${s.bad.id} at revision ${s.bad.revision} (line ${s.bad.line}): ${s.bad.reason}`,
      );
    } else if (s.manifestProblem) console.log(`TAMPERED  ${s.stream}: ${s.manifestProblem}`);
    else if (s.rulesProblem)
      console.log(
        `RULES     ${s.stream}: event ${s.rulesProblem.id} at revision ${s.rulesProblem.revision} (line ${s.rulesProblem.line}): ${s.rulesProblem.reason}`,
      );
    else console.log(`OK        ${s.stream}: ${s.events} events, intact, last hash ${s.lastHash}`);
    if (s.unchecked)
      console.log(
        `          ${s.unchecked} event(s) of ${s.stream} were written before hash version 2 and carry a withheld credential: their place in the chain is checked, their content only by the live verify`,
      );
  }
  const sig = verdict.signature;
  if (sig.state === 'valid')
    console.log(
      sig.pinned
        ? `SIGNED    the manifest is signed by the key you gave`
        : `SIGNED    the manifest is signed by the key it names, ${sig.verifierKey}: compare it with the one the deployment and witnesses publish, or pass --key`,
    );
  else if (sig.state === 'unsigned')
    console.log('UNSIGNED  the manifest carries no signature (an export made before version 2)');
  for (const p of verdict.problems) console.log(`PROBLEM   ${p}`);
  let hashOk = true;
  if (expectHash !== undefined) {
    const only = verdict.streams.length === 1 ? verdict.streams[0]! : null;
    if (!only) {
      hashOk = false;
      console.log(`HASH      --hash needs a file with exactly one stream; this one holds ${verdict.streams.length}.`);
    } else if (only.lastHash === expectHash.trim().toLowerCase()) {
      console.log(`HASH      ${only.stream} ends in ${only.lastHash}, the hash you expected.`);
    } else {
      hashOk = false;
      console.log(`HASH      ${only.stream} ends in ${only.lastHash}, NOT the hash you expected (${expectHash}).`);
    }
  }
  const bad = verdict.streams.filter((s) => !s.ok).length;
  console.log(
    `${file}: ${verdict.streams.length} stream(s) checked, ${verdict.streams.length - bad} intact, ${bad} not` +
      (verdict.problems.length ? `; ${verdict.problems.length} problem(s) with the file.` : '.'),
  );
  return verdict.ok && hashOk ? 0 : 1;
};

const printReceipt = (file: string, receiptPath: string, args: string[]): number => {
  if (!existsSync(receiptPath)) {
    console.log(`No such file: ${receiptPath}`);
    return 2;
  }
  const receipt = JSON.parse(readFileSync(receiptPath, 'utf8')) as Receipt;
  const key = optionValue(args, '--key') ?? receipt.log.verifier_key;
  if (!optionValue(args, '--key'))
    console.log(`KEY       the receipt's own key ${key}: compare it with the one the deployment and witnesses publish`);
  const verdict = verifyAgainstReceipt(readExportLines(file), receipt, key);
  for (const p of verdict.problems) console.log(`NOT SIGNED ${p}`);
  if (verdict.ok)
    console.log(
      `SIGNED    all ${verdict.proved} events of ${receipt.stream} are in the log's signed head of ${verdict.treeSize} events`,
    );
  return verdict.ok ? 0 : 1;
};

/**
 * The whole store against every tree head this deployment signed (DATA_DIR/heads.db): catches a
 * stream rewritten with fresh hashes, and a removed last event, which no chain check can.
 */
const printLogCheck = async (config: Config, store: EventStore): Promise<boolean> => {
  const path = join(config.DATA_DIR, 'heads.db');
  if (!existsSync(path)) {
    console.log(
      'LOG       no signed tree heads kept in this data directory: the whole log was not checked against them',
    );
    return true;
  }
  const { unsigned, verdict } = await checkStoreAgainstKeptHeads(store, path, deploymentLogKey(config).verifierKey);
  if (unsigned)
    console.log(`LOG       ${unsigned} kept head(s) do not carry a valid signature by the log key and were ignored`);
  if (verdict.ok) {
    console.log(
      verdict.latest
        ? `LOG       the log's first ${verdict.latest.size} events are exactly the ones in all ${verdict.heads} signed head(s)`
        : 'LOG       no tree head has been signed yet',
    );
    return unsigned === 0;
  }
  const first = verdict.first
    ? `; the first event there is ${verdict.first.id}, ${verdict.first.stream} revision ${verdict.first.revision}`
    : '';
  console.log(`FORKED    ${verdict.reason}${first}`);
  return false;
};

/** Verifies hash chains in the configured event store, or in an export file; exits 1 when anything is not intact. */
export const runVerify = async (args: string[]): Promise<number> => {
  if (args.length === 0 || args.includes('--help')) {
    console.log(usage);
    return args.length === 0 ? 2 : 0;
  }
  if (args.includes('--file')) {
    const given = optionValue(args, '--file');
    // npm runs scripts from the package root; a relative path means the caller's own directory.
    const file = given && resolve(process.env.INIT_CWD ?? process.cwd(), given);
    if (!file || !existsSync(file)) {
      console.log(file ? `No such file: ${file}` : usage);
      return 2;
    }
    const verifierKey = optionValue(args, '--key');
    const fileCode = printFile(given, await verifyExportFile(file, { verifierKey }), optionValue(args, '--hash'));
    const receiptPath = optionValue(args, '--receipt');
    if (!receiptPath) return fileCode;
    return Math.max(fileCode, printReceipt(file, resolve(process.env.INIT_CWD ?? process.cwd(), receiptPath), args));
  }
  const config = loadConfig();
  const store = await openEventStore(config);
  try {
    const verdicts = args.includes('--all')
      ? await verifyAll(store)
      : await Promise.all(args.filter((a) => !a.startsWith('--')).map((s) => verifyStream(store, s)));
    for (const v of verdicts) {
      if (v.events === 0) console.log(`MISSING   ${v.stream}: no such stream`);
      else print(v);
    }
    const bad = verdicts.filter((v) => !v.ok || v.events === 0).length;
    console.log(`${verdicts.length} stream(s) checked, ${verdicts.length - bad} intact, ${bad} not.`);
    const logOk = await printLogCheck(config, store);
    return bad === 0 && logOk ? 0 : 1;
  } finally {
    await store.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runVerify(process.argv.slice(2));
}
