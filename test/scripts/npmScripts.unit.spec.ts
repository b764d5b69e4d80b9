import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** `npm run seed` once pointed at a missing file: every npm script must name files that exist. */
const root = join(import.meta.dirname, '../..');
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

/** The files a script names: arguments that look like paths to a source or config file. */
const filesOf = (command: string): string[] =>
  command
    .split(/\s+/)
    .filter((word) => /^[\w./-]+\.(ts|tsx|js|cjs|mjs|json)$/.test(word))
    .filter((word) => !word.startsWith('-'));

describe('npm scripts', () => {
  it('name at least the entry points we document', () => {
    expect(filesOf(scripts.start!)).toEqual(['scripts/start.ts']);
    expect(filesOf(scripts.seed!)).toEqual(['scripts/seed.ts']);
  });

  it.each(Object.entries(scripts))('%s points only at files that exist', (_name, command) => {
    for (const file of filesOf(command)) expect(existsSync(join(root, file)), `${file} is missing`).toBe(true);
  });
});
