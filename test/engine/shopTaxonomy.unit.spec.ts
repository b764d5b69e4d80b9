import { describe, it } from 'vitest';
import { shopTaxonomyDecider } from '../../engine/shopTaxonomy.ts';
import { specFor } from '../helpers/decider.ts';

const given = specFor(shopTaxonomyDecider);
const add = (kind: 'category' | 'brand', name: string) =>
  ({ type: 'AddToTaxonomy', data: { kind, name, now: 1 } }) as const;

describe('the shop’s category and brand lists', () => {
  it('add a tidy name once, whatever its case or spacing', () => {
    given([])
      .when(add('brand', '  Chola   Audio '))
      .then([{ type: 'TaxonomyEntryAdded', data: { kind: 'brand', name: 'Chola Audio', at: 1 } }]);
    given([{ type: 'TaxonomyEntryAdded', data: { kind: 'brand', name: 'Chola Audio', at: 1 } }])
      .when(add('brand', 'chola audio'))
      .thenNothing();
  });

  it('refuse names that are not names, and remove one that is there', () => {
    given([]).when(add('category', '=cmd')).thenThrows('TAXONOMY_NAME_INVALID');
    given([])
      .when(add('category', 'x'.repeat(41)))
      .thenThrows('TAXONOMY_NAME_INVALID');
    given([{ type: 'TaxonomyEntryAdded', data: { kind: 'category', name: 'Audio', at: 1 } }])
      .when({ type: 'RemoveFromTaxonomy', data: { kind: 'category', name: 'audio', now: 2 } })
      .then([{ type: 'TaxonomyEntryRemoved', data: { kind: 'category', name: 'Audio', at: 2 } }]);
    given([])
      .when({ type: 'RemoveFromTaxonomy', data: { kind: 'category', name: 'Audio', now: 2 } })
      .thenNothing();
  });
});
