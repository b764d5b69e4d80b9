import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../api/contract/audit.ts';
import { readExportLines, verifyAgainstReceipt } from '../../api/audit/verifyReceipt.ts';
import { createManualClock } from '../../api/clock.ts';
import { createLogger } from '../../api/logger.ts';
import { AUDITOR_LOGIN, loggedIn, MEMBER } from '../helpers/http.ts';
import type { VerifyView } from '../../api/contract/audit.ts';
import { MEMBERS, playRoom } from '../helpers/auditRooms.ts';
import { rewriteStream } from '../helpers/rewriteStore.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const [K, A, M] = MEMBERS.map((m) => m.userId) as [string, string, string];
const ENV = { LOG_HEAD_INTERVAL_MS: '0' };

/** Issue 15: a receipt proves every event of the deal in a signed head, and holds against a rewrite. */
describe('a fairness receipt against the signed log', () => {
  let dir: string;
  let dataDir: string;
  let server: TestServer;
  let receipt: Receipt;
  const lines: string[] = [];
  const historyOf = async (s: TestServer) => {
    const member = await loggedIn(s, MEMBER.email, MEMBER.password);
    const res = await fetch(`${s.url}/api/rooms/SIG001/history.ndjson`, { headers: { cookie: member.cookie! } });
    const path = join(dir, `history-${Math.random().toString(36).slice(2)}.ndjson`);
    writeFileSync(path, await res.text());
    return path;
  };
  const cli = (args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent' },
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetri-receipt-'));
    dataDir = join(dir, 'data');
    server = await startTestServer({ seed: true, dataDir, env: ENV, clock: createManualClock(T0) });
    await playRoom(server.deps, 'SIG001', { start: T0 + 3_600_000, bidders: [K, A, M, K, A] });
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    receipt = (await member.call<Receipt>('GET', '/api/rooms/SIG001/receipt')).body;
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('proves every event of the deal in a head signed after it ended, offline and through the CLI', async () => {
    const room = (await server.deps.store.readAll()).filter((e) => e.streamName === 'room-SIG001');
    const ended = room.findIndex((e) => e.type === 'RoomEnded');
    expect(receipt.log.events.map((e) => e.id)).toEqual(room.slice(0, ended + 1).map((e) => e.id));
    expect(receipt.log.tree_size).toBeGreaterThan(receipt.log.events.at(-1)!.leaf_index);
    expect(receipt.log.verifier_key).toBe(server.deps.transparency.key.verifierKey);

    const history = await historyOf(server);
    expect(verifyAgainstReceipt(readExportLines(history), receipt, receipt.log.verifier_key)).toEqual({
      ok: true,
      treeSize: receipt.log.tree_size,
      proved: receipt.events,
      problems: [],
    });
    const receiptFile = join(dir, receipt.receipt_file_name);
    writeFileSync(receiptFile, JSON.stringify(receipt));
    const ok = await cli(['--file', history, '--receipt', receiptFile, '--key', receipt.log.verifier_key]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(
      `SIGNED    all ${receipt.events} events of room-SIG001 are in the log's signed head of ${receipt.log.tree_size} events`,
    );
    expect(receipt.signed_verify_command).toBe(
      `npm run verify -- --file room-SIG001.ndjson --receipt room-SIG001.receipt.json --key ${receipt.log.verifier_key}`,
    );
  });

  it('names the first changed event when the operator rewrote the room with fresh hashes and rebuilt', async () => {
    // A new winner: the last deal is given to someone else, every hash chained again.
    const lastBid = receipt.log.events.filter((_, i) => i > 0).at(-2)!;
    await server.stop();
    rewriteStream(join(dataDir, 'events.db'), 'room-SIG001', ({ type, data, revision }) => {
      if (type === 'BidPlaced' && revision === lastBid.revision) return { ...data, userId: M, userName: 'Meena S' };
      if (type === 'RoomEnded') return { ...data, winner: { userId: M, userName: 'Meena S' } };
      return data;
    });
    rmSync(server.deps.config.readModelPath, { force: true });
    server = await startTestServer({
      seed: true,
      dataDir,
      env: ENV,
      clock: createManualClock(T0 + 7_200_000),
      log: createLogger('error', (line) => lines.push(line)),
    });

    // The rewritten history's own chain is intact, but it is not what the log signed.
    const history = await historyOf(server);
    const verdict = verifyAgainstReceipt(readExportLines(history), receipt, receipt.log.verifier_key);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems[0]).toBe(
      `event ${lastBid.id} at revision ${lastBid.revision} differs from the event the signed log holds at that place (changed or renamed)`,
    );
    const receiptFile = join(dir, receipt.receipt_file_name);
    const cut = await cli(['--file', history, '--receipt', receiptFile, '--key', receipt.log.verifier_key]);
    expect(cut.code).toBe(1);
    expect(cut.stdout).toContain(`NOT SIGNED event ${lastBid.id} at revision ${lastBid.revision} differs`);

    // The member's receipt, the auditor's check and the CLI on the live store agree: not what was signed.
    const again = await loggedIn(server, MEMBER.email, MEMBER.password);
    const rewritten = (await again.call<Receipt>('GET', '/api/rooms/SIG001/receipt')).body;
    expect(rewritten.chain_intact).toBe(false);
    const auditor = await loggedIn(server, AUDITOR_LOGIN.email, AUDITOR_LOGIN.password);
    const check = (await auditor.call<VerifyView>('GET', '/api/admin/streams/room-SIG001/verify')).body;
    expect(check.ok).toBe(false);
    // The leaves kept beside the signed heads name the first rewritten event exactly, even after the rebuild.
    expect(check.signed_log.log_intact).toBe(false);
    expect(check.bad_event).toMatchObject({ id: lastBid.id, revision: lastBid.revision });
    expect(check.message).toMatch(
      /is not the event the log signed at its place .*changed, moved or renamed after it was signed/,
    );
    const live = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', 'room-SIG001'], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(live.code).toBe(1);
    // ...names the first event not as signed (the rewritten deal), and the room's rules name the
    // first step the forger left inconsistent.
    expect(live.stdout).toMatch(
      /^FORKED {4}event \d+ of the log is not the one signed there at .*after it was signed/m,
    );
    expect(live.stdout).toContain(`the first event there is ${lastBid.id}, room-SIG001 revision ${lastBid.revision}`);
    expect(live.stdout).toMatch(
      /^TAMPERED {2}room-SIG001: first bad event \S+ at revision \d+: breaks the room’s rules: RoomEnded outcomes is/m,
    );

    // The server itself refuses to sign the changed log over the heads it signed before.
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    await member.call('GET', '/api/me/wallet');
    const before = server.deps.transparency.heads.latest()!;
    await server.deps.store.append('test-after', [
      {
        id: crypto.randomUUID(),
        type: 'Noted',
        data: {},
        metadata: { at: new Date(T0).toISOString(), actor: 'system', correlationId: 'x', causationId: null, schema: 1 },
      },
    ]);
    await server.deps.projections.waitFor(await server.deps.store.headPosition());
    expect(server.deps.transparency.heads.publish()!.size).toBe(before.size);
    expect(server.deps.transparency.heads.forked()).toMatch(/does not extend the head of \d+ events signed before/);
    expect(
      lines.some((l) => {
        const line = JSON.parse(l) as { level: string; msg: string };
        return line.level === 'error' && line.msg.startsWith('transparency log:');
      }),
    ).toBe(true);
  });
});
