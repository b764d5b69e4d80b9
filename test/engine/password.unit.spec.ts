import { describe, it } from 'vitest';
import type { UserEvent } from '../../engine/user.ts';
import { userDecider } from '../../engine/user.ts';
import { specFor } from '../helpers/decider.ts';

const user = specFor(userDecider);
const T0 = Date.parse('2026-11-24T06:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'U1',
    name: 'Arun',
    email: 'a@b.in',
    phone: '9840012345',
    dob: '1990-01-01',
    district: 'Chennai',
    passwordHash: 'old',
    referralCode: 'VETRI1',
    role: 'member',
    access: 'granted',
    registeredAt: T0,
  },
};
const session = (sessionHash: string): UserEvent => ({
  type: 'SessionStarted',
  data: { sessionHash, expiresAt: T0 + 1e9, at: T0 },
});
const requested = (tokenHash: string, at = T0): UserEvent => ({
  type: 'PasswordResetRequested',
  data: { tokenHash, expiresAt: at + 30 * 60_000, at },
});
const ended = (sessionHash: string, at: number): UserEvent => ({ type: 'SessionEnded', data: { sessionHash, at } });

describe('user: password reset', () => {
  it('records the request with the token’s hash only', () => {
    user([registered])
      .when({ type: 'RequestPasswordReset', data: { tokenHash: 't1', expiresAt: T0 + 30 * 60_000, now: T0 } })
      .then([requested('t1')]);
  });

  it('sets the new password and ends every session', () => {
    user([registered, session('s1'), session('s2'), requested('t1')])
      .when({ type: 'ResetPassword', data: { tokenHash: 't1', passwordHash: 'new', now: T0 + 60_000 } })
      .then([
        { type: 'PasswordChanged', data: { passwordHash: 'new', at: T0 + 60_000, reason: 'reset' } },
        ended('s1', T0 + 60_000),
        ended('s2', T0 + 60_000),
      ]);
  });

  it('refuses a used, replaced, wrong or expired link', () => {
    const used: UserEvent = { type: 'PasswordChanged', data: { passwordHash: 'new', at: T0 + 1, reason: 'reset' } };
    const reset = (tokenHash: string, now = T0 + 60_000) =>
      ({ type: 'ResetPassword', data: { tokenHash, passwordHash: 'x', now } }) as const;
    user([registered, requested('t1'), used])
      .when(reset('t1'))
      .thenThrows('RESET_LINK_INVALID');
    user([registered, requested('t1'), requested('t2', T0 + 1000)])
      .when(reset('t1'))
      .thenThrows('RESET_LINK_INVALID');
    user([registered]).when(reset('t1')).thenThrows('RESET_LINK_INVALID');
    user([registered, requested('t1')])
      .when(reset('t1', T0 + 30 * 60_000 + 1))
      .thenThrows('RESET_LINK_EXPIRED', 'This reset link has expired. Ask for a new one.');
  });
});

describe('user: password change', () => {
  it('keeps the session it was made from and ends the others', () => {
    user([registered, session('here'), session('phone')])
      .when({ type: 'ChangePassword', data: { passwordHash: 'new', keepSessionHash: 'here', now: T0 + 5 } })
      .then([
        { type: 'PasswordChanged', data: { passwordHash: 'new', at: T0 + 5, reason: 'change' } },
        ended('phone', T0 + 5),
      ]);
  });
});

describe('user: a login racing a password change', () => {
  const start = (passwordHash: string | null) =>
    ({ type: 'StartSession', data: { sessionHash: 's9', expiresAt: T0 + 1e9, passwordHash, now: T0 + 10 } }) as const;
  const started: UserEvent = { type: 'SessionStarted', data: { sessionHash: 's9', expiresAt: T0 + 1e9, at: T0 + 10 } };
  const changed = (reason: 'change' | 'reset'): UserEvent => ({
    type: 'PasswordChanged',
    data: { passwordHash: 'new', at: T0 + 5, reason },
  });

  it('starts the session when the password it was checked against is still the account’s', () => {
    user([registered]).when(start('old')).then([started]);
    user([registered, changed('change')])
      .when(start('new'))
      .then([started]);
  });

  it('refuses it, as a wrong password, once a change or a reset has been recorded', () => {
    user([registered, session('here'), changed('change')])
      .when(start('old'))
      .thenThrows('INVALID_CREDENTIALS', 'Invalid email or password.');
    user([registered, requested('t1'), changed('reset')])
      .when(start('old'))
      .thenThrows('INVALID_CREDENTIALS', 'Invalid email or password.');
  });

  it('starts a session the server opens without a password (the seed’s) whatever the password', () => {
    user([registered, changed('change')])
      .when(start(null))
      .then([started]);
  });
});
