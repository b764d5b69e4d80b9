import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

/**
 * The integrity review queue (issue 21.7), one stream per flag (`integrity-{flagId}`): an admin
 * marks a flag reviewed — dismissed, or an action noted — with a note, and the event names them.
 * Flags themselves are raised by the integrity read model from the rooms' deals
 * (`engine/integrityRules.ts`); nothing about a member is decided automatically. A flag whose
 * evidence grows after a review opens again, and may be reviewed again.
 */

export const REVIEW_OUTCOMES = ['dismissed', 'action_noted'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

export const REVIEW_NOTE_MAX = 1000;

export interface Reviewer {
  userId: string;
  name: string;
}

export type IntegrityCommand = {
  type: 'ReviewIntegrityFlag';
  data: {
    flagId: string;
    outcome: ReviewOutcome;
    note: string;
    /** The flag's evidence version the admin saw (a later version opens the flag again). */
    version: number;
    by: Reviewer;
    now: number;
  };
};

export type IntegrityEvent = {
  type: 'IntegrityFlagReviewed';
  data: { flagId: string; outcome: ReviewOutcome; note: string; version: number; by: Reviewer; at: number };
};

export interface IntegrityState {
  reviews: number;
  /** The evidence version of the last review; -1 before any. */
  reviewedVersion: number;
}

export const integrityStream = (flagId: string): string => `integrity-${flagId}`;

export const INTEGRITY_MESSAGES = {
  noteRequired: 'Write a note: what you looked at and what you decided.',
  noteTooLong: `Keep the note under ${REVIEW_NOTE_MAX} characters.`,
  badOutcome: 'Choose whether the flag is dismissed or an action was noted.',
  alreadyReviewed: 'This flag was already reviewed with this evidence. Reload to see the review.',
} as const;

export const initialState: IntegrityState = { reviews: 0, reviewedVersion: -1 };

export const decide = (command: IntegrityCommand, state: IntegrityState): IntegrityEvent[] => {
  switch (command.type) {
    case 'ReviewIntegrityFlag': {
      const { flagId, outcome, version, by, now } = command.data;
      const note = command.data.note.trim();
      if (!(REVIEW_OUTCOMES as readonly string[]).includes(outcome))
        throw new DomainError('REVIEW_OUTCOME_INVALID', INTEGRITY_MESSAGES.badOutcome);
      if (!note) throw new DomainError('REVIEW_NOTE_REQUIRED', INTEGRITY_MESSAGES.noteRequired);
      if (note.length > REVIEW_NOTE_MAX) throw new DomainError('REVIEW_NOTE_TOO_LONG', INTEGRITY_MESSAGES.noteTooLong);
      if (version <= state.reviewedVersion)
        throw new DomainError('FLAG_ALREADY_REVIEWED', INTEGRITY_MESSAGES.alreadyReviewed);
      return [{ type: 'IntegrityFlagReviewed', data: { flagId, outcome, note, version, by, at: now } }];
    }
    default:
      return assertNever(command.type);
  }
};

export const evolve = (state: IntegrityState, event: IntegrityEvent): IntegrityState => {
  switch (event.type) {
    case 'IntegrityFlagReviewed':
      return { reviews: state.reviews + 1, reviewedVersion: event.data.version };
    default:
      return assertNever(event.type);
  }
};

export const integrityDecider: Decider<IntegrityCommand, IntegrityEvent, IntegrityState> = {
  initialState,
  decide,
  evolve,
};
