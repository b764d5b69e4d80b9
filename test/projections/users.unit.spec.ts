import { describe, it } from 'vitest';
import type { UserEvent } from '../../engine/user.ts';
import { langOf, listUsers, userByEmail, userById, userBySession } from '../../projections/users.ts';
import { given, on } from '../helpers/readModel.ts';

const user = (id: string, e: UserEvent) => on(`user-${id}`, e);
const registered = (id: string, email: string, registeredAt = 0) =>
  user(id, {
    type: 'UserRegistered',
    data: {
      userId: id,
      name: `Member ${id}`,
      email,
      phone: '9876543210',
      dob: '1990-01-01',
      district: 'Chennai',
      role: 'member',
      referralCode: null,
      passwordHash: 'scrypt$old',
      access: 'waitlisted',
      registeredAt,
    },
  });

describe('users read model', () => {
  it('finds a member by email, with access granted and a new password', () => {
    given(
      registered('u1', 'asha@example.in'),
      user('u1', { type: 'AccessGranted', data: { by: 'admin-1', at: 1 } }),
      user('u1', { type: 'PasswordChanged', data: { passwordHash: 'scrypt$new', at: 2 } }),
    )
      .thenRows(
        (db) => {
          const u = userByEmail(db, 'asha@example.in')!;
          return [u.id, u.access, u.passwordHash, u.createdAt, u.referralCode];
        },
        ['u1', 'granted', 'scrypt$new', '1970-01-01T00:00:00.000Z', null],
      )
      .thenRows((db) => listUsers(db, { search: 'asha' }).total, 1)
      .thenRows((db) => userById(db, 'u2'), undefined);
  });

  it('knows a live session until it ends or expires', () => {
    const started = user('u1', { type: 'SessionStarted', data: { sessionHash: 's1', expiresAt: 5000, at: 0 } });
    given(registered('u1', 'asha@example.in'), started)
      .thenRows((db) => userBySession(db, 's1', 4999)?.id, 'u1')
      .thenRows((db) => userBySession(db, 's1', 5000), undefined);
    given(
      registered('u1', 'asha@example.in'),
      started,
      user('u1', { type: 'SessionEnded', data: { sessionHash: 's1', at: 1 } }),
    ).thenRows((db) => userBySession(db, 's1', 0), undefined);
  });

  it("keeps the member's language: English for registrations before languages, then as registered or chosen", () => {
    const withLang = (id: string, email: string, lang: 'en' | 'ta') => {
      const e = registered(id, email);
      return { ...e, data: { ...(e.data as object), lang } };
    };
    given(registered('u1', 'asha@example.in'), withLang('u2', 'bala@example.in', 'ta'))
      .thenRows((db) => [userById(db, 'u1')?.lang, userById(db, 'u2')?.lang], ['en', 'ta'])
      .thenRows((db) => langOf(userById(db, 'u9')), 'en');
    given(
      registered('u1', 'asha@example.in'),
      user('u1', { type: 'SessionStarted', data: { sessionHash: 's1', expiresAt: 5000, at: 0 } }),
      user('u1', { type: 'LanguageChosen', data: { lang: 'ta', at: 1 } }),
    )
      .thenRows((db) => langOf(userById(db, 'u1')), 'ta')
      .thenRows((db) => userBySession(db, 's1', 1)?.lang, 'ta');
  });
});
