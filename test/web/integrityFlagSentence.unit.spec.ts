import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { IntegrityFlagFacts } from '../../api/contract/admin.ts';
import { setLang } from '../../web/src/i18n/index.ts';
import { flagSentence } from '../../web/src/screens/admin/flagSentence.tsx';

/** The sentence as the screen renders it: its markup, and the words a reader sees. */
const rendered = (facts: IntegrityFlagFacts) => {
  const html = renderToStaticMarkup(createElement(Fragment, null, flagSentence(facts)));
  return { html, text: html.replace(/<[^>]+>/g, '') };
};
const sentence = (facts: IntegrityFlagFacts) => rendered(facts).text;

const LAST_SECOND: IntegrityFlagFacts = { kind: 'last-second', member: 'u1', late: 9, deals: 10, rooms: 4 };
const ONE_OPPONENT: IntegrityFlagFacts = { kind: 'single-opponent', member: 'u1', opponent: 'u2', rooms: 3, deals: 5 };
const STEADY: IntegrityFlagFacts = {
  kind: 'scripted-burst',
  member: 'u1',
  room: 'VTR101',
  even_deals: 5,
  fast_reactions: 0,
  fast_ms: 200,
};
const BOTH: IntegrityFlagFacts = { ...STEADY, fast_reactions: 3, fast_ms: 1500 };
const ONE_FAST: IntegrityFlagFacts = { ...STEADY, room: 'VTR102', even_deals: 0, fast_reactions: 1 };
const DEVICE: IntegrityFlagFacts = { kind: 'shared-device', room: 'VTR100', member_count: 2 };
const ADDRESS: IntegrityFlagFacts = { kind: 'shared-address', room: 'VTR100', member_count: 3 };

afterEach(() => setLang('en'));

describe("a fairness flag's sentence, written from its facts", () => {
  it('in English, with the numbers of the facts and singular or plural as they need', () => {
    expect(sentence(LAST_SECOND)).toBe('9 of 10 deals in 4 rooms came in the last second before the deadline.');
    expect(sentence({ kind: 'last-second', member: 'u1', late: 1, deals: 1, rooms: 1 })).toBe(
      '1 of 1 deal in 1 room came in the last second before the deadline.',
    );
    expect(sentence(ONE_OPPONENT)).toBe('In 3 finished rooms, every one of 5 deals topped the same member.');
    expect(sentence(STEADY)).toBe('In room VTR101: 5 deals at near-constant intervals.');
    expect(sentence(BOTH)).toBe(
      'In room VTR101: 5 deals at near-constant intervals and 3 reactions faster than 1,500 ms.',
    );
    expect(sentence(ONE_FAST)).toBe('In room VTR102: 1 reaction faster than 200 ms.');
    expect(sentence(DEVICE)).toBe('In room VTR100: 2 members who dealt signed in from the same device.');
    expect(sentence(ADDRESS)).toBe('In room VTR100: 3 members who dealt signed in from the same network address.');
  });

  it('keeps the room code as it is for page translators', () => {
    expect(rendered(DEVICE).html).toContain('<code translate="no">VTR100</code>');
  });

  it('in Tamil, whole Tamil sentences with the same numbers (only the room code stays in Latin letters)', async () => {
    await setLang('ta');
    expect(sentence(LAST_SECOND)).toBe('4 அறைகளில் நடந்த 10 டீல்கள் — அவற்றில் 9 காலக்கெடுவுக்கு முந்தைய கடைசி வினாடியில் வந்தன.');
    expect(sentence(ONE_OPPONENT)).toBe('முடிந்த 3 அறைகளில், 5 டீல்களும் அதே உறுப்பினரையே முந்தின.');
    expect(sentence(STEADY)).toBe('அறை VTR101: ஏறக்குறைய சீரான இடைவெளிகளில் 5 டீல்கள்.');
    expect(sentence(BOTH)).toBe(
      'அறை VTR101: ஏறக்குறைய சீரான இடைவெளிகளில் 5 டீல்கள்; மேலும் 1,500 மி.வி.-ஐ விட வேகமான 3 எதிர்வினைகள்.',
    );
    expect(sentence(ONE_FAST)).toBe('அறை VTR102: 200 மி.வி.-ஐ விட வேகமான 1 எதிர்வினை.');
    expect(sentence(DEVICE)).toBe('அறை VTR100: டீல் செய்த 2 உறுப்பினர்கள் ஒரே சாதனத்திலிருந்து உள்நுழைந்தனர்.');
    expect(sentence(ADDRESS)).toBe('அறை VTR100: டீல் செய்த 3 உறுப்பினர்கள் ஒரே நெட்வொர்க் முகவரியிலிருந்து உள்நுழைந்தனர்.');
    for (const facts of [LAST_SECOND, ONE_OPPONENT, STEADY, BOTH, ONE_FAST, DEVICE, ADDRESS])
      expect(sentence(facts).replace(/VTR\d+/g, '')).not.toMatch(/[A-Za-z]/);
  });
});
