import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

/**
 * The shop's category and brand lists (`shop-taxonomy`, one stream), which admins keep: a
 * product's category and brand are picked from them, so the shop's filters never split one brand
 * into two spellings.
 */
export const SHOP_TAXONOMY_STREAM = 'shop-taxonomy';
export type TaxonomyKind = 'category' | 'brand';

export type ShopTaxonomyCommand =
  | { type: 'AddToTaxonomy'; data: { kind: TaxonomyKind; name: string; now: number } }
  | { type: 'RemoveFromTaxonomy'; data: { kind: TaxonomyKind; name: string; now: number } };
export type ShopTaxonomyEvent =
  | { type: 'TaxonomyEntryAdded'; data: { kind: TaxonomyKind; name: string; at: number } }
  | { type: 'TaxonomyEntryRemoved'; data: { kind: TaxonomyKind; name: string; at: number } };
export interface ShopTaxonomyState {
  category: string[];
  brand: string[];
}

export const initialState: ShopTaxonomyState = { category: [], brand: [] };

/** "  smart   phones " → "smart phones"; letters, digits, spaces and & . ' - only, 1–40 characters. */
const cleanName = (name: string): string => {
  const n = name.trim().replace(/\s+/g, ' ');
  if (!/^[\p{L}\p{N}][\p{L}\p{N} &.'-]{0,39}$/u.test(n)) {
    throw new DomainError(
      'TAXONOMY_NAME_INVALID',
      "Use 1 to 40 letters, digits, spaces or & . ' - (starting with a letter or digit).",
    );
  }
  return n;
};
const same = (a: string, b: string) => a.toLocaleLowerCase('en-IN') === b.toLocaleLowerCase('en-IN');

export const decide = (command: ShopTaxonomyCommand, state: ShopTaxonomyState): ShopTaxonomyEvent[] => {
  switch (command.type) {
    case 'AddToTaxonomy': {
      const name = cleanName(command.data.name);
      if (state[command.data.kind].some((n) => same(n, name))) return [];
      return [{ type: 'TaxonomyEntryAdded', data: { kind: command.data.kind, name, at: command.data.now } }];
    }
    case 'RemoveFromTaxonomy': {
      const found = state[command.data.kind].find((n) => same(n, command.data.name.trim()));
      if (!found) return [];
      return [{ type: 'TaxonomyEntryRemoved', data: { kind: command.data.kind, name: found, at: command.data.now } }];
    }
    default:
      return assertNever(command);
  }
};

export const evolve = (state: ShopTaxonomyState, event: ShopTaxonomyEvent): ShopTaxonomyState => {
  const { kind, name } = event.data;
  switch (event.type) {
    case 'TaxonomyEntryAdded':
      return { ...state, [kind]: [...state[kind], name] };
    case 'TaxonomyEntryRemoved':
      return { ...state, [kind]: state[kind].filter((n) => n !== name) };
    default:
      return assertNever(event);
  }
};

export const shopTaxonomyDecider: Decider<ShopTaxonomyCommand, ShopTaxonomyEvent, ShopTaxonomyState> = {
  initialState,
  decide,
  evolve,
};
