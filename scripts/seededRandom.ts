/**
 * A small seeded random source (mulberry32): the same numbers for the same seed on every run, so a
 * bench log is the same log each time and a failing chaos kill schedule can be run again.
 */
export const seededRandom = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, between: (min: number, max: number) => min + next() * (max - min) };
};
