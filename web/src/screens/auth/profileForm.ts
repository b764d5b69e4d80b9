import { GENDERS, type Profile } from '../../../../engine/user.ts';
import type { ProfileAnswer } from '../../../../api/contract/account.ts';
import { splitName } from './authLogic.ts';

export type ProfileForm = { [K in keyof Profile]: string };

export type { ProfileAnswer };

export const PROFILE_REQUIRED = ['first_name', 'last_name', 'email', 'mobile'] as const;

/** The saved profile, or a first draft from the registration (name, email, phone, date of birth). */
export const profileFormFrom = ({ profile, user }: ProfileAnswer): ProfileForm => {
  if (profile) {
    return {
      ...profile,
      date_of_birth: profile.date_of_birth ?? '',
      gender: profile.gender ?? '',
    };
  }
  const { first, last } = splitName(user.name);
  return {
    first_name: first,
    last_name: last,
    email: user.email,
    mobile: user.phone,
    date_of_birth: user.dob,
    gender: '',
    address_line1: '',
    address_line2: '',
    city: '',
    state: 'Tamil Nadu',
    country: 'India',
    postal_code: '',
  };
};

/** True when every required field (first and last name, email, mobile) has a value. */
export const profileComplete = (form: ProfileForm): boolean => PROFILE_REQUIRED.every((k) => form[k].trim() !== '');

/** The body for PUT /api/me/profile (no user id: the server takes it from the session). */
export const profileBody = (form: ProfileForm): Profile => ({
  ...form,
  date_of_birth: form.date_of_birth || null,
  gender: (GENDERS as readonly string[]).includes(form.gender) ? (form.gender as Profile['gender']) : null,
});
