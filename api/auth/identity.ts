import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Actor } from '../../engine/eventStore.ts';
import { emailDecider } from '../../engine/emailVerification.ts';
import { referralDecider } from '../../engine/referral.ts';
import type { Registration } from '../../engine/user.ts';
import { userDecider } from '../../engine/user.ts';
import { handleCommand, loadState } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const emailStream = (email: string): string =>
  `email-${createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 32)}`;
export const userStream = (userId: string): string => `user-${userId}`;
export const referralStream = (code: string): string => `referral-${code}`;

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A short, readable user id (10 characters of Crockford base32). */
export const newUserId = (): string => [...randomBytes(10)].map((b) => ALPHABET[b % 32]).join('');

export const newOtpCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const otpHash = (secret: string, email: string, code: string): string =>
  createHash('sha256')
    .update(`${secret}:${normalizeEmail(email)}:${code.trim()}`)
    .digest('hex');

export type NewMember = Omit<Registration, 'userId'>;

/**
 * Registers a user: claims the email first (one account per email, even under races; it must
 * have been verified by OTP unless `trusted`, which only server-side seeding sets), then appends
 * `UserRegistered`, then records the referral's use. A registration cut short after the claim is
 * finished by the next attempt, which reuses the claimed id.
 */
export const registerMember = async (
  deps: Pick<Deps, 'clock' | 'store' | 'commands'>,
  member: NewMember,
  options: { actor: Actor; trusted?: boolean; proofHash?: string | null },
): Promise<string> => {
  const email = normalizeEmail(member.email);
  const now = deps.clock.now();
  const { state } = await loadState(deps.store, emailStream(email), emailDecider);
  // Finishing a registration cut short after its claim: only with the proof the claim was made with.
  let userId = state.claimedBy && (options.trusted || state.claimProof === options.proofHash) ? state.claimedBy : null;
  if (userId && (await deps.store.readStream(userStream(userId), { limit: 1 })).length > 0) userId = null;
  userId ??= newUserId();
  const context = { actor: options.actor, now };
  await handleCommand(
    deps.commands,
    emailStream(email),
    emailDecider,
    {
      type: 'ClaimEmail',
      data: { userId, now, trusted: options.trusted ?? false, proofHash: options.proofHash ?? null },
    },
    context,
  );
  await handleCommand(
    deps.commands,
    userStream(userId),
    userDecider,
    { type: 'RegisterUser', data: { ...member, email, userId, now } },
    // Not idempotent by user id: of racing registrations that share a claim, one writes the user and
    // the others are told the account exists, rather than "success" for a password never stored.
    context,
  );
  if (member.referralCode) {
    await handleCommand(
      deps.commands,
      referralStream(member.referralCode),
      referralDecider,
      { type: 'UseReferral', data: { userId, now } },
      { ...context, commandId: `use-referral-${userId}` },
    );
  }
  return userId;
};
