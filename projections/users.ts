import { desc, eq, like, or, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { RecordedEvent } from '../engine/eventStore.ts';
import type { Profile, UserEvent } from '../engine/user.ts';
import type { ReadDb } from './db.ts';
import { defineProjector } from './projector.ts';
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
});

export const sessionsTable = sqliteTable('rm_sessions', {
  sessionHash: text('session_hash').primaryKey(),
  userId: text('user_id').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

type Data<T extends UserEvent['type']> = Extract<UserEvent, { type: T }>['data'];

/** Users, their live sessions and claimed emails, for login, session checks and the admin list. */
export const usersProjector = defineProjector({
  name: 'users',
  version: 1,
  handles: ['UserRegistered', 'AccessGranted', 'ProfileSaved', 'SessionStarted', 'SessionEnded', 'PasswordChanged'],
  schema: [
    `CREATE TABLE IF NOT EXISTS rm_users (id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL,
      dob TEXT NOT NULL, district TEXT NOT NULL, role TEXT NOT NULL, access TEXT NOT NULL, referral_code TEXT,
      password_hash TEXT NOT NULL, created_at TEXT NOT NULL, profile TEXT)`,
    'CREATE UNIQUE INDEX IF NOT EXISTS rm_users_email ON rm_users(email)',
    'CREATE TABLE IF NOT EXISTS rm_sessions (session_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, expires_at INTEGER NOT NULL)',
    'CREATE INDEX IF NOT EXISTS rm_sessions_user ON rm_sessions(user_id)',
  ],
  tables: ['rm_users', 'rm_sessions'],
  apply: ({ orm }, event: RecordedEvent) => {
    const userId = event.streamName.slice('user-'.length);
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data as Data<'UserRegistered'>;
        orm
          .insert(usersTable)
          .values({
            id: d.userId,
            name: d.name,
            email: d.email,
            phone: d.phone,
            dob: d.dob,
            district: d.district,
            role: d.role,
            access: d.access,
            referralCode: d.referralCode,
            passwordHash: d.passwordHash,
            createdAt: new Date(d.registeredAt).toISOString(),
          })
          .onConflictDoNothing()
          .run();
        return;
      }
      case 'AccessGranted':
        orm.update(usersTable).set({ access: 'granted' }).where(eq(usersTable.id, userId)).run();
        return;
      case 'ProfileSaved':
        orm
          .update(usersTable)
          .set({ profile: JSON.stringify((event.data as Data<'ProfileSaved'>).profile) })
          .where(eq(usersTable.id, userId))
          .run();
        return;
      case 'PasswordChanged':
        orm
          .update(usersTable)
          .set({ passwordHash: (event.data as Data<'PasswordChanged'>).passwordHash })
          .where(eq(usersTable.id, userId))
          .run();
        return;
      case 'SessionStarted': {
        const d = event.data as Data<'SessionStarted'>;
        orm
          .insert(sessionsTable)
          .values({ sessionHash: d.sessionHash, userId, expiresAt: d.expiresAt })
          .onConflictDoNothing()
          .run();
        return;
      }
      case 'SessionEnded':
        orm
          .delete(sessionsTable)
          .where(eq(sessionsTable.sessionHash, (event.data as Data<'SessionEnded'>).sessionHash))
          .run();
        return;
      default:
        return;
    }
  },
});

export type UserRow = typeof usersTable.$inferSelect;

export const userById = ({ orm }: ReadDb, id: string): UserRow | undefined =>
  orm.select().from(usersTable).where(eq(usersTable.id, id)).get();

export const userByEmail = ({ orm }: ReadDb, email: string): UserRow | undefined =>
  orm.select().from(usersTable).where(eq(usersTable.email, email)).get();

/** The user of a live session. Every socket event asks it, so it is one prepared statement, not a built query. */
export const userBySession = ({ sqlite }: ReadDb, sessionHash: string, now: number): UserRow | undefined =>
  prepared<[string, number], UserRow>(
    sqlite,
    `SELECT u.id, u.name, u.email, u.phone, u.dob, u.district, u.role, u.access, u.referral_code AS referralCode,
       u.password_hash AS passwordHash, u.created_at AS createdAt, u.profile
     FROM rm_sessions s JOIN rm_users u ON u.id = s.user_id WHERE s.session_hash = ? AND s.expires_at > ?`,
  ).get(sessionHash, now);

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
