import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

/**
 * `tsx scripts/bench/profileTop.ts <file.cpuprofile> [rows] [--during <text> [--stretch <n>] [--tail <ms> | --head <ms>]] [--within <text>]`:
 * the functions with the most self time, the project functions with the most total time, and
 * where the time goes by project file (each sample counted once, at the innermost project function
 * on its stack: a library call or a syscall counts for the project code that made it), at their
 * TypeScript lines. tsx runs minified transforms, so positions are mapped back through the source
 * maps in its cache. `--during api/rooms/realtime.ts` keeps only the stretches of the profile whose
 * samples have that text in a frame's file or name (a gap of 400 ms ends a stretch; they are listed,
 * e.g. the round trip, the storm, the two-process storm); `--stretch 2` keeps only the second,
 * `--tail 300` only the last 300 ms of each kept stretch (a storm's rooms end there), `--head 300`
 * only the first 300 ms (a storm's rooms begin there).
 * The last table counts each sample at the outermost project function on its stack (the entry the
 * work was done for: a socket handler, a commit's listeners, a subscription's batch).
 * Idle time is left out of the percentages.
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

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
};
const during = option('--during');
const stretch = option('--stretch');
const tail = option('--tail');
const head = option('--head');
const within = option('--within');
const [file, rowsArg] = args;
if (!file)
  throw new Error(
    'usage: tsx scripts/bench/profileTop.ts <file.cpuprofile> [rows] [--during <text> [--stretch <n>] [--tail <ms> | --head <ms>]] [--within <text>]',
  );
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
const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber)}`;
const ancestry = (id: number): ProfileNode[] => {
  const out: ProfileNode[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) out.push(byId.get(at)!);
  return out;
};

// Each sample's time (µs) and when it was taken (ms from the start).
const samples: { id: number; us: number; at: number }[] = [];
let clock = 0;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  clock += us;
  samples.push({ id, us, at: clock / 1000 });
});

let kept = samples;
if (during) {
  const stretches: { from: number; to: number; hits: number }[] = [];
  for (const s of samples) {
    if (!ancestry(s.id).some((n) => `${n.callFrame.url} ${n.callFrame.functionName}`.includes(during))) continue;
    const last = stretches[stretches.length - 1];
    if (last && s.at - last.to < 400) {
      last.to = s.at;
      last.hits++;
    } else stretches.push({ from: s.at, to: s.at, hits: 1 });
  }
  stretches.forEach((w, i) =>
    console.log(`stretch ${i + 1}: ${w.from.toFixed(0)}–${w.to.toFixed(0)} ms, ${w.hits} samples with ${during}`),
  );
  const chosen = (stretch ? [stretches[Number(stretch) - 1]!] : stretches).map((w) =>
    tail
      ? { ...w, from: Math.max(w.from, w.to - Number(tail)) }
      : head
        ? { ...w, to: Math.min(w.to, w.from + Number(head)) }
        : w,
  );
  kept = samples.filter((s) => chosen.some((w) => s.at >= w.from && s.at <= w.to));
}
// Only the work done on behalf of one piece of code (e.g. `api/notify/`): its callees' self time.
if (within) kept = kept.filter((s) => ancestry(s.id).some((n) => n.callFrame.url.includes(within)));

const isProject = (l: string) => /\.tsx?:\d+$/.test(l) && !l.includes('node_modules');
const self = new Map<string, number>();
const total = new Map<string, number>();
const innermost = new Map<string, number>();
const outermost = new Map<string, number>();
let all = 0;
let idle = 0;
for (const { id, us } of kept) {
  const stack = ancestry(id).map(label);
  if (stack[0]!.startsWith('(idle)')) {
    idle += us;
    continue;
  }
  all += us;
  self.set(stack[0]!, (self.get(stack[0]!) ?? 0) + us);
  for (const l of new Set(stack)) total.set(l, (total.get(l) ?? 0) + us);
  const mine = stack.find(isProject);
  const fileOf = mine
    ? mine.slice(mine.lastIndexOf(' ') + 1).replace(/:\d+$/, '')
    : `(outside project code) ${stack[0]}`;
  innermost.set(fileOf, (innermost.get(fileOf) ?? 0) + us);
  const entry =
    stack.findLast(isProject) ?? `(outside project code) ${stack.findLast((l) => !l.startsWith('(root)')) ?? ''}`;
  outermost.set(entry, (outermost.get(entry) ?? 0) + us);
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
  [...total].filter(([l]) => isProject(l)),
);
print('by project file (innermost project function on the stack)', [...innermost]);
print('by entry (outermost project function on the stack: what the work was done for)', [...outermost]);
console.log(`\n${(all / 1000).toFixed(0)} ms busy sampled, ${(idle / 1000).toFixed(0)} ms idle`);
