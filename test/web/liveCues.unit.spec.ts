import { describe, expect, it } from 'vitest';
import type { CueMoment } from '../../web/src/lib/liveCues.ts';
import { cuesBetween, timerCue } from '../../web/src/lib/liveCues.ts';

const moment = (over: Partial<CueMoment> = {}): CueMoment => ({
  running: true,
  leaderId: null,
  leaderName: null,
  amount: '₹1,000.00',
  deals: 0,
  ended: false,
  winnerId: null,
  winnerName: null,
  ...over,
});

describe('cues of a live auction', () => {
  it('says a new deal by someone else, and sounds "outbid" only to the member who led', () => {
    const mineLeads = moment({ leaderId: 'me', leaderName: 'Arun', deals: 3, amount: '₹1,030.00' });
    const other = moment({ leaderId: 'u2', leaderName: 'Kavya', deals: 4, amount: '₹1,040.00' });
    expect(cuesBetween(mineLeads, other, 'me')).toEqual([{ say: 'New deal: ₹1,040.00 by Kavya.', sound: 'outbid' }]);
    expect(cuesBetween(mineLeads, other, 'u3')).toEqual([{ say: 'New deal: ₹1,040.00 by Kavya.', sound: null }]);
    expect(cuesBetween(mineLeads, other, null)).toEqual([{ say: 'New deal: ₹1,040.00 by Kavya.', sound: null }]);
  });

  it('tells the bidder their own deal leads, without a sound', () => {
    const before = moment({ leaderId: 'u2', leaderName: 'Kavya', deals: 4 });
    const after = moment({ leaderId: 'me', leaderName: 'Arun', deals: 5, amount: '₹1,050.00' });
    expect(cuesBetween(before, after, 'me')).toEqual([{ say: 'Your deal leads at ₹1,050.00.', sound: null }]);
  });

  it('says nothing when nothing new happened (a re-render, a reconnect with the same state)', () => {
    const m = moment({ leaderId: 'u2', deals: 4 });
    expect(cuesBetween(m, { ...m }, 'me')).toEqual([]);
    expect(cuesBetween(moment({ running: false }), moment({ running: false }), 'me')).toEqual([]);
  });

  it('says the end once: a win with its sound for the winner, the winner’s name for everyone else', () => {
    const running = moment({ leaderId: 'me', deals: 5, amount: '₹1,050.00' });
    const ended = moment({ running: false, ended: true, winnerId: 'me', winnerName: 'Arun', amount: '₹1,050.00' });
    expect(cuesBetween(running, ended, 'me')).toEqual([{ say: 'You won, at ₹1,050.00.', sound: 'won' }]);
    expect(cuesBetween(running, ended, 'u2')).toEqual([{ say: 'Ended. Arun won at ₹1,050.00.', sound: null }]);
    expect(cuesBetween(ended, ended, 'me')).toEqual([]);
    expect(cuesBetween(running, moment({ running: false, ended: true }), 'u2')).toEqual([
      { say: 'Ended.', sound: null },
    ]);
  });
});

describe('timer cues', () => {
  it('says 10 and 5 seconds once each, ticks the last five, and nothing else', () => {
    const said = new Set<number>();
    const heard: string[] = [];
    for (let left = 20; left >= 0; left--) {
      const cue = timerCue(left, said);
      if (!cue) continue;
      said.add(left);
      heard.push(`${left}:${cue.say ?? '-'}:${cue.sound ?? '-'}`);
    }
    expect(heard).toEqual([
      '10:10 seconds left.:-',
      '5:5 seconds left.:tick',
      '4:-:tick',
      '3:-:tick',
      '2:-:tick',
      '1:-:tick',
    ]);
    expect(timerCue(5, said)).toBeNull();
  });
});
