import { productById } from '../../projections/catalogue.ts';
import { shopOrderById } from '../../projections/orders.ts';
import type { Deps } from '../deps.ts';
import type { Broadcaster } from '../realtime/broadcasting.ts';
import type { Io } from '../realtime/io.ts';
import { userChannel } from '../realtime/io.ts';
import { toShopOrder } from './views.ts';

const MEMBER_VISIBLE = new Set([
  'ShopOrderPaid',
  'ShopOrderPaymentFailed',
  'ShopOrderExpired',
  'ShipmentStatusChanged',
]);

/** An admin's product changes: everyone's open shop pages hear them (prices, stock, in or off the shop). */
const PRODUCT_CHANGES = new Set(['ProductEdited', 'ProductDelisted', 'ProductRelisted', 'ProductStockAdjusted']);

/** Tells a member's sockets when one of their orders changes, from projected events (so a re-fetch agrees). */
export const shopBroadcaster = (io: Io, deps: Deps): Broadcaster => ({
  name: 'shop',
  broadcast(events) {
    for (const e of events) {
      if (e.streamName.startsWith('product-') && PRODUCT_CHANGES.has(e.type)) {
        const product = productById(deps.readDb, e.streamName.slice('product-'.length));
        if (product) {
          io.emit('productChanged', {
            product_id: product.id,
            product_code: product.productCode,
            revision: e.revision,
          });
        }
        continue;
      }
      if (!e.streamName.startsWith('order-') || !MEMBER_VISIBLE.has(e.type)) continue;
      const row = shopOrderById(deps.readDb, e.streamName.slice('order-'.length));
      if (!row) continue;
      const order = toShopOrder(row);
      io.to(userChannel(order.user_id)).emit('orderUpdate', {
        order_id: order.id,
        payment_status: order.payment_status,
        shipment_status: order.shipment_status,
        revision: e.revision,
      });
    }
  },
});
