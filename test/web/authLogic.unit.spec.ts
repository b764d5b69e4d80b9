import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/src/lib/api.ts';
import {
  canRegister,
  emptyRegistration,
  initialsOf,
  messageOr,
  normalizeReferralInput,
  otpErrorMessage,
  referralErrorMessage,
  registrationProblem,
  retryInSeconds,
  splitName,
  strengthLabel,
} from '../../web/src/screens/auth/authLogic.ts';
import { referralAddError } from '../../web/src/screens/admin/AddReferral.tsx';
import { profileBody, profileComplete, profileFormFrom } from '../../web/src/screens/auth/profileForm.ts';

const complete = {
  ...emptyRegistration,
  name: 'Kavya Raman',
  email: 'kavya@example.in',
  phone: '9840099999',
  dob: '1996-05-20',
  district: 'Thanjavur',
  password: 'Kavya@2026',
  confirmPassword: 'Kavya@2026',
  adult: true,
};

describe('registration rules (live auction spec §5), in order and word for word', () => {
  it('asks the member to confirm they are 18 or older, after the spec’s rules', () => {
    expect(registrationProblem({ ...complete, adult: false }, true)).toBe(
      'Please confirm that you are 18 or older: Vetri Deals is for members aged 18 and above.',
    );
  });

  it('asks for every field', () => {
    for (const key of ['name', 'email', 'phone', 'dob', 'district', 'password', 'confirmPassword'] as const)
      expect(registrationProblem({ ...complete, [key]: '  ' }, true), key).toBe('⚠️ All fields are required.');
  });

  it('does not need a referral code', () => {
    expect(registrationProblem({ ...complete, referralCode: '' }, true)).toBeNull();
  });

  it('needs a verified email', () => {
    expect(registrationProblem(complete, false)).toBe('⚠️ Verify your email first.');
  });

  it('needs matching passwords', () => {
    expect(registrationProblem({ ...complete, confirmPassword: 'Kavya@2027' }, true)).toBe(
      '⚠️ Password and Confirm Password do not match.',
    );
  });

  it('needs strength of at least 2', () => {
    expect(registrationProblem({ ...complete, password: 'abcdef', confirmPassword: 'abcdef' }, true)).toBe(
      '⚠️ Password strength must be at least medium.',
    );
    expect(registrationProblem({ ...complete, password: 'abcdeF', confirmPassword: 'abcdeF' }, true)).toBeNull();
  });

  it('keeps Register disabled until the email is verified and strength is at least 2', () => {
    expect(canRegister('Kavya@2026', false)).toBe(false);
    expect(canRegister('kavya', true)).toBe(false);
    expect(canRegister('abcdef', true)).toBe(false);
    expect(canRegister('abcdef1', true)).toBe(true);
  });
});

describe('strength labels', () => {
  it('names each score 0–4', () => {
    expect([0, 1, 2, 3, 4].map(strengthLabel)).toEqual(['Too weak', 'Weak', 'Medium', 'Strong', 'Very strong']);
  });
});

describe('referral check messages (§5, §8)', () => {
  it('shows the not-found message', () => {
    expect(referralErrorMessage(new ApiError('REFERRAL_NOT_FOUND', 'Referral code not found', 404))).toBe(
      'Referral code not found',
    );
  });

  it('says "Server error, try again" on a network failure or a server fault', () => {
    expect(referralErrorMessage(new ApiError('NETWORK', 'Server error', 0))).toBe('Server error, try again');
    expect(referralErrorMessage(new ApiError('INTERNAL', 'oops', 500))).toBe('Server error, try again');
    expect(referralErrorMessage(new TypeError('failed to fetch'))).toBe('Server error, try again');
  });

  it('keeps codes to 6 upper-case letters and digits', () => {
    expect(normalizeReferralInput(' vetri-1x9 ')).toBe('VETRI1');
  });
});

describe('OTP messages', () => {
  it('says "Invalid OTP" with the tries left', () => {
    expect(otpErrorMessage(new ApiError('OTP_INVALID', 'Invalid OTP', 422, { triesLeft: 3 }))).toBe(
      'Invalid OTP (3 tries left)',
    );
    expect(otpErrorMessage(new ApiError('OTP_INVALID', 'Invalid OTP', 422, { triesLeft: 1 }))).toBe(
      'Invalid OTP (1 try left)',
    );
    expect(otpErrorMessage(new ApiError('OTP_INVALID', 'Invalid OTP', 422))).toBe('Invalid OTP');
  });

  it('says "Server error, try again." when the server cannot be reached', () => {
    expect(otpErrorMessage(new ApiError('NETWORK', 'Server error', 0))).toBe('Server error, try again.');
  });

  it('waits as long as the server says before a resend', () => {
    expect(retryInSeconds(new ApiError('OTP_RESEND_TOO_SOON', 'wait', 422, { retryInSeconds: 42 }))).toBe(42);
    expect(retryInSeconds(new Error('x'))).toBe(60);
  });

  it('uses the fallback when a server error carries no message', () => {
    expect(messageOr(new ApiError('X', '', 400), 'Server error, try again.', 'Failed to send OTP')).toBe(
      'Failed to send OTP',
    );
  });
});

describe('add referral messages', () => {
  it('shows server messages as returned and "Something went wrong!" on network failure', () => {
    expect(referralAddError(new ApiError('REFERRAL_EXISTS', 'Referral code MDU001 already exists.', 422))).toBe(
      'Referral code MDU001 already exists.',
    );
    expect(referralAddError(new ApiError('NETWORK', 'Server error', 0))).toBe('Something went wrong!');
    expect(referralAddError(new SyntaxError('Unexpected token'))).toBe('Something went wrong!');
  });
});

describe('names', () => {
  it('gives initials and splits a name for a first profile', () => {
    expect(initialsOf('Arun Kumar')).toBe('AK');
    expect(initialsOf('Lakshmi Narayanan (Auditor)')).toBe('LN');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('priya')).toBe('P');
    expect(splitName('Arun Kumar Raja')).toEqual({ first: 'Arun', last: 'Kumar Raja' });
  });
});

describe('profile form', () => {
  const user = {
    id: 'U1',
    name: 'Arun Kumar',
    email: 'a@b.in',
    created_at: '2026-01-01',
    phone: '98',
    dob: '1990-01-01',
  };

  it('drafts a first profile from the registration', () => {
    const form = profileFormFrom({ exists: false, profile: null, user });
    expect(form).toMatchObject({ first_name: 'Arun', last_name: 'Kumar', email: 'a@b.in', mobile: '98' });
    expect(profileComplete(form)).toBe(true);
    expect(profileComplete({ ...form, mobile: ' ' })).toBe(false);
  });

  it('sends an empty date of birth and gender as null, and no user id', () => {
    const body = profileBody({ ...profileFormFrom({ exists: false, profile: null, user }), date_of_birth: '' });
    expect(body.date_of_birth).toBeNull();
    expect(body.gender).toBeNull();
    expect(body).not.toHaveProperty('user_id');
    expect(profileBody({ ...profileFormFrom({ exists: false, profile: null, user }), gender: 'Female' }).gender).toBe(
      'Female',
    );
  });
});
