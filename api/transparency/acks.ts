import { ackBody } from '../../engine/ack.ts';
import type { SignedAck } from '../../engine/ack.ts';
import { toBase64 } from '../../engine/checkpoint.ts';
import { leafHash } from '../../engine/merkle.ts';
import { leafBytes, leafIndexOf, merkleProjector, sha256 } from '../../projections/merkle.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Signs the acknowledgement of the event at `revision` of `stream`, once the log's tree holds it
 * (its leaf index is the place the tree gives it); the tree is brought up to it at once. The leaf hash is computed from the stored event.
 */
export const signedAck = async (
  deps: Pick<Deps, 'store' | 'readDb' | 'projections' | 'config' | 'transparency'>,
  stream: string,
  revision: number,
): Promise<SignedAck> => {
  const [event] = await deps.store.readStream(stream, { from: revision, limit: 1 });
  if (!event || event.revision !== revision) throw new Error(`no event at ${stream}@${revision}`);
  // Only the tree: the other read models may take the deal a few milliseconds later.
  await deps.projections.waitFor(event.position, deps.config.PROJECTION_WAIT_MS, merkleProjector.name);
  const index = leafIndexOf(deps.readDb, event.position);
  if (index === null) throw new ApiError(503, 'LOG_NOT_READY', 'The signed log is catching up. Try again shortly.');
  const { key } = deps.transparency;
  const fields = {
    origin: key.name,
    stream,
    revision,
    id: event.id,
    leaf_index: index,
    leaf_hash: toBase64(leafHash(sha256, leafBytes(event))),
    // The event's own time: an ack signed again (a deal re-sent) is the same bytes and the same signature.
    time: Date.parse(event.metadata.at),
  };
  return { v: 1, ...fields, signature: toBase64(key.sign(new TextEncoder().encode(ackBody(fields)))) };
};
