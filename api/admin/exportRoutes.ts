import { Hono } from 'hono';
import type { TransactionType } from '../../engine/wallet.ts';
import { isCredit } from '../../engine/wallet.ts';
import type { DealKey, WalletTxKey } from '../../projections/exports.ts';
import { dealsAfter, paidOrdersAfter, usersAfter, walletTxAfter } from '../../projections/exports.ts';
import type { AuthEnv } from '../auth/session.ts';
import { requireRole } from '../auth/session.ts';
import type { Deps } from '../deps.ts';
import { csvFilename, csvResponse, csvRupees, csvTime, pagedRows } from '../http/csv.ts';
import { describe, queryParams } from '../http/openapi.ts';
import { DealsExportQuery, OrdersExportQuery, UsersExportQuery, WalletTxExportQuery } from '../contract/admin.ts';

const indiaDay = (date: string) => Date.parse(`${date}T00:00:00+05:30`);
const NEXT_DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const isoTime = (text: string) => csvTime(Date.parse(text));
const exportDoc = (summary: string) =>
  describe({ summary: `${summary}; streamed CSV, safe to open in a spreadsheet`, tags: ['admin'], access: 'auditor' });
const staff = requireRole('admin', 'auditor');

/**
 * Admin CSV exports beside the rooms' own (`/api/admin/rooms.csv`): deals, wallet transactions,
 * paid shop orders and users, each with its screen's filters. No secrets: no password hashes,
 * sessions, tokens or card data; members' contact details only as the user list shows them.
 */
export const exportRoutes = (deps: Pick<Deps, 'clock' | 'readDb'>) =>
  new Hono<AuthEnv>()
    .get(
      '/deals.csv',
      exportDoc('Accepted deals of the rooms the filters match'),
      staff,
      queryParams(DealsExportQuery),
      (c) => {
        const q = c.req.valid('query');
        const filter = {
          q: q.q,
          from: q.from ? indiaDay(q.from) : undefined,
          to: q.to ? indiaDay(q.to) + NEXT_DAY : undefined,
        };
        const rows = pagedRows(
          (after: DealKey | null, limit) => dealsAfter(deps.readDb, filter, after, limit),
          (r) => ({ room: r.room_code, seq: r.seq }),
        );
        return csvResponse(
          c,
          csvFilename('deals', deps.clock.now()),
          [
            { header: 'Room', value: (r) => r.room_code },
            { header: 'Deal no.', value: (r) => r.seq },
            { header: 'Product', value: (r) => r.product_name },
            { header: 'Member id', value: (r) => r.user_id },
            { header: 'Member', value: (r) => r.user_name },
            { header: 'Price (₹)', value: (r) => csvRupees(r.amount) },
            { header: 'Time (IST)', value: (r) => csvTime(r.at) },
          ],
          rows,
        );
      },
    )
    .get(
      '/wallet-transactions.csv',
      exportDoc('Every wallet transaction in log order'),
      staff,
      queryParams(WalletTxExportQuery),
      (c) => {
        const q = c.req.valid('query');
        const filter = {
          type: q.type,
          from: q.from ? iso(indiaDay(q.from)) : undefined,
          to: q.to ? iso(indiaDay(q.to) + NEXT_DAY) : undefined,
        };
        const rows = pagedRows(
          (after: WalletTxKey | null, limit) => walletTxAfter(deps.readDb, filter, after, limit),
          (r) => ({ position: r.position, id: r.id }),
        );
        return csvResponse(
          c,
          csvFilename('wallet-transactions', deps.clock.now()),
          [
            { header: 'Transaction id', value: (r) => r.id },
            { header: 'Time (IST)', value: (r) => isoTime(r.created_at) },
            { header: 'Member id', value: (r) => r.user_id },
            { header: 'Member', value: (r) => r.user_name },
            { header: 'Type', value: (r) => r.type },
            { header: 'Balance', value: (r) => r.balance },
            {
              header: 'Amount (₹)',
              value: (r) => csvRupees(isCredit(r.type as TransactionType) ? r.amount : -r.amount),
            },
            { header: 'Room', value: (r) => r.room_code },
            { header: 'Product', value: (r) => r.product_name },
            { header: 'Payment id', value: (r) => r.payment_id },
            { header: 'Log position', value: (r) => r.position },
          ],
          rows,
        );
      },
    )
    .get('/orders.csv', exportDoc('Paid shop orders'), staff, queryParams(OrdersExportQuery), (c) => {
      const shipment = c.req.valid('query').shipment_status;
      const rows = pagedRows(
        (after: number | null, limit) => paidOrdersAfter(deps.readDb, shipment, after, limit),
        (r) => r.rowid,
      );
      return csvResponse(
        c,
        csvFilename('orders', deps.clock.now()),
        [
          { header: 'Order', value: (r) => r.order_code },
          { header: 'Placed (IST)', value: (r) => isoTime(r.created_at) },
          { header: 'Member id', value: (r) => r.user_id },
          { header: 'Name', value: (r) => r.full_name },
          { header: 'Email', value: (r) => r.email },
          { header: 'Items', value: (r) => r.items },
          { header: 'Subtotal (₹)', value: (r) => csvRupees(r.subtotal) },
          { header: 'Reward cash used (₹)', value: (r) => csvRupees(r.applied_reward) },
          { header: 'Paid (₹)', value: (r) => csvRupees(r.total_amount) },
          { header: 'Payment id', value: (r) => r.payment_id },
          { header: 'Shipment', value: (r) => r.shipment_status },
        ],
        rows,
      );
    })
    .get('/users.csv', exportDoc('Registered users'), staff, queryParams(UsersExportQuery), (c) => {
      const search = c.req.valid('query').search;
      const rows = pagedRows(
        (after: number | null, limit) => usersAfter(deps.readDb, search, after, limit),
        (r) => r.rowid,
      );
      return csvResponse(
        c,
        csvFilename('users', deps.clock.now()),
        [
          { header: 'User id', value: (r) => r.id },
          { header: 'Name', value: (r) => r.name },
          { header: 'Email', value: (r) => r.email },
          { header: 'Mobile', value: (r) => r.phone },
          { header: 'District', value: (r) => r.district },
          { header: 'Role', value: (r) => r.role },
          { header: 'Access', value: (r) => r.access },
          { header: 'Referral code', value: (r) => r.referral_code },
          { header: 'Joined (IST)', value: (r) => isoTime(r.created_at) },
        ],
        rows,
      );
    });
