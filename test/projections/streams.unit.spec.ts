import { describe, it } from 'vitest';
import { queryStreams, streamCategories } from '../../projections/streams.ts';
import { given, on } from '../helpers/readModel.ts';

const deposited = (amount: number) => ({
  type: 'Deposited',
  data: { orderId: 'd', paymentId: 'p', amount, at: 0 },
});

describe('streams read model', () => {
  it('lists every stream with its event count, last event and last hash', () => {
    const g = given(
      on('wallet-u1', deposited(100)),
      on('room-ABC123', { type: 'PurchaseWindowExpired', data: { at: 0 } }),
      on('wallet-u1', deposited(200)),
    );
    const last = g.log[2]!;
    g.thenRows(
      (db) => queryStreams(db, { category: 'wallet' }).rows,
      [
        {
          stream: 'wallet-u1',
          category: 'wallet',
          eventCount: 2,
          lastRevision: 1,
          lastPosition: 3,
          lastHash: last.metadata.hash,
          lastType: 'Deposited',
          updatedAt: '2026-11-22T10:00:00.000Z',
        },
      ],
    ).thenRows((db) => queryStreams(db, { search: 'ABC' }).rows.map((r) => r.stream), ['room-ABC123']);
  });

  it('sums streams and events per category', () => {
    given(on('wallet-u1', deposited(1)), on('wallet-u2', deposited(2)), on('wallet-u2', deposited(3))).thenRows(
      (db) => streamCategories(db).map((c) => [c.category, c.streams, c.events]),
      [['wallet', 2, 3]],
    );
  });
});
