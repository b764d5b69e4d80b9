import { describe, expect, it } from 'vitest';
import { istLocalToMs, rupeesToPaise, slugify } from '../../web/src/screens/admin/adminForms.ts';
import { roomProblems, type RoomFields } from '../../web/src/screens/admin/roomForm.ts';
import { addressBody, addressProblems, emptyAddress } from '../../web/src/screens/purchase/purchaseForm.ts';
import { cardAction, CARD_ACTION_LABELS, endedRoomMessage } from '../../web/src/stores/rooms.ts';
import { readPaymentReturn, stripPaymentParams, transactionSign } from '../../web/src/stores/wallet.ts';

const T = Date.parse('2026-11-22T13:30:00.000Z');
const room = (over: Partial<Parameters<typeof cardAction>[0]> = {}) => ({
  status: 'upcoming' as const,
  participants: ['u1'],
  joined_count: 1,
  max_participants: 2,
  scheduled_time_ms: T,
  room_remarks: null,
  ...over,
});
const me = { id: 'u1', access: 'granted' as const };
const other = { id: 'u9', access: 'granted' as const };
const label = (...args: Parameters<typeof cardAction>) => CARD_ACTION_LABELS[cardAction(...args).kind];

describe('the deal card action (storefront §4 table)', () => {
  it('not booked, room not full → Pre-Book', () => {
    expect(label(room(), other, T - 1000)).toBe('Pre-Book');
  });
  it('not booked, full → Room Full', () => {
    expect(label(room({ joined_count: 2, participants: ['u1', 'u2'] }), other, T - 1000)).toBe('Room Full');
  });
  it('booked, not joinable yet → You have already booked', () => {
    expect(label(room(), me, T - 1000)).toBe('You have already booked');
    expect(label(room({ joined_count: 2, participants: ['u1', 'u2'] }), me, T - 1000)).toBe('You have already booked');
  });
  it('booked, full, start time reached (or the room running) → Join', () => {
    const full = room({ joined_count: 2, participants: ['u1', 'u2'] });
    expect(label(full, me, T)).toBe('Join');
    expect(label({ ...full, status: 'running' }, me, T - 5000)).toBe('Join');
  });
  it('start time reached without a full room, or cancelled → Not enough participants', () => {
    expect(label(room(), me, T + 1)).toBe('Not enough participants');
    expect(label(room(), other, T + 1)).toBe('Not enough participants');
    expect(label(room({ status: 'cancelled' }), me, T - 1000)).toBe('Not enough participants');
    expect(label(room({ status: 'cancelled', room_remarks: 'not enough participants' }), me, T + 1)).toBe(
      'Not enough participants',
    );
  });
  it('cancelled by an admin (their reason as the remark), full or not → Cancelled', () => {
    const full = room({ joined_count: 2, participants: ['u1', 'u2'] });
    const reason = 'The supplier could not deliver in time';
    expect(label({ ...full, status: 'cancelled', room_remarks: reason }, me, T - 1000)).toBe('Cancelled');
    expect(label(room({ status: 'cancelled', room_remarks: reason }), other, T + 1)).toBe('Cancelled');
  });
  it('a waitlisted member gets the waitlist notice instead of Pre-Book; a visitor still sees Pre-Book', () => {
    expect(cardAction(room(), { id: 'w', access: 'waitlisted' }, T - 1000).kind).toBe('waitlisted');
    expect(label(room(), null, T - 1000)).toBe('Pre-Book');
  });
  it('names the winner and the final price when joining an ended room', () => {
    expect(endedRoomMessage('Arun Kumar', 1_030_00)).toBe(
      'This room has already ended. Winner: Arun Kumar, Final Price: ₹1,030.00',
    );
  });
});

