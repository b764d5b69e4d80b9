import type { RecordedEvent } from '../../engine/eventStore.ts';

/**
 * The events this process appended last, in log order, as they were appended: a live
 * subscription takes them from here (and a read of one event just appended, by its stream and
 * revision) instead of reading back and parsing rows it has just written. The window only ever holds one unbroken run of positions: a commit that does not
 * follow on (another process wrote in between) starts it afresh, and a subscriber whose next
 * position is not in it reads the log as before.
 */
export const createRecentEvents = (capacity = 4096) => {
  let window: RecordedEvent[] = [];
  /** The window's events by stream and revision. */
  const byRevision = new Map<string, RecordedEvent>();
  const keyOf = (stream: string, revision: number) => `${revision}@${stream}`;
  return {
    /** Adds a commit's events (in position order). */
    add(events: readonly RecordedEvent[]): void {
      const first = events[0];
      if (!first) return;
      const last = window[window.length - 1];
      if (!last || last.position + 1 !== first.position) {
        window = [];
        byRevision.clear();
      }
      window.push(...events);
      for (const e of events) byRevision.set(keyOf(e.streamName, e.revision), e);
      if (window.length > capacity) {
        const cut = window.length - capacity / 2;
        for (const e of window.slice(0, cut)) byRevision.delete(keyOf(e.streamName, e.revision));
        window = window.slice(cut);
      }
    },
    /** The position of the window's last event (this process's last commit), or null when it is empty. */
    last(): number | null {
      return window[window.length - 1]?.position ?? null;
    },
    /** Up to `limit` events right after `position`, or null when the window does not hold the next one. */
    after(position: number, limit: number): RecordedEvent[] | null {
      const first = window[0];
      if (!first) return null;
      const start = position + 1 - first.position;
      if (start < 0 || start >= window.length) return null;
      return window.slice(start, start + limit);
    },
    /**
     * The event at `revision` of `stream`, if the window holds it: a read of one event this process
     * has just appended (a deal's signed ack reads its event back) needs no query and no JSON parse.
     */
    at(stream: string, revision: number): RecordedEvent | undefined {
      return byRevision.get(keyOf(stream, revision));
    },
  };
};
