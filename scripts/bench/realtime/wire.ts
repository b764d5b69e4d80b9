import WebSocket from 'ws';

/**
 * A lean socket.io client for the storm: the Engine.IO 4 / Socket.IO 5 wire protocol over one
 * websocket (open, connect, ping/pong, events, acks), reading only the packets the bench times.
 * socket.io-client decodes every packet it gets; with 2,000 sockets on two shared cores the
 * clients, not the server, would set the pace. Same packets on the wire as socket.io-client.
 */
export interface WireSocket {
  emit(event: string, payload: unknown): Promise<unknown>;
  close(): void;
}

/** Calls `onBid(roomCode, seq)` for each `bidUpdate` the socket gets, without parsing its JSON. */
export type BidListener = (roomCode: string, seq: number) => void;

const BID_UPDATE = '42["bidUpdate",';
const ROOM = /"roomCode":"([A-Z0-9]{6})"/;
const SEQ = /"bid":\{"seq":(\d+)/;

export const openWire = (url: string, cookie: string | null, onBid?: BidListener): Promise<WireSocket> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
      headers: cookie ? { cookie } : {},
    });
    let nextId = 0;
    const acks = new Map<number, (response: unknown) => void>();
    const socket: WireSocket = {
      emit: (event, payload) =>
        new Promise((done) => {
          const id = nextId++;
          const timer = setTimeout(() => {
            acks.delete(id);
            done({ ok: false, error: { code: 'BENCH_TIMEOUT', message: `no ack for ${event} in 30 s` } });
          }, 30_000);
          acks.set(id, (response) => {
            clearTimeout(timer);
            done(response);
          });
          ws.send(`42${id}${JSON.stringify([event, payload])}`);
        }),
      close: () => ws.close(),
    };
    ws.on('error', reject);
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text === '2') return ws.send('3');
      if (onBid && text.startsWith(BID_UPDATE)) {
        const room = ROOM.exec(text)?.[1];
        const seq = SEQ.exec(text)?.[1];
        if (room && seq) onBid(room, Number(seq));
        return;
      }
      if (text.startsWith('43')) {
        const bracket = text.indexOf('[');
        const id = Number(text.slice(2, bracket));
        const done = acks.get(id);
        acks.delete(id);
        done?.((JSON.parse(text.slice(bracket)) as unknown[])[0]);
        return;
      }
      if (text.startsWith('0{')) return ws.send('40');
      if (text.startsWith('40')) return resolve(socket);
      if (text.startsWith('44')) reject(new Error(`socket.io refused the connection: ${text.slice(2)}`));
    });
  });
