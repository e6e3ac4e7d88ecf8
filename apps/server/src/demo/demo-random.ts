/**
 * The demo's chance: a small deterministic generator (mulberry32), so two runs on the same day
 * make the same studio and a test can compare their counts.
 */
export interface Chance {
  /** A number in [0, 1). */
  next(): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** n distinct items of the list, in random order. */
  sample<T>(list: readonly T[], n: number): T[];
}

export function chanceOf(seed: number): Chance {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    chance: (p) => next() < p,
    int,
    pick: (list) => list[Math.floor(next() * list.length)]!,
    sample(list, n) {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, Math.max(0, n));
    },
  };
}
