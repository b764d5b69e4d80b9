import type { ProfileAnswer } from '../../../../api/contract/account.ts';
import { CRACKERS_DISTRICTS } from '../../../../engine/crackersOrder.ts';
import type { CrackersDetails } from './CrackersDialogs.tsx';
import { create } from '../../stores/create.ts';
import { CRACKERS_MIN_ORDER_PAISE } from '../../../../engine/crackersOrder.ts';
import type { Cracker } from './shopApi.ts';

export { CRACKERS_MIN_ORDER_PAISE };

export interface ReservedLine {
  cracker: Cracker;
  quantity: number;
}

type CrackersCart = { lines: ReservedLine[] };

const KEY = 'crackers-reserved';

const restore = (): ReservedLine[] => {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(parsed) ? (parsed as ReservedLine[]).filter((l) => l?.cracker?.id && l.quantity > 0) : [];
  } catch {
    return [];
  }
};

/** The visitor's reserved crackers, kept in this browser until the order is placed (no login needed). */
export const useCrackersCart = create<CrackersCart>()(() => ({ lines: restore() }));

useCrackersCart.subscribe((s) => {
  try {
    localStorage.setItem(KEY, JSON.stringify(s.lines));
  } catch {
    // Private mode: the reservation lives as long as the page.
  }
});

/** Reserve → Reserved: adds one. */
export const reserveCracker = (cracker: Cracker): void =>
  useCrackersCart.setState((s) =>
    s.lines.some((l) => l.cracker.id === cracker.id) ? s : { lines: [...s.lines, { cracker, quantity: 1 }] },
  );

/** Storefront §4: a line leaves the reserved list when removed or when its quantity falls to 0. */
export const setReservedQuantity = (id: string, quantity: number): void =>
  useCrackersCart.setState((s) => ({
    lines:
      quantity <= 0
        ? s.lines.filter((l) => l.cracker.id !== id)
        : s.lines.map((l) => (l.cracker.id === id ? { ...l, quantity: Math.min(9999, Math.floor(quantity)) } : l)),
  }));

export const clearReserved = (): void => useCrackersCart.setState({ lines: [] });

export const reservedTotal = (lines: readonly ReservedLine[]): number =>
  lines.reduce((n, l) => n + l.cracker.price * l.quantity, 0);

/** The crackers form's starting details from a member's profile: name, mobile, address, and the district when it is one we deliver to. */
export const crackersDetailsFrom = (answer: ProfileAnswer): Partial<CrackersDetails> => {
  const p = answer.profile;
  const name = p ? `${p.first_name} ${p.last_name}`.trim() : answer.user.name;
  const district = (CRACKERS_DISTRICTS as readonly string[]).find(
    (d) => d.toLowerCase() === (p?.city ?? '').trim().toLowerCase(),
  );
  return {
    name,
    phone: p?.mobile || answer.user.phone,
    address1: p?.address_line1 ?? '',
    address2: p?.address_line2 ?? '',
    ...(district ? { district } : {}),
  };
};
