import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

/** A shop product as the spec lists it. Money in integer paise; `reward_points` are whole points (1 point = ₹1). */
export interface ProductDetails {
  id: string;
  product_code: string;
  slug: string;
  name: string;
  description: string;
  price: number;
  original_price: number;
  image_url: string;
  images: string[];
  /** Average rating, 0 to 5. */
  rating: number;
  /** How many ratings the average is made of. */
  ratings: number;
  category: string;
  brand: string;
  color: string;
  reward_points: number;
  is_active: boolean;
}

export interface Reservation {
  quantity: number;
  /** Epoch ms after which the reservation no longer holds stock. */
  expiresAt: number;
}

/** What an admin may change on a listed product; the id, code, slug and ratings stay. */
export const EDITABLE_FIELDS = [
  'name',
  'description',
  'price',
  'original_price',
  'image_url',
  'images',
  'category',
  'brand',
  'color',
  'reward_points',
] as const;
export type ProductChanges = Partial<Pick<ProductDetails, (typeof EDITABLE_FIELDS)[number]>>;

export type ProductCommand =
  | { type: 'AddProduct'; data: { product: ProductDetails; stock: number; now: number } }
  | { type: 'AdjustStock'; data: { stock: number; now: number } }
  | { type: 'EditProduct'; data: { changes: ProductChanges; now: number } }
  /** Take a product off the shop (nobody can add or buy it) or put it back. */
  | { type: 'SetProductListed'; data: { listed: boolean; now: number } }
  | { type: 'ReserveStock'; data: { reservationId: string; quantity: number; now: number; expiresAt: number } }
  | { type: 'ReleaseStock'; data: { reservationId: string; reason: string; now: number } }
  | { type: 'CommitStock'; data: { reservationId: string; quantity: number; now: number } }
  /** A paid order cancelled: its units come back, whether they were sold already or still held. */
  | { type: 'ReturnStock'; data: { reservationId: string; quantity: number; now: number } };

export type ProductEvent =
  | { type: 'ProductAdded'; data: ProductDetails & { stock: number; at: number } }
  | { type: 'ProductStockAdjusted'; data: { stock: number; previous: number; at: number } }
  /** Only the fields that changed, with their new values. */
  | { type: 'ProductEdited'; data: { changes: ProductChanges; at: number } }
  | { type: 'ProductDelisted'; data: { at: number } }
  | { type: 'ProductRelisted'; data: { at: number } }
  | { type: 'StockReserved'; data: { reservationId: string; quantity: number; expiresAt: number; at: number } }
  | { type: 'StockReleased'; data: { reservationId: string; quantity: number; reason: string; at: number } }
  | { type: 'StockSold'; data: { reservationId: string; quantity: number; at: number } }
  /** A cancelled order's reservation ends for good: `restocked` units (those it had bought) are on hand again. */
  | { type: 'StockReturned'; data: { reservationId: string; restocked: number; at: number } };

export type ProductState =
  | { status: 'none' }
  | {
      status: 'listed';
      product: ProductDetails;
      /** Units on hand, sold ones excluded; reservations still count here. */
      stock: number;
      reservations: Record<string, Reservation>;
      /** Reservation ids already sold, released or returned: commands about them again change nothing. */
      settled: Record<string, 'sold' | 'released' | 'returned'>;
    };

type Listed = Extract<ProductState, { status: 'listed' }>;

export const PRODUCT_MESSAGES = {
  notFound: 'Product not found',
  outOfStock: 'Out of stock',
  reservationReleased: 'This checkout was cancelled before it could hold the item. Nothing was charged.',
  stockBelowHeld: (name: string, held: number) =>
    `${held} of ${name} ${held === 1 ? 'is' : 'are'} held by checkouts waiting for payment. Set the stock to at least ${held}.`,
} as const;

export const productStream = (id: string): string => `product-${id}`;

/**
 * Units held by reservations. A reservation holds its units until it is sold or released, even
 * past `expiresAt`: the checkout sweeper first expires the order (so it can no longer be paid),
 * then releases the units. So a paid order always finds its units still held.
 */
export const reservedUnits = (state: Listed, except?: string): number =>
  Object.entries(state.reservations).reduce((sum, [id, r]) => (id !== except ? sum + r.quantity : sum), 0);

/** Units a new buyer can take: stock minus held reservations, never below 0. */
export const available = (state: ProductState): number =>
  state.status === 'listed' && state.product.is_active ? Math.max(0, state.stock - reservedUnits(state)) : 0;

const listed = (state: ProductState): Listed => {
  if (state.status !== 'listed') throw new DomainError('PRODUCT_NOT_FOUND', PRODUCT_MESSAGES.notFound);
  return state;
};

