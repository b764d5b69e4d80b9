import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSizeOf } from '../../api/uploads/images.ts';
import { userByEmail } from '../../projections/users.ts';
import type { Client } from '../helpers/http.ts';
import { client, loggedIn, MEMBER } from '../helpers/http.ts';
import { makePng } from '../helpers/png.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(async () => {
  await server.stop();
});

const MEMBER2 = { email: 'member2@vetrideals.in', password: MEMBER.password };

/** Posts a multipart avatar as a browser would, with the client's session cookie. */
const upload = async (who: Client | null, bytes: Uint8Array, name: string, type: string) => {
  const form = new FormData();
  form.append('avatar', new Blob([Uint8Array.from(bytes)], { type }), name);
  const res = await fetch(`${server.url}/api/me/profile/avatar`, {
    method: 'POST',
    body: form,
    headers: { origin: server.url, ...(who?.cookie ? { cookie: who.cookie } : {}) },
  });
  return {
    status: res.status,
    body: (await res.json()) as { avatar?: string; error?: { code: string; message: string } },
  };
};

const avatarOf = (email: string) => userByEmail(server.deps.readDb, email)?.avatar ?? null;

/** Issue 20.7: members upload an avatar, checked by its content, at most 256×256 once resized. */
describe('avatar upload', () => {
  it('accepts a PNG, serves it, and shows it in the session and the profile', async () => {
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    const png = makePng(256, 256);
    const res = await upload(member, png, 'me.png', 'image/png');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.avatar).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/);

    const served = await fetch(`${server.url}${res.body.avatar}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const session = await member.call<{ user: { avatar: string } }>('GET', '/api/auth/session');
    expect(session.body.user.avatar).toBe(res.body.avatar);
    const profile = await member.call<{ user: { avatar: string } }>('GET', '/api/me/profile');
    expect(profile.body.user.avatar).toBe(res.body.avatar);
  });

  it('refuses a text file named .png and declared image/png, saying what it wants', async () => {
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    const before = avatarOf(MEMBER.email);
    const res = await upload(member, new TextEncoder().encode('hello, I am not a picture\n'), 'photo.png', 'image/png');
    expect(res.status).toBe(415);
    expect(res.body.error?.message).toBe('That file is not a PNG, JPEG or WebP image. Choose a photo or picture.');
    expect(avatarOf(MEMBER.email)).toBe(before);
  });

  it('refuses a file that only starts like a PNG, a GIF, and an image larger than 256×256', async () => {
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    const fake = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x3c, 0x73, 0x63, 0x72]);
    expect((await upload(member, fake, 'a.png', 'image/png')).status).toBe(415);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await upload(member, gif, 'a.gif', 'image/gif')).status).toBe(415);
    const big = await upload(member, makePng(300, 200), 'big.png', 'image/png');
    expect(big.status).toBe(400);
    expect(big.body.error?.message).toContain('at most 256×256 pixels; this one is 300×200');
  });

  it('needs a session, and another member changes only their own avatar', async () => {
    expect((await upload(null, makePng(8, 8), 'a.png', 'image/png')).status).toBe(401);
    expect((await upload(client(server), makePng(8, 8), 'a.png', 'image/png')).status).toBe(401);

    const mine = await loggedIn(server, MEMBER.email, MEMBER.password);
    await upload(mine, makePng(16, 16), 'mine.png', 'image/png');
    const myAvatar = avatarOf(MEMBER.email);
    const other = await loggedIn(server, MEMBER2.email, MEMBER2.password);
    // A user id in the form is ignored: the avatar is always the session's.
    const form = new FormData();
    form.append('user_id', userByEmail(server.deps.readDb, MEMBER.email)!.id);
    form.append(
      'avatar',
      new Blob([Uint8Array.from(makePng(32, 32, [0, 0, 0], [0, 0, 0]))], { type: 'image/png' }),
      'x.png',
    );
    const res = await fetch(`${server.url}/api/me/profile/avatar`, {
      method: 'POST',
      body: form,
      headers: { origin: server.url, cookie: other.cookie ?? '' },
    });
    expect(res.status).toBe(200);
    expect(avatarOf(MEMBER.email)).toBe(myAvatar);
    expect(avatarOf(MEMBER2.email)).not.toBeNull();
    expect(avatarOf(MEMBER2.email)).not.toBe(myAvatar);
  });
});

describe('image headers', () => {
  it('reads the size of a PNG', () => {
    expect(imageSizeOf(makePng(12, 34))).toEqual({ width: 12, height: 34 });
  });

  it('reads the size of a JPEG from its frame header, past the other segments', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x10, ...Array<number>(14).fill(0)];
    const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x20, 0x00, 0x40, 0x03, ...Array<number>(9).fill(0)];
    expect(imageSizeOf(Uint8Array.from([0xff, 0xd8, ...app0, ...sof0]))).toEqual({ width: 64, height: 32 });
  });

  it('reads the size of a WebP (lossless VP8L and extended VP8X) and not of a bare RIFF header', () => {
    const riff = (chunk: string, body: number[]) =>
      Uint8Array.from([
        ...Buffer.from('RIFF'),
        0,
        0,
        0,
        0,
        ...Buffer.from('WEBP'),
        ...Buffer.from(chunk),
        0,
        0,
        0,
        0,
        ...body,
      ]);
    // VP8L: signature 0x2f, then 14 bits width − 1 and 14 bits height − 1.
    const w = 255;
    const h = 99;
    const bits = w | (h << 14);
    expect(
      imageSizeOf(
        riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >>> 24, 0, 0, 0, 0, 0]),
      ),
    ).toEqual({
      width: 256,
      height: 100,
    });
    // VP8X: flags, 3 reserved bytes, then 24-bit width − 1 and height − 1.
    expect(imageSizeOf(riff('VP8X', [0, 0, 0, 0, 255, 0, 0, 127, 0, 0]))).toEqual({ width: 256, height: 128 });
    expect(imageSizeOf(riff('JUNK', Array<number>(10).fill(0)))).toBeNull();
  });
});
