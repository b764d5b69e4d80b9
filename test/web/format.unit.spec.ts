import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatDate,
  formatDateTime,
  formatMmSs,
  formatRupees,
  formatTime,
  toEpochMs,
} from '../../web/src/lib/format.ts';

describe('formatRupees', () => {
  it('shows paise as rupees with Indian digit grouping', () => {
    expect(formatRupees(12_345_600)).toBe('₹1,23,456.00');
    expect(formatRupees(10_000_000_050)).toBe('₹10,00,00,000.50');
    expect(formatRupees(0)).toBe('₹0.00');
  });

  it('rounds to whole rupees when asked, as the header does', () => {
    expect(formatRupees(12_345_600, { whole: true })).toBe('₹1,23,456');
    expect(formatRupees(12_345_649, { whole: true })).toBe('₹1,23,456');
    expect(formatRupees(12_345_650, { whole: true })).toBe('₹1,23,457');
  });

  it('keeps the sign of a debit', () => {
    expect(formatRupees(-5_000)).toBe('-₹50.00');
  });
});

describe('formatDateTime', () => {
  const instant = Date.UTC(2025, 10, 22, 13, 40, 5, 123);

  it('shows India time in 12-hour form whatever the machine’s zone', () => {
    expect(formatDateTime(instant)).toMatch(/^22 Nov 2025, 7:10 (pm|PM)$/);
  });

  it('accepts ISO strings with a zone', () => {
    expect(formatDateTime('2025-11-22T13:40:05.123Z')).toBe(formatDateTime(instant));
    expect(formatDateTime('2025-11-22T19:10:05+05:30')).toBe(formatDateTime(instant));
  });

  it('reads timestamps without a zone as UTC', () => {
    expect(toEpochMs('2025-11-22 13:40:05.123')).toBe(instant);
    expect(toEpochMs('2025-11-22T13:40:05.123')).toBe(instant);
  });

  it('crosses midnight into the next IST day', () => {
    expect(formatDate(Date.UTC(2025, 0, 31, 19, 0))).toBe('1 Feb 2025');
  });
});

describe('formatTime', () => {
  const instant = Date.UTC(2025, 10, 22, 6, 30, 5, 42);

  it('shows hours, minutes and seconds in India time', () => {
    expect(formatTime(instant)).toMatch(/^12:00:05 (pm|PM)$/);
  });

  it('adds milliseconds for bid history', () => {
    expect(formatTime(instant, { ms: true })).toMatch(/^12:00:05\.042 (pm|PM)$/);
  });
});

describe('formatCountdown', () => {
  it('shows minutes and seconds under an hour', () => {
    expect(formatCountdown(59 * 60_000 + 59_000)).toBe('59m 59s');
    expect(formatCountdown(5_000)).toBe('0m 5s');
  });

  it('adds hours from one hour up', () => {
    expect(formatCountdown(3_600_000)).toBe('1h 0m 0s');
    expect(formatCountdown(27 * 3_600_000 + 4 * 60_000 + 9_000)).toBe('27h 4m 9s');
  });

  it('drops partial seconds and never goes negative', () => {
    expect(formatCountdown(1_999)).toBe('0m 1s');
    expect(formatCountdown(-10_000)).toBe('0m 0s');
  });
});

describe('formatMmSs', () => {
  it('pads minutes and seconds', () => {
    expect(formatMmSs(65_000)).toBe('01:05');
    expect(formatMmSs(0)).toBe('00:00');
  });

  it('keeps counting minutes past an hour and clamps at zero', () => {
    expect(formatMmSs(75 * 60_000)).toBe('75:00');
    expect(formatMmSs(-1)).toBe('00:00');
  });
});
