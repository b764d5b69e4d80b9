import type { Deps } from '../deps.ts';
import type { Io } from './io.ts';

/** Clock sync on every socket of the main namespace; each feature attaches its own handlers. */
export const attachRealtime = (io: Io, deps: Pick<Deps, 'clock'>): void => {
  io.on('connection', (socket) => {
    socket.data.userId = null;
    socket.data.role = null;
    socket.data.sessionHash = null;
    socket.emit('serverTime', { serverTime: deps.clock.now() });
    socket.on('syncTime', (_payload, ack) => {
      if (typeof ack === 'function') ack({ ok: true, data: { serverTime: deps.clock.now() } });
    });
  });
};
