import { describe, expect, it } from 'vitest';
import { LANG_INVALID, userDecider } from '../../engine/user.ts';
import type { UserEvent } from '../../engine/user.ts';
import { specFor } from '../helpers/decider.ts';

const user = specFor(userDecider);
const T0 = Date.parse('2026-11-25T05:00:00Z');
const registration = {
  userId: 'U1',
  name: 'Arun',
  email: 'a@b.in',
  phone: '9840012345',
  dob: '1990-01-01',
  district: 'Chennai',
  passwordHash: 'x',
  referralCode: null,
  role: 'member' as const,
};
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { ...registration, access: 'waitlisted', registeredAt: T0 },
};
const chosen = (lang: 'en' | 'ta', at: number): UserEvent => ({ type: 'LanguageChosen', data: { lang, at } });

/** Issue 20.1: a member's language is kept on their user stream, so mails and notifications come in it. */
describe("the member's language", () => {
  it('is English for a registration without one (every registration before languages)', () => {
    const { state } = user([])
      .when({ type: 'RegisterUser', data: { ...registration, now: T0 } })
      .result();
    expect(state).toMatchObject({ lang: 'en' });
  });

  it('is recorded on the registration when the visitor chose one', () => {
    user([])
      .when({ type: 'RegisterUser', data: { ...registration, lang: 'ta', now: T0 } })
      .then([
        { type: 'UserRegistered', data: { ...registration, lang: 'ta', access: 'waitlisted', registeredAt: T0 } },
      ]);
  });

  it('is chosen, and a second choice of the same language records nothing', () => {
    user([registered])
      .when({ type: 'ChooseLanguage', data: { lang: 'ta', now: T0 + 1 } })
      .then([chosen('ta', T0 + 1)]);
    user([registered, chosen('ta', T0 + 1)])
      .when({ type: 'ChooseLanguage', data: { lang: 'ta', now: T0 + 2 } })
      .thenNothing();
    user([registered, chosen('ta', T0 + 1)])
      .when({ type: 'ChooseLanguage', data: { lang: 'en', now: T0 + 2 } })
      .then([chosen('en', T0 + 2)]);
    user([registered])
      .when({ type: 'ChooseLanguage', data: { lang: 'en', now: T0 + 1 } })
      .thenNothing();
  });

  it('is kept in the state', () => {
    const { state } = user([registered])
      .when({ type: 'ChooseLanguage', data: { lang: 'ta', now: T0 + 1 } })
      .result();
    expect(state).toMatchObject({ lang: 'ta' });
  });

  it('refuses anything but English or Tamil, with the value in the details', () => {
    for (const lang of ['fr', 'TA', 'ta-IN', '', 'en ']) {
      const error = user([registered])
        .when({ type: 'ChooseLanguage', data: { lang, now: T0 + 1 } })
        .thenThrows('LANG_INVALID', LANG_INVALID);
      expect(error.details).toEqual({ lang });
    }
    user([])
      .when({ type: 'RegisterUser', data: { ...registration, lang: 'fr' as 'ta', now: T0 } })
      .thenThrows('LANG_INVALID', LANG_INVALID);
  });

  it('needs a registered user', () => {
    user([])
      .when({ type: 'ChooseLanguage', data: { lang: 'ta', now: T0 } })
      .thenThrows('USER_NOT_FOUND');
  });
});
