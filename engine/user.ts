import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

export type Role = 'admin' | 'auditor' | 'member';
export type Access = 'granted' | 'waitlisted';
export const GENDERS = ['Male', 'Female', 'Other'] as const;
/** The languages a member can choose for the site, their mails and notifications (English by default). */
export const LANGS = ['en', 'ta'] as const;
export type Lang = (typeof LANGS)[number];
export const isLang = (value: unknown): value is Lang => (LANGS as readonly unknown[]).includes(value);
export const LANG_INVALID = 'Choose English (en) or Tamil (ta).';

export interface Registration {
  userId: string;
  name: string;
  email: string;
  phone: string;
  dob: string;
  district: string;
  passwordHash: string;
  referralCode: string | null;
  role: Role;
  /** The language chosen when registering; absent on older registrations, which mean English. */
  lang?: Lang;
}

export interface Profile {
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  date_of_birth: string | null;
  gender: (typeof GENDERS)[number] | null;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  country: string;
  postal_code: string;
}

export type UserCommand =
  | { type: 'RegisterUser'; data: Registration & { now: number } }
  | { type: 'GrantAccess'; data: { by: string; now: number } }
  | { type: 'SaveProfile'; data: { profile: Profile; now: number } }
  /** `uploadId` is the stored upload's name (`<uuid>.png|jpg|webp`), checked and stored by the API first. */
  | { type: 'ChangeAvatar'; data: { uploadId: string; now: number } }
  /** The member's language for mails and notifications (and the site on their other devices). */
  | { type: 'ChooseLanguage'; data: { lang: string; now: number } }
  /**
   * `passwordHash` is the hash the login's password was checked against: if the account's password
   * has changed since (a change or reset racing the login), the session is refused. null for a
   * session the server opens without a password (the seed's, tests').
   */
  | { type: 'StartSession'; data: { sessionHash: string; expiresAt: number; passwordHash: string | null; now: number } }
  | { type: 'EndSession'; data: { sessionHash: string; now: number } }
  /** Ends every other session; `keepSessionHash` is the session the change was made from. */
  | { type: 'ChangePassword'; data: { passwordHash: string; keepSessionHash?: string | null; now: number } }
  /** A newer request replaces an older one; only the hash of the mailed token is kept. */
  | { type: 'RequestPasswordReset'; data: { tokenHash: string; expiresAt: number; now: number } }
  | { type: 'ResetPassword'; data: { tokenHash: string; passwordHash: string; now: number } };

export type UserEvent =
  | {
      type: 'UserRegistered';
      data: Omit<Registration, 'passwordHash'> & { passwordHash: string; access: Access; registeredAt: number };
    }
  | { type: 'AccessGranted'; data: { by: string; at: number } }
  | { type: 'ProfileSaved'; data: { profile: Profile; at: number } }
  | { type: 'AvatarChanged'; data: { uploadId: string; at: number } }
  | { type: 'LanguageChosen'; data: { lang: Lang; at: number } }
  | { type: 'SessionStarted'; data: { sessionHash: string; expiresAt: number; at: number } }
  | { type: 'SessionEnded'; data: { sessionHash: string; at: number } }
  | { type: 'PasswordChanged'; data: { passwordHash: string; at: number; reason?: 'change' | 'reset' } }
  | { type: 'PasswordResetRequested'; data: { tokenHash: string; expiresAt: number; at: number } };

export type UserState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      name: string;
      email: string;
      role: Role;
      access: Access;
      passwordHash: string;
      profile: Profile | null;
      /** The avatar's upload id, or null for initials. */
      avatar: string | null;
      /** The member's language ('en' until they choose). */
      lang: Lang;
      sessions: string[];
      /** The open password reset, if any (its token's hash). */
      reset: { tokenHash: string; expiresAt: number } | null;
    };

/** An avatar is an upload of ours: a random id and an image type we accept for avatars. */
export const AVATAR_UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;
export const AVATAR_INVALID = 'That avatar could not be saved. Upload a PNG, JPEG or WebP image.';

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const RESET_LINK_INVALID = 'This reset link is not valid any more. Ask for a new one.';
export const RESET_LINK_EXPIRED = 'This reset link has expired. Ask for a new one.';

const endSessions = (s: Extract<UserState, { status: 'registered' }>, now: number, keep: string | null): UserEvent[] =>
  s.sessions
    .filter((h) => h !== keep)
    .map((sessionHash) => ({ type: 'SessionEnded' as const, data: { sessionHash, at: now } }));

const registered = (s: UserState) => {
  if (s.status !== 'registered') throw new DomainError('USER_NOT_FOUND', 'User not found');
  return s;
};

/**
 * A member's identity (`user-{id}`): registered once; access is `granted` with a referral code
 * (and for staff), else `waitlisted` until an admin grants it; sessions start at login and end
 * at logout; the profile needs first and last name, email and mobile.
 */
export const initialState: UserState = { status: 'none' };