const isWhole = (n: number, min = 0) => Number.isSafeInteger(n) && n >= min;

const validate = (p: ProductDetails, stock: number): void => {
  const problems = [
    !p.id.trim() && 'id',
    !p.product_code.trim() && 'product_code',
    !p.name.trim() && 'name',
    !isWhole(p.price) && 'price',
    !isWhole(p.original_price) && 'original_price',
    !isWhole(stock) && 'stock',
    !isWhole(p.reward_points) && 'reward_points',
    !(p.rating >= 0 && p.rating <= 5) && 'rating',
    !isWhole(p.ratings) && 'ratings',
  ].filter(Boolean);
  if (problems.length) {
    throw new DomainError('PRODUCT_INVALID', `Check these product fields: ${problems.join(', ')}.`, {
      fields: problems,
    });
  }
};

const addProduct = (
  state: ProductState,
  { product, stock, now }: { product: ProductDetails; stock: number; now: number },
): ProductEvent[] => {
  validate(product, stock);
  if (state.status === 'listed') {
    throw new DomainError('PRODUCT_EXISTS', `A product with id ${product.id} already exists.`);
  }
  return [{ type: 'ProductAdded', data: { ...product, stock, at: now } }];
};

const reserve = (
  state: ProductState,
  {
    reservationId,
    quantity,
    now,
    expiresAt,
  }: { reservationId: string; quantity: number; now: number; expiresAt: number },
): ProductEvent[] => {
  const s = listed(state);
  if (s.reservations[reservationId] || s.settled[reservationId] === 'sold') return [];
  // Released or returned (or cancelled before it arrived): the order is over, and its units stay free.
  if (s.settled[reservationId] === 'released' || s.settled[reservationId] === 'returned')
    throw new DomainError('RESERVATION_RELEASED', PRODUCT_MESSAGES.reservationReleased, { reservationId });
  if (!isWhole(quantity, 1)) throw new DomainError('QUANTITY_INVALID', 'Quantity must be at least 1.');
  const free = available(s);
  if (free < quantity) {
    throw new DomainError(
      'OUT_OF_STOCK',
      free === 0
        ? `${s.product.name} is ${PRODUCT_MESSAGES.outOfStock.toLowerCase()}.`
        : `Only ${free} of ${s.product.name} left in stock.`,
      { productId: s.product.id, available: free, name: s.product.name },
    );
  }
  return [{ type: 'StockReserved', data: { reservationId, quantity, expiresAt, at: now } }];
};

/**
 * Turns a reservation into a sale. A reservation that was released still sells when its units
 * are free (nobody else holds them); otherwise the sale is refused as out of stock.
 */
const commit = (
  state: ProductState,
  { reservationId, quantity, now }: { reservationId: string; quantity: number; now: number },
): ProductEvent[] => {
  const s = listed(state);
  // A returned order sells nothing any more (its settlement may still run after the cancel).
  if (s.settled[reservationId] === 'sold' || s.settled[reservationId] === 'returned') return [];
  const free = s.stock - reservedUnits(s, reservationId);
  if (free < quantity) {
    throw new DomainError('OUT_OF_STOCK', `${s.product.name} is ${PRODUCT_MESSAGES.outOfStock.toLowerCase()}.`, {
      productId: s.product.id,
      available: Math.max(0, free),
      name: s.product.name,
    });
  }
  return [{ type: 'StockSold', data: { reservationId, quantity, at: now } }];
};

/**
 * A product (`product-{id}`) and its stock. Guarantees: stock never goes below 0, nor below the
 * units held by checkouts (so a paid order always finds its units, whatever an admin counts); units are
 * reserved per order id and held until sold or released (expected revision makes two buyers of
 * the last unit race, and only one wins); a reservation is sold or released at most once, so retries and replays change nothing;
 * a release recorded before its reservation arrives makes the reservation refused, whatever the interleaving;
 * a cancelled paid order's units come back once, sold or still held, and are never sold after.
 */
export const initialState: ProductState = { status: 'none' };

