import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

export type ReferralCommand =
  | { type: 'CreateReferral'; data: { code: string; name: string; createdBy: string; now: number } }
  | { type: 'UseReferral'; data: { userId: string; now: number } };

export type ReferralEvent =
  | { type: 'ReferralCreated'; data: { code: string; name: string; createdBy: string; at: number } }
  | { type: 'ReferralUsed'; data: { userId: string; at: number } };

export type ReferralState = { status: 'none' } | { status: 'active'; code: string; name: string; usedBy: string[] };

/** Referral codes are 6 characters: letters and digits, stored upper-case. */
export const REFERRAL_CODE = /^[A-Z0-9]{6}$/;
export const normalizeReferralCode = (code: string): string => code.trim().toUpperCase();

/**
 * A referral code (`referral-{CODE}`): created once by an admin (a duplicate is refused),
 * then used by any number of members, each recorded once.
 */
export const initialState: ReferralState = { status: 'none' };

export const decide = (command: ReferralCommand, state: ReferralState): ReferralEvent[] => {
  switch (command.type) {
    case 'CreateReferral': {
      const { code, name, createdBy, now } = command.data;
      if (!name.trim() || !code.trim())
        throw new DomainError('REFERRAL_INVALID', 'Name and Referral Code are required.');
      if (!REFERRAL_CODE.test(code)) {
        throw new DomainError('REFERRAL_INVALID', 'Referral code must be 6 letters or digits.');
      }
      if (state.status === 'active')
        throw new DomainError('REFERRAL_EXISTS', `Referral code ${code} already exists.`, { code });
      return [{ type: 'ReferralCreated', data: { code, name: name.trim(), createdBy, at: now } }];
    }
    case 'UseReferral':
      if (state.status !== 'active') throw new DomainError('REFERRAL_NOT_FOUND', 'Referral code not found');
      if (state.usedBy.includes(command.data.userId)) return [];
      return [{ type: 'ReferralUsed', data: { userId: command.data.userId, at: command.data.now } }];
    default:
      return assertNever(command);
  }
};

export const evolve = (state: ReferralState, event: ReferralEvent): ReferralState => {
  switch (event.type) {
    case 'ReferralCreated':
      return { status: 'active', code: event.data.code, name: event.data.name, usedBy: [] };
    case 'ReferralUsed':
      return state.status === 'active' ? { ...state, usedBy: [...state.usedBy, event.data.userId] } : state;
    default:
      return state;
  }
};

export const referralDecider: Decider<ReferralCommand, ReferralEvent, ReferralState> = { initialState, decide, evolve };
