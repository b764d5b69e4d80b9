import { describe, expect, it } from 'vitest';
import type { CrackersOrderCommand } from '../../engine/crackersOrder.ts';
import { crackersOrderDecider, normalizeIndianMobile } from '../../engine/crackersOrder.ts';
import { crackersCatalogueDecider } from '../../engine/crackersCatalogue.ts';
import type { CrackersSeason } from '../../engine/crackersSeason.ts';
import { specFor } from '../helpers/decider.ts';

const now = Date.parse('2026-09-30T06:00:00Z');
const season: CrackersSeason = {
  opensOn: '2026-09-15',
  closesOn: '2026-10-10',
  bands: [
    { orderBy: '2026-10-06', deliverBy: '2026-10-10' },
    { orderBy: '2026-10-10', deliverBy: '2026-10-14' },
  ],
};
const spec = specFor(crackersOrderDecider);

const order = (overrides: Partial<CrackersOrderCommand['data']> = {}): CrackersOrderCommand => ({
  type: 'PlaceCrackersOrder',
  data: {
    orderId: 'c1',
    userId: null,
    items: [
      { id: 'k1', name: 'Flower Pots Big', price: 45_000, quantity: 4 },
      { id: 'k2', name: 'Sparklers 15 cm', price: 20_000, quantity: 1 },
    ],
    name: 'Meena',
    phone: '+91 98765 43210',
    address1: '12 East Street',
    address2: '',
    district: 'Thanjavur',
    referral_code: 'vetri1',
    platform: 'web',
    referralKnown: true,
    season,
    now,
    ...overrides,
  },
});

describe('crackers order', () => {
  it('places an order of at least ₹2000 with a normalised phone and code', () => {
    const [event] = crackersOrderDecider.decide(order(), crackersOrderDecider.initialState);
    expect(event).toMatchObject({
      type: 'CrackersOrderPlaced',
      data: { totalAmount: 200_000, phone: '9876543210', referral_code: 'VETRI1', district: 'Thanjavur', at: now },
    });
    expect(event!.data).not.toHaveProperty('referralKnown');
  });

  it('refuses an order below ₹2000', () =>
    spec()
      .when(order({ items: [{ id: 'k1', name: 'Flower Pots Big', price: 45_000, quantity: 4 }] }))
      .thenThrows('CRACKERS_MINIMUM', 'Minimum order ₹2000 required'));

  it('refuses an order with no items', () =>
    spec()
      .when(order({ items: [] }))
      .thenThrows('CRACKERS_NO_ITEMS', 'No items reserved.'));

  it('requires name, phone, address line 1, district and referral code', () => {
    for (const missing of ['name', 'phone', 'address1', 'district', 'referral_code'] as const) {
      spec()
        .when(order({ [missing]: ' ' }))
        .thenThrows(missing === 'district' ? 'DISTRICT_INVALID' : 'CRACKERS_DETAILS_REQUIRED');
    }
    spec()
      .when(order({ address2: '' }))
      .result();
  });

  it('only delivers to Thanjavur and Thiruvarur', () => {
    spec()
      .when(order({ district: 'Chennai' }))
      .thenThrows('DISTRICT_INVALID');
    expect(
      spec()
        .when(order({ district: 'Thiruvarur' }))
        .result().events,
    ).toHaveLength(1);
  });

  it('refuses an unknown referral code and a bad phone', () => {
    spec()
      .when(order({ referralKnown: false }))
      .thenThrows('REFERRAL_NOT_FOUND', 'Referral Code Not Found');
    spec()
      .when(order({ phone: '12345' }))
      .thenThrows('PHONE_INVALID');
  });

  it('placing the same order again changes nothing', () => {
    const events = crackersOrderDecider.decide(order(), crackersOrderDecider.initialState);
    spec(events).when(order()).thenNothing();
  });

  it('reads Indian mobiles as 10 digits', () => {
    expect(normalizeIndianMobile('098765 43210')).toBe('9876543210');
    expect(normalizeIndianMobile('919876543210')).toBe('9876543210');
    expect(normalizeIndianMobile('5876543210')).toBeNull();
  });
});

describe('crackers catalogue', () => {
  const cracker = {
    id: 'k1',
    name: 'Flower Pots Big',
    category: 'Flower Pots',
    price: 45_000,
    strikeOff: 90_000,
    per: 'Box',
    image_path: '/products/crackers/k1.svg',
    particulars: '10 pcs',
  };
  const cat = specFor(crackersCatalogueDecider);

  it('lists a cracker once and updates it when it changes', () => {
    cat()
      .when({ type: 'ListCracker', data: { cracker, now } })
      .then([{ type: 'CrackerListed', data: { ...cracker, at: now } }]);
    const listed = [{ type: 'CrackerListed' as const, data: { ...cracker, at: now } }];
    cat(listed).when({ type: 'ListCracker', data: { cracker, now } }).thenNothing();
    cat(listed)
      .when({ type: 'ListCracker', data: { cracker: { ...cracker, price: 40_000 }, now } })
      .then([{ type: 'CrackerUpdated', data: { ...cracker, price: 40_000, at: now } }]);
  });

  it('refuses a cracker without a unit or with a fractional price', () => {
    cat()
      .when({ type: 'ListCracker', data: { cracker: { ...cracker, per: '' }, now } })
      .thenThrows('CRACKER_INVALID');
    cat()
      .when({ type: 'ListCracker', data: { cracker: { ...cracker, price: 10.5 }, now } })
      .thenThrows('CRACKER_INVALID');
  });
});

describe('crackers orders follow the season the admins set', () => {
  it('are taken from the opening day to the closing day (India dates), and refused outside it', () => {
    // 10 Oct 23:59 in India is still the season; 11 Oct 00:00 India is not.
    spec([])
      .when(order({ now: Date.parse('2026-10-10T18:29:00Z') }))
      .then([expect.objectContaining({ type: 'CrackersOrderPlaced' }) as never]);
    spec([])
      .when(order({ now: Date.parse('2026-10-10T18:30:00Z') }))
      .thenThrows('SEASON_CLOSED', 'Crackers orders are closed for this season. Thank you for ordering with us.');
    spec([])
      .when(order({ now: Date.parse('2026-09-14T12:00:00Z') }))
      .thenThrows('SEASON_CLOSED', 'Crackers orders open on 2026-09-15.');
    spec([])
      .when(order({ season: null }))
      .thenThrows('SEASON_CLOSED', 'Crackers orders are not open yet. Please check back before the festival.');
  });
});
