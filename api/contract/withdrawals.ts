import { z } from 'zod';

/** Withdrawals: a member's request, their list with the limits, and the admin's queue and decisions. */

export const DestinationBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upi'), vpa: z.string().max(300) }),
  z.object({
    kind: z.literal('bank'),
    account_number: z.string().max(40),
    ifsc: z.string().max(20),
    holder: z.string().max(120),
  }),
]);

/** `POST /api/me/withdrawals`. `request_id` (a UUID the page makes) makes a retry the same request. */
export const WithdrawalRequestBody = z.object({
  request_id: z.uuid(),
  amount: z.number().int().describe('Paise; a whole number of rupees'),
  destination: DestinationBody,
});

export const WithdrawalStatus = z.enum(['requested', 'approved', 'paid', 'failed', 'rejected']);
export const WithdrawalDto = z.object({
  id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  amount: z.number().int(),
  destination: z.string().describe('"UPI name@bank" or "A/c ••••1234 (IFSC)"'),
  status: WithdrawalStatus,
  reason: z.string().nullable(),
  requested_at: z.string(),
  updated_at: z.string(),
});
export type WithdrawalDto = z.infer<typeof WithdrawalDto>;

export const MyWithdrawals = z.object({
  withdrawals: z.array(WithdrawalDto),
  limits: z.object({
    min: z.number().int(),
    daily_max: z.number().int(),
    left_today: z.number().int(),
  }),
});
export type MyWithdrawals = z.infer<typeof MyWithdrawals>;

export const WithdrawalQueue = z.object({ withdrawals: z.array(WithdrawalDto) });
export const WithdrawalQueueQuery = z.object({ status: WithdrawalStatus.optional() });
export const WithdrawalIdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });
export const RejectWithdrawalBody = z.object({ reason: z.string().max(1000) });
export const WithdrawalAnswer = z.object({ success: z.boolean(), message: z.string(), withdrawal: WithdrawalDto });
