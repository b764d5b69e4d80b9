import type { ShopTaxonomyEvent, TaxonomyKind } from '../engine/shopTaxonomy.ts';
import type { ReadDb } from './db.ts';
import { defineReadModel } from './readModel.ts';
import { prepared } from './statements.ts';

/** The shop's category and brand lists admins keep, with how many products use each. */
export const shopTaxonomyProjector = defineReadModel<ShopTaxonomyEvent>()({
  name: 'shop-taxonomy',
  version: 1,
  stream: 'shop',
  tables: {
    rm_shop_taxonomy: `CREATE TABLE IF NOT EXISTS rm_shop_taxonomy (kind TEXT NOT NULL, name TEXT NOT NULL,
      added_at INTEGER NOT NULL, PRIMARY KEY (kind, name)) WITHOUT ROWID`,
  },
  statements: {
    add: 'INSERT OR IGNORE INTO rm_shop_taxonomy (kind, name, added_at) VALUES (?, ?, ?)',
    remove: 'DELETE FROM rm_shop_taxonomy WHERE kind = ? AND name = ?',
  },
  on: {
    TaxonomyEntryAdded: (e, { sql }) => sql.add.run(e.data.kind, e.data.name, e.data.at),
    TaxonomyEntryRemoved: (e, { sql }) => sql.remove.run(e.data.kind, e.data.name),
  },
});

export interface TaxonomyEntry {
  name: string;
  products: number;
}

/** One list, A to Z, each with the number of products (listed or not) that use it. */
export const taxonomyList = ({ sqlite }: ReadDb, kind: TaxonomyKind): TaxonomyEntry[] =>
  prepared<[string], TaxonomyEntry>(
    sqlite,
    `SELECT t.name AS name, (SELECT count(*) FROM rm_products p WHERE p.${kind === 'category' ? 'category' : 'brand'} = t.name) AS products
     FROM rm_shop_taxonomy t WHERE t.kind = ? ORDER BY t.name COLLATE NOCASE`,
  ).all(kind);

export const inTaxonomy = (db: ReadDb, kind: TaxonomyKind, name: string): boolean =>
  !!prepared<[string, string], { n: number }>(
    db.sqlite,
    'SELECT 1 AS n FROM rm_shop_taxonomy WHERE kind = ? AND name = ?',
  ).get(kind, name);
