import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One row of the benchmark table: a figure beside its baseline from the same run. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number; unit: string };
  /** value / baseline.value (or as the figure defines it). */
  ratio?: number;
  target?: string;
  met?: boolean;
  notes?: string;
  extra?: Record<string, number | string>;
}

export interface BenchContext {
  quick: boolean;
  /** A scratch directory removed at the end. */
  scratch(name: string): string;
  log(line: string): void;
}

export const createContext = (quick: boolean): BenchContext & { cleanup(): void } => {
  const root = mkdtempSync(join(tmpdir(), 'vetri-bench-'));
  let n = 0;
  return {
    quick,
    scratch: (name) => join(root, `${n++}-${name}`),
    log: (line) => process.stderr.write(`  ${line}\n`),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
};

/** Events (or operations) per second over a timed section. */
export const rate = (count: number, ms: number): number => (ms > 0 ? (count * 1000) / ms : 0);

export const timed = async <T>(work: () => Promise<T> | T): Promise<{ ms: number; result: T }> => {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
};

export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** The middle value, or the mean of the two middle ones for an even count. */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const fmt = (v: number) =>
  v >= 100 ? Math.round(v).toLocaleString('en-IN') : v >= 1 || v === 0 ? v.toFixed(2) : v.toPrecision(2);

export const renderTable = (figures: readonly Figure[]): string => {
  const rows = figures.map((f) => [
    f.name,
    `${fmt(f.value)} ${f.unit}`,
    f.baseline ? `${f.baseline.name}: ${fmt(f.baseline.value)} ${f.baseline.unit}` : '—',
    f.ratio === undefined ? '—' : `${f.ratio.toFixed(2)}×`,
    f.target ?? '—',
    f.met === undefined ? '' : f.met ? 'met' : 'NOT MET',
    f.notes ?? '',
  ]);
  const header = ['figure', 'value', 'baseline (same run)', 'ratio', 'target', '', 'notes'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
};
