import { paymentStatusOf } from '../../engine/order.ts';
import type { CartRow } from '../../projections/cart.ts';
import type { ProductRow } from '../../projections/catalogue.ts';
import type { CrackerRow, CrackersOrderRow } from '../../projections/crackers.ts';
import type { ShopOrderWithLines } from '../../projections/orders.ts';
import type { CartLine, Cracker, Product, ReferralOrder, ReservedOrder, ShopOrder } from '../contract/shop.ts';

/** The shop's read-model rows mapped to the wire contract (`api/contract/shop.ts`): the spec's field names, paise. */

export const toProduct = (p: ProductRow): Product => {
  const stock = Math.max(0, p.stock - p.reserved);
  return {
    id: p.id,
    product_code: p.productCode,
    slug: p.slug,
    name: p.name,
    description: p.description,
    price: p.price,
    original_price: p.originalPrice,
    image_url: p.imageUrl,
    images: JSON.parse(p.images) as string[],
    rating: p.rating,
    ratings: p.ratings,
    stock,
    in_stock: p.isActive === 1 && stock > 0,
    category: p.category,
    brand: p.brand,
    color: p.color,
    reward_points: p.rewardPoints,
  };
};

/** A cart line with the product as it is now (price, stock, reward points come from the catalogue). */
export const toCartLine = ({ line, product }: CartRow): CartLine => {
  const p = toProduct(product);
  return {
    product_id: p.id,
    product_code: p.product_code,
    name: p.name,
    image_url: p.image_url,
    price: p.price,
    quantity: line.quantity,
    reward_points: p.reward_points,
    stock: p.stock,
    in_stock: p.in_stock,
  };
};

/** The spec's shop order fields (product_name of the first line, "+ N more" when there are several). */
export const toShopOrder = (o: ShopOrderWithLines): ShopOrder => {
  const first = o.lines[0];
  const more = o.lines.length > 1 ? ` + ${o.lines.length - 1} more` : '';
  return {
    id: o.id,
    order_code: o.orderCode,
    user_id: o.userId,
    product_name: first ? `${first.name}${more}` : '',
    image_url: first?.imageUrl ?? '',
    payment_status: paymentStatusOf(o.status),
    shipment_status: o.shipmentStatus,
    subtotal: o.subtotal,
    applied_reward: o.appliedReward,
    total_amount: o.totalAmount,
    created_at: o.createdAt,
    full_name: o.fullName,
    email: o.email,
    contact_number: o.contactNumber,
    address: o.address,
    payment_id: o.paymentId,
    items: o.lines.map((l) => ({
      product_id: l.productId,
      product_code: l.productCode,
      name: l.name,
      image_url: l.imageUrl,
      price: l.price,
      quantity: l.quantity,
      applied_reward: l.appliedReward,
    })),
  };
};

export const toCracker = (c: CrackerRow): Cracker => ({
  id: c.id,
  name: c.name,
  category: c.category,
  price: c.price,
  strikeOff: c.strikeOff,
  per: c.per,
  image_path: c.imagePath,
  particulars: c.particulars,
});

/** A member's own crackers order (reserved items). */
export const toReservedOrder = (
  r: CrackersOrderRow & { items: { id: string; name: string; price: number; quantity: number }[] },
): ReservedOrder => ({
  order_id: r.orderId,
  created_at: r.createdAt,
  order_items: r.items,
  applied_reward: 0,
  total_amount: r.totalAmount,
  district: r.district,
});

/** "98765 43210" → "******3210": only the last four digits are ever sent. */
export const maskPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return digits.length <= 4 ? '*'.repeat(digits.length) : `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
};

/** An order placed with a referral code, as the public status check shows it (phone masked). */
export const toReferralOrder = (r: CrackersOrderRow): ReferralOrder => ({
  order_id: r.orderId,
  customer_name: r.name,
  phone: maskPhone(r.phone),
  district: r.district,
  total_amount: r.totalAmount,
  created_at: r.createdAt,
});
