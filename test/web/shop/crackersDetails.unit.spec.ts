import { describe, expect, it } from 'vitest';
import type { ProfileAnswer } from '../../../api/contract/account.ts';
import { crackersDetailsFrom } from '../../../web/src/screens/shop/crackersCart.ts';

const user = {
  id: 'u1',
  name: 'Arun Kumar',
  email: 'arun@example.in',
  created_at: '',
  phone: '9840012345',
  dob: '1990-01-01',
};
const profile = {
  first_name: 'Arun',
  last_name: 'Kumaran',
  email: 'arun@example.in',
  mobile: '9876543210',
  date_of_birth: null,
  gender: null,
  address_line1: '12, South Main Street',
  address_line2: 'Near the Big Temple',
  city: 'thanjavur',
  state: 'Tamil Nadu',
  country: 'India',
  postal_code: '613001',
};

describe('the crackers form for a signed-in member', () => {
  it('starts from the saved profile, with the district when it is one we deliver to', () => {
    const answer: ProfileAnswer = { exists: true, profile, user };
    expect(crackersDetailsFrom(answer)).toEqual({
      name: 'Arun Kumaran',
      phone: '9876543210',
      address1: '12, South Main Street',
      address2: 'Near the Big Temple',
      district: 'Thanjavur',
    });
    expect(crackersDetailsFrom({ ...answer, profile: { ...profile, city: 'Chennai' } })).not.toHaveProperty('district');
  });

  it('starts from the registration when no profile is saved yet', () => {
    expect(crackersDetailsFrom({ exists: false, profile: null, user })).toEqual({
      name: 'Arun Kumar',
      phone: '9840012345',
      address1: '',
      address2: '',
    });
  });
});
