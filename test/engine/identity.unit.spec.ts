import { describe, it, expect } from 'vitest';
import { emailDecider, OTP_RESEND_MS, OTP_TTL_MS } from '../../engine/emailVerification.ts';
import type { EmailEvent } from '../../engine/emailVerification.ts';
import { referralDecider } from '../../engine/referral.ts';
import { passwordStrength, TN_DISTRICTS, userDecider } from '../../engine/user.ts';
import type { UserEvent } from '../../engine/user.ts';
import { specFor } from '../helpers/decider.ts';

const email = specFor(emailDecider);
const referral = specFor(referralDecider);
const user = specFor(userDecider);

const T0 = Date.parse('2026-11-22T05:00:00Z');
const issued: EmailEvent = {
  type: 'OtpIssued',
  data: { email: 'a@b.in', codeHash: 'h1', issuedAt: T0, expiresAt: T0 + OTP_TTL_MS },
};

describe('email verification', () => {
  it('issues a code', () => {
    email()
      .when({ type: 'IssueOtp', data: { email: 'a@b.in', codeHash: 'h1', now: T0 } })
      .then([issued]);
  });
  it('refuses a resend sooner than 60 s, saying how long to wait', () => {
    email([issued])
      .when({ type: 'IssueOtp', data: { email: 'a@b.in', codeHash: 'h2', now: T0 + 45_000 } })
      .thenThrows('OTP_RESEND_TOO_SOON', 'Please wait 15s before asking for a new code.');
  });
  it('allows a resend after 60 s, and the new code resets the wrong tries', () => {
    const { events } = email([issued, { type: 'OtpRejected', data: { wrongTries: 5, at: T0 + 1 } }])
      .when({ type: 'IssueOtp', data: { email: 'a@b.in', codeHash: 'h2', now: T0 + OTP_RESEND_MS } })
      .result();
    expect(events[0]?.type).toBe('OtpIssued');
  });
  it('verifies the right code within 10 minutes', () => {
    email([issued])
      .when({ type: 'VerifyOtp', data: { codeHash: 'h1', proofHash: 'p1', now: T0 + OTP_TTL_MS } })
      .then([{ type: 'OtpVerified', data: { at: T0 + OTP_TTL_MS, proofHash: 'p1' } }]);
  });
  it('records a wrong code as a rejected try', () => {
    email([issued, { type: 'OtpRejected', data: { wrongTries: 2, at: T0 } }])
      .when({ type: 'VerifyOtp', data: { codeHash: 'bad', proofHash: 'p1', now: T0 + 1000 } })
      .then([{ type: 'OtpRejected', data: { wrongTries: 3, at: T0 + 1000 } }]);
  });
  it('locks the code after 5 wrong tries, even for the right code', () => {
    email([issued, { type: 'OtpRejected', data: { wrongTries: 5, at: T0 } }])
      .when({ type: 'VerifyOtp', data: { codeHash: 'h1', proofHash: 'p1', now: T0 + 1000 } })
      .thenThrows('OTP_LOCKED');
  });
  it('refuses an expired code', () => {
    email([issued])
      .when({ type: 'VerifyOtp', data: { codeHash: 'h1', proofHash: 'p1', now: T0 + OTP_TTL_MS + 1 } })
      .thenThrows('OTP_EXPIRED');
  });
  it('refuses a code that was never sent with "Invalid OTP"', () => {
    email()
      .when({ type: 'VerifyOtp', data: { codeHash: 'h1', proofHash: 'p1', now: T0 } })
      .thenThrows('OTP_NOT_SENT', 'Invalid OTP');
  });
  it('lets a verified email be claimed once, with the verifying client’s proof, and refuses a second account', () => {
    const verified: EmailEvent[] = [issued, { type: 'OtpVerified', data: { at: T0 + 1, proofHash: 'p1' } }];
    email(verified)
      .when({ type: 'ClaimEmail', data: { userId: 'U1', now: T0 + 2, proofHash: 'p1' } })
      .then([{ type: 'EmailClaimed', data: { userId: 'U1', at: T0 + 2, proofHash: 'p1' } }]);
    const claimed: EmailEvent[] = [
      ...verified,
      { type: 'EmailClaimed', data: { userId: 'U1', at: T0 + 2, proofHash: 'p1' } },
    ];
    email(claimed)
      .when({ type: 'ClaimEmail', data: { userId: 'U2', now: T0 + 3, proofHash: 'p1' } })
      .thenThrows('EMAIL_TAKEN', 'An account with this email already exists.');
    // The same registration, cut short after its claim, may finish with the same proof.
    email(claimed)
      .when({ type: 'ClaimEmail', data: { userId: 'U1', now: T0 + 3, proofHash: 'p1' } })
      .thenNothing();
  });
  it('answers every email alike without the verifying client’s proof: unverified, verified by someone else, or taken', () => {
    const verified: EmailEvent[] = [issued, { type: 'OtpVerified', data: { at: T0 + 1, proofHash: 'p1' } }];
    const claimed: EmailEvent[] = [
      ...verified,
      { type: 'EmailClaimed', data: { userId: 'U1', at: T0 + 2, proofHash: 'p1' } },
    ];
    for (const [history, proofHash] of [
      [[issued], 'p1'],
      [verified, null],
      [verified, 'stranger'],
      [claimed, null],
      [claimed, 'stranger'],
    ] as const) {
      email([...history])
        .when({ type: 'ClaimEmail', data: { userId: 'U9', now: T0 + 3, proofHash } })
        .thenThrows('EMAIL_NOT_VERIFIED', '⚠️ Verify your email first.');
    }
  });
  it('uses a proof once: after the claim it cannot claim the email for another account', () => {
    email([
      issued,
      { type: 'OtpVerified', data: { at: T0 + 1, proofHash: 'p1' } },
      { type: 'EmailClaimed', data: { userId: 'U1', at: T0 + 2, proofHash: 'p1' } },
    ])
      .when({ type: 'ClaimEmail', data: { userId: 'U2', now: T0 + 3, proofHash: 'p1' } })
      .thenThrows('EMAIL_TAKEN');
  });
});

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'U1',
    name: 'Arun',
    email: 'a@b.in',
    phone: '9840012345',
    dob: '1990-01-01',
    district: 'Chennai',
    passwordHash: 'x',
    referralCode: null,
    role: 'member',
    access: 'waitlisted',
    registeredAt: T0,
  },
};

