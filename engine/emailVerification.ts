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
  /** `proofHash`: the hash of a token only the client that proved the code receives. */
  | { type: 'VerifyOtp'; data: { codeHash: string; proofHash: string; now: number } }
  | {
      type: 'ClaimEmail';
      data: {
        userId: string;
        now: number;
        /** The verifying client's proof (hashed); without it the email counts as not verified. */
        proofHash?: string | null;
        /** Staff and demo accounts made by the server itself. */ trusted?: boolean;
      };
    };

export type EmailEvent =
  | { type: 'OtpIssued'; data: { email: string; codeHash: string; issuedAt: number; expiresAt: number } }
  | { type: 'OtpRejected'; data: { wrongTries: number; at: number } }
  | { type: 'OtpVerified'; data: { at: number; proofHash?: string } }
  | { type: 'EmailClaimed'; data: { userId: string; at: number; proofHash?: string | null } };

export interface EmailState {
  email: string | null;
  otp: { codeHash: string; issuedAt: number; expiresAt: number; wrongTries: number } | null;
  verifiedAt: number | null;
  /** The proof the last verification handed out (hashed), until a claim uses it. */
  verifiedProof: string | null;
  claimedBy: string | null;
  /** The proof the claim was made with: only that client may finish a registration cut short. */
  claimProof: string | null;
}

export const initialState: EmailState = {
  email: null,
  otp: null,
  verifiedAt: null,
  verifiedProof: null,
  claimedBy: null,
  claimProof: null,
};

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
  return [{ type: 'OtpVerified', data: { at: c.now, proofHash: c.proofHash } }];
};

/**
 * One account per email, claimed with the proof of the client that verified it. The proof is
 * checked before anything else, so without it every email answers alike ("verify first"), whether
 * or not it has an account; with it, the truth ("already exists") is no leak: that client owns the mail.
 */
const claim = (c: Extract<EmailCommand, { type: 'ClaimEmail' }>['data'], s: EmailState): EmailEvent[] => {
  const fresh = s.verifiedAt !== null && c.now - s.verifiedAt <= VERIFIED_TTL_MS;
  const proved =
    c.trusted === true ||
    (!!c.proofHash && ((fresh && c.proofHash === s.verifiedProof) || c.proofHash === s.claimProof));
  if (!proved) throw new DomainError('EMAIL_NOT_VERIFIED', '⚠️ Verify your email first.');
  if (s.claimedBy === c.userId) return [];
  if (s.claimedBy) throw new DomainError('EMAIL_TAKEN', 'An account with this email already exists.');
  return [{ type: 'EmailClaimed', data: { userId: c.userId, at: c.now, proofHash: c.proofHash ?? null } }];
};

/**
 * Email verification and uniqueness (`email-{hash}`): an OTP is issued at most once a minute,
 * accepted within 10 minutes and after at most 5 wrong tries; an email is claimed by one user only.
 * A wrong code is recorded (so the try counts) and then reported by the caller as "Invalid OTP".
 */
export const decide = (command: EmailCommand, state: EmailState): EmailEvent[] => {
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
};

export const evolve = (state: EmailState, event: EmailEvent): EmailState => {
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
      return { ...state, otp: null, verifiedAt: event.data.at, verifiedProof: event.data.proofHash ?? null };
    case 'EmailClaimed':
      // The proof is used up: it can only finish this same registration.
      return {
        ...state,
        claimedBy: event.data.userId,
        claimProof: event.data.proofHash ?? null,
        verifiedProof: null,
      };
    default:
      return state;
  }
};

export const emailDecider: Decider<EmailCommand, EmailEvent, EmailState> = { initialState, decide, evolve };
