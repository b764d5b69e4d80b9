import { Hono } from 'hono';
import { z } from 'zod';
import { toBase64 } from '../../engine/checkpoint.ts';
import { positionOfEvent } from '../../projections/eventIndex.ts';
import { leafHashAt, leafIndexOf, treeConsistency, treeInclusion, treeSize } from '../../projections/merkle.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { projectedNow } from '../projected.ts';
import { describe, pathParams, queryParams } from '../http/openapi.ts';
import type { Heads, SignedHead } from './heads.ts';
import type { LogKey } from './logKey.ts';

const size = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const headJson = (h: SignedHead) => ({
  origin: h.origin,
  tree_size: h.size,
  root_hash: toBase64(h.root),
  time: h.time,
  checkpoint: h.checkpoint,
});

/**
 * The transparency log, public: the verifier key, the latest and any past signed tree head, an
 * inclusion proof for any event and a consistency proof between any two tree sizes (RFC 9162).
 * Hashes are base64, as in the checkpoints.
 */
export const logRoutes = (
  deps: Pick<Deps, 'store' | 'readDb' | 'projections' | 'config'>,
  heads: Heads,
  key: LogKey,
) => {
  /**
   * Proofs come from this process's read models: what the log holds now is waited for, briefly (the
   * tree may be ahead of the event index, brought up to a deal for its signed ack).
   */
  const ready = async (wanted: number) => {
    await projectedNow(deps).catch(() => {});
    if (treeSize(deps.readDb) < wanted)
      throw new ApiError(404, 'TREE_SIZE_UNKNOWN', `The log has no tree of ${wanted} events here yet.`);
  };
  return new Hono()
    .get('/key', describe({ summary: 'The log’s Ed25519 verifier key', tags: ['log'] }), (c) =>
      c.json({ name: key.name, verifier_key: key.verifierKey, public_key: toBase64(key.publicKey) }),
    )
    .get('/head', describe({ summary: 'The latest signed tree head (C2SP checkpoint)', tags: ['log'] }), (c) => {
      c.header('Cache-Control', 'no-store');
      const head = heads.latest() ?? heads.publish();
      if (!head) throw new ApiError(503, 'NO_HEAD', 'The log has not signed a tree head yet.');
      return c.json(headJson(head));
    })
    .get(
      '/heads/:size',
      describe({ summary: 'A past signed tree head, by tree size', tags: ['log'] }),
      pathParams(z.object({ size })),
      (c) => {
        const head = heads.at(c.req.valid('param').size);
        if (!head) throw new ApiError(404, 'HEAD_NOT_FOUND', 'No head was signed at that tree size.');
        return c.json(headJson(head));
      },
    )
    .get(
      '/proof/inclusion',
      describe({ summary: 'Inclusion proof of one event (by id or log position) in a tree size', tags: ['log'] }),
      queryParams(
        z.object({ id: z.string().max(100).optional(), position: size.optional(), tree_size: size.optional() }),
      ),
      async (c) => {
        const q = c.req.valid('query');
        const treeAt = q.tree_size ?? heads.latest()?.size ?? treeSize(deps.readDb);
        await ready(treeAt);
        const position = q.id !== undefined ? positionOfEvent(deps.readDb, q.id) : q.position;
        const index = position === undefined ? null : leafIndexOf(deps.readDb, position);
        if (index === null) throw new ApiError(404, 'EVENT_NOT_FOUND', 'No such event in the log.');
        if (index >= treeAt)
          throw new ApiError(404, 'EVENT_NOT_IN_TREE', `That event came after the tree of ${treeAt} events.`);
        return c.json({
          leaf_index: index,
          tree_size: treeAt,
          leaf_hash: toBase64(leafHashAt(deps.readDb, index)),
          audit_path: treeInclusion(deps.readDb, index, treeAt).map(toBase64),
        });
      },
    )
    .get(
      '/proof/consistency',
      describe({ summary: 'Consistency proof between two tree sizes', tags: ['log'] }),
      queryParams(z.object({ from: size, to: size })),
      async (c) => {
        const { from, to } = c.req.valid('query');
        if (from > to) throw new ApiError(400, 'BAD_RANGE', 'The first tree size must not be larger than the second.');
        await ready(to);
        return c.json({ from, to, proof: treeConsistency(deps.readDb, from, to).map(toBase64) });
      },
    );
};
