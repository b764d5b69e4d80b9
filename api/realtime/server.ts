import type { Deps } from '../deps.ts';
import { attachLeague } from '../league/namespace.ts';
import { attachShopBroadcasts } from '../shop/broadcast.ts';
import type { Io } from '../server.ts';

/** Wires socket.io: clock sync now; rooms and leagues attach their handlers here. */
export const attachRealtime = (io: Io, deps: Deps): void => {
  io.on('connection', (socket) => {
    socket.data.userId = null;
    socket.data.role = null;
    socket.emit('serverTime', { serverTime: deps.clock.now() });
    socket.on('syncTime', (_payload, ack) => {
      if (typeof ack === 'function') ack({ ok: true, data: { serverTime: deps.clock.now() } });
    });
  });
  attachLeague(io, deps);
  attachShopBroadcasts(io, deps);
};
