import { ackBody } from '../../engine/ack.ts';
import type { SignedAck } from '../../engine/ack.ts';
import { toBase64 } from '../../engine/checkpoint.ts';
import { leafHashOf, leafIndexOf, merkleProjector, treeAt } from '../../projections/merkle.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';

/**
 * The leaf index the log's tree gives the event at `position`. The tree takes events in log order,
 * one leaf each, so an event waiting for the next projected batch lands at the tree's size plus the
 * events waiting before it; otherwise the tree is brought up to it at once and asked.
 */
const leafIndexFor = async (
  deps: Pick<Deps, 'store' | 'readDb' | 'projections' | 'config'>,
  position: number,
): Promise<number | null> => {
  // A store that does not tell this process of its commits (EventStoreDB) has its deals sent to
  // their rooms after their projected batch: that batch is brought forward, so a deal still leaves
  // for its room before its bidder's ack.
  // Likewise a deal that its room's broadcaster could not send at its commit (the first of a room
  // this process sees): its batch is brought forward for that broadcast, which the ack follows.
  if (!deps.store.onCommitted || deps.projections.awaited(position))
    await deps.projections.waitFor(position, deps.config.PROJECTION_WAIT_MS);
  // The tree as written and where it stands, read together: its batches are written on another
  // thread, so one may be committed before the runner hears of it.
  const tree = treeAt(deps.readDb);
  if (position <= tree.at) return leafIndexOf(deps.readDb, position);
  const waiting = deps.projections.heldBefore(merkleProjector.name, position, tree.at);
  if (waiting !== null) return tree.size + waiting;
  await deps.projections.waitFor(position, deps.config.PROJECTION_WAIT_MS, merkleProjector.name);
  return leafIndexOf(deps.readDb, position);
};

/**
 * Signs the acknowledgement of the event at `revision` of `stream` at its place in the log's tree
 * (its leaf index). The leaf hash is computed from the stored event.
 */
export const signedAck = async (
  deps: Pick<Deps, 'store' | 'readDb' | 'projections' | 'config' | 'transparency'>,
  stream: string,
  revision: number,
): Promise<SignedAck> => {
  const [event] = await deps.store.readStream(stream, { from: revision, limit: 1 });
  if (!event || event.revision !== revision) throw new Error(`no event at ${stream}@${revision}`);
  const index = await leafIndexFor(deps, event.position);
  if (index === null) throw new ApiError(503, 'LOG_NOT_READY', 'The signed log is catching up. Try again shortly.');
  const { key } = deps.transparency;
  const fields = {
    origin: key.name,
    stream,
    revision,
    id: event.id,
    leaf_index: index,
    leaf_hash: toBase64(leafHashOf(event)),
    // The event's own time: an ack signed again (a deal re-sent) is the same bytes and the same signature.
    time: Date.parse(event.metadata.at),
  };
  return { v: 1, ...fields, signature: toBase64(key.sign(new TextEncoder().encode(ackBody(fields)))) };
};
