import type { BidPlaced, RoomEvent } from '../engine/room.ts';
import type { BulkInsert } from './bulkInsert.ts';
import type { Recorded } from './readModel.ts';
import { defineReadModel, takenByBatch } from './readModel.ts';

const INSERT_BID = 'INSERT OR IGNORE INTO rm_bids (room_code, seq, bid_id, user_id, user_name, amount, at, revision)';

const STATEMENTS = {
  insertRoom: `INSERT OR IGNORE INTO rm_rooms (code, product_id, product_code, product_name, image_url, total_price, base_price,
      max_price, bid_value, bid_seconds, entry_fee, max_participants, max_attempts, scheduled_time, reward_cash,
      created_by_id, created_by_name, created_at, status, current_price, runner_up_places, revision)
     VALUES (@code, @productId, @productCode, @productName, @imageUrl, @totalPrice, @basePrice, @maxPrice, @bidValue,
      @bidSeconds, @entryFee, @maxParticipants, @maxAttempts, @scheduledTime, @rewardCash, @createdById,
      @createdByName, @createdAt, 'upcoming', @basePrice, @runnerUpPlaces, @revision)`,
  booked: `INSERT OR IGNORE INTO rm_room_participants (room_code, user_id, user_name, reservation_id, fee, booked_at, booked_revision)
     VALUES (@code, @userId, @userName, @reservationId, @fee, @bookedAt, @revision)`,
  joined: `UPDATE rm_rooms SET joined_count = (SELECT count(*) FROM rm_room_participants WHERE room_code = @code),
      revision = @revision WHERE code = @code`,
  started: `UPDATE rm_rooms SET status = 'running', current_price = @price, deadline = @deadline, started_at = @at,
      revision = @revision WHERE code = @code`,
  bidRoom: 'UPDATE rm_rooms SET current_price = ?, deadline = ?, bid_count = ?, revision = ? WHERE code = ?',
  bidUser: 'UPDATE rm_room_participants SET bids_used = ? WHERE room_code = ? AND user_id = ?',
  ended: `UPDATE rm_rooms SET status = 'ended', deadline = NULL, ended_at = @at, end_reason = @reason, winner_id = @winnerId,
      winner_name = @winnerName, final_bid = @finalPrice, purchase_deadline = @purchaseDeadline,
      offer_user_id = @winnerId, offer_user_name = @winnerName, offer_price = @offerPrice, offer_place = @offerPlace,
      revision = @revision WHERE code = @code`,
  offerPassed: `UPDATE rm_rooms SET offer_user_id = @userId, offer_user_name = @userName, offer_price = @price,
      offer_place = @place, purchase_deadline = @deadline, revision = @revision WHERE code = @code`,
  offeredTo: 'UPDATE rm_room_participants SET offer_place = @place WHERE room_code = @code AND user_id = @userId',
  cancelled: `UPDATE rm_rooms SET status = 'cancelled', remark = @remark, ended_at = @at, revision = @revision WHERE code = @code`,
  fate: 'UPDATE rm_room_participants SET fate = @fate WHERE room_code = @code AND reservation_id = @reservationId',
  purchased: `UPDATE rm_rooms SET purchased_at = @at, purchase_payment_id = @paymentId, purchase_address = @address,
      revision = @revision WHERE code = @code`,
  expired: 'UPDATE rm_rooms SET expired = 1, revision = @revision WHERE code = @code',
  touch: 'UPDATE rm_rooms SET revision = @revision WHERE code = @code',
  rescheduled: 'UPDATE rm_rooms SET scheduled_time = @to, revision = @revision WHERE code = @code',
};

/** The last of a run of bids in one room: the room's price, deadline and count, and each bidder's attempts. */
interface PendingBids {
  amount: number;
  deadline: number;
  seq: number;
  revision: number;
  attempts: Map<string, number>;
}

export const ROOM_EVENT_TYPES = [
  'RoomCreated',
  'SeatBooked',
  'RoomStarted',
  'BidPlaced',
  'RoomEnded',
  'RoomCancelled',
  'PurchaseOrderCreated',
  'RoomPurchased',
  'PurchaseWindowExpired',
  'PurchaseOfferPassed',
  'RoomRescheduled',
] as const satisfies readonly RoomEvent['type'][];

