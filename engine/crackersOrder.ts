import type { CrackersSeason } from './crackersSeason.ts';
import { seasonStatus } from './crackersSeason.ts';
import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

export const CRACKERS_MIN_ORDER_PAISE = 200_000;
export const CRACKERS_DISTRICTS = ['Thanjavur', 'Thiruvarur'] as const;
export type CrackersDistrict = (typeof CRACKERS_DISTRICTS)[number];

export const CRACKERS_MESSAGES = {
  minimum: 'Minimum order ₹2000 required',
  noItems: 'No items reserved.',
  referralNotFound: 'Referral Code Not Found',
  failed: 'Failed to place order, please try again.',
  required: 'Name, phone, address line 1, district and referral code are required.',
  phone: 'Enter a valid 10-digit mobile number.',
  district: 'Choose Thanjavur or Thiruvarur.',
} as const;

/** A reserved line, priced from the catalogue by the server (paise). */
export interface CrackersOrderItem {
  id: string;
  name: string;
  price: number;
  quantity: number;
}

export interface CrackersOrderDetails {
  name: string;
  phone: string;
  address1: string;
  address2: string;
  district: string;
  referral_code: string;
  platform: string;
}

export type CrackersOrderCommand = {
  type: 'PlaceCrackersOrder';
  data: CrackersOrderDetails & {
    orderId: string;
    /** The logged-in member, or null for a visitor (no login is needed). */
    userId: string | null;
    items: CrackersOrderItem[];
    /** Whether the referral code exists; the handler looks it up. */
    referralKnown: boolean;
    /** The season the admins set (null before they set one): orders are taken only inside it. */
    season: CrackersSeason | null;
    now: number;
  };
};

export type CrackersOrderEvent = {
  type: 'CrackersOrderPlaced';
  data: CrackersOrderDetails & {
    orderId: string;
    userId: string | null;
    items: CrackersOrderItem[];
    totalAmount: number;
    at: number;
  };
};

export type CrackersOrderState = { status: 'none' } | ({ status: 'placed' } & Omit<CrackersOrderEvent['data'], never>);

export const crackersOrderStream = (id: string): string => `crackers-order-${id}`;

/** 10 digits from what a person typed ("+91 98765 43210" → "9876543210"), or null. */
export const normalizeIndianMobile = (phone: string): string | null => {
  const digits = phone.replace(/\D/g, '');
  const local =
    digits.length === 12 && digits.startsWith('91')
      ? digits.slice(2)
      : digits.length === 11 && digits.startsWith('0')
        ? digits.slice(1)
        : digits;
  return /^[6-9]\d{9}$/.test(local) ? local : null;
};

export const crackersTotal = (items: readonly CrackersOrderItem[]): number =>
  items.reduce((sum, i) => sum + i.price * i.quantity, 0);

/**
 * A crackers order (`crackers-order-{id}`), placed once, by a visitor or a member. Guarantees:
 * placed only on a day of the season the admins set;
 * at least one item, whole quantities, a total of at least ₹2000, name, a valid mobile, address
 * line 1, a district of Thanjavur or Thiruvarur and a referral code that exists.
 */
export const initialState: CrackersOrderState = { status: 'none' };

export const decide = (command: CrackersOrderCommand, state: CrackersOrderState): CrackersOrderEvent[] => {
  switch (command.type) {
    case 'PlaceCrackersOrder': {
      if (state.status === 'placed') return [];
      const { referralKnown, now, season, ...d } = command.data;
      const status = seasonStatus(season, now);
      if (!status.open) throw new DomainError('SEASON_CLOSED', status.message, { reason: status.reason });
      const items = d.items.filter((i) => i.quantity !== 0);
      if (items.length === 0) throw new DomainError('CRACKERS_NO_ITEMS', CRACKERS_MESSAGES.noItems);
      if (items.some((i) => !Number.isSafeInteger(i.quantity) || i.quantity < 0)) {
        throw new DomainError('QUANTITY_INVALID', 'Quantities must be whole numbers.');
      }
      const totalAmount = crackersTotal(items);
      if (totalAmount < CRACKERS_MIN_ORDER_PAISE) {
        throw new DomainError('CRACKERS_MINIMUM', CRACKERS_MESSAGES.minimum, { totalAmount });
      }
      const name = d.name.trim();
      const address1 = d.address1.trim();
      const referral = d.referral_code.trim().toUpperCase();
      if (!name || !d.phone.trim() || !address1 || !d.district || !referral) {
        throw new DomainError('CRACKERS_DETAILS_REQUIRED', CRACKERS_MESSAGES.required);
      }
      const phone = normalizeIndianMobile(d.phone);
      if (!phone) throw new DomainError('PHONE_INVALID', CRACKERS_MESSAGES.phone);
      if (!(CRACKERS_DISTRICTS as readonly string[]).includes(d.district)) {
        throw new DomainError('DISTRICT_INVALID', CRACKERS_MESSAGES.district);
      }
      if (!referralKnown) throw new DomainError('REFERRAL_NOT_FOUND', CRACKERS_MESSAGES.referralNotFound);
      return [
        {
          type: 'CrackersOrderPlaced',
          data: {
            ...d,
            items,
            name,
            phone,
            address1,
            address2: d.address2.trim(),
            referral_code: referral,
            totalAmount,
            at: now,
          },
        },
      ];
    }
    default:
      return assertNever(command.type);
  }
};

export const evolve = (_state: CrackersOrderState, event: CrackersOrderEvent): CrackersOrderState => ({
  status: 'placed',
  ...event.data,
});

export const crackersOrderDecider: Decider<CrackersOrderCommand, CrackersOrderEvent, CrackersOrderState> = {
  initialState,
  decide,
  evolve,
};
