import { desc, eq, like, or, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Lang, Profile, UserEvent } from '../engine/user.ts';
import type { ReadDb } from './db.ts';
import { defineReadModel } from './readModel.ts';
import { prepared } from './statements.ts';

export const usersTable = sqliteTable('rm_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  dob: text('dob').notNull(),
  district: text('district').notNull(),
  role: text('role').notNull(),
  access: text('access').notNull(),
  referralCode: text('referral_code'),
  passwordHash: text('password_hash').notNull(),
  createdAt: text('created_at').notNull(),
  profile: text('profile'),
  /** The avatar's upload id (`AvatarChanged`), or null for initials. */
  avatar: text('avatar'),
  /** The member's language for mails and notifications: `UserRegistered.lang`, then `LanguageChosen`; 'en' before either. */
  lang: text('lang').notNull().default('en'),
});

export const sessionsTable = sqliteTable('rm_sessions', {
  sessionHash: text('session_hash').primaryKey(),
  userId: text('user_id').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/** Users, their live sessions and claimed emails, for login, session checks and the admin list. */
export const usersProjector = defineReadModel<UserEvent>()({
  name: 'users',
  version: 3,
  tables: {
    rm_users: `CREATE TABLE IF NOT EXISTS rm_users (id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL,
      dob TEXT NOT NULL, district TEXT NOT NULL, role TEXT NOT NULL, access TEXT NOT NULL, referral_code TEXT,
      password_hash TEXT NOT NULL, created_at TEXT NOT NULL, profile TEXT, avatar TEXT, lang TEXT NOT NULL DEFAULT 'en')`,
    rm_sessions:
      'CREATE TABLE IF NOT EXISTS rm_sessions (session_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, expires_at INTEGER NOT NULL)',
  },
  indexes: {
    rm_users_email: 'CREATE UNIQUE INDEX IF NOT EXISTS rm_users_email ON rm_users(email)',
    rm_sessions_user: 'CREATE INDEX IF NOT EXISTS rm_sessions_user ON rm_sessions(user_id)',
  },
  statements: {
    register: `INSERT INTO rm_users (id, name, email, phone, dob, district, role, access, referral_code, password_hash, created_at, lang)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    grant: "UPDATE rm_users SET access = 'granted' WHERE id = ?",
    profile: 'UPDATE rm_users SET profile = ? WHERE id = ?',
    avatar: 'UPDATE rm_users SET avatar = ? WHERE id = ?',
    lang: 'UPDATE rm_users SET lang = ? WHERE id = ?',
    password: 'UPDATE rm_users SET password_hash = ? WHERE id = ?',
    startSession: 'INSERT INTO rm_sessions (session_hash, user_id, expires_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    endSession: 'DELETE FROM rm_sessions WHERE session_hash = ?',
  },
  on: {
    UserRegistered: ({ data: d }, { sql }) =>
      sql.register.run(
        d.userId,
        d.name,
        d.email,
        d.phone,
        d.dob,
        d.district,
        d.role,
        d.access,
        d.referralCode ?? null,
        d.passwordHash,
        new Date(d.registeredAt).toISOString(),
        d.lang ?? 'en',
      ),
    AccessGranted: (_e, { sql }, userId) => sql.grant.run(userId),
    ProfileSaved: (e, { sql }, userId) => sql.profile.run(JSON.stringify(e.data.profile), userId),
    AvatarChanged: (e, { sql }, userId) => sql.avatar.run(e.data.uploadId, userId),
    LanguageChosen: (e, { sql }, userId) => sql.lang.run(e.data.lang, userId),
    PasswordChanged: (e, { sql }, userId) => sql.password.run(e.data.passwordHash, userId),
    SessionStarted: (e, { sql }, userId) => sql.startSession.run(e.data.sessionHash, userId, e.data.expiresAt),
    SessionEnded: (e, { sql }) => sql.endSession.run(e.data.sessionHash),
  },
});

export type UserRow = typeof usersTable.$inferSelect;

export const userById = ({ orm }: ReadDb, id: string): UserRow | undefined =>
  orm.select().from(usersTable).where(eq(usersTable.id, id)).get();

export const userByEmail = ({ orm }: ReadDb, email: string): UserRow | undefined =>
  orm.select().from(usersTable).where(eq(usersTable.email, email)).get();

/** The user of a live session. Every socket event asks it, so it is one prepared statement, not a built query. */
export const userBySession = (
  { sqlite }: ReadDb,
  sessionHash: string,
  now: number,
): (UserRow & { sessionExpiresAt: number }) | undefined =>
  prepared<[string, number], UserRow & { sessionExpiresAt: number }>(
    sqlite,
    `SELECT u.id, u.name, u.email, u.phone, u.dob, u.district, u.role, u.access, u.referral_code AS referralCode,
       u.password_hash AS passwordHash, u.created_at AS createdAt, u.profile, u.avatar, u.lang,
       s.expires_at AS sessionExpiresAt
     FROM rm_sessions s JOIN rm_users u ON u.id = s.user_id WHERE s.session_hash = ? AND s.expires_at > ?`,
  ).get(sessionHash, now);

/** A user's language for what the server writes them (mails, notifications): 'en' unless they chose Tamil. */
export const langOf = (row: Pick<UserRow, 'lang'> | undefined): Lang => (row?.lang === 'ta' ? 'ta' : 'en');

/** A user's language alone (one prepared statement: the notifier asks it for every member it writes to). */
export const langById = ({ sqlite }: ReadDb, id: string): Lang =>
  langOf(prepared<[string], { lang: string }>(sqlite, 'SELECT lang FROM rm_users WHERE id = ?').get(id));

export const profileOf = (row: UserRow): Profile | null => (row.profile ? (JSON.parse(row.profile) as Profile) : null);

export const listUsers = ({ orm }: ReadDb, q: { search?: string; limit?: number; offset?: number } = {}) => {
  const term = q.search?.trim().replace(/[%_]/g, '');
  const where = term ? or(like(usersTable.name, `%${term}%`), like(usersTable.email, `%${term}%`)) : undefined;
  const rows = orm
    .select()
    .from(usersTable)
    .where(where)
    .orderBy(desc(usersTable.createdAt))
    .limit(q.limit ?? 100)
    .offset(q.offset ?? 0)
    .all();
  const total =
    orm
      .select({ n: sql<number>`count(*)` })
      .from(usersTable)
      .where(where)
      .get()?.n ?? 0;
  const all =
    orm
      .select({ n: sql<number>`count(*)` })
      .from(usersTable)
      .get()?.n ?? 0;
  return { rows, total, all };
};
