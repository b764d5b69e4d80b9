import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

/** A cracker as the spec lists it. `price` and `strikeOff` (original price) in paise; `per` is the unit sold. */
export interface Cracker {
  id: string;
  name: string;
  category: string;
  price: number;
  strikeOff: number;
  per: string;
  image_path: string;
  particulars: string;
}

export type CrackersCatalogueCommand =
  | { type: 'ListCracker'; data: { cracker: Cracker; now: number } }
  | { type: 'DelistCracker'; data: { id: string; now: number } };

export type CrackersCatalogueEvent =
  | { type: 'CrackerListed'; data: Cracker & { at: number } }
  | { type: 'CrackerUpdated'; data: Cracker & { at: number } }
  | { type: 'CrackerDelisted'; data: { id: string; at: number } };

export interface CrackersCatalogueState {
  items: Record<string, Cracker>;
}

/** The season's crackers catalogue lives in one stream. */
export const CRACKERS_CATALOGUE_STREAM = 'crackers-catalogue';

const same = (a: Cracker, b: Cracker) => (Object.keys(a) as (keyof Cracker)[]).every((k) => a[k] === b[k]);

/**
 * The crackers catalogue (`crackers-catalogue`). Guarantees: every listed cracker has a name,
 * a unit and a whole-paise price; listing the same cracker again changes nothing.
 */
export const initialState: CrackersCatalogueState = { items: {} };

export const decide = (command: CrackersCatalogueCommand, state: CrackersCatalogueState): CrackersCatalogueEvent[] => {
  switch (command.type) {
    case 'ListCracker': {
      const { cracker: c, now } = command.data;
      if (!c.id.trim() || !c.name.trim() || !c.per.trim()) {
        throw new DomainError('CRACKER_INVALID', 'A cracker needs an id, a name and a unit.');
      }
      if (![c.price, c.strikeOff].every((n) => Number.isSafeInteger(n) && n >= 0)) {
        throw new DomainError('CRACKER_INVALID', 'Prices must be whole paise, 0 or more.');
      }
      const existing = state.items[c.id];
      if (existing && same(existing, c)) return [];
      return [{ type: existing ? 'CrackerUpdated' : 'CrackerListed', data: { ...c, at: now } }];
    }
    case 'DelistCracker':
      if (!state.items[command.data.id]) return [];
      return [{ type: 'CrackerDelisted', data: { id: command.data.id, at: command.data.now } }];
    default:
      return assertNever(command);
  }
};

export const evolve = (state: CrackersCatalogueState, event: CrackersCatalogueEvent): CrackersCatalogueState => {
  switch (event.type) {
    case 'CrackerListed':
    case 'CrackerUpdated': {
      const { at: _at, ...cracker } = event.data;
      return { items: { ...state.items, [cracker.id]: cracker } };
    }
    case 'CrackerDelisted': {
      const { [event.data.id]: _gone, ...items } = state.items;
      return { items };
    }
    default:
      return state;
  }
};

export const crackersCatalogueDecider: Decider<
  CrackersCatalogueCommand,
  CrackersCatalogueEvent,
  CrackersCatalogueState
> = { initialState, decide, evolve };

/** The crackers list's sort orders. */
export const CRACKER_SORTS = ['default', 'price_asc', 'price_desc', 'name'] as const;
export type CrackerSort = (typeof CRACKER_SORTS)[number];
