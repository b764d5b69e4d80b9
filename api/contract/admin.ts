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

// ── Fairness insights (issue 21.7) ──────────────────────────────────────────────────────
export const INTEGRITY_FLAG_KINDS = [
  'last-second',
  'shared-device',
  'shared-address',
  'single-opponent',
  'scripted-burst',
] as const;
export const IntegrityFlagKind = z.enum(INTEGRITY_FLAG_KINDS);
export type IntegrityFlagKind = z.infer<typeof IntegrityFlagKind>;

export const IntegrityQuery = z.object({
  status: z.enum(['open', 'reviewed']).optional(),
  kind: IntegrityFlagKind.optional(),
  room: z
    .string()
    .max(20)
    .transform((s) => s.trim().toUpperCase())
    .optional(),
});

/** One deal behind a flag, with its place in the room's stream (the replay's moment). */
export const IntegrityEvidence = z.object({
  room: z.string(),
  event_id: z.string(),
  revision: z.number().int(),
  position: z.number().int(),
  user_id: z.string(),
  user_name: z.string(),
  at: z.number(),
  /** Milliseconds left before the deadline in force when the deal came in. */
  before_ms: z.number(),
});
export type IntegrityEvidence = z.infer<typeof IntegrityEvidence>;

/**
 * What a flag found, as data (by kind): the screen writes the reviewer's sentence from it in the
 * reader's language. Members are ids (their names are in the flag's `members`).
 */
export const IntegrityFlagFacts = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('last-second'),
    member: z.string(),
    /** Of `deals`, how many came in the last second before the deadline. */
    late: z.number().int(),
    /** The member's deals in finished rooms, across `rooms` rooms. */
    deals: z.number().int(),
    rooms: z.number().int(),
  }),
  z.object({
    kind: z.literal('single-opponent'),
    member: z.string(),
    /** The one member every deal of `member` topped. */
    opponent: z.string(),
    rooms: z.number().int(),
    deals: z.number().int(),
  }),
  z.object({
    kind: z.literal('scripted-burst'),
    member: z.string(),
    room: z.string(),
    /** Deals at near-constant intervals; 0: not a reason. */
    even_deals: z.number().int(),
    /** Replies faster than `fast_ms`; 0: not a reason. */
    fast_reactions: z.number().int(),
    fast_ms: z.number(),
  }),
  z.object({
    kind: z.enum(['shared-device', 'shared-address']),
    room: z.string(),
    /** Members who dealt in the room and signed in from the same device or network address. */
    member_count: z.number().int(),
  }),
]);
export type IntegrityFlagFacts = z.infer<typeof IntegrityFlagFacts>;

export const IntegrityFlag = z.object({
  id: z.string(),
  kind: IntegrityFlagKind,
  room: z.string().nullable(),
  members: z.array(z.object({ id: z.string(), name: z.string() })),
  facts: IntegrityFlagFacts,
  evidence: z.array(IntegrityEvidence),
  rooms: z.array(z.string()),
  /** Grows when new evidence arrives; a review is for one version. */
  version: z.number().int(),
  status: z.enum(['open', 'reviewed']),
  raised_at: z.number(),
  updated_at: z.number(),
  review: z
    .object({
      outcome: z.enum(['dismissed', 'action_noted']),
      note: z.string(),
      by: z.object({ id: z.string(), name: z.string() }),
      at: z.number(),
      version: z.number().int(),
    })
    .nullable(),
});
export type IntegrityFlag = z.infer<typeof IntegrityFlag>;

export const IntegrityRoomSummary = z.object({
  room: z.string(),
  ended_at: z.number(),
  deals: z.number().int(),
  members: z.number().int(),
  open_flags: z.number().int(),
});
export type IntegrityRoomSummary = z.infer<typeof IntegrityRoomSummary>;

export const IntegrityQueue = z.object({
  flags: z.array(IntegrityFlag),
  /** Finished rooms with deals, newest first, for their reports. */
  rooms: z.array(IntegrityRoomSummary),
});
export type IntegrityQueue = z.infer<typeof IntegrityQueue>;

export const IntegrityMemberTiming = z.object({
  user_id: z.string(),
  user_name: z.string(),
  deals: z.number().int(),
  median_before_ms: z.number(),
  last_second_share: z.number(),
  /** Deals by seconds before the deadline: < 1, 1–2, 2–5, 5–10, 10–20, ≥ 20. */
  buckets: z.array(z.number().int()),
});
export type IntegrityMemberTiming = z.infer<typeof IntegrityMemberTiming>;

export const IntegrityRoomReport = z.object({
  room: z.string(),
  started_at: z.number(),
  ended_at: z.number(),
  end_reason: z.string().nullable(),
  winner_id: z.string().nullable(),
  /** Upper bounds (seconds) of the timing buckets; the last bucket is open. */
  bucket_limits: z.array(z.number()),
  timings: z.array(IntegrityMemberTiming),
  deals: z.array(
    IntegrityEvidence.extend({ seq: z.number().int(), opponent_id: z.string().nullable(), reaction_ms: z.number() }),
  ),
  flags: z.array(IntegrityFlag),
});
export type IntegrityRoomReport = z.infer<typeof IntegrityRoomReport>;

export const IntegrityReviewBody = z.object({
  /** Flag ids name their room and members, so a full room's shared-address flag is long. */
  flag_id: z.string().min(1).max(4000),
  outcome: z.enum(['dismissed', 'action_noted']),
  note: z.string().max(2000),
  /** The flag version the admin reviewed. */
  version: z.number().int().min(1),
});
export const IntegrityReviewAnswer = z.object({ success: z.boolean(), message: z.string(), flag: IntegrityFlag });
