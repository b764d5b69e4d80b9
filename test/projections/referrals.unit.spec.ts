import { describe, it } from 'vitest';
import type { ReferralEvent } from '../../engine/referral.ts';
import { listReferrals, referralByCode } from '../../projections/referrals.ts';
import { given, on } from '../helpers/readModel.ts';

const referral = (code: string, e: ReferralEvent) => on(`referral-${code}`, e);

describe('referrals read model', () => {
  it('counts the members who used a code', () => {
    given(
      referral('RAVI01', {
        type: 'ReferralCreated',
        data: { code: 'RAVI01', name: 'Ravi', createdBy: 'admin-1', at: 0 },
      }),
      referral('RAVI01', { type: 'ReferralUsed', data: { userId: 'u1', at: 1 } }),
      referral('RAVI01', { type: 'ReferralUsed', data: { userId: 'u2', at: 2 } }),
    ).thenRows((db) => referralByCode(db, 'RAVI01'), {
      code: 'RAVI01',
      name: 'Ravi',
      createdBy: 'admin-1',
      createdAt: '1970-01-01T00:00:00.000Z',
      uses: 2,
    });
  });

  it('lists codes newest first, and knows no unknown code', () => {
    given(
      referral('OLD001', { type: 'ReferralCreated', data: { code: 'OLD001', name: 'A', createdBy: 'x', at: 1000 } }),
      referral('NEW001', { type: 'ReferralCreated', data: { code: 'NEW001', name: 'B', createdBy: 'x', at: 2000 } }),
    )
      .thenRows(
        (db) => listReferrals(db).map((r) => [r.code, r.uses]),
        [
          ['NEW001', 0],
          ['OLD001', 0],
        ],
      )
      .thenRows((db) => referralByCode(db, 'NONE00'), undefined);
  });
});
