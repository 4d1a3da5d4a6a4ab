// Randomness a test can replay: mulberry32, a small generator whose whole state is one 32-bit
// number, so a failing run is repeated by running it with the same seed.

/** Numbers in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
