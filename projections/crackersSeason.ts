import type { CrackersSeason, CrackersSeasonEvent } from '../engine/crackersSeason.ts';
import type { ReadDb } from './db.ts';
import { defineReadModel } from './readModel.ts';
import { prepared } from './statements.ts';

/** The crackers season the admins set last (one row), with who set it and when. */
export const crackersSeasonProjector = defineReadModel<CrackersSeasonEvent>()({
  name: 'crackers-season',
  version: 1,
  stream: 'crackers',
  tables: {
    rm_crackers_season: `CREATE TABLE IF NOT EXISTS rm_crackers_season (id INTEGER PRIMARY KEY CHECK (id = 1),
      opens_on TEXT NOT NULL, closes_on TEXT NOT NULL, bands TEXT NOT NULL, set_by TEXT NOT NULL, set_at INTEGER NOT NULL)`,
  },
  statements: {
    set: `INSERT INTO rm_crackers_season (id, opens_on, closes_on, bands, set_by, set_at)
      VALUES (1, @opensOn, @closesOn, @bands, @by, @at)
      ON CONFLICT (id) DO UPDATE SET opens_on = excluded.opens_on, closes_on = excluded.closes_on,
        bands = excluded.bands, set_by = excluded.set_by, set_at = excluded.set_at`,
  },
  on: {
    CrackersSeasonSet: (e, { sql }) => sql.set.run({ ...e.data, bands: JSON.stringify(e.data.bands) }),
  },
});

export const crackersSeason = ({ sqlite }: ReadDb): CrackersSeason | null => {
  const row = prepared<[], { opens_on: string; closes_on: string; bands: string }>(
    sqlite,
    'SELECT opens_on, closes_on, bands FROM rm_crackers_season WHERE id = 1',
  ).get();
  return row
    ? { opensOn: row.opens_on, closesOn: row.closes_on, bands: JSON.parse(row.bands) as CrackersSeason['bands'] }
    : null;
};
