import type { InvoiceEvent } from '../engine/invoice.ts';
import type { ReadDb } from './db.ts';
import { defineReadModel } from './readModel.ts';
import { prepared } from './statements.ts';

/** Issued tax invoices, by number, with the member they belong to and what they invoice. */
export const invoicesProjector = defineReadModel<InvoiceEvent>()({
  name: 'invoices',
  version: 1,
  tables: {
    rm_invoices: `CREATE TABLE IF NOT EXISTS rm_invoices (number TEXT PRIMARY KEY, user_id TEXT NOT NULL,
      source_kind TEXT NOT NULL, source_id TEXT NOT NULL, total INTEGER NOT NULL, data TEXT NOT NULL, issued_at INTEGER NOT NULL)`,
  },
  indexes: {
    rm_invoices_user: 'CREATE INDEX IF NOT EXISTS rm_invoices_user ON rm_invoices(user_id, issued_at)',
    rm_invoices_source: 'CREATE UNIQUE INDEX IF NOT EXISTS rm_invoices_source ON rm_invoices(source_kind, source_id)',
  },
  statements: {
    add: `INSERT OR IGNORE INTO rm_invoices (number, user_id, source_kind, source_id, total, data, issued_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`,
  },
  on: {
    InvoiceIssued: (e, { sql }) => {
      const d = e.data;
      sql.add.run(d.number, d.buyer.userId, d.source.kind, d.source.id, d.totals.totalPaise, JSON.stringify(d), d.at);
    },
  },
});

export type IssuedInvoice = InvoiceEvent['data'];

export const invoiceByNumber = ({ sqlite }: ReadDb, number: string): IssuedInvoice | null => {
  const row = prepared<[string], { data: string }>(sqlite, 'SELECT data FROM rm_invoices WHERE number = ?').get(number);
  return row ? (JSON.parse(row.data) as IssuedInvoice) : null;
};

export const invoicesOfUser = ({ sqlite }: ReadDb, userId: string): IssuedInvoice[] =>
  prepared<[string], { data: string }>(
    sqlite,
    'SELECT data FROM rm_invoices WHERE user_id = ? ORDER BY issued_at DESC, number DESC',
  )
    .all(userId)
    .map((r) => JSON.parse(r.data) as IssuedInvoice);

export const invoicedSources = ({ sqlite }: ReadDb, kind: string): Set<string> =>
  new Set(
    prepared<[string], { source_id: string }>(sqlite, 'SELECT source_id FROM rm_invoices WHERE source_kind = ?')
      .all(kind)
      .map((r) => r.source_id),
  );
