import { describe, expect, it } from 'vitest';
import { deliveryText } from '../../web/src/screens/shop/crackersSeason.ts';

describe('the crackers delivery promise in words', () => {
  it('reads as the old site’s sentence for two bands', () => {
    expect(
      deliveryText({
        opens_on: '2026-09-15',
        closes_on: '2026-10-10',
        bands: [
          { order_by: '2026-10-06', deliver_by: '2026-10-10' },
          { order_by: '2026-10-10', deliver_by: '2026-10-14' },
        ],
      }),
    ).toBe('Orders till 6 Oct delivered by 10 Oct, and orders 7 to 10 Oct delivered by 14 Oct.');
  });

  it('names both months when a band crosses one, and a single day as "on"', () => {
    expect(
      deliveryText({
        opens_on: '2026-10-20',
        closes_on: '2026-11-03',
        bands: [
          { order_by: '2026-10-30', deliver_by: '2026-11-02' },
          { order_by: '2026-11-02', deliver_by: '2026-11-05' },
          { order_by: '2026-11-03', deliver_by: '2026-11-06' },
        ],
      }),
    ).toBe(
      'Orders till 30 Oct delivered by 2 Nov, orders 31 Oct to 2 Nov delivered by 5 Nov, and orders on 3 Nov delivered by 6 Nov.',
    );
    expect(
      deliveryText({
        opens_on: '2026-10-01',
        closes_on: '2026-10-05',
        bands: [{ order_by: '2026-10-05', deliver_by: '2026-10-08' }],
      }),
    ).toBe('Orders till 5 Oct delivered by 8 Oct.');
  });
});

describe('the crackers delivery promise in Tamil', () => {
  it('is whole Tamil sentences with ta-IN dates, and English again after a switch back', async () => {
    const { setLang } = await import('../../web/src/i18n/index.ts');
    const season = {
      opens_on: '2026-09-15',
      closes_on: '2026-10-10',
      bands: [
        { order_by: '2026-10-06', deliver_by: '2026-10-10' },
        { order_by: '2026-10-10', deliver_by: '2026-10-14' },
      ],
    };
    try {
      await setLang('ta');
      const tamil = deliveryText(season);
      expect(tamil).not.toMatch(/[A-Za-z]{2,}/);
      expect(tamil).toContain('டெலிவரி');
      expect(tamil).toContain('அக்.');
    } finally {
      await setLang('en');
    }
    expect(deliveryText(season)).toBe(
      'Orders till 6 Oct delivered by 10 Oct, and orders 7 to 10 Oct delivered by 14 Oct.',
    );
  });
});
