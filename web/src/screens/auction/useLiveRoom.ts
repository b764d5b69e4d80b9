import { useCallback, useEffect, useRef } from 'react';
import type { Ack, JoinRoomResult, PlaceBidAck, RoomSnapshot } from '../../../../api/contract/index.ts';
import { errorText, t } from '../../i18n/index.ts';
import { api, ApiError } from '../../lib/api.ts';
import { serverNow, syncClock } from '../../lib/clock.ts';
import { getSocket } from '../../lib/socket.ts';
import { useConnectionStore } from '../../stores/connection.ts';
import { keepProof } from '../../stores/bidProofs.ts';
import type { LiveRoomAction } from '../../stores/liveRoom.ts';
import { dispatchLiveRoom, LIVE_ROOM_EVENTS, useLiveRoomStore } from '../../stores/liveRoom.ts';

const ACK_TIMEOUT_MS = 8000;

type Loose = { on(event: string, fn: (p: unknown) => void): void; off(event: string, fn: (p: unknown) => void): void };

/** A server time far from our estimate (sleep, clock jump): measure the offset again. */
const resyncIfDrifted = (serverTime: number) => {
  if (Math.abs(serverTime - serverNow()) > 1500) void syncClock();
};

const newBidId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ ((Math.random() * 16) >> (Number(c) / 4))).toString(16),
      );

/**
 * Watches one room over the shared socket: joins it (snapshot + permission), feeds every room
 * event to the live-room reducer, and takes a fresh snapshot on reconnect or when the reducer
 * notices a revision gap. Leaves the room when the screen closes.
 */
export const useLiveRoomConnection = (code: string): { refresh: () => Promise<void> } => {
  const connected = useConnectionStore((s) => s.status === 'connected');
  const stale = useLiveRoomStore((s) => s.stale);
  const alive = useRef(true);

  const viaRest = useCallback(async () => {
    try {
      const snapshot = await api<RoomSnapshot>(`/api/rooms/${encodeURIComponent(code)}`);
      if (alive.current) dispatchLiveRoom({ type: 'snapshot', snapshot });
    } catch (error) {
      if (!alive.current) return;
      dispatchLiveRoom(
        error instanceof ApiError
          ? { type: 'failed', message: error.message, code: error.code }
          : { type: 'failed', message: 'Server error' },
      );
    }
  }, [code]);

  const join = useCallback(async () => {
    const socket = getSocket();
    if (!socket.connected) return viaRest();
    try {
      const ack = (await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('joinRoom', { roomCode: code })) as Ack<JoinRoomResult>;
      if (!alive.current) return;
      if (ack.ok) {
        resyncIfDrifted(ack.data.serverTime);
        dispatchLiveRoom({
          type: 'snapshot',
          snapshot: ack.data.snapshot,
          canBid: ack.data.canBid,
          reason: ack.data.reason,
        });
      } else {
        dispatchLiveRoom({ type: 'failed', message: ack.error.message, code: ack.error.code });
      }
    } catch {
      await viaRest();
    }
  }, [code, viaRest]);

  useEffect(() => {
    alive.current = true;
    const socket = getSocket();
    const loose = socket as unknown as Loose;
    dispatchLiveRoom({ type: 'open', code });
    const forward = LIVE_ROOM_EVENTS.map((type) => {
      const handler = (payload: unknown) => {
        if (type === 'auctionStarted') resyncIfDrifted((payload as { serverTime: number }).serverTime);
        dispatchLiveRoom({ type, payload } as LiveRoomAction);
      };
      loose.on(type, handler);
      return () => loose.off(type, handler);
    });
    const lost = () => dispatchLiveRoom({ type: 'disconnected' });
    const rejoin = () => void join();
    // An admin edited this room's product: a fresh snapshot carries its new name and picture.
    const productChanged = (e: { product_code: string }) => {
      if (e.product_code === useLiveRoomStore.getState().room?.product_code) void join();
    };
    socket.on('disconnect', lost);
    socket.on('connect', rejoin);
    socket.on('productChanged', productChanged);
    void join();
    return () => {
      alive.current = false;
      for (const off of forward) off();
      socket.off('disconnect', lost);
      socket.off('connect', rejoin);
      socket.off('productChanged', productChanged);
      if (socket.connected) socket.emit('leaveRoom', { roomCode: code }, () => undefined);
    };
  }, [code, join]);

  useEffect(() => {
    if (stale && connected) void join();
  }, [stale, connected, join]);

  return { refresh: join };
};

/**
 * Places the next deal. The same bid id is re-sent once if the first answer does not come in
 * time, so a deal is never placed twice. Resolves with the server's result or rejects with its message.
 */
export const placeBid = async (code: string): Promise<PlaceBidAck> => {
  const socket = getSocket();
  if (!socket.connected) throw new Error(t('Socket not connected. Try again.'));
  const bidId = newBidId();
  let ack: Ack<PlaceBidAck>;
  try {
    ack = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('placeBid', { roomCode: code, bidId })) as Ack<PlaceBidAck>;
  } catch {
    ack = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('placeBid', { roomCode: code, bidId })) as Ack<PlaceBidAck>;
  }
  // The words the member sees, in their language, from the refusal's stable code.
  if (!ack.ok) throw new Error(errorText(ack.error.code, ack.error.message));
  dispatchLiveRoom({ type: 'bidAccepted', roomCode: code, result: ack.data });
  const { bid, proof } = ack.data;
  // The member keeps the server's signed word that it accepted this deal at its place in the log.
  void keepProof({
    id: proof.id,
    userId: bid.user_id,
    kind: 'deal',
    where: code,
    seq: bid.seq,
    amount: bid.bid_amount,
    at: bid.created_at_ms,
    ack: proof,
  });
  return ack.data;
};
