import { Hono } from 'hono';
import { z } from 'zod';
import type { RoomEvent, RoomState } from '../../engine/room.ts';
import { ROOM_CODE_PATTERN, roomDecider, roomStream } from '../../engine/room.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import type { AuthEnv } from '../auth/session.ts';
import { requireUser } from '../auth/session.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe, pathParams } from '../http/openapi.ts';
import { verifyChain } from '../store/hashChain.ts';
import { checkStreamInSignedLog } from '../transparency/streamProof.ts';
import { checkRoomRules } from '../../engine/roomAudit.ts';
import { exportNdjson, ndjsonBody } from './ndjson.ts';
import { toBase64 } from '../../engine/checkpoint.ts';
import { leafHashAt, leafIndexOf, treeInclusion, treeSize } from '../../projections/merkle.ts';
import { Receipt } from '../contract/audit.ts';
import { asDomainEvent } from '../../engine/eventStore.ts';

const CodeParam = z.object({
  code: z
    .string()
    .max(12)
    .transform((s) => s.trim().toUpperCase()),
});

const NOT_READY = 'The fairness receipt is ready once the deal has ended.';

/** The room's stream up to and including the event that ended the deal (purchase details after it stay private). */
const roomRecord = async (deps: Pick<Deps, 'store'>, code: string) => {
  if (!ROOM_CODE_PATTERN.test(code)) throw new ApiError(404, 'ROOM_NOT_FOUND', 'Room not found');
  const events = await deps.store.readStream(roomStream(code));
  if (events.length === 0) throw new ApiError(404, 'ROOM_NOT_FOUND', 'Room not found');
  const end = events.findIndex((e) => e.type === 'RoomEnded' || e.type === 'RoomCancelled');
  if (end === -1) throw new ApiError(409, 'RECEIPT_NOT_READY', NOT_READY);
  return { events: events.slice(0, end + 1), end: events[end]! };
};

/**
 * Proves each event of the deal in a signed head of the whole log: the latest head, or a new one
 * signed now when the latest was signed before the deal ended.
 */
const proveInLog = async (
  deps: Pick<Deps, 'readDb' | 'projections' | 'config' | 'transparency'>,
  events: RecordedEvent[],
): Promise<Receipt['log']> => {
  const { heads, key } = deps.transparency;
  const end = events.at(-1)!;
  await deps.projections.waitFor(end.position, deps.config.PROJECTION_WAIT_MS);
  const endLeaf = leafIndexOf(deps.readDb, end.position);
  if (endLeaf === null) throw new ApiError(503, 'LOG_NOT_READY', 'The signed log is catching up. Try again shortly.');
  let head = heads.latest();
  if (!head || head.size <= endLeaf) head = heads.publish();
  if (!head || head.size <= endLeaf || head.size > treeSize(deps.readDb))
    throw new ApiError(503, 'LOG_NOT_READY', 'The signed log is catching up. Try again shortly.');
  const size = head.size;
  return {
    verifier_key: key.verifierKey,
    tree_size: size,
    root_hash: toBase64(head.root),
    checkpoint: head.checkpoint,
    events: events.map((e) => {
      const index = leafIndexOf(deps.readDb, e.position)!;
      return {
        revision: e.revision,
        id: e.id,
        leaf_index: index,
        leaf_hash: toBase64(leafHashAt(deps.readDb, index)),
        audit_path: treeInclusion(deps.readDb, index, size).map(toBase64),
      };
    }),
  };
};

const toReceipt = (
  code: string,
  events: RecordedEvent[],
  end: RecordedEvent,
  log: Receipt['log'],
  signedOk: boolean,
): Receipt => {
  const state = events.reduce<RoomState>(
    (s, e) => roomDecider.evolve(s, asDomainEvent<RoomEvent>(e)),
    roomDecider.initialState,
  );
  const chain = verifyChain(events);
  const rules = checkRoomRules(events);
  const ended = state.status === 'ended' ? state : null;
  const lastBid = ended?.bids.at(-1) ?? null;
  const winner = ended?.ended.winner ?? null;
  const stream = roomStream(code);
  const file = `${stream}.ndjson`;
  return {
    room_code: code,
    stream,
    status: ended ? 'completed' : 'cancelled',
    events: events.length,
    final_hash: end.metadata.hash,
    final_event: { type: end.type, revision: end.revision, at: end.metadata.at },
    // The chain and the signed log: a history rewritten with fresh hashes keeps its chain but not its leaves.
    chain_intact: chain.ok && chain.lastHash === end.metadata.hash && signedOk,
    rules_followed: rules.ok,
    rules_problem: rules.ok ? null : `${rules.type} at revision ${rules.revision} (event ${rules.id}) ${rules.reason}`,
    bids: ended?.bids.length ?? 0,
    last_bid: lastBid
      ? {
          seq: lastBid.seq,
          user_name: lastBid.userName,
          amount: lastBid.amount,
          at: new Date(lastBid.at).toISOString(),
        }
      : null,
    winner: winner ? { name: winner.userName } : null,
    final_bid: ended && winner ? ended.ended.finalPrice : null,
    winner_is_last_bid:
      !!winner && !!lastBid && lastBid.userId === winner.userId && lastBid.amount === ended!.ended.finalPrice,
    file_name: file,
    download_url: `/api/rooms/${code}/history.ndjson`,
    verify_command: `npm run verify -- --file ${file} --hash ${end.metadata.hash}`,
    signed_verify_command: `npm run verify -- --file ${file} --receipt ${stream}.receipt.json --key ${log.verifier_key}`,
    receipt_file_name: `${stream}.receipt.json`,
    replay_command: `npm run replay -- --file ${file}`,
    log,
  };
};

/**
 * A member's fairness receipt for a finished room, and the room's history to check it with: every
 * event from creation to the end of the deal, hash chain included, verifiable offline.
 */
export const receiptRoutes = (
  deps: Pick<Deps, 'clock' | 'store' | 'readDb' | 'projections' | 'config' | 'transparency'>,
) =>
  new Hono<AuthEnv>()
    .get(
      '/:code/receipt',
      describe({
        summary: 'Fairness receipt of a finished room: final hash, number of events, download and check command',
        tags: ['rooms', 'audit'],
        access: 'member',
        response: Receipt,
      }),
      requireUser,
      pathParams(CodeParam),
      async (c) => {
        const { code } = c.req.valid('param');
        const { events, end } = await roomRecord(deps, code);
        const log = await proveInLog(deps, events);
        const signed = checkStreamInSignedLog(
          deps.readDb,
          deps.transparency.heads.at(log.tree_size),
          deps.transparency.heads.keptLeaf,
          events,
        );
        return c.json(toReceipt(code, events, end, log, signed.ok));
      },
    )
    .get(
      '/:code/history.ndjson',
      describe({
        summary: 'The room’s events from creation to the end of the deal as NDJSON with a manifest line',
        tags: ['rooms', 'audit'],
        access: 'member',
      }),
      requireUser,
      pathParams(CodeParam),
      async (c) => {
        const { code } = c.req.valid('param');
        const { end } = await roomRecord(deps, code);
        const scope = { kind: 'stream' as const, stream: roomStream(code), through: end.revision };
        return new Response(ndjsonBody(exportNdjson(deps.store, scope, deps.clock.now(), deps.transparency.key)), {
          headers: {
            'Content-Type': 'application/x-ndjson; charset=utf-8',
            'Content-Disposition': `attachment; filename="${roomStream(code)}.ndjson"`,
            'Cache-Control': 'no-store',
            'X-Content-Type-Options': 'nosniff',
          },
        });
      },
    );
