/** The clock port: engines get time from commands, and commands get it from here. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface ManualClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

/** A clock tests move by hand. */
export const createManualClock = (start: number | string = '2026-11-22T04:30:00.000Z'): ManualClock => {
  let current = typeof start === 'number' ? start : Date.parse(start);
  return {
    now: () => current,
    set: (ms) => {
      current = ms;
    },
    advance: (ms) => {
      current += ms;
    },
  };
};
