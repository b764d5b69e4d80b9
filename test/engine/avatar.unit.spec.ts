import { describe, expect, it } from 'vitest';
import { AVATAR_INVALID, userDecider } from '../../engine/user.ts';
import type { UserEvent } from '../../engine/user.ts';
import { specFor } from '../helpers/decider.ts';

const user = specFor(userDecider);
const T0 = Date.parse('2026-11-22T05:00:00Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'U1',
    name: 'Arun',
    email: 'a@b.in',
    phone: '9840012345',
    dob: '1990-01-01',
    district: 'Chennai',
    passwordHash: 'x',
    referralCode: null,
    role: 'member',
    access: 'granted',
    registeredAt: T0,
  },
};
const ID1 = '0f8fad5b-d9cb-469f-a165-70867728950e.png';
const ID2 = '7c9e6679-7425-40de-944b-e07fc1f90ae7.webp';
const changed = (uploadId: string, at: number): UserEvent => ({ type: 'AvatarChanged', data: { uploadId, at } });

/** Issue 20.7: a member's avatar is an upload of ours, recorded on their user stream. */
describe('the avatar', () => {
  it('records a new avatar', () => {
    user([registered])
      .when({ type: 'ChangeAvatar', data: { uploadId: ID1, now: T0 + 1 } })
      .then([changed(ID1, T0 + 1)]);
  });

  it('replaces an earlier avatar, and records nothing when it is the same upload', () => {
    user([registered, changed(ID1, T0 + 1)])
      .when({ type: 'ChangeAvatar', data: { uploadId: ID2, now: T0 + 2 } })
      .then([changed(ID2, T0 + 2)]);
    user([registered, changed(ID1, T0 + 1)])
      .when({ type: 'ChangeAvatar', data: { uploadId: ID1, now: T0 + 2 } })
      .thenNothing();
  });

  it('keeps the avatar in the state', () => {
    const { state } = user([registered])
      .when({ type: 'ChangeAvatar', data: { uploadId: ID1, now: T0 + 1 } })
      .result();
    expect(state).toMatchObject({ avatar: ID1 });
  });

  it('refuses anything but one of our image uploads (no paths, no GIFs, no URLs)', () => {
    for (const uploadId of ['../secrets.png', 'https://evil.example/a.png', ID1.replace('.png', '.gif'), 'x.png', '']) {
      user([registered])
        .when({ type: 'ChangeAvatar', data: { uploadId, now: T0 + 1 } })
        .thenThrows('AVATAR_INVALID', AVATAR_INVALID);
    }
  });

  it('needs a registered user', () => {
    user([])
      .when({ type: 'ChangeAvatar', data: { uploadId: ID1, now: T0 } })
      .thenThrows('USER_NOT_FOUND');
  });
});