describe('user', () => {
  it('puts a member without a referral code on the waitlist', () => {
    const { access: _a, registeredAt: _r, ...reg } = registered.data;
    user()
      .when({ type: 'RegisterUser', data: { ...reg, now: T0 } })
      .then([registered]);
  });
  it('grants access to a member with a referral code', () => {
    const { access: _a, registeredAt: _r, ...reg } = registered.data;
    const { events } = user()
      .when({ type: 'RegisterUser', data: { ...reg, referralCode: 'VETRI1', now: T0 } })
      .result();
    expect(events[0]).toMatchObject({ data: { access: 'granted', referralCode: 'VETRI1' } });
  });
  it('grants access once; granting again changes nothing', () => {
    user([registered])
      .when({ type: 'GrantAccess', data: { by: 'ADMIN', now: T0 } })
      .then([{ type: 'AccessGranted', data: { by: 'ADMIN', at: T0 } }]);
    user([registered, { type: 'AccessGranted', data: { by: 'ADMIN', at: T0 } }])
      .when({ type: 'GrantAccess', data: { by: 'ADMIN', now: T0 } })
      .thenNothing();
  });
  it('refuses a profile without the required fields with the spec message', () => {
    const profile = {
      first_name: 'Arun',
      last_name: '',
      email: 'a@b.in',
      mobile: '9840012345',
      date_of_birth: null,
      gender: null,
      address_line1: '',
      address_line2: '',
      city: '',
      state: '',
      country: '',
      postal_code: '',
    };
    user([registered])
      .when({ type: 'SaveProfile', data: { profile, now: T0 } })
      .thenThrows('PROFILE_INVALID', 'Failed to save profile');
  });
  it('ends only a session it started', () => {
    const started: UserEvent = { type: 'SessionStarted', data: { sessionHash: 's1', expiresAt: T0 + 1, at: T0 } };
    user([registered, started])
      .when({ type: 'EndSession', data: { sessionHash: 's1', now: T0 } })
      .then([{ type: 'SessionEnded', data: { sessionHash: 's1', at: T0 } }]);
    user([registered, started])
      .when({ type: 'EndSession', data: { sessionHash: 'other', now: T0 } })
      .thenNothing();
  });
  it('rates password strength with one point per rule', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abcdef')).toBe(1);
    expect(passwordStrength('Abcdef')).toBe(2);
    expect(passwordStrength('Abcde1')).toBe(3);
    expect(passwordStrength('Abcd1!')).toBe(4);
    expect(passwordStrength('A1!')).toBe(3);
  });
  it('lists the 38 districts of Tamil Nadu from Ariyalur to Virudhunagar', () => {
    expect(TN_DISTRICTS).toHaveLength(38);
    expect(TN_DISTRICTS[0]).toBe('Ariyalur');
    expect(TN_DISTRICTS.at(-1)).toBe('Virudhunagar');
    expect(TN_DISTRICTS).toEqual(
      expect.arrayContaining(['Chennai', 'Coimbatore', 'Madurai', 'Salem', 'Thanjavur', 'Tiruchirappalli']),
    );
  });
});

describe('referral code', () => {
  it('is created once; a duplicate is refused', () => {
    referral()
      .when({ type: 'CreateReferral', data: { code: 'ABC123', name: 'Ravi', createdBy: 'A', now: T0 } })
      .then([{ type: 'ReferralCreated', data: { code: 'ABC123', name: 'Ravi', createdBy: 'A', at: T0 } }]);
    referral([{ type: 'ReferralCreated', data: { code: 'ABC123', name: 'Ravi', createdBy: 'A', at: T0 } }])
      .when({ type: 'CreateReferral', data: { code: 'ABC123', name: 'Other', createdBy: 'A', now: T0 } })
      .thenThrows('REFERRAL_EXISTS');
  });
  it('must be 6 letters or digits', () => {
    referral()
      .when({ type: 'CreateReferral', data: { code: 'AB12', name: 'Ravi', createdBy: 'A', now: T0 } })
      .thenThrows('REFERRAL_INVALID');
  });
  it('cannot be used before it exists', () => {
    referral()
      .when({ type: 'UseReferral', data: { userId: 'U1', now: T0 } })
      .thenThrows('REFERRAL_NOT_FOUND', 'Referral code not found');
  });
});
