import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

/**
 * `tsx scripts/bench/profileTop.ts <file.cpuprofile> [rows]`: the functions with the most self
 * time, and the project functions with the most total time, at their TypeScript lines. tsx runs
 * minified transforms, so positions are mapped back through the source maps in its cache.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
type RawMap = ConstructorParameters<typeof SourceMapConsumer>[0] & { sources: string[] };

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx scripts/bench/profileTop.ts <file.cpuprofile> [rows]');
const rows = Number(rowsArg ?? 25);
const root = join(import.meta.dirname, '../..');

const maps = new Map<string, { at: number; map: RawMap }>();
const cache = join(tmpdir(), `tsx-${process.getuid?.() ?? 0}`);
for (const name of (() => {
  try {
    return readdirSync(cache);
  } catch {
    return [];
  }
})()) {
  try {
    const path = join(cache, name);
    const { map } = JSON.parse(readFileSync(path, 'utf8')) as { map?: RawMap };
    const source = map?.sources[0];
    const at = statSync(path).mtimeMs;
    if (map && source && (maps.get(source)?.at ?? 0) < at) maps.set(source, { at, map });
  } catch {
    // not a transform entry
  }
}
const consumers = new Map<string, SourceMapConsumer>();
const where = (url: string, line: number, column: number): string => {
  const path = url.replace('file://', '');
  const entry = !path.includes('node_modules') ? maps.get(path) : undefined;
  if (entry) {
    let consumer = consumers.get(path);
    if (!consumer) consumers.set(path, (consumer = new SourceMapConsumer(entry.map)));
    const original = consumer.originalPositionFor({ line: line + 1, column });
    if (original.line) return `${path.replace(`${root}/`, '')}:${original.line}`;
  }
  return `${path.replace(/^.*node_modules\//, '')}:${line + 1}`;
};

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const time = new Map<number, number>();
profile.samples.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber)}`;

const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
for (const n of profile.nodes) {
  const t = time.get(n.id) ?? 0;
  if (!t) continue;
  all += t;
  self.set(label(n), (self.get(label(n)) ?? 0) + t);
  const seen = new Set<string>();
  for (let id: number | undefined = n.id; id !== undefined; id = parentOf.get(id)) {
    const l = label(byId.get(id)!);
    if (!seen.has(l)) total.set(l, (total.get(l) ?? 0) + t);
    seen.add(l);
  }
}
const print = (title: string, entries: [string, number][]) => {
  console.log(`\n${title}`);
  for (const [l, t] of entries.sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${(t / 1000).toFixed(0).padStart(7)} ms ${((100 * t) / all).toFixed(1).padStart(5)}%  ${l}`);
  }
};
print('self time', [...self]);
print(
  'total time, project code',
  [...total].filter(([l]) => /\.tsx?:\d+$/.test(l) && !l.includes('node_modules')),
);
console.log(`\n${(all / 1000).toFixed(0)} ms sampled`);
