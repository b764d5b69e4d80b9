import { z } from 'zod';
import type { Profile as EngineProfile } from '../../engine/user.ts';
import { GENDERS, LANGS } from '../../engine/user.ts';
import { TRANSACTION_TYPES } from '../../engine/wallet.ts';

/**
 * A member's account over REST and the socket: session, sign-up, profile and wallet. A member's
 * balances are `cash` (the wallet) and `reward_cash` everywhere: REST, the socket and the stores.
 */

/** A member's balances in paise, as `GET /api/me/wallet` answers and `walletUpdate` pushes. */
export const WalletBalances = z.object({
  cash: z.number().int().describe('Cash balance in paise'),
  reward_cash: z.number().int().describe('Reward cash in paise (shop only)'),
  held: z.number().int().describe('Entry fees held for pre-booked rooms, in paise'),
  revision: z.number().int().describe('Wallet stream revision (-1 when the wallet has no events)'),
});
export type WalletBalances = z.infer<typeof WalletBalances>;

export const TransactionType = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof TransactionType>;

export const WalletTransaction = z.object({
  id: z.string(),
  type: TransactionType,
  amount: z.number().int().describe('Paise, always positive'),
  sign: z.enum(['+', '-']),
  balance: z.enum(['cash', 'reward']),
  room_code: z.string().nullable(),
  product_name: z.string().nullable(),
  payment_id: z.string().nullable(),
  created_at: z.string().describe('ISO 8601 UTC'),
});
export type WalletTransaction = z.infer<typeof WalletTransaction>;
export const WalletTransactions = z.object({ success: z.boolean(), transactions: z.array(WalletTransaction) });
export const WalletTransactionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const DepositRequest = z.object({
  amount: z.number().describe('Paise; a whole number of rupees above ₹0 (the buttons send 5000, 10000, 20000)'),
});
export const DepositOrder = z.object({
  order_id: z.string(),
  checkout_url: z
    .string()
    .describe('Open with a full page navigation; it returns to /wallet with payment_success and order_id'),
  amount: z.number().int(),
});
export type DepositOrder = z.infer<typeof DepositOrder>;

/** What a payment provider's checkout hands back to the browser, which forwards it for verification. */
export const PaymentCallbackBody = z.object({
  razorpay_order_id: z.string().min(1).max(64),
  razorpay_payment_id: z.string().min(1).max(64),
  razorpay_signature: z.string().min(1).max(128),
});
export const DepositVerified = WalletBalances.extend({ success: z.boolean(), applied: z.boolean() });

// ── Session and sign-up ─────────────────────────────────────────────────────────────────

export const SessionUserDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  access: z.string(),
  created_at: z.string(),
  avatar: z.string().nullable().optional().describe('The avatar image address, or null for initials'),
  lang: z.enum(LANGS).optional().describe("The member's language for mails and notifications"),
});
/** `GET /api/auth/session`: who is signed in, and their balances (the spec's `wallet`). */
export const SessionResponse = z.object({
  logged_in: z.boolean(),
  user: SessionUserDto.nullable(),
  wallet: WalletBalances.nullable(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;
export const LoginAnswer = SessionResponse.extend({ status: z.string(), message: z.string() });
export type LoginAnswer = z.infer<typeof LoginAnswer>;
/** `POST /api/auth/register`: the new member, already signed in (the session cookie is set). */
export const RegisterAnswer = LoginAnswer.extend({ user_id: z.string() });
export type RegisterAnswer = z.infer<typeof RegisterAnswer>;

const text = (max: number) => z.string().max(max).default('');
/** The visitor's language (the site's, sent by the client) for the mails of a request made before signing in; anything else is English. */
export const RequestLang = z.enum(LANGS).optional().catch(undefined);
export const OtpBody = z.object({ email: text(254), lang: RequestLang });
export const VerifyOtpBody = z.object({ email: text(254), otp: text(20) });
export const RegisterBody = z.object({
  name: text(100),
  email: text(254),
  phone: text(20),
  dob: text(10),
  district: text(40),
  password: text(200),
  confirmPassword: text(200),
  referralCode: z.string().max(6, 'Referral code is at most 6 characters').nullish(),
  /** The member confirms they are 18 or older (the terms say so); the date of birth must agree. */
  adult: z.boolean().optional(),
  /** From /otp/verify; browsers send the httpOnly cookie instead. */
  verificationToken: z.string().max(100).optional(),
  /** The language the visitor registered in: their mails and notifications come in it. */
  lang: RequestLang,
});
export type RegisterBody = z.input<typeof RegisterBody>;
export const LoginBody = z.object({ email: text(254), password: text(200) });

/** `PUT /api/me/language`: the member's language ('en' or 'ta'; the rules refuse anything else with LANG_INVALID). */
export const LanguageBody = z.object({ lang: z.string().max(10) });
export const LanguageAnswer = z.object({ lang: z.enum(LANGS) });

const field = (max: number) => z.string().trim().max(max).default('');
/** The member's own profile form. */
export const ProfileBody = z
  .object({
    first_name: field(60),
    last_name: field(60),
    email: field(254),
    mobile: field(20),
    date_of_birth: z.string().trim().max(10).nullish(),
    gender: z
      .enum(GENDERS)
      .nullish()
      .or(z.literal('').transform(() => null)),
    address_line1: field(200),
    address_line2: field(200),
    city: field(80),
    state: field(80),
    country: field(80),
    postal_code: field(12),
  })
  .strip();

/** A saved profile as `GET /api/me/profile` gives it. */
export const Profile = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  date_of_birth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postal_code: z.string(),
}) satisfies z.ZodType<EngineProfile>;

/** `GET /api/me/profile`: the saved profile, or none yet and the registration's details to start from. */
export const ProfileAnswer = z.object({
  exists: z.boolean(),
  profile: Profile.nullable(),
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    created_at: z.string(),
    phone: z.string(),
    dob: z.string(),
    avatar: z.string().nullable().optional(),
  }),
});
/** `POST /api/me/profile/avatar`: the new avatar's address. */
export const AvatarAnswer = z.object({ success: z.boolean(), avatar: z.string(), message: z.string() });
export type AvatarAnswer = z.infer<typeof AvatarAnswer>;
/** Avatars are resized to this square in the browser; the server refuses anything larger. */
export const AVATAR_SIZE_PX = 256;
/** The largest picture a member may choose (before the browser resizes it). */
export const AVATAR_PICK_MAX_BYTES = 2_000_000;
export type ProfileAnswer = z.infer<typeof ProfileAnswer>;
