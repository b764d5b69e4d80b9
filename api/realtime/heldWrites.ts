import type { Io } from './io.ts';

/** The parts of engine.io's socket and websocket transport that batching needs (not in its typings). */
interface Tcp {
  cork(): void;
  uncork(): void;
}
interface Transport {
  name: string;
  writable: boolean;
  socket?: { _socket?: Tcp };
  send(packets: unknown[]): void;
}
interface EngineConn {
  transport: Transport;
  flush(): void;
}

const corked = new WeakSet<Transport>();

/**
 * Makes a websocket transport write all the packets of one send as one TCP write (ws writes each
 * packet on its own, one syscall each). Same packets, same order.
 */
const corkSends = (transport: Transport) => {
  if (corked.has(transport)) return;
  corked.add(transport);
  const send = transport.send.bind(transport);
  transport.send = (packets) => {
    const tcp = transport.socket?._socket;
    if (!tcp || packets.length < 2) return send(packets);
    tcp.cork();
    try {
      send(packets);
    } finally {
      tcp.uncork();
    }
  };
};

/**
 * Runs `emit` with every websocket in `channels` holding its outgoing packets, then sends each
 * socket's packets together as one TCP write. A deal sends its room three events and its bidder
 * two more; one write per socket instead of one per event cuts the syscalls that topped the
 * server's profile under load. Packets, their order and content are exactly what `emit` sent.
 * A socket still busy with an earlier write queues the packets itself and sends them together
 * (also as one write) when that write is done.
 */
export const withHeldWrites = (io: Io, channels: Iterable<string>, emit: () => void): void => {
  const held = new Set<EngineConn>();
  for (const channel of channels) {
    for (const id of io.sockets.adapter.rooms.get(channel) ?? []) {
      const conn = io.sockets.sockets.get(id)?.conn as unknown as EngineConn | undefined;
      if (!conn || held.has(conn) || conn.transport.name !== 'websocket') continue;
      corkSends(conn.transport);
      if (!conn.transport.writable) continue;
      conn.transport.writable = false;
      held.add(conn);
    }
  }
  try {
    emit();
  } finally {
    for (const conn of held) {
      conn.transport.writable = true;
      conn.flush();
    }
  }
};
