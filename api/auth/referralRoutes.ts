import { Hono } from 'hono';
import { clientAddress } from '../http/security.ts';
import { createReferralCheckLimit, TOO_MANY_REFERRAL_CHECKS } from './throttle.ts';
import { z } from 'zod';
import { normalizeReferralCode } from '../../engine/referral.ts';
import { referralByCode } from '../../projections/referrals.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe, jsonBody } from '../http/openapi.ts';

/** The landing page's referral check. Says only whether the code exists. */
export const referralRoutes = (deps: Pick<Deps, 'clock' | 'readDb' | 'hits' | 'config'>) => {
  const checks = createReferralCheckLimit(deps.hits);
  return new Hono().post(
    '/check',
    describe({ summary: 'Check a referral code (limited per address)', tags: ['auth'] }),
    jsonBody(z.object({ referralCode: z.string().max(20).default('') })),
    (c) => {
      const raw = c.req.valid('json').referralCode;
      if (!raw.trim()) throw new ApiError(400, 'REFERRAL_REQUIRED', '⚠️ Please enter a referral code');
      const { wait } = checks.attempt(clientAddress(c, deps.config), deps.clock.now());
      if (wait > 0)
        throw new ApiError(429, 'TOO_MANY_REFERRAL_CHECKS', TOO_MANY_REFERRAL_CHECKS(wait), {
          retryInSeconds: Math.ceil(wait / 1000),
        });
      const code = normalizeReferralCode(raw);
      if (!referralByCode(deps.readDb, code)) throw new ApiError(404, 'REFERRAL_NOT_FOUND', 'Referral code not found');
      return c.json({ status: 'success', message: 'Referral code accepted.', referralCode: code });
    },
  );
};
