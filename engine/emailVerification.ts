import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

/** OTP rules: 6 digits, valid 10 minutes, at most 5 wrong tries, resend no sooner than 60 s. */
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_WRONG = 5;
export const OTP_RESEND_MS = 60_000;
/** A verified email must be used to register within this time. */
export const VERIFIED_TTL_MS = 60 * 60_000;

export type EmailCommand =
  | { type: 'IssueOtp'; data: { email: string; codeHash: string; now: number } }
  | { type: 'VerifyOtp'; data: { codeHash: string; now: number } }
  | {
      type: 'ClaimEmail';
      data: {
        userId: string;
        now: number;
        /** Staff and demo accounts made by the server itself. */ trusted?: boolean;
      };
    };

export type EmailEvent =
  | { type: 'OtpIssued'; data: { email: string; codeHash: string; issuedAt: number; expiresAt: number } }
  | { type: 'OtpRejected'; data: { wrongTries: number; at: number } }
  | { type: 'OtpVerified'; data: { at: number } }
  | { type: 'EmailClaimed'; data: { userId: string; at: number } };

export interface EmailState {
  email: string | null;
  otp: { codeHash: string; issuedAt: number; expiresAt: number; wrongTries: number } | null;
  verifiedAt: number | null;
  claimedBy: string | null;
}

export const initialEmailState: EmailState = { email: null, otp: null, verifiedAt: null, claimedBy: null };

const issue = (c: Extract<EmailCommand, { type: 'IssueOtp' }>['data'], s: EmailState): EmailEvent[] => {
  if (s.claimedBy) throw new DomainError('EMAIL_TAKEN', 'An account with this email already exists.');
  if (s.otp && c.now - s.otp.issuedAt < OTP_RESEND_MS) {
    const wait = Math.ceil((OTP_RESEND_MS - (c.now - s.otp.issuedAt)) / 1000);
    throw new DomainError('OTP_RESEND_TOO_SOON', `Please wait ${wait}s before asking for a new code.`, {
      retryInSeconds: wait,
    });
  }
  return [
    {
      type: 'OtpIssued',
      data: { email: c.email, codeHash: c.codeHash, issuedAt: c.now, expiresAt: c.now + OTP_TTL_MS },
    },
  ];
};

const verify = (c: Extract<EmailCommand, { type: 'VerifyOtp' }>['data'], s: EmailState): EmailEvent[] => {
  if (!s.otp) throw new DomainError('OTP_NOT_SENT', 'Invalid OTP');
  if (s.otp.wrongTries >= OTP_MAX_WRONG) {
    throw new DomainError('OTP_LOCKED', 'Too many wrong codes. Ask for a new code.');
  }
  if (c.now > s.otp.expiresAt) throw new DomainError('OTP_EXPIRED', 'This code has expired. Ask for a new code.');
  if (c.codeHash !== s.otp.codeHash) {
    const wrongTries = s.otp.wrongTries + 1;
    return [{ type: 'OtpRejected', data: { wrongTries, at: c.now } }];
  }
  return [{ type: 'OtpVerified', data: { at: c.now } }];
};

const claim = (c: Extract<EmailCommand, { type: 'ClaimEmail' }>['data'], s: EmailState): EmailEvent[] => {
  if (s.claimedBy === c.userId) return [];
  if (s.claimedBy) throw new DomainError('EMAIL_TAKEN', 'An account with this email already exists.');
  if (!c.trusted && (s.verifiedAt === null || c.now - s.verifiedAt > VERIFIED_TTL_MS)) {
    throw new DomainError('EMAIL_NOT_VERIFIED', '⚠️ Verify your email first.');
  }
  return [{ type: 'EmailClaimed', data: { userId: c.userId, at: c.now } }];
};

/**
 * Email verification and uniqueness (`email-{hash}`): an OTP is issued at most once a minute,
 * accepted within 10 minutes and after at most 5 wrong tries; an email is claimed by one user only.
 * A wrong code is recorded (so the try counts) and then reported by the caller as "Invalid OTP".
 */
export const emailDecider: Decider<EmailCommand, EmailEvent, EmailState> = {
  initialState: initialEmailState,
  decide: (command, state) => {
    switch (command.type) {
      case 'IssueOtp':
        return issue(command.data, state);
      case 'VerifyOtp':
        return verify(command.data, state);
      case 'ClaimEmail':
        return claim(command.data, state);
      default:
        return assertNever(command);
    }
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'OtpIssued':
        return {
          ...state,
          email: event.data.email,
          otp: {
            codeHash: event.data.codeHash,
            issuedAt: event.data.issuedAt,
            expiresAt: event.data.expiresAt,
            wrongTries: 0,
          },
        };
      case 'OtpRejected':
        return state.otp ? { ...state, otp: { ...state.otp, wrongTries: event.data.wrongTries } } : state;
      case 'OtpVerified':
        return { ...state, otp: null, verifiedAt: event.data.at };
      case 'EmailClaimed':
        return { ...state, claimedBy: event.data.userId };
      default:
        return state;
    }
  },
};
