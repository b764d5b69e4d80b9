import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHeldWrites } from '../../../api/realtime/heldWrites.ts';
import type { Io } from '../../../api/realtime/io.ts';
import { waitUntil } from '../../helpers/events.ts';

describe('held writes', () => {
  const http = createServer();
  const io = new Server(http) as unknown as Io;
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    io.on('connection', (socket) => void socket.join('room:HOLD01'));
  });
  afterAll(() => new Promise<void>((resolve) => void io.close(() => resolve())));

  it('delivers every packet, in order, to sockets idle or still busy with an earlier write', async () => {
    const clients = Array.from({ length: 3 }, () =>
      connect(url, { transports: ['websocket'], forceNew: true, reconnection: false }),
    );
    const got = clients.map(() => [] as string[]);
    clients.forEach((c, i) => c.onAny((event: string, n: number) => got[i]!.push(`${event}${n}`)));
    await waitUntil(() => io.sockets.adapter.rooms.get('room:HOLD01')?.size === 3, 3000, 'sockets to join');
    const sent: string[] = [];
    for (let n = 0; n < 40; n++) {
      withHeldWrites(io, ['room:HOLD01', 'room:EMPTY1'], () => {
        for (const event of ['bidUpdate', 'bidCountsUpdate', 'auctionTimer'] as const) {
          (io.to('room:HOLD01') as unknown as { emit(e: string, n: number): void }).emit(event, n);
          sent.push(`${event}${n}`);
        }
      });
      // Every few rounds, the next one finds the transports still writing.
      if (n % 4 === 0) await new Promise((r) => setImmediate(r));
    }
    await waitUntil(() => got.every((g) => g.length === sent.length), 3000, 'every packet');
    for (const g of got) expect(g).toEqual(sent);
    for (const c of clients) c.disconnect();
  });
});
