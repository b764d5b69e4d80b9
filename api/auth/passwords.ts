import { passwordStrength } from '../../engine/user.ts';
import { ApiError } from '../http/errors.ts';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 64;

const derive = (password: string, salt: Buffer, n: number, r: number, p: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** `scrypt$N$r$p$salt$hash` (base64url). */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  const expected = Buffer.from(hash, 'base64url');
  return expected.length === key.length && timingSafeEqual(expected, key);
};

/** A new password's rules, with the registration form's messages: both given, the same, at least medium. */
export const checkNewPassword = (b: { password: string; confirmPassword: string }): void => {
  if (!b.password || !b.confirmPassword) throw new ApiError(400, 'FIELDS_REQUIRED', '⚠️ All fields are required.');
  if (b.password !== b.confirmPassword)
    throw new ApiError(400, 'PASSWORD_MISMATCH', '⚠️ Password and Confirm Password do not match.');
  if (passwordStrength(b.password) < 2)
    throw new ApiError(400, 'PASSWORD_WEAK', '⚠️ Password strength must be at least medium.');
};