export const decide = (command: ProductCommand, state: ProductState): ProductEvent[] => {
  switch (command.type) {
    case 'AddProduct':
      return addProduct(state, command.data);
    case 'AdjustStock': {
      const s = listed(state);
      if (!isWhole(command.data.stock)) throw new DomainError('PRODUCT_INVALID', 'Stock must be 0 or more.');
      if (command.data.stock === s.stock) return [];
      // Units held by checkouts are the members' until they pay or let go: a count may not take them away.
      const held = reservedUnits(s);
      if (command.data.stock < held) {
        throw new DomainError('STOCK_BELOW_HELD', PRODUCT_MESSAGES.stockBelowHeld(s.product.name, held), {
          name: s.product.name,
          held,
        });
      }
      return [
        {
          type: 'ProductStockAdjusted',
          data: { stock: command.data.stock, previous: s.stock, at: command.data.now },
        },
      ];
    }
    case 'EditProduct': {
      const s = listed(state);
      const changes: ProductChanges = {};
      for (const key of EDITABLE_FIELDS) {
        const next = command.data.changes[key];
        if (next === undefined) continue;
        if (JSON.stringify(next) !== JSON.stringify(s.product[key])) Object.assign(changes, { [key]: next });
      }
      if (Object.keys(changes).length === 0) return [];
      const next = { ...s.product, ...changes };
      validate(next, s.stock);
      if (!next.category.trim())
        throw new DomainError('PRODUCT_INVALID', 'Choose a category.', { fields: ['category'] });
      if (next.original_price < next.price) {
        throw new DomainError('PRODUCT_INVALID', 'The original price cannot be below the price.', {
          fields: ['original_price'],
        });
      }
      return [{ type: 'ProductEdited', data: { changes, at: command.data.now } }];
    }
    case 'SetProductListed': {
      const s = listed(state);
      if (s.product.is_active === command.data.listed) return [];
      return [{ type: command.data.listed ? 'ProductRelisted' : 'ProductDelisted', data: { at: command.data.now } }];
    }
    case 'ReserveStock':
      return reserve(state, command.data);
    case 'ReleaseStock': {
      const s = listed(state);
      const { reservationId, reason, now } = command.data;
      if (s.settled[reservationId]) return [];
      // A release that arrives before its reservation (an order cancelled while its checkout was
      // still running) is recorded all the same, with 0 units, so the late reservation is refused.
      const quantity = s.reservations[reservationId]?.quantity ?? 0;
      return [{ type: 'StockReleased', data: { reservationId, quantity, reason, at: now } }];
    }
    case 'CommitStock':
      return commit(state, command.data);
    case 'ReturnStock': {
      const s = listed(state);
      const { reservationId, quantity, now } = command.data;
      const was = s.settled[reservationId];
      if (was === 'returned') return [];
      if (!isWhole(quantity, 1)) throw new DomainError('QUANTITY_INVALID', 'Quantity must be at least 1.');
      // Sold: its units go back on hand. Held (paid, not settled yet) or released: nothing to put back,
      // and recording it keeps a settlement that runs after the cancel from selling them.
      const restocked = was === 'sold' ? quantity : 0;
      return [{ type: 'StockReturned', data: { reservationId, restocked, at: now } }];
    }
    default:
      return assertNever(command);
  }
};

export const evolve = (state: ProductState, event: ProductEvent): ProductState => {
  if (event.type === 'ProductAdded') {
    const { stock, at: _at, ...product } = event.data;
    return { status: 'listed', product, stock, reservations: {}, settled: {} };
  }
  if (state.status !== 'listed') return state;
  switch (event.type) {
    case 'ProductStockAdjusted':
      return { ...state, stock: event.data.stock };
    case 'ProductEdited':
      return { ...state, product: { ...state.product, ...event.data.changes } };
    case 'ProductDelisted':
      return { ...state, product: { ...state.product, is_active: false } };
    case 'ProductRelisted':
      return { ...state, product: { ...state.product, is_active: true } };
    case 'StockReserved': {
      const { reservationId, quantity, expiresAt } = event.data;
      return { ...state, reservations: { ...state.reservations, [reservationId]: { quantity, expiresAt } } };
    }
    case 'StockReleased': {
      const { [event.data.reservationId]: _gone, ...reservations } = state.reservations;
      return { ...state, reservations, settled: { ...state.settled, [event.data.reservationId]: 'released' } };
    }
    case 'StockReturned': {
      const { [event.data.reservationId]: _gone, ...reservations } = state.reservations;
      return {
        ...state,
        stock: state.stock + event.data.restocked,
        reservations,
        settled: { ...state.settled, [event.data.reservationId]: 'returned' },
      };
    }
    case 'StockSold': {
      const { [event.data.reservationId]: _gone, ...reservations } = state.reservations;
      return {
        ...state,
        stock: Math.max(0, state.stock - event.data.quantity),
        reservations,
        settled: { ...state.settled, [event.data.reservationId]: 'sold' },
      };
    }
    default:
      return state;
  }
};

export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = { initialState, decide, evolve };

/** The shop's sort orders (the read model sorts in SQL; the API accepts exactly these). */
export const PRODUCT_SORTS = ['featured', 'price_asc', 'price_desc', 'rating', 'newest', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
