import { Hono } from 'hono';
import type { Context } from 'hono';
import { indiaDate } from '../../engine/crackersSeason.ts';
import { userDecider } from '../../engine/user.ts';
import { profileOf, userById } from '../../projections/users.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe, jsonBody } from '../http/openapi.ts';
import { imageSizeOf, imageTypeOf, storeUpload, uploadUrl } from '../uploads/images.ts';
import { userStream } from './identity.ts';
import { isDateOfBirth } from './routes.ts';
import type { AuthEnv } from './session.ts';
import { actorOf, currentUser, requireUser } from './session.ts';
import {
  AVATAR_SIZE_PX,
  AvatarAnswer,
  LanguageAnswer,
  LanguageBody,
  ProfileAnswer,
  ProfileBody,
} from '../contract/account.ts';

/** A resized avatar (256×256 PNG, JPEG or WebP) is far below this; the browser refuses pictures over 2 MB before resizing. */
export const AVATAR_MAX_BYTES = 400_000;
const AVATAR_TYPES = new Set(['png', 'jpg', 'webp']);
export const AVATAR_NOT_AN_IMAGE = 'That file is not a PNG, JPEG or WebP image. Choose a photo or picture.';

/**
 * The avatar's bytes, checked: a multipart `avatar` file of at most 400 KB whose content (not its name
 * or declared type) is a PNG, JPEG or WebP image of at most 256×256 pixels. There is no image library
 * on the server, so the profile screen resizes the picture in a canvas first; here only the header is read.
 */
const checkedAvatar = async (c: Context<AuthEnv>) => {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the avatar as a multipart form with an "avatar" file.');
  }
  const file = (await c.req.parseBody()).avatar;
  if (!(file instanceof File) || file.size === 0) throw new ApiError(400, 'VALIDATION', 'Choose an image to upload.');
  if (file.size > AVATAR_MAX_BYTES) {
    throw new ApiError(413, 'IMAGE_TOO_LARGE', `Avatars must be at most ${AVATAR_MAX_BYTES / 1000} KB once resized.`, {
      maxKb: AVATAR_MAX_BYTES / 1000,
    });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = imageTypeOf(bytes);
  const size = imageSizeOf(bytes);
  if (!kind || !AVATAR_TYPES.has(kind.ext) || !size) throw new ApiError(415, 'NOT_AN_IMAGE', AVATAR_NOT_AN_IMAGE);
  if (size.width < 1 || size.height < 1 || size.width > AVATAR_SIZE_PX || size.height > AVATAR_SIZE_PX) {
    throw new ApiError(
      400,
      'IMAGE_TOO_BIG',
      `Avatars must be at most ${AVATAR_SIZE_PX}×${AVATAR_SIZE_PX} pixels; this one is ${size.width}×${size.height}.`,
      { maxPx: AVATAR_SIZE_PX, width: size.width, height: size.height },
    );
  }
  return { bytes, kind };
};

/** The member's own profile. The user is always the session's; a `user_id` in the body is ignored. */
export const profileRoutes = (deps: Pick<Deps, 'clock' | 'readDb' | 'commands' | 'config'>) =>
  new Hono<AuthEnv>()
    .use('*', requireUser)
    .get(
      '/',
      describe({ summary: 'My profile', tags: ['profile'], access: 'member', response: ProfileAnswer }),
      (c) => {
        const user = currentUser(c);
        const row = userById(deps.readDb, user.id);
        const profile = row ? profileOf(row) : null;
        return c.json({
          exists: profile !== null,
          profile,
          user: {
            id: user.id,
            name: user.name,
            email: user.email,
            created_at: user.createdAt,
            phone: row?.phone ?? '',
            dob: row?.dob ?? '',
            avatar: row?.avatar ? uploadUrl(row.avatar) : null,
          },
        });
      },
    )
    .put(
      '/',
      describe({ summary: 'Save my profile', tags: ['profile'], access: 'member' }),
      jsonBody(ProfileBody),
      async (c) => {
        const user = currentUser(c);
        const b = c.req.valid('json');
        const now = deps.clock.now();
        // As at registration: a day of the calendar, from 1900, and not after today in India.
        if (b.date_of_birth && (!isDateOfBirth(b.date_of_birth) || b.date_of_birth > indiaDate(now)))
          throw new ApiError(400, 'DOB_INVALID', 'Enter a valid date of birth.');
        await handleCommand(
          deps.commands,
          userStream(user.id),
          userDecider,
          {
            type: 'SaveProfile',
            data: { profile: { ...b, date_of_birth: b.date_of_birth || null, gender: b.gender ?? null }, now },
          },
          { actor: actorOf(user), now },
        );
        return c.json({ success: true, message: 'Profile saved successfully!' });
      },
    )
    .post(
      '/avatar',
      describe({
        summary: 'Upload my avatar (multipart `avatar`: PNG, JPEG or WebP by content, at most 256×256 px)',
        tags: ['profile'],
        access: 'member',
        response: AvatarAnswer,
      }),
      async (c) => {
        const user = currentUser(c);
        const { bytes, kind } = await checkedAvatar(c);
        const uploadId = storeUpload(deps, bytes, kind);
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          userStream(user.id),
          userDecider,
          { type: 'ChangeAvatar', data: { uploadId, now } },
          { actor: actorOf(user), now },
        );
        return c.json({ success: true, avatar: uploadUrl(uploadId), message: 'Avatar updated.' });
      },
    );

/**
 * `PUT /api/me/language`: the member's language, kept on their user stream (`LanguageChosen`), so
 * their mails and notifications come in it and their other devices start in it. The client sends it
 * on every switch while signed in; the same choice again records nothing.
 */
export const languageRoutes = (deps: Pick<Deps, 'clock' | 'commands'>) =>
  new Hono<AuthEnv>().use('*', requireUser).put(
    '/',
    describe({
      summary: 'Choose my language for mails and notifications (en or ta)',
      tags: ['profile'],
      access: 'member',
      response: LanguageAnswer,
    }),
    jsonBody(LanguageBody),
    async (c) => {
      const user = currentUser(c);
      const { lang } = c.req.valid('json');
      const now = deps.clock.now();
      await handleCommand(
        deps.commands,
        userStream(user.id),
        userDecider,
        { type: 'ChooseLanguage', data: { lang, now } },
        { actor: actorOf(user), now },
      );
      return c.json({ lang });
    },
  );
