import type {
  CartPayload,
  CheckoutAnswer,
  CheckoutData,
  Cracker,
  Facets,
  Product,
  ProductPage,
  ReferralOrder,
  ReservedOrder,
  ShopOrder,
} from '../../../../api/contract/shop.ts';
import { api } from '../../lib/api.ts';

/** The shop's calls; their shapes are the wire contract's (`api/contract/shop.ts`). */
export type { CartLine, Facet } from '../../../../api/contract/shop.ts';
export type {
  CartPayload,
  CheckoutAnswer,
  CheckoutData,
  Cracker,
  Facets,
  Product,
  ProductPage,
  ReferralOrder,
  ReservedOrder,
  ShopOrder,
};

export const DEFAULT_PRODUCT_IMAGE = '/products/default.svg';

export const shopApi = {
  products: (query: string, signal?: AbortSignal) => api<ProductPage>(`/api/products?${query}`, { signal }),
  facets: (query = '', signal?: AbortSignal) =>
    api<Facets & { success: boolean }>(`/api/products/facets?${query}`, { signal }),
  suggest: (q: string, signal?: AbortSignal) =>
    api<{ products: Product[] }>(`/api/products/suggest?q=${encodeURIComponent(q)}`, { signal }),
  top: () => api<{ products: Product[] }>('/api/products/top'),
  product: (code: string) => api<{ product: Product }>(`/api/products/${encodeURIComponent(code)}`),
  cart: () => api<CartPayload>('/api/cart'),
  addToCart: (productId: string, quantity = 1) =>
    api<CartPayload>('/api/cart/items', { body: { product_id: productId, quantity } }),
  setQuantity: (productId: string, quantity: number) =>
    api<CartPayload>(`/api/cart/items/${encodeURIComponent(productId)}`, { method: 'PATCH', body: { quantity } }),
  removeFromCart: (productId: string) =>
    api<CartPayload>(`/api/cart/items/${encodeURIComponent(productId)}`, { method: 'DELETE' }),
  checkoutData: () => api<CheckoutData>('/api/checkout'),
  checkout: (body: CheckoutData['billing'] & { appliedRewards: Record<string, number> }) =>
    api<CheckoutAnswer>('/api/checkout', { body }),
  verifyPayment: (body: Record<string, string>) =>
    api<{ success: boolean; message: string; order_id: string; order_code: string | null }>('/api/checkout/verify', {
      body,
    }),
  cancelPayment: (razorpayOrderId: string, reason: string) =>
    api<{ success: boolean; released: boolean }>('/api/checkout/cancel', {
      body: { razorpay_order_id: razorpayOrderId, reason },
    }),
  orders: () => api<{ orders: ShopOrder[] }>('/api/orders'),
  order: (id: string) => api<{ order: ShopOrder }>(`/api/orders/${encodeURIComponent(id)}`),
  /** One page of paid orders; `cursor` is the `next_cursor` of the page before. */
  adminOrders: (shipment: string, cursor?: string) => {
    const query = new URLSearchParams();
    if (shipment) query.set('shipment_status', shipment);
    if (cursor) query.set('cursor', cursor);
    const qs = query.toString();
    return api<{ orders: ShopOrder[]; next_cursor: string | null }>(`/api/admin/orders${qs ? `?${qs}` : ''}`);
  },
  setShipment: (id: string, status: string) =>
    api<{ order: ShopOrder }>(`/api/admin/orders/${encodeURIComponent(id)}/shipment`, {
      body: { shipment_status: status },
    }),
  crackers: (q: string, sort: string, signal?: AbortSignal) =>
    api<{ data: Cracker[] }>(`/api/crackers?q=${encodeURIComponent(q)}&sort=${sort}`, { signal }),
  placeCrackersOrder: (body: Record<string, unknown>) =>
    api<{ success: boolean; message: string; order_id: string }>('/api/crackers/orders', { body }),
  myCrackersOrders: () => api<{ data: ReservedOrder[] }>('/api/crackers/my-orders'),
};

/** Storefront §7: the referral status call sends no credentials. */
export const fetchReferralStatus = async (referralCode: string): Promise<ReferralOrder[]> => {
  const response = await fetch('/api/crackers/status', {
    method: 'POST',
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ referralCode }),
  });
  const body = (await response.json().catch(() => null)) as {
    orders?: ReferralOrder[];
    error?: { code?: string };
  } | null;
  if (response.status === 404 || body?.error?.code === 'REFERRAL_NOT_FOUND') throw new Error('NOT_FOUND');
  if (!response.ok || !body?.orders) throw new Error('FAILED');
  return body.orders;
};
