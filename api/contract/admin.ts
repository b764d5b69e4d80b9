import { z } from 'zod';

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
