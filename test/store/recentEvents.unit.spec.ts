import { describe, expect, it } from 'vitest';
import { createRecentEvents } from '../../api/store/recentEvents.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { testMetadata } from '../helpers/events.ts';

const at = (...positions: number[]): RecordedEvent[] =>
  positions.map((position) => ({
    id: `e${position}`,
    streamName: 'room-ABC123',
    revision: position,
    position,
    type: 'BidPlaced',
    data: {},
    metadata: { ...testMetadata(), prevHash: '', hash: '' },
  }));
const positions = (events: RecordedEvent[] | null) => events?.map((e) => e.position) ?? null;

describe("the store's window of its own recent appends", () => {
  it('gives the events right after a position, up to a limit', () => {
    const recent = createRecentEvents();
    recent.add(at(5, 6));
    recent.add(at(7, 8, 9));
    expect(positions(recent.after(4, 100))).toEqual([5, 6, 7, 8, 9]);
    expect(positions(recent.after(6, 2))).toEqual([7, 8]);
    expect(positions(recent.after(9, 100))).toBeNull();
  });

  it('gives nothing for a position whose next event it never held, so the subscriber reads the log', () => {
    const recent = createRecentEvents();
    recent.add(at(5, 6));
    expect(positions(recent.after(3, 100))).toBeNull();
  });

  it('starts afresh when a commit does not follow on (another process wrote in between)', () => {
    const recent = createRecentEvents();
    recent.add(at(5, 6));
    recent.add(at(9));
    expect(positions(recent.after(4, 100))).toBeNull();
    expect(positions(recent.after(8, 100))).toEqual([9]);
  });

  it('keeps the newest half when it grows past its capacity', () => {
    const recent = createRecentEvents(4);
    recent.add(at(1, 2, 3));
    recent.add(at(4, 5));
    expect(positions(recent.after(0, 100))).toBeNull();
    expect(positions(recent.after(3, 100))).toEqual([4, 5]);
  });

  it('finds one event it holds by stream and revision, and none it has dropped or never held', () => {
    const recent = createRecentEvents(4);
    recent.add(at(1, 2, 3));
    expect(recent.at('room-ABC123', 2)?.id).toBe('e2');
    expect(recent.at('room-OTHER', 2)).toBeUndefined();
    recent.add(at(4, 5));
    expect(recent.at('room-ABC123', 2)).toBeUndefined();
    expect(recent.at('room-ABC123', 5)?.id).toBe('e5');
    recent.add(at(9));
    expect(recent.at('room-ABC123', 5)).toBeUndefined();
    expect(recent.at('room-ABC123', 9)?.id).toBe('e9');
  });
});