const pushBid = (rows: BulkInsert, code: string, event: Recorded<BidPlaced>) => {
  const b = event.data;
  rows.push(code);
  rows.push(b.seq);
  rows.push(b.bidId);
  rows.push(b.userId);
  rows.push(b.userName);
  rows.push(b.amount);
  rows.push(b.at);
  rows.push(event.revision);
};

/**
 * Deal rooms for lists and the live room: every rule, status, current price and deadline, joined
 * members with their attempts, fee fates and place in the purchase offer, bid history, winner, the
 * current purchase offer (the winner's, or a runner-up's it passed to) and purchase; each row carries the
 * room stream revision so clients can tell a fresh snapshot from a stale one.
 */
export const roomsProjector = defineReadModel<RoomEvent>()({
  name: 'rooms',
  // 2: participants carry the room revision of their seat (join order, and the list as of any event).
  // 3: bids and participants are WITHOUT ROWID tables clustered on their keys (one B-tree each, not two).
  // 4: the purchase offer (holder, price, place; purchase_deadline is the holder's), each member's
  //    offer place and the room's runner-up places (issue 21.6).
  version: 4,
  stream: 'room',
  tables: {
    rm_rooms: `CREATE TABLE IF NOT EXISTS rm_rooms (
    code TEXT PRIMARY KEY, product_id TEXT NOT NULL, product_code TEXT NOT NULL, product_name TEXT NOT NULL,
    image_url TEXT, total_price INTEGER NOT NULL, base_price INTEGER NOT NULL, max_price INTEGER NOT NULL,
    bid_value INTEGER NOT NULL, bid_seconds INTEGER NOT NULL, entry_fee INTEGER NOT NULL,
    max_participants INTEGER NOT NULL, max_attempts INTEGER NOT NULL, scheduled_time INTEGER NOT NULL,
    reward_cash INTEGER NOT NULL, created_by_id TEXT NOT NULL, created_by_name TEXT NOT NULL, created_at INTEGER NOT NULL,
    status TEXT NOT NULL, remark TEXT, current_price INTEGER NOT NULL, deadline INTEGER, started_at INTEGER,
    ended_at INTEGER, end_reason TEXT, winner_id TEXT, winner_name TEXT, final_bid INTEGER,
    purchase_deadline INTEGER, purchased_at INTEGER, purchase_payment_id TEXT, purchase_address TEXT,
    expired INTEGER NOT NULL DEFAULT 0, offer_user_id TEXT, offer_user_name TEXT, offer_price INTEGER,
    offer_place INTEGER, runner_up_places INTEGER NOT NULL DEFAULT 0, joined_count INTEGER NOT NULL DEFAULT 0, bid_count INTEGER NOT NULL DEFAULT 0,
    revision INTEGER NOT NULL)`,
    rm_room_participants: `CREATE TABLE IF NOT EXISTS rm_room_participants (room_code TEXT NOT NULL, user_id TEXT NOT NULL,
    user_name TEXT NOT NULL, reservation_id TEXT NOT NULL, fee INTEGER NOT NULL, booked_at INTEGER NOT NULL,
    booked_revision INTEGER NOT NULL, bids_used INTEGER NOT NULL DEFAULT 0, fate TEXT, offer_place INTEGER, PRIMARY KEY (room_code, user_id))
    WITHOUT ROWID`,
    rm_bids: `CREATE TABLE IF NOT EXISTS rm_bids (room_code TEXT NOT NULL, seq INTEGER NOT NULL, bid_id TEXT NOT NULL,
    user_id TEXT NOT NULL, user_name TEXT NOT NULL, amount INTEGER NOT NULL, at INTEGER NOT NULL,
    revision INTEGER NOT NULL, PRIMARY KEY (room_code, seq)) WITHOUT ROWID`,
  },
  indexes: {
    rm_rooms_status: 'CREATE INDEX IF NOT EXISTS rm_rooms_status ON rm_rooms(status, scheduled_time)',
    rm_room_participants_user: 'CREATE INDEX IF NOT EXISTS rm_room_participants_user ON rm_room_participants(user_id)',
  },
  statements: STATEMENTS,
  on: {
    RoomCreated: (e, { sql }, code) => {
      const r = e.data;
      sql.insertRoom.run({
        code,
        productId: r.product.id,
        productCode: r.product.code,
        productName: r.product.name,
        imageUrl: r.product.imageUrl,
        totalPrice: r.totalPrice,
        basePrice: r.basePrice,
        maxPrice: r.maxPrice,
        bidValue: r.bidValue,
        bidSeconds: r.bidSeconds,
        entryFee: r.entryFee,
        maxParticipants: r.maxParticipants,
        maxAttempts: r.maxAttempts,
        scheduledTime: r.scheduledTime,
        rewardCash: r.rewardCash,
        runnerUpPlaces: r.runnerUpPlaces ?? 0,
        createdById: r.createdBy.userId,
        createdByName: r.createdBy.name,
        createdAt: r.createdAt,
        revision: e.revision,
      });
    },
    SeatBooked: (e, { sql }, code) => {
      sql.booked.run({ code, ...e.data, revision: e.revision });
      sql.joined.run({ code, revision: e.revision });
    },
    RoomStarted: (e, { sql }, code) => sql.started.run({ code, ...e.data, revision: e.revision }),
    BidPlaced: takenByBatch,
    RoomEnded: (e, { sql }, code) => {
      const d = e.data;
      sql.ended.run({
        code,
        at: d.at,
        reason: d.reason,
        winnerId: d.winner?.userId ?? null,
        winnerName: d.winner?.userName ?? null,
        finalPrice: d.finalPrice,
        purchaseDeadline: d.purchaseDeadline,
        offerPrice: d.winner ? d.finalPrice : null,
        offerPlace: d.winner ? 0 : null,
        revision: e.revision,
      });
      if (d.winner) sql.offeredTo.run({ code, userId: d.winner.userId, place: 0 });
      for (const o of d.outcomes) sql.fate.run({ code, fate: o.fate, reservationId: o.reservationId });
    },
    RoomCancelled: (e, { sql }, code) => {
      sql.cancelled.run({ code, remark: e.data.remark, at: e.data.at, revision: e.revision });
      for (const o of e.data.outcomes) sql.fate.run({ code, fate: o.fate, reservationId: o.reservationId });
    },
    RoomPurchased: (e, { sql }, code) =>
      sql.purchased.run({
        code,
        at: e.data.at,
        paymentId: e.data.paymentId,
        address: JSON.stringify(e.data.address),
        revision: e.revision,
      }),
    PurchaseWindowExpired: (e, { sql }, code) => sql.expired.run({ code, revision: e.revision }),
    PurchaseOfferPassed: (e, { sql }, code) => {
      const { to, price, place, deadline } = e.data;
      sql.offerPassed.run({
        code,
        userId: to.userId,
        userName: to.userName,
        price,
        place,
        deadline,
        revision: e.revision,
      });
      sql.offeredTo.run({ code, userId: to.userId, place });
    },
    PurchaseOrderCreated: (e, { sql }, code) => sql.touch.run({ code, revision: e.revision }),
    RoomRescheduled: (e, { sql }, code) => sql.rescheduled.run({ code, to: e.data.to, revision: e.revision }),
  },
  batch: (events, { sql, bulk }, apply) => {
    // A bid moves its room's price, deadline and count and its bidder's attempts: keep the last of
    // each and write it once, before that room's next other event and at the end of the batch.
    const bids = bulk(INSERT_BID, 8);
    const pending = new Map<string, PendingBids>();
    const flush = (code: string) => {
      const p = pending.get(code)!;
      sql.bidRoom.run(p.amount, p.deadline, p.seq, p.revision, code);
      for (const [userId, attempt] of p.attempts) sql.bidUser.run(attempt, code, userId);
      pending.delete(code);
    };
    // A batch holds long runs of one room's events: work out its code and pending entry once per run.
    let stream = '';
    let code = '';
    let p: PendingBids | undefined;
    for (const event of events) {
      if (event.streamName !== stream) {
        stream = event.streamName;
        code = stream.startsWith('room-') ? stream.slice('room-'.length) : '';
        p = pending.get(code);
      }
      if (!code) continue;
      if (event.type === 'BidPlaced') {
        const b = event.data;
        pushBid(bids, code, event);
        if (!p) pending.set(code, (p = { amount: 0, deadline: 0, seq: 0, revision: 0, attempts: new Map() }));
        p.amount = b.amount;
        p.deadline = b.deadline;
        p.seq = b.seq;
        p.revision = event.revision;
        p.attempts.set(b.userId, b.attempt);
        continue;
      }
      if (p) {
        flush(code);
        p = undefined;
      }
      apply(event);
    }
    for (const code of [...pending.keys()]) flush(code);
    bids.flush();
  },
});
