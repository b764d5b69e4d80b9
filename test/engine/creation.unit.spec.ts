import { describe, expect, it } from 'vitest';
import type { RoomEvent } from '../../engine/room.ts';
import { roomDecider } from '../../engine/room.ts';
import { evolve as evolveLeague, initialState as initialLeague } from '../../engine/league.ts';
import type { LeagueEvent } from '../../engine/leagueTypes.ts';

describe('a stream is created once, even in a tampered log', () => {
  it('keeps a room’s rules and bookings when a second RoomCreated appears', () => {
    const rules = { code: 'ABC123', basePrice: 100_00 } as never;
    const events = [
      { type: 'RoomCreated', data: rules },
      { type: 'SeatBooked', data: { reservationId: 'r1', userId: 'U1', userName: 'A', fee: 0, bookedAt: 1 } },
      { type: 'RoomCreated', data: { code: 'ABC123', basePrice: 1 } as never },
    ] as RoomEvent[];
    const state = events.reduce(roomDecider.evolve, roomDecider.initialState);
    expect(state).toMatchObject({ status: 'upcoming', rules: { basePrice: 100_00 }, bookings: [{ userId: 'U1' }] });
  });

  it('keeps a league’s teams when a second LeagueCreated appears', () => {
    const events = [
      { type: 'LeagueCreated', data: { code: 'CDPL26', name: 'Cauvery Delta', createdBy: 'A' } },
      { type: 'LeagueCreated', data: { code: 'CDPL26', name: 'Forged', createdBy: 'B' } },
    ] as LeagueEvent[];
    expect(events.reduce(evolveLeague, initialLeague)).toMatchObject({ name: 'Cauvery Delta' });
  });
});
