import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

export interface CartLine {
  productId: string;
  quantity: number;
}

/**
 * Cart commands carry what the handler read about the product: `available` units and the
 * product's name, so the rules here stay pure. Prices are never stored in the cart.
 */
export type CartCommand =
  | { type: 'AddCartItem'; data: { productId: string; name: string; quantity: number; available: number; now: number } }
  | {
      type: 'SetCartItemQuantity';
      data: { productId: string; name: string; quantity: number; available: number; now: number };
    }
  | { type: 'RemoveCartItem'; data: { productId: string; now: number } }
  | { type: 'CheckOutCart'; data: { orderId: string; lines: CartLine[]; now: number } };

export type CartEvent =
  | { type: 'CartItemAdded'; data: { productId: string; quantity: number; at: number } }
  | { type: 'CartItemQuantityChanged'; data: { productId: string; quantity: number; at: number } }
  | { type: 'CartItemRemoved'; data: { productId: string; at: number } }
  | { type: 'CartCheckedOut'; data: { orderId: string; lines: CartLine[]; at: number } };

export interface CartState {
  /** Product id → quantity, in the order lines were added. */
  lines: CartLine[];
  /** Orders whose lines already left the cart. */
  checkedOut: string[];
}

export const CART_MESSAGES = {
  empty: 'Cart is empty',
  outOfStock: 'Out of stock',
  belowOne: 'Quantity cannot be less than 1.',
} as const;

export const cartStream = (userId: string): string => `cart-${userId}`;

export const cartQuantity = (state: CartState): number => state.lines.reduce((n, l) => n + l.quantity, 0);

const quantityOf = (state: CartState, productId: string): number =>
  state.lines.find((l) => l.productId === productId)?.quantity ?? 0;

const aboveStock = (name: string, available: number) =>
  available <= 0
    ? new DomainError('OUT_OF_STOCK', CART_MESSAGES.outOfStock, { available: 0, name })
    : new DomainError('QUANTITY_ABOVE_STOCK', `Only ${available} of ${name} in stock.`, { available, name });

const setLine = (lines: CartLine[], productId: string, quantity: number): CartLine[] =>
  lines.some((l) => l.productId === productId)
    ? lines.map((l) => (l.productId === productId ? { productId, quantity } : l))
    : [...lines, { productId, quantity }];

/**
 * A member's cart (`cart-{userId}`). Guarantees: every line has a quantity of at least 1; a
 * quantity is never raised above the units available; out-of-stock products cannot be added;
 * checking out an order takes its lines out of the cart exactly once.
 */
export const initialState: CartState = { lines: [], checkedOut: [] };

export const decide = (command: CartCommand, state: CartState): CartEvent[] => {
  switch (command.type) {
    case 'AddCartItem': {
      const { productId, name, quantity, available, now } = command.data;
      if (!Number.isSafeInteger(quantity) || quantity < 1) {
        throw new DomainError('QUANTITY_INVALID', CART_MESSAGES.belowOne);
      }
      const next = quantityOf(state, productId) + quantity;
      if (next > available) throw aboveStock(name, available);
      return [{ type: 'CartItemAdded', data: { productId, quantity, at: now } }];
    }
    case 'SetCartItemQuantity': {
      const { productId, name, quantity, available, now } = command.data;
      const current = quantityOf(state, productId);
      if (current === 0) throw new DomainError('CART_ITEM_NOT_FOUND', 'That product is not in your cart.');
      if (!Number.isSafeInteger(quantity) || quantity < 1) {
        throw new DomainError('QUANTITY_INVALID', CART_MESSAGES.belowOne);
      }
      if (quantity === current) return [];
      if (quantity > current && quantity > available) throw aboveStock(name, available);
      return [{ type: 'CartItemQuantityChanged', data: { productId, quantity, at: now } }];
    }
    case 'RemoveCartItem':
      if (quantityOf(state, command.data.productId) === 0) return [];
      return [{ type: 'CartItemRemoved', data: { productId: command.data.productId, at: command.data.now } }];
    case 'CheckOutCart': {
      const { orderId, lines, now } = command.data;
      if (state.checkedOut.includes(orderId)) return [];
      return [{ type: 'CartCheckedOut', data: { orderId, lines, at: now } }];
    }
    default:
      return assertNever(command);
  }
};

export const evolve = (state: CartState, event: CartEvent): CartState => {
  switch (event.type) {
    case 'CartItemAdded': {
      const { productId, quantity } = event.data;
      return { ...state, lines: setLine(state.lines, productId, quantityOf(state, productId) + quantity) };
    }
    case 'CartItemQuantityChanged':
      return { ...state, lines: setLine(state.lines, event.data.productId, event.data.quantity) };
    case 'CartItemRemoved':
      return { ...state, lines: state.lines.filter((l) => l.productId !== event.data.productId) };
    case 'CartCheckedOut': {
      const bought = new Map(event.data.lines.map((l) => [l.productId, l.quantity]));
      const lines = state.lines
        .map((l) => ({ ...l, quantity: l.quantity - (bought.get(l.productId) ?? 0) }))
        .filter((l) => l.quantity > 0);
      return { lines, checkedOut: [...state.checkedOut, event.data.orderId] };
    }
    default:
      return state;
  }
};

export const cartDecider: Decider<CartCommand, CartEvent, CartState> = { initialState, decide, evolve };
