import { z } from 'zod';
import { TransactionType } from './account.ts';
import { ShipmentStatus } from './shop.ts';

/** The admin screens' calls: users and access, referral codes, the mail outbox. */

export const AdminUsersQuery = z.object({
  search: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});

export const AdminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'auditor', 'member']),
  access: z.enum(['granted', 'waitlisted']),
  district: z.string(),
  referral_code: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserList = z.object({
  success: z.boolean(),
  /** Every registered user; `total` is how many match the search. */
  total_users: z.number().int(),
  total: z.number().int(),
  users: z.array(AdminUser),
});
export type AdminUserList = z.infer<typeof AdminUserList>;

export const ReferralBody = z.object({
  name: z.string().max(100).default(''),
  referralCode: z.string().max(20).default(''),
});

export const Referral = z.object({
  code: z.string(),
  name: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  uses: z.number().int(),
});
export type Referral = z.infer<typeof Referral>;
export const ReferralList = z.object({ success: z.boolean(), referrals: z.array(Referral) });

export const OutboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;
export const OutboxList = z.object({
  success: z.boolean(),
  transport: z.enum(['outbox', 'smtp']),
  mails: z.array(OutboxMail),
});
export type OutboxList = z.infer<typeof OutboxList>;

// ── CSV exports ──────────────────────────────────────────────────────────────────────────
const IndiaDate = z.iso.date().describe('India date (YYYY-MM-DD), inclusive');
/** `GET /api/admin/deals.csv`: the deals of the rooms the room list's search and start dates match. */
export const DealsExportQuery = z.object({
  q: z.string().max(100).optional(),
  from: IndiaDate.optional(),
  to: IndiaDate.optional(),
});
/** `GET /api/admin/wallet-transactions.csv`. */
export const WalletTxExportQuery = z.object({
  type: TransactionType.optional(),
  from: IndiaDate.optional(),
  to: IndiaDate.optional(),
});
/** `GET /api/admin/orders.csv`: the admin orders screen's filter. */
export const OrdersExportQuery = z.object({ shipment_status: ShipmentStatus.optional() });
/** `GET /api/admin/users.csv`: the user list's search. */
export const UsersExportQuery = z.object({ search: z.string().max(100).optional() });

// ── Revenue and liabilities ──────────────────────────────────────────────────────────────
export const REVENUE_METRIC_NAMES = [
  'deposits',
  'fees_collected',
  'fees_refunded',
  'fees_to_reward',
  'fees_kept',
  'reward_credited',
  'reward_spent',
  'withdrawals',
  'withdrawals_returned',
  'purchases',
  'shop_sales',
] as const;
export const RevenueMetric = z.enum(REVENUE_METRIC_NAMES);
export type RevenueMetric = z.infer<typeof RevenueMetric>;
const Figures = z.record(RevenueMetric, z.number().int());

/** `GET /api/admin/revenue`: per day (default the last 30) or per month (the last 12), India dates. */
export const RevenueQuery = z.object({
  period: z.enum(['day', 'month']).default('day'),
  from: IndiaDate.optional(),
  to: IndiaDate.optional(),
});
export const RevenueReport = z.object({
  period: z.enum(['day', 'month']),
  from: z.string(),
  to: z.string(),
  /** One row per day or month in the range, zeros included, oldest first. Paise. */
  series: z.array(z.object({ period: z.string(), values: Figures })),
  /** The range's sums. */
  totals: Figures,
  /** Owed to members at the end of the range: wallet cash, reward cash, fees in escrow. */
  liabilities: z.object({
    wallet_cash: z.number().int(),
    reward_outstanding: z.number().int(),
    fees_in_escrow: z.number().int(),
  }),
});
export type RevenueReport = z.infer<typeof RevenueReport>;
