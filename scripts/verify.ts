import { loadConfig } from '../api/config.ts';
import { openEventStore } from '../api/store/index.ts';
import type { StreamVerdict } from '../api/store/verify.ts';
import { verifyAll, verifyStream } from '../api/store/verify.ts';

const usage = `Usage:
  npm run verify -- <stream>       check one stream's hash chain (e.g. room-ABC123)
  npm run verify -- --all          check every stream in the log`;

const print = (v: StreamVerdict) =>
  v.ok
    ? console.log(`OK        ${v.stream}: ${v.events} events, intact, last hash ${v.lastHash}`)
    : console.log(`TAMPERED  ${v.stream}: first bad event ${v.badEventId} at revision ${v.badRevision}: ${v.reason}`);

/** Verifies hash chains in the configured event store; exits 1 when any stream is not intact. */
export const runVerify = async (args: string[]): Promise<number> => {
  if (args.length === 0 || args.includes('--help')) {
    console.log(usage);
    return args.length === 0 ? 2 : 0;
  }
  const store = await openEventStore(loadConfig());
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
    return bad === 0 ? 0 : 1;
  } finally {
    await store.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runVerify(process.argv.slice(2));
}
