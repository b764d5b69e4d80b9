import { describe, expect, it } from 'vitest';
import { allMessages, formatMoney, say } from '../../api/i18n/messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The server's own words (mails, notifications) in English and Tamil. */
describe('server messages', () => {
  it('every message has Tamil with the same placeholders as its English', () => {
    for (const [id, { en, ta }] of Object.entries(allMessages())) {
      expect(/[\u0B80-\u0BFF]/.test(ta), `${id} has no Tamil`).toBe(true);
      expect(placeholders(ta), id).toEqual(placeholders(en));
    }
  });

  it('fills values, money as en-IN or ta-IN write it and times in India', () => {
    const at = Date.parse('2026-11-25T13:00:00Z'); // 6:30 pm in India
    expect(say('en', 'won.body', { amount: { paise: 12345600 }, time: { time: at } })).toBe(
      'Pay ₹1,23,456.00 by 6:30 pm to buy it.',
    );
    expect(say('ta', 'won.body', { amount: { paise: 12345600 }, time: { time: at } })).toBe(
      `இதை வாங்க 6:30 PM மணிக்குள் ${formatMoney('ta', 12345600)} செலுத்துங்கள்.`,
    );
    expect(formatMoney('ta', 12345600)).toMatch(/1,23,456/);
  });
});
