import { passwordStrength } from '../../../../engine/user.ts';
import { errorText, plural, t } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';

/** Spec messages the client shows itself (live auction spec §5, §8), in English: show them through `t()`. */
export const MESSAGES = {
  referralEmpty: '⚠️ Please enter a referral code',
  referralNotFound: 'Referral code not found',
  referralServer: 'Server error, try again',
  allFieldsRequired: '⚠️ All fields are required.',
  verifyEmailFirst: '⚠️ Verify your email first.',
  passwordMismatch: '⚠️ Password and Confirm Password do not match.',
  passwordWeak: '⚠️ Password strength must be at least medium.',
  confirmAdult: 'Please confirm that you are 18 or older: Vetri Deals is for members aged 18 and above.',
  registrationFailed: 'Registration failed',
  registrationServer: '⚠️ Server error, please try again.',
  emailFirst: 'Enter an email first.',
  otpRequired: 'Enter OTP.',
  otpSendFailed: 'Failed to send OTP',
  otpInvalid: 'Invalid OTP',
  otpServer: 'Server error, try again.',
  loginRequired: 'Email and password are required.',
  loginServer: 'Server error',
  profileSaved: 'Profile saved successfully!',
  profileFailed: 'Failed to save profile',
  referralAddFailed: 'Something went wrong!',
} as const;

export const REFERRAL_CODE_LENGTH = 6;
export const REGISTER_REDIRECT_MS = 2000;
export const OTP_RESEND_SECONDS = 60;
export const MIN_PASSWORD_STRENGTH = 2;

/** Network failures and server faults (5xx) read as "server error"; 4xx answers carry a message for the user. */
const isServerFault = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.code === 'NETWORK' || error.status >= 500;

/** Landing referral check (§5): not found → the server's message or "Referral code not found"; failure → "Server error, try again". */
export const referralErrorMessage = (error: unknown): string => {
  if (isServerFault(error)) return t(MESSAGES.referralServer);
  const apiError = error as ApiError;
  if (!apiError.message) return t(apiError.status === 404 ? MESSAGES.referralNotFound : MESSAGES.referralServer);
  return errorText(apiError.code, apiError.message, apiError.details);
};

/**
 * A server message for a 4xx answer (in the language shown, by its code), else the given fallback for
 * network failures and 5xx. The fallbacks are English: they are translated here.
 */
export const messageOr = (error: unknown, serverFault: string, missing: string = serverFault): string => {
  if (isServerFault(error)) return t(serverFault);
  const apiError = error as ApiError;
  return apiError.message ? errorText(apiError.code, apiError.message, apiError.details) : t(missing);
};

export const normalizeReferralInput = (value: string): string =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, REFERRAL_CODE_LENGTH);

export { passwordStrength };

const STRENGTH_LABELS = ['Too weak', 'Weak', 'Medium', 'Strong', 'Very strong'] as const;

/** 0–4 → "Too weak" … "Very strong" (English: show it through `t()`). */
export const strengthLabel = (score: number): string =>
  STRENGTH_LABELS[Math.max(0, Math.min(4, Math.round(score)))] ?? STRENGTH_LABELS[0];

export type RegistrationForm = {
  name: string;
  email: string;
  phone: string;
  dob: string;
  district: string;
  password: string;
  confirmPassword: string;
  referralCode: string;
  /** "I am 18 or older": the terms say members are adults. */
  adult: boolean;
};

export const emptyRegistration: RegistrationForm = {
  name: '',
  email: '',
  phone: '',
  dob: '',
  district: '',
  password: '',
  confirmPassword: '',
  referralCode: '',
  adult: false,
};

/** The first rule a registration breaks, in the spec's order and words, or null when it may be sent. */
export const registrationProblem = (form: RegistrationForm, emailVerified: boolean): string | null => {
  const required = [form.name, form.email, form.phone, form.dob, form.district, form.password, form.confirmPassword];
  if (required.some((value) => !value.trim())) return t(MESSAGES.allFieldsRequired);
  if (!emailVerified) return t(MESSAGES.verifyEmailFirst);
  if (form.password !== form.confirmPassword) return t(MESSAGES.passwordMismatch);
  if (passwordStrength(form.password) < MIN_PASSWORD_STRENGTH) return t(MESSAGES.passwordWeak);
  if (!form.adult) return t(MESSAGES.confirmAdult);
  return null;
};

/** Register stays disabled until the email is verified and the password is at least medium. */
export const canRegister = (password: string, emailVerified: boolean): boolean =>
  emailVerified && passwordStrength(password) >= MIN_PASSWORD_STRENGTH;

/** "Arun Kumar" → "AK"; one word → its first letter; words not starting with a letter are skipped. */
export const initialsOf = (name: string): string => {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w));
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => w[0]!.toUpperCase()).join('') || '?';
};

/** "Arun Kumar Raja" → first "Arun", last "Kumar Raja", to prefill a new profile. */
export const splitName = (name: string): { first: string; last: string } => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
};

/** Seconds still to wait before a resend, from a "too soon" answer's details, else the full minute. */
export const retryInSeconds = (error: unknown): number => {
  const value = error instanceof ApiError ? error.details?.retryInSeconds : undefined;
  return typeof value === 'number' && value > 0 ? Math.ceil(value) : OTP_RESEND_SECONDS;
};

/** "Invalid OTP" with the tries left when the server says, e.g. "Invalid OTP (3 tries left)". */
export const otpErrorMessage = (error: unknown): string => {
  if (isServerFault(error)) return t(MESSAGES.otpServer);
  const apiError = error as ApiError;
  const left = apiError.details?.triesLeft;
  if (apiError.code === 'OTP_INVALID' && typeof left === 'number') {
    return left > 0
      ? plural(left, 'Invalid OTP ({n} try left)', 'Invalid OTP ({n} tries left)')
      : t('Invalid OTP. Too many wrong codes: ask for a new code.');
  }
  return apiError.message ? errorText(apiError.code, apiError.message, apiError.details) : t(MESSAGES.otpInvalid);
};
