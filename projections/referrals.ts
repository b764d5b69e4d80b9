import { desc, eq, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { ReferralEvent } from '../engine/referral.ts';
import type { ReadDb } from './db.ts';
import { defineProjector } from './projector.ts';

export const referralsTable = sqliteTable('rm_referrals', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: text('created_at').notNull(),
  uses: integer('uses').notNull(),
});

type Data<T extends ReferralEvent['type']> = Extract<ReferralEvent, { type: T }>['data'];

/** Referral codes with their owner's name and how many members used them. */
export const referralsProjector = defineProjector({
  name: 'referrals',
  version: 1,
  handles: ['ReferralCreated', 'ReferralUsed'],
  schema: [
    `CREATE TABLE IF NOT EXISTS rm_referrals (code TEXT PRIMARY KEY, name TEXT NOT NULL, created_by TEXT NOT NULL,
      created_at TEXT NOT NULL, uses INTEGER NOT NULL)`,
  ],
  tables: ['rm_referrals'],
  apply: ({ orm }, event) => {
    if (event.type === 'ReferralCreated') {
      const d = event.data as Data<'ReferralCreated'>;
      orm
        .insert(referralsTable)
        .values({
          code: d.code,
          name: d.name,
          createdBy: d.createdBy,
          createdAt: new Date(d.at).toISOString(),
          uses: 0,
        })
        .onConflictDoNothing()
        .run();
    } else if (event.type === 'ReferralUsed') {
      const code = event.streamName.slice('referral-'.length);
      orm
        .update(referralsTable)
        .set({ uses: sql`${referralsTable.uses} + 1` })
        .where(eq(referralsTable.code, code))
        .run();
    }
  },
});

export const referralByCode = ({ orm }: ReadDb, code: string) =>
  orm.select().from(referralsTable).where(eq(referralsTable.code, code)).get();

export const listReferrals = ({ orm }: ReadDb) =>
  orm.select().from(referralsTable).orderBy(desc(referralsTable.createdAt)).all();
