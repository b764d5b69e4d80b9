import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { cruise } from 'dependency-cruiser';
import type { IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';
import { boundaries } from '../../eslint.boundaries.js';

/**
 * `npm run lint` keeps the layers apart (engine → projections → api, api/contract → web, scripts):
 * ESLint where an import is typed, dependency-cruiser over the whole graph. Each rule is shown to
 * fail on a deliberate violation, and to let the allowed import next to it through.
 */
describe('the import boundaries fail the lint on a violation', () => {
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } }, ...boundaries],
  });
  const problems = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath })).flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));

  it.each([
    ['web/src/screens/shop/probe.ts', "import type { ProductRow } from '../../../../projections/catalogue.ts';"],
    ['web/src/stores/probe.ts', "import type { RoomRow } from '../../../api/rooms/views.ts';"],
    ['web/src/lib/probe.ts', "import { seedDemo } from '../../../scripts/seedDemo.ts';"],
    ['projections/probe.ts', "import type { Deps } from '../api/deps.ts';"],
    ['api/contract/probe.ts', "import type { RoomRow } from '../../projections/roomQueries.ts';"],
    ['api/contract/probe.ts', "import { toRoomSummary } from '../rooms/views.ts';"],
    ['api/probe.ts', "import { seedDemo } from '../scripts/seedDemo.ts';"],
  ])('refuses %s importing across a boundary', async (file, code) => {
    expect(await problems(file, code)).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });

  it.each([
    ['web/src/stores/probe.ts', "import type { RoomSnapshot } from '../../../api/contract/rooms.ts';"],
    ['web/src/lib/probe.ts', "import { formatRupees } from './format.ts';"],
    ['web/src/stores/probe.ts', "import { ROOM_MESSAGES } from '../../../engine/room.ts';"],
    ['api/contract/probe.ts', "import { ROOM_CODE_PATTERN } from '../../engine/room.ts';"],
    ['api/contract/probe.ts', "import { RoomSummary } from './rooms.ts';"],
    ['projections/probe.ts', "import type { RecordedEvent } from '../engine/eventStore.ts';"],
    ['api/rooms/probe.ts', "import { RoomSnapshot } from '../contract/rooms.ts';"],
  ])('lets %s import what its layer may', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  const tree = mkdtempSync(join(tmpdir(), 'vetri-graph-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    }
  };
  const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
  const violations = async (roots: string[]) => {
    const result = await cruise(roots, {
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      baseDir: tree,
      tsPreCompilationDeps: true,
    });
    if (typeof result.output === 'string') throw new Error('expected a cruise result');
    return result.output.summary.violations.map((v) => `${v.rule.name} ${v.from} → ${v.to}`).sort();
  };

  it('finds a circle and every arrow that runs up a layer in the import graph', async () => {
    write({
      'engine/rules.ts': "import type { T } from './types.ts';\nexport const r = (t: T) => t;\n",
      'engine/types.ts': "import type { r } from './rules.ts';\nexport type T = ReturnType<typeof r>;\n",
      'engine/clean.ts': 'export const pure = 1;\n',
      'projections/model.ts':
        "import { s } from '../api/server.ts';\nimport { pure } from '../engine/clean.ts';\nexport const m = s + pure;\n",
      'api/server.ts': "import { seed } from '../scripts/seed.ts';\nexport const s = seed;\n",
      'api/contract/rooms.ts': "import { v } from '../rooms/views.ts';\nexport const c = v;\n",
      'api/rooms/views.ts': "import { pure } from '../../engine/clean.ts';\nexport const v = pure;\n",
      'scripts/seed.ts': 'export const seed = 1;\n',
      'web/src/page.ts':
        "import { m } from '../../projections/model.ts';\nimport { v } from '../../api/rooms/views.ts';\n" +
        "import { c } from '../../api/contract/rooms.ts';\nexport const p = [m, v, c];\n",
    });
    expect(await violations(['engine', 'projections', 'api', 'scripts', 'web'])).toEqual([
      'api-not-scripts api/server.ts → scripts/seed.ts',
      'contract-is-a-leaf api/contract/rooms.ts → api/rooms/views.ts',
      'no-circular-types engine/rules.ts → engine/types.ts',
      'projections-below-api projections/model.ts → api/server.ts',
      'web-sees-only-the-contract web/src/page.ts → api/rooms/views.ts',
      'web-sees-only-the-contract web/src/page.ts → projections/model.ts',
    ]);
  });
});