describe('wallet display and the payment return', () => {
  it('shows deposits and refunds as +, other cash movements as −', () => {
    expect(transactionSign('deposit')).toBe('+');
    expect(transactionSign('refund_deposit')).toBe('+');
    expect(transactionSign('prebook_deduction')).toBe('−');
    expect(transactionSign('withdrawal')).toBe('−');
    expect(transactionSign('reward_debit')).toBe('−');
  });
  it('reads a paid return with its signed fields, and strips only those parameters', () => {
    const q = new URLSearchParams(
      'tab=x&payment_success=1&order_id=order_1&razorpay_order_id=order_1&razorpay_payment_id=pay_1&razorpay_signature=abc',
    );
    expect(readPaymentReturn(q)).toEqual({
      kind: 'paid',
      orderId: 'order_1',
      callback: { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'abc' },
    });
    expect(stripPaymentParams(q).toString()).toBe('tab=x');
    expect(readPaymentReturn(new URLSearchParams('payment_success=0&order_id=o'))).toEqual({
      kind: 'cancelled',
      orderId: 'o',
    });
    expect(readPaymentReturn(new URLSearchParams(''))).toEqual({ kind: 'none' });
  });
});

describe('admin form checks (live auction spec §5)', () => {
  const ok: RoomFields = {
    total_price: '8999',
    base_price: '1000',
    max_price: '3000',
    bid_value: '10',
    bid_seconds: '60',
    entry_fee: '0',
    max_participants: '2',
    reward_cash: '0',
    max_attempts: '5',
    runner_up_places: '2',
    scheduled_time: '2026-11-22T19:30',
  };
  const now = Date.parse('2026-11-22T13:00:00.000Z'); // 6:30 pm IST

  it('accepts a valid room and reads the time as India time', () => {
    expect(roomProblems(ok, true, now)).toEqual({});
    expect(istLocalToMs('2026-11-22T19:30')).toBe(Date.parse('2026-11-22T14:00:00.000Z'));
  });
  it('enforces every bound', () => {
    const p = roomProblems(
      { ...ok, base_price: '-1', bid_value: '1.5', bid_seconds: '0', max_participants: '11', scheduled_time: '' },
      false,
      now,
    );
    expect(Object.keys(p).sort()).toEqual(
      ['base_price', 'bid_seconds', 'bid_value', 'max_participants', 'product', 'scheduled_time'].sort(),
    );
    expect(roomProblems({ ...ok, max_participants: '1' }, true, now).max_participants).toBe('From 2 to 10.');
    expect(roomProblems({ ...ok, max_price: '1005' }, true, now).max_price).toMatch(/room for at least one deal/);
    expect(roomProblems({ ...ok, runner_up_places: '6' }, true, now).runner_up_places).toBe('From 0 to 5.');
    expect(roomProblems({ ...ok, runner_up_places: '0' }, true, now)).toEqual({});
    expect(roomProblems({ ...ok, scheduled_time: '2026-11-22T18:00' }, true, now).scheduled_time).toBe(
      'Must be in the future.',
    );
  });
  it('turns rupees into paise exactly and names slugs', () => {
    expect(rupeesToPaise('4999.50')).toBe(4_999_50);
    expect(rupeesToPaise('0.1')).toBe(10);
    expect(rupeesToPaise('1.234')).toBeNaN();
    expect(rupeesToPaise('')).toBeNaN();
    expect(slugify('Kaveri Kanchipuram Silk Saree!')).toBe('kaveri-kanchipuram-silk-saree');
  });
});

describe('purchase address (storefront §5)', () => {
  it('requires all but address_line2, landmark and platform', () => {
    const p = addressProblems({ ...emptyAddress(''), state: '' });
    expect(Object.keys(p).sort()).toEqual(
      ['address_line1', 'city', 'contact_number', 'full_name', 'pincode', 'state'].sort(),
    );
    const full = {
      ...emptyAddress('Arun Kumar'),
      contact_number: '9840012345',
      pincode: '600028',
      address_line1: '14, 2nd Cross Street',
      city: 'Chennai',
      platform: '',
    };
    expect(addressProblems(full)).toEqual({});
    expect(addressBody(full)).not.toHaveProperty('landmark');
    expect(addressBody(full)).not.toHaveProperty('platform');
    expect(addressProblems({ ...full, pincode: '60002' }).pincode).toBe('Enter the 6-digit pincode.');
  });
});
