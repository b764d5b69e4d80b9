import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../api/contract/audit.ts';
import { createManualClock } from '../../api/clock.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { loggedIn, MEMBER } from '../helpers/http.ts';
import { MEMBERS, playRoom } from '../helpers/auditRooms.ts';
import { startTestServer } from '../helpers/server.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'vetri-audit-cli-'));
const out = mkdtempSync(join(tmpdir(), 'vetri-audit-out-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' };

const script = async (name: string, args: string[] = []) => {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', join(root, 'scripts', name), ...args], {
      env,
      cwd: root,
    });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
};

const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const [K, A, M] = MEMBERS.map((m) => m.userId) as [string, string, string];
let events: RecordedEvent[] = [];
let receipt: Receipt;
let history = '';

beforeAll(async () => {
  const server = await startTestServer({ seed: true, dataDir, clock: createManualClock(T0) });
  try {
    ({ events } = await playRoom(server.deps, 'CLI001', { start: T0 + 3_600_000, bidders: [K, A, M, K, A] }));
    await server.deps.projections.waitFor(await server.deps.store.headPosition());
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    receipt = (await member.call<Receipt>('GET', '/api/rooms/CLI001/receipt')).body;
    const res = await fetch(`${server.url}${receipt.download_url}`, { headers: { cookie: member.cookie! } });
    history = await res.text();
  } finally {
    await server.stop();
  }
}, 60_000);
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

describe('npm run export, verify --file and replay', { timeout: 120_000 }, () => {
  it('exports a stream, a category and the whole log, each verifiable offline', async () => {
    const one = await script('export.ts', ['--out', join(out, 'room.ndjson'), '--stream', 'room-CLI001']);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain(`Exported ${events.length} event(s) from 1 stream(s)`);
    const check = await script('verify.ts', ['--file', join(out, 'room.ndjson')]);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain(
      `OK        room-CLI001: ${events.length} events, intact, last hash ${events.at(-1)!.metadata.hash}`,
    );

    expect((await script('export.ts', ['--out', join(out, 'users.ndjson'), '--category', 'user'])).code).toBe(0);
    const users = await script('verify.ts', ['--file', join(out, 'users.ndjson')]);
    expect(users.stdout).toMatch(/(\d+) stream\(s\) checked, \1 intact, 0 not\./);
    expect(users.stdout).not.toContain('room-');

    expect((await script('export.ts', ['--out', join(out, 'all.ndjson')])).code).toBe(0);
    const all = await script('verify.ts', ['--file', join(out, 'all.ndjson')]);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('OK        room-CLI001');
    expect(all.stdout).toMatch(/OK +league-/);
  });

  it('names an altered, a reordered and a removed last event in an exported file, and exits 1', async () => {
    const lines = readFileSync(join(out, 'room.ndjson'), 'utf8').trimEnd().split('\n');
    const altered = [...lines];
    altered[7] = altered[7]!.replace(/"userName":"[^"]+"/, '"userName":"Mallory"');
    writeFileSync(join(out, 'altered.ndjson'), altered.join('\n'));
    const a = await script('verify.ts', ['--file', join(out, 'altered.ndjson')]);
    expect(a.code).toBe(1);
    expect(a.stdout).toContain(`TAMPERED  room-CLI001: first bad event ${events[7]!.id} at revision 7 (line 8)`);

    const swapped = [...lines];
    [swapped[5], swapped[6]] = [swapped[6]!, swapped[5]!];
    writeFileSync(join(out, 'swapped.ndjson'), swapped.join('\n'));
    const s = await script('verify.ts', ['--file', join(out, 'swapped.ndjson')]);
    expect(s.code).toBe(1);
    expect(s.stdout).toContain(`first bad event ${events[6]!.id} at revision 6 (line 6)`);

    writeFileSync(join(out, 'cut.ndjson'), [...lines.slice(0, -2), lines.at(-1)].join('\n'));
    const c = await script('verify.ts', ['--file', join(out, 'cut.ndjson')]);
    expect(c.code).toBe(1);
    expect(c.stdout).toContain('the last 1 event(s) were removed');
  });

  it('replays a room from the store and from a file: the timeline, then the winner as the last deal', async () => {
    const live = await script('replay.ts', ['room-CLI001']);
    expect(live.code).toBe(0);
    const fromFile = await script('replay.ts', ['--file', join(out, 'room.ndjson')]);
    expect(fromFile.stdout).toBe(live.stdout);
    expect(live.stdout).toContain(`Replay of room-CLI001: ${events.length} event(s)`);
    expect(live.stdout).toMatch(/# +4 .*RoomStarted +by system\n +→ running · price ₹500\.00 · 1m 0s left/);
    expect(live.stdout).toMatch(/BidPlaced +by member aud-arun\n +→ running · price ₹520\.00 · leader Arun K/);
    expect(live.stdout).toContain('attempts Kavya R 2/5, Arun K 2/5, Meena S 1/5 · WINNER Arun K');
    expect(live.stdout).toContain('Winner: Arun K at ₹550.00; the last accepted deal was #5 by Arun K at ₹550.00.');
    expect(live.stdout).toContain(`Hash chain intact; last hash ${events.at(-1)!.metadata.hash}`);

    const several = await script('replay.ts', ['--file', join(out, 'all.ndjson')]);
    expect(several.code).toBe(2);
    expect(several.stdout).toMatch(/holds \d+ streams; name one/);
    const picked = await script('replay.ts', ['--file', join(out, 'all.ndjson'), 'room-CLI001']);
    expect(picked.stdout).toBe(live.stdout);
  });

  it('the receipt’s one-line command checks the downloaded history from the member’s own folder', async () => {
    writeFileSync(join(out, receipt.file_name), history);
    const args = receipt.verify_command.replace(/^npm /, '').split(' ');
    const ok = await run('npm', ['--prefix', root, ...args], { cwd: out, env });
    expect(ok.stdout).toContain(`HASH      room-CLI001 ends in ${receipt.final_hash}, the hash you expected.`);
    const wrong = await run('npm', ['--prefix', root, ...args.slice(0, -1), '0'.repeat(64)], { cwd: out, env }).catch(
      (e: { code: number; stdout: string }) => e,
    );
    expect((wrong as { code: number }).code).toBe(1);
    expect((wrong as { stdout: string }).stdout).toContain('NOT the hash you expected');
  });

  it('says how to use each script', async () => {
    expect((await script('export.ts')).stdout).toContain('npm run export -- --out log.ndjson');
    expect((await script('replay.ts')).stdout).toContain('npm run replay -- room-ABC123');
    const v = await script('verify.ts', ['--file', join(out, 'nope.ndjson')]);
    expect(v.code).toBe(2);
    expect(v.stdout).toContain('No such file');
  });
});
