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

/**
 * A device whose session has ended (its logout, a password change or reset, "log out other
 * devices") stops hearing the member's private events: its sockets leave `user:<id>` and lose
 * their identity (public rooms stay live, as for a visitor). Every process projects the log, so
 * each drops its own sockets. Listed first, so nothing later in the same batch reaches them.
 */
export const endedSessionsBroadcaster = (io: Io): Broadcaster => ({
  name: 'ended-sessions',
  broadcast(events) {
    for (const e of events) {
      if (e.type !== 'SessionEnded' || !e.streamName.startsWith(USER)) continue;
      const { sessionHash } = e.data as { sessionHash: string };
      const channel = userChannel(e.streamName.slice(USER.length));
      for (const id of [...(io.sockets.adapter.rooms.get(channel) ?? [])]) {
        const socket = io.sockets.sockets.get(id);
        if (socket?.data.sessionHash !== sessionHash) continue;
        void socket.leave(channel);
        socket.data.userId = null;
        socket.data.role = null;
        socket.data.sessionHash = null;
      }
    }
  },
});
