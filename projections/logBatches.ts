import type { EventStore, RecordedEvent } from '../engine/eventStore.ts';

/**
 * The log after `after` in batches of `batchSize`, up to `head` (appends may come while the reader
 * runs): what a rebuild's threads read, and what a start reads for read models far behind the log.
 */
export async function* batchesUpTo(
  store: EventStore,
  head: number,
  batchSize: number,
  after = 0,
): AsyncGenerator<RecordedEvent[]> {
  while (after < head) {
    const read = await store.readAll({ after, limit: batchSize });
    const batch = read.length && read[read.length - 1]!.position > head ? read.filter((e) => e.position <= head) : read;
    if (batch.length === 0) return;
    yield batch;
    after = batch[batch.length - 1]!.position;
  }
}
