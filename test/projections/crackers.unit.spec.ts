import { describe, it } from 'vitest';
import type { Cracker, CrackersCatalogueEvent } from '../../engine/crackersCatalogue.ts';
import type { CrackersOrderEvent } from '../../engine/crackersOrder.ts';
import {
  crackersByIds as crackerRowsByIds,
  crackersOrdersByReferral as crackersOrderRowsByReferral,
  crackersOrdersOfUser as crackersOrderRowsOfUser,
  searchCrackers as crackerRows,
} from '../../projections/crackers.ts';
import { given, on } from '../helpers/readModel.ts';
import { toCracker, toReferralOrder, toReservedOrder } from '../../api/shop/views.ts';

/** The read model's rows as the api maps them for members (api/shop/views.ts): what a screen shows. */
const crackersByIds = (...a: Parameters<typeof crackerRowsByIds>) => crackerRowsByIds(...a).map(toCracker);
const crackersOrdersByReferral = (...a: Parameters<typeof crackersOrderRowsByReferral>) =>
  crackersOrderRowsByReferral(...a).map(toReferralOrder);
const crackersOrdersOfUser = (...a: Parameters<typeof crackersOrderRowsOfUser>) =>
  crackersOrderRowsOfUser(...a).map(toReservedOrder);
const searchCrackers = (...a: Parameters<typeof crackerRows>) => crackerRows(...a).map(toCracker);

const catalogue = (e: CrackersCatalogueEvent) => on('crackers-catalogue', e);
const sparkler: Cracker = {
  id: 'c1',
  name: 'Electric Sparkler',
  category: 'Sparklers',
  price: 120_00,
  strikeOff: 240_00,
  per: 'box',
  image_path: '/img/sparkler.jpg',
  particulars: '10 pcs',
};
const flowerPot: Cracker = { ...sparkler, id: 'c2', name: 'Flower Pot', category: 'Pots', price: 90_00 };

describe('crackers read model', () => {
  it('lists crackers in listing order, keeps an edit in its place, and drops a delisted one', () => {
    given(
      catalogue({ type: 'CrackerListed', data: { ...sparkler, at: 0 } }),
      catalogue({ type: 'CrackerListed', data: { ...flowerPot, at: 1 } }),
      catalogue({ type: 'CrackerUpdated', data: { ...sparkler, price: 100_00, at: 2 } }),
    )
      .thenRows(
        (db) => searchCrackers(db).map((c) => [c.id, c.price]),
        [
          ['c1', 100_00],
          ['c2', 90_00],
        ],
      )
      .thenRows((db) => searchCrackers(db, 'pot').map((c) => c.id), ['c2'])
      .thenRows((db) => crackersByIds(db, ['c2']), [{ ...flowerPot }]);
    given(
      catalogue({ type: 'CrackerListed', data: { ...sparkler, at: 0 } }),
      catalogue({ type: 'CrackerDelisted', data: { id: 'c1', at: 1 } }),
    ).thenRows((db) => searchCrackers(db), []);
  });

  it('shows an order to its member, and by referral code with the phone masked', () => {
    const placed: CrackersOrderEvent = {
      type: 'CrackersOrderPlaced',
      data: {
        orderId: 'co1',
        userId: 'u1',
        name: 'Asha',
        phone: '9876543210',
        address1: '12 Anna Salai',
        address2: '',
        district: 'Chennai',
        referral_code: 'RAVI01',
        platform: 'web',
        items: [{ id: 'c1', name: 'Electric Sparkler', price: 120_00, quantity: 3 }],
        totalAmount: 360_00,
        at: 0,
      },
    };
    given(on('crackers-order-co1', placed))
      .thenRows(
        (db) => crackersOrdersOfUser(db, 'u1'),
        [
          {
            order_id: 'co1',
            created_at: '2026-11-22T10:00:00.000Z',
            order_items: [{ id: 'c1', name: 'Electric Sparkler', price: 120_00, quantity: 3 }],
            applied_reward: 0,
            total_amount: 360_00,
            district: 'Chennai',
          },
        ],
      )
      .thenRows(
        (db) => crackersOrdersByReferral(db, 'RAVI01').map((o) => [o.order_id, o.phone]),
        [['co1', '******3210']],
      );
  });
});
