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
