import { userById } from '../../projections/users.ts';
import type { Deps } from '../deps.ts';
import type { Broadcaster } from '../realtime/broadcasting.ts';
import type { Io } from '../realtime/io.ts';
import { userChannel } from '../realtime/io.ts';

const USER = 'user-';
/** The account changes an open page must show at once (balances come from the wallet's broadcaster). */
const ACCOUNT_CHANGES = new Set(['AccessGranted']);

/** Tells a member's open pages when their access changes, so no reload is needed to use it. */
export const accountBroadcaster = (io: Io, deps: Pick<Deps, 'readDb'>): Broadcaster => ({
  name: 'account',
  broadcast(events) {
    for (const e of events) {
      if (!e.streamName.startsWith(USER) || !ACCOUNT_CHANGES.has(e.type)) continue;
      const row = userById(deps.readDb, e.streamName.slice(USER.length));
      if (!row) continue;
      io.to(userChannel(row.id)).emit('accountUpdate', { user_id: row.id, role: row.role, access: row.access });
    }
  },
});
