import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { once } from 'node:events';
import { loadConfig } from '../api/config.ts';
import type { ExportScope } from '../api/audit/ndjson.ts';
import { exportNdjson } from '../api/audit/ndjson.ts';
import { openEventStore } from '../api/store/index.ts';
import { deploymentLogKey } from '../api/transparency/logKey.ts';

const usage = `Usage:
  npm run export -- --out log.ndjson                        the whole log
  npm run export -- --out room-ABC123.ndjson --stream room-ABC123
  npm run export -- --out rooms.ndjson --category room      every stream of a category
Then check the file anywhere with: npm run verify -- --file <file>`;

const optionValue = (args: string[], name: string): string | undefined => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};

export const scopeFromArgs = (args: string[]): ExportScope | null => {
  const stream = optionValue(args, '--stream');
  const category = optionValue(args, '--category');
  if (stream && category) return null;
  if (stream) return { kind: 'stream', stream };
  if (category) return { kind: 'category', category };
  return { kind: 'all' };
};

/** Writes the events of a stream, a category or the whole log as NDJSON with a closing manifest line. */
export const runExport = async (args: string[]): Promise<number> => {
  const out = optionValue(args, '--out');
  const scope = scopeFromArgs(args);
  if (!out || !scope || args.includes('--help')) {
    console.log(usage);
    return args.includes('--help') ? 0 : 2;
  }
  // npm runs scripts from the package root; a relative path means the caller's own directory.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), out);
  const config = loadConfig();
  const store = await openEventStore(config);
  const key = deploymentLogKey(config);
  const file = createWriteStream(path, { encoding: 'utf8' });
  let events = -1;
  let streams = 0;
  try {
    for await (const line of exportNdjson(store, scope, Date.now(), key)) {
      events++;
      if (line.startsWith('{"manifest"')) {
        streams = Object.keys((JSON.parse(line) as { manifest: { streams: object } }).manifest.streams).length;
      }
      if (!file.write(line)) await once(file, 'drain');
    }
  } finally {
    file.end();
    await once(file, 'close');
    await store.close();
  }
  console.log(`Exported ${events} event(s) from ${streams} stream(s) to ${path}`);
  if (events === 0) console.log('Nothing matched: check the stream or category name.');
  console.log(`The manifest is signed with the log key ${key.verifierKey}`);
  console.log(`Check it anywhere with: npm run verify -- --file ${out} --key '${key.verifierKey}'`);
  return 0;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runExport(process.argv.slice(2));
}
