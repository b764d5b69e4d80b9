import { enableWal } from '../../projections/db.ts';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { PRIVATE_DIR_MODE, privateFile } from '../dataFiles.ts';

/** What this server remembers about an order it created: the checkout page and the return need it. */
export interface LocalOrder {
  providerOrderId: string;
  amountPaise: number;
  receipt: string;
  notes: Record<string, string>;
  returnPath: string;
  status: 'created' | 'paid' | 'cancelled';
  paymentId: string | null;
  createdAt: number;
}

type Row = {
  id: string;
  amount: number;
  receipt: string;
  notes: string;
  return_path: string;
  status: LocalOrder['status'];
  payment_id: string | null;
  created_at: number;
};

const toOrder = (r: Row): LocalOrder => ({
  providerOrderId: r.id,
  amountPaise: r.amount,
  receipt: r.receipt,
  notes: JSON.parse(r.notes) as Record<string, string>,
  returnPath: r.return_path,
  status: r.status,
  paymentId: r.payment_id,
  createdAt: r.created_at,
});

/**
 * A small SQLite file (`DATA_DIR/payments.db`) of orders this deployment created. It is not the
 * source of truth for money (the event log is); it holds checkout details, shared by every process.
 */
export const openOrderBook = (path: string) => {
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
    privateFile(path);
  }
  const db = new Database(path);
  enableWal(db);
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS payment_orders (
    id TEXT PRIMARY KEY, amount INTEGER NOT NULL, receipt TEXT NOT NULL, notes TEXT NOT NULL,
    return_path TEXT NOT NULL, status TEXT NOT NULL, payment_id TEXT, created_at INTEGER NOT NULL)`);
  const get = db.prepare<[string], Row>('SELECT * FROM payment_orders WHERE id = ?');
  const insert = db.prepare(
    `INSERT OR IGNORE INTO payment_orders (id, amount, receipt, notes, return_path, status, payment_id, created_at)
     VALUES (@id, @amount, @receipt, @notes, @return_path, 'created', NULL, @created_at)`,
  );
  const markPaid = db.prepare(
    "UPDATE payment_orders SET status = 'paid', payment_id = @paymentId WHERE id = @id AND status = 'created'",
  );
  const markCancelled = db.prepare(
    "UPDATE payment_orders SET status = 'cancelled' WHERE id = ? AND status = 'created'",
  );
  return {
    add: (o: Omit<LocalOrder, 'status' | 'paymentId'>) =>
      void insert.run({
        id: o.providerOrderId,
        amount: o.amountPaise,
        receipt: o.receipt,
        notes: JSON.stringify(o.notes),
        return_path: o.returnPath,
        created_at: o.createdAt,
      }),
    get: (id: string): LocalOrder | null => {
      const row = get.get(id);
      return row ? toOrder(row) : null;
    },
    /** Marks it paid by this payment unless it was already paid or cancelled; returns the order as it now is. */
    markPaid: (id: string, paymentId: string): LocalOrder | null => {
      markPaid.run({ id, paymentId });
      const row = get.get(id);
      return row ? toOrder(row) : null;
    },
    markCancelled: (id: string) => void markCancelled.run(id),
    close: () => db.close(),
  };
};

export type OrderBook = ReturnType<typeof openOrderBook>;