export const decide = (command: UserCommand, state: UserState): UserEvent[] => {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status === 'registered')
        throw new DomainError('USER_EXISTS', 'An account with this email already exists.');
      const { now, ...registration } = command.data;
      if (registration.lang !== undefined && !isLang(registration.lang))
        throw new DomainError('LANG_INVALID', LANG_INVALID, { lang: String(registration.lang) });
      const access: Access = registration.referralCode || registration.role !== 'member' ? 'granted' : 'waitlisted';
      return [{ type: 'UserRegistered', data: { ...registration, access, registeredAt: now } }];
    }
    case 'GrantAccess': {
      const s = registered(state);
      if (s.access === 'granted') return [];
      return [{ type: 'AccessGranted', data: { by: command.data.by, at: command.data.now } }];
    }
    case 'SaveProfile': {
      registered(state);
      const p = command.data.profile;
      if (![p.first_name, p.last_name, p.email, p.mobile].every((f) => f.trim().length > 0)) {
        throw new DomainError('PROFILE_INVALID', 'Failed to save profile');
      }
      if (p.gender !== null && !GENDERS.includes(p.gender))
        throw new DomainError('PROFILE_INVALID', 'Failed to save profile');
      return [{ type: 'ProfileSaved', data: { profile: p, at: command.data.now } }];
    }
    case 'ChangeAvatar': {
      const s = registered(state);
      const { uploadId, now } = command.data;
      if (!AVATAR_UPLOAD_ID.test(uploadId)) throw new DomainError('AVATAR_INVALID', AVATAR_INVALID);
      if (s.avatar === uploadId) return [];
      return [{ type: 'AvatarChanged', data: { uploadId, at: now } }];
    }
    case 'ChooseLanguage': {
      const s = registered(state);
      const { lang, now } = command.data;
      if (!isLang(lang)) throw new DomainError('LANG_INVALID', LANG_INVALID, { lang: String(lang) });
      if (s.lang === lang) return [];
      return [{ type: 'LanguageChosen', data: { lang, at: now } }];
    }
    case 'StartSession': {
      const s = registered(state);
      // Checked against the stream, so a password change or reset appended first always wins.
      if (command.data.passwordHash !== null && command.data.passwordHash !== s.passwordHash)
        throw new DomainError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      return [
        {
          type: 'SessionStarted',
          data: { sessionHash: command.data.sessionHash, expiresAt: command.data.expiresAt, at: command.data.now },
        },
      ];
    }
    case 'EndSession': {
      const s = registered(state);
      if (!s.sessions.includes(command.data.sessionHash)) return [];
      return [{ type: 'SessionEnded', data: { sessionHash: command.data.sessionHash, at: command.data.now } }];
    }
    case 'ChangePassword': {
      const s = registered(state);
      const { passwordHash, keepSessionHash, now } = command.data;
      return [
        { type: 'PasswordChanged', data: { passwordHash, at: now, reason: 'change' } },
        ...endSessions(s, now, keepSessionHash ?? null),
      ];
    }
    case 'RequestPasswordReset': {
      registered(state);
      const { tokenHash, expiresAt, now } = command.data;
      return [{ type: 'PasswordResetRequested', data: { tokenHash, expiresAt, at: now } }];
    }
    case 'ResetPassword': {
      const s = registered(state);
      const { tokenHash, passwordHash, now } = command.data;
      if (!s.reset || s.reset.tokenHash !== tokenHash) throw new DomainError('RESET_LINK_INVALID', RESET_LINK_INVALID);
      if (now > s.reset.expiresAt) throw new DomainError('RESET_LINK_EXPIRED', RESET_LINK_EXPIRED);
      return [
        { type: 'PasswordChanged', data: { passwordHash, at: now, reason: 'reset' } },
        ...endSessions(s, now, null),
      ];
    }
    default:
      return assertNever(command);
  }
};

export const evolve = (state: UserState, event: UserEvent): UserState => {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      status: 'registered',
      userId: d.userId,
      name: d.name,
      email: d.email,
      role: d.role,
      access: d.access,
      passwordHash: d.passwordHash,
      profile: null,
      avatar: null,
      lang: d.lang ?? 'en',
      sessions: [],
      reset: null,
    };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'AccessGranted':
      return { ...state, access: 'granted' };
    case 'ProfileSaved':
      return { ...state, profile: event.data.profile };
    case 'AvatarChanged':
      return { ...state, avatar: event.data.uploadId };
    case 'LanguageChosen':
      return { ...state, lang: event.data.lang };
    case 'SessionStarted':
      return { ...state, sessions: [...state.sessions, event.data.sessionHash] };
    case 'SessionEnded':
      return { ...state, sessions: state.sessions.filter((h) => h !== event.data.sessionHash) };
    case 'PasswordChanged':
      // Any change of password closes an open reset link: a link is good for one change.
      return { ...state, passwordHash: event.data.passwordHash, reset: null };
    case 'PasswordResetRequested':
      return { ...state, reset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    default:
      return state;
  }
};

export const userDecider: Decider<UserCommand, UserEvent, UserState> = { initialState, decide, evolve };

/** The 38 districts of Tamil Nadu, for the registration form. */
export const TN_DISTRICTS = [
  'Ariyalur',
  'Chengalpattu',
  'Chennai',
  'Coimbatore',
  'Cuddalore',
  'Dharmapuri',
  'Dindigul',
  'Erode',
  'Kallakurichi',
  'Kancheepuram',
  'Kanniyakumari',
  'Karur',
  'Krishnagiri',
  'Madurai',
  'Mayiladuthurai',
  'Nagapattinam',
  'Namakkal',
  'Nilgiris',
  'Perambalur',
  'Pudukkottai',
  'Ramanathapuram',
  'Ranipet',
  'Salem',
  'Sivaganga',
  'Tenkasi',
  'Thanjavur',
  'Theni',
  'Thoothukudi',
  'Tiruchirappalli',
  'Tirunelveli',
  'Tirupathur',
  'Tiruppur',
  'Tiruvallur',
  'Tiruvannamalai',
  'Tiruvarur',
  'Vellore',
  'Viluppuram',
  'Virudhunagar',
] as const;

/** Password strength 0–4: one point each for ≥ 6 characters, an uppercase letter, a digit, a symbol. */
export const passwordStrength = (password: string): number =>
  [password.length >= 6, /[A-Z]/.test(password), /[0-9]/.test(password), /[^A-Za-z0-9]/.test(password)].filter(Boolean)
    .length;
