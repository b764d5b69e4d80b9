import { desc, eq } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { ReferralEvent } from '../engine/referral.ts';
import type { ReadDb } from './db.ts';
import { defineReadModel } from './readModel.ts';

export const referralsTable = sqliteTable('rm_referrals', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: text('created_at').notNull(),
  uses: integer('uses').notNull(),
});

/** Referral codes with their owner's name and how many members used them. */
export const referralsProjector = defineReadModel<ReferralEvent>()({
  name: 'referrals',
  version: 1,
  tables: {
    rm_referrals: `CREATE TABLE IF NOT EXISTS rm_referrals (code TEXT PRIMARY KEY, name TEXT NOT NULL, created_by TEXT NOT NULL,
      created_at TEXT NOT NULL, uses INTEGER NOT NULL)`,
  },
  statements: {
    create:
      'INSERT INTO rm_referrals (code, name, created_by, created_at, uses) VALUES (?, ?, ?, ?, 0) ON CONFLICT DO NOTHING',
    use: 'UPDATE rm_referrals SET uses = uses + 1 WHERE code = ?',
  },
  on: {
    ReferralCreated: ({ data: d }, { sql }) =>
      sql.create.run(d.code, d.name, d.createdBy, new Date(d.at).toISOString()),
    ReferralUsed: (_e, { sql }, code) => sql.use.run(code),
  },
});

export const referralByCode = ({ orm }: ReadDb, code: string) =>
  orm.select().from(referralsTable).where(eq(referralsTable.code, code)).get();

export const listReferrals = ({ orm }: ReadDb) =>
  orm.select().from(referralsTable).orderBy(desc(referralsTable.createdAt)).all();
