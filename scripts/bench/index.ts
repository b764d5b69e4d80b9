import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cpus, totalmem } from 'node:os';
import type { Figure } from './harness.ts';
import { createContext, renderTable } from './harness.ts';
import { fillLog, rebuildFigure } from './log.ts';
import { replayFigure } from './replay.ts';
import { realtimeFigures } from './realtime.ts';
import { startupFigure } from './startup.ts';
import { storeFigures } from './store.ts';
import { transparencyFigures } from './transparency.ts';
import { phoneFigures } from './phone.ts';
import { against as versus } from './against.ts';

/**
 * `npm run bench [-- --quick] [--sockets | --rebuild]`: every figure beside a baseline measured in
 * the same run, on this machine, as a ratio. Loops are bounded; traffic stays on 127.0.0.1.
 * `--sockets` runs only the socket figures (round trip, storm, memory), `--rebuild` only the
 * projection rebuild (three times over one log); both leave bench/results.json alone. `--phone`
 * runs only the phone screens and replaces just their figures in bench/results.json.
 * `--against <checkout> [--storm]` runs only the bid round trip (or the storm), this checkout's
 * server against another's, alternated in one run (`against.ts`), and leaves bench/results.json alone.
 */
const quick = process.argv.includes('--quick');
const socketsOnly = process.argv.includes('--sockets');
const rebuildOnly = process.argv.includes('--rebuild');
const phoneOnly = process.argv.includes('--phone');
const againstAt = process.argv.indexOf('--against');
const against = againstAt === -1 ? null : process.argv[againstAt + 1];
if (againstAt !== -1 && !against) throw new Error('--against needs the path of another checkout');
const ctx = createContext(quick);
const figures: Figure[] = [];
const started = performance.now();
const section = async (name: string, work: () => Promise<Figure | Figure[]>) => {
  process.stderr.write(`${name}…\n`);
  const result = await work();
  figures.push(...(Array.isArray(result) ? result : [result]));
};

try {
  if (against)
    await section('against another checkout', () => versus(resolve(against), quick, process.argv.includes('--storm')));
  else if (rebuildOnly) await rebuildFigures();
  else if (phoneOnly) await section('phone: time to usable', () => phoneFigures(ctx));
  else {
    if (!socketsOnly) await storeAndLogFigures();
    await section('bids and sockets', () => realtimeFigures(ctx));
  }
} finally {
  ctx.cleanup();
}

async function filledLog() {
  const events = quick ? 100_000 : 1_000_000;
  const dataDir = ctx.scratch('big-log');
  mkdirSync(dataDir, { recursive: true });
  const logPath = join(dataDir, 'events.db');
  await section(`filling a log of ${events.toLocaleString('en-IN')} events`, async () => {
    await fillLog(ctx, logPath, events);
    return [];
  });
  return { events, dataDir, logPath };
}

async function rebuildFigures() {
  const { events, logPath } = await filledLog();
  for (let run = 1; run <= 3; run++)
    await section(
      `projection rebuild, run ${run} of 3`,
      async () => (await rebuildFigure(ctx, logPath, events)).figure,
    );
}

async function storeAndLogFigures() {
  await section('event store appends', () => storeFigures(ctx));
  await section('transparency log costs', () => transparencyFigures(ctx));
  const { events, dataDir, logPath } = await filledLog();
  let readPath = '';
  let rebuildMs = 0;
  await section('projection rebuild', async () => {
    const r = await rebuildFigure(ctx, logPath, events);
    readPath = r.readPath;
    rebuildMs = r.figure.extra.rebuildMs;
    return r.figure;
  });
  await section('start-up', () => startupFigure(ctx, dataDir, readPath, events, rebuildMs));
  await section('replay fold', replayFigure);
  await section('phone: time to usable', () => phoneFigures(ctx));
}

const table = renderTable(figures);
console.log(
  `\nVetri Deals benchmarks (${quick ? 'quick' : 'full'}), ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
);
console.log(table);
console.log(`\n${Math.round((performance.now() - started) / 1000)} s in all.`);
const out = join(import.meta.dirname, '../../bench');
mkdirSync(out, { recursive: true });
const resultsFile = join(out, 'results.json');
if (phoneOnly && existsSync(resultsFile)) {
  const kept = JSON.parse(readFileSync(resultsFile, 'utf8')) as { figures: Figure[] };
  const isPhone = (f: Figure) => f.name.includes('on a phone');
  kept.figures = [...kept.figures.filter((f) => !isPhone(f)), ...figures];
  writeFileSync(resultsFile, JSON.stringify({ ...kept, phoneAt: new Date().toISOString() }, null, 2) + '\n');
} else if (!socketsOnly && !rebuildOnly && !phoneOnly && !against)
  writeFileSync(
    join(out, 'results.json'),
    JSON.stringify(
      { at: new Date().toISOString(), quick, machine: { cores: cpus().length, node: process.version }, figures },
      null,
      2,
    ) + '\n',
  );
