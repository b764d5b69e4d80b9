import { describe, expect, it } from 'vitest';
import { consequencesOf } from '../../api/notify/rules.ts';
import type { OrderEvent } from '../../engine/order.ts';
import { on, project, record } from '../helpers/readModel.ts';

/** A member's paid shop order, cancelled by an admin and refunded: the bell's words for it. */
const refundNotice = (amountPaise: number, rewardCash: number) => {
  const order = (e: OrderEvent) => on('order-o1', e);
  const log = record([
    order({
      type: 'ShopOrderPlaced',
      data: {
        orderId: 'o1',
        orderCode: 'VD-0001',
        userId: 'u1',
        lines: [
          {
            productId: 'p1',
            product_code: 'SAR001',
            name: 'Silk saree',
            image_url: '/img/saree.jpg',
            price: 500_00,
            quantity: 1,
            reward_points: 500,
            applied_reward: rewardCash,
          },
        ],
        billing: { name: 'Asha', email: 'asha@example.in', phone: '9876543210', address: '12 Anna Salai, Chennai' },
        expiresAt: 60_000,
        subtotal: 500_00,
        applied_reward: rewardCash,
        total_amount: amountPaise,
        at: 0,
      },
    }),
    order({ type: 'ShopOrderRefunded', data: { amountPaise, rewardCash, at: 5 } }),
  ]);
  const db = project(log.slice(0, 1), 1);
  return consequencesOf(log[1]!, db).now.map((n) => [n.kind, n.title, n.body]);
};

describe('the refund notice of a cancelled paid order', () => {
  it('names the cash back in the wallet', () => {
    expect(refundNotice(400_00, 100_00)).toEqual([
      [
        'refund_credited',
        'Order cancelled: ₹400.00 is back in your wallet',
        'Your order VD-0001 was cancelled. What you paid is in your wallet as cash, and any Reward Cash you used is back.',
      ],
    ]);
  });

  it('for an order paid with Reward Cash alone, names the Reward Cash, never "₹0 is back"', () => {
    expect(refundNotice(0, 500_00)).toEqual([
      [
        'refund_credited',
        'Order cancelled: ₹500.00 of Reward Cash is back',
        'Your order VD-0001 was cancelled. The Reward Cash you used is back.',
      ],
    ]);
  });
});
