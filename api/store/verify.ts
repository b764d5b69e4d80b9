import type { EventStore, RecordedEvent } from '../../engine/eventStore.ts';
import { streamCategory } from '../../engine/eventStore.ts';
import { checkRoomRules } from '../../engine/roomAudit.ts';
import type { ChainVerdict } from './hashChain.ts';
import { verifyChain } from './hashChain.ts';

export type StreamVerdict = ChainVerdict & { stream: string };

/** The chain, then (for a room) the room's rules: the first event that breaks either is named. */
export const checkStream = (stream: string, events: RecordedEvent[]): ChainVerdict => {
  const chain = verifyChain(events);
  if (!chain.ok || streamCategory(stream) !== 'room') return chain;
  const rules = checkRoomRules(events);
  if (rules.ok) return chain;
  return {
    ok: false,
    events: events.length,
    badRevision: rules.revision,
    badEventId: rules.id,
    reason: `breaks the room’s rules: ${rules.type} ${rules.reason}`,
  };
};

const PAGE = 1000;

/** Reads a stream page by page and checks its hash chain (and a room's rules). */
export const verifyStream = async (store: EventStore, stream: string): Promise<StreamVerdict> => {
  const events = await readWholeStream(store, stream);
  return { stream, ...checkStream(stream, events) };
};

export const readWholeStream = async (store: EventStore, stream: string): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for (let from = 0; ;) {
    const page = await store.readStream(stream, { from, limit: PAGE });
    events.push(...page);
    if (page.length < PAGE) break;
    from = page[page.length - 1]!.revision + 1;
  }
  return events;
};

/** Names of every stream in the log, in order of first appearance. */
export const listStreams = async (store: EventStore): Promise<string[]> => {
  const seen = new Set<string>();
  for (let after = 0; ;) {
    const page = await store.readAll({ after, limit: 5000 });
    for (const event of page) seen.add(event.streamName);
    if (page.length === 0) break;
    after = page[page.length - 1]!.position;
  }
  return [...seen];
};

/** Verifies every stream in the log. */
export const verifyAll = async (store: EventStore): Promise<StreamVerdict[]> => {
  const verdicts: StreamVerdict[] = [];
  for (const stream of await listStreams(store)) verdicts.push(await verifyStream(store, stream));
  return verdicts;
};
