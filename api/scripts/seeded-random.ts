/**
 * mulberry32: a seeded generator for the trials and the volume seed, so a run can be repeated with its
 * --seed. Returns numbers in [0, 1).
 */
export function seededRandom(start: number): () => number {
  let a = start >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number from `low` to `high`, both included, drawn with `random`. */
export const between = (random: () => number, low: number, high: number): number =>
  low + Math.floor(random() * (high - low + 1));

/**
 * A trial's draws for its --seed: `random` in [0, 1), and `between(low, high)` from the same
 * generator, so one seed repeats the whole run.
 */
export function seededDraws(seed: number) {
  const random = seededRandom(seed);
  return { random, between: (low: number, high: number) => between(random, low, high) };
}
