import type { ReactNode } from 'react';
import type { IntegrityFlagFacts } from '../../../../api/contract/admin.ts';
import { plural, t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { formatNumber } from '../../lib/format.ts';

/** A room code inside a sentence: kept as it is by page translators. */
export const roomCode = (code: string): ReactNode => (
  <code translate="no" key="room">
    {code}
  </code>
);

const inRoom = (code: string) => ({ room: () => roomCode(code) });

/**
 * A fairness flag's one line for the reviewer, written from what the rules found
 * (`engine/integrityRules.ts`, `FlagFacts`) in the language shown now.
 */
export const flagSentence = (facts: IntegrityFlagFacts): ReactNode => {
  switch (facts.kind) {
    case 'last-second':
      return t('{late} of {deals} {rooms} came in the last second before the deadline.', {
        late: formatNumber(facts.late),
        deals: plural(facts.deals, '{n} deal', '{n} deals'),
        rooms: plural(facts.rooms, 'in {n} room', 'in {n} rooms'),
      });
    case 'single-opponent':
      return t('{rooms}, {deals} topped the same member.', {
        rooms: plural(facts.rooms, 'In {n} finished room', 'In {n} finished rooms'),
        deals: plural(facts.deals, 'every one of {n} deal', 'every one of {n} deals'),
      });
    case 'scripted-burst': {
      const reasons = [
        facts.even_deals > 0 &&
          plural(facts.even_deals, '{n} deal at near-constant intervals', '{n} deals at near-constant intervals'),
        facts.fast_reactions > 0 &&
          plural(facts.fast_reactions, '{n} reaction faster than {ms} ms', '{n} reactions faster than {ms} ms', {
            ms: formatNumber(facts.fast_ms),
          }),
      ].filter((r) => r !== false);
      const [reason = '', other] = reasons;
      return other === undefined
        ? tRich('In room <room></room>: {reason}.', inRoom(facts.room), { reason })
        : tRich('In room <room></room>: {reason} and {other}.', inRoom(facts.room), { reason, other });
    }
    case 'shared-device':
    case 'shared-address':
      return tRich(
        facts.kind === 'shared-device'
          ? 'In room <room></room>: {members} who dealt signed in from the same device.'
          : 'In room <room></room>: {members} who dealt signed in from the same network address.',
        inRoom(facts.room),
        { members: plural(facts.member_count, '{n} member', '{n} members') },
      );
  }
};
