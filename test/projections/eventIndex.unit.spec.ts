import { describe, it } from 'vitest';
import { eventRefById, eventsCausedBy, eventsCorrelated, positionOfEvent } from '../../projections/eventIndex.ts';
import { testMetadata } from '../helpers/events.ts';
import type { GivenEvent } from '../helpers/readModel.ts';
import { given, on } from '../helpers/readModel.ts';

const withIds = (e: GivenEvent, correlationId: string, causationId: string | null): GivenEvent => ({
  ...e,
  metadata: testMetadata({ correlationId, causationId }),
});
const deposit = on('wallet-u1', { type: 'DepositOrderCreated', data: { orderId: 'd1', amount: 100, at: 0 } });

describe('event index read model', () => {
  it('finds an event by id, with its stream, revision and position', () => {
    const g = given(deposit, deposit);
    const second = g.log[1]!;
    g.thenRows((db) => eventRefById(db, second.id), {
      id: second.id,
      stream: 'wallet-u1',
      revision: 1,
      type: 'DepositOrderCreated',
      at: '2026-11-22T10:00:00.000Z',
    }).thenRows((db) => positionOfEvent(db, second.id), 2);
  });

  it('follows correlation and causation links across streams', () => {
    const g = given(
      withIds(deposit, 'req-1', null),
      withIds(on('room-ABC123', { type: 'PurchaseWindowExpired', data: { at: 0 } }), 'req-1', 'cause-1'),
      withIds(deposit, 'req-2', 'cause-1'),
    );
    g.thenRows((db) => eventsCorrelated(db, 'req-1').events.map((e) => e.stream), ['wallet-u1', 'room-ABC123'])
      .thenRows((db) => eventsCorrelated(db, 'req-1').total, 2)
      .thenRows((db) => eventsCausedBy(db, 'cause-1').map((e) => e.id), [g.log[1]!.id, g.log[2]!.id]);
  });
});
