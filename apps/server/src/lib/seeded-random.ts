/**
 * mulberry32: a small, fast generator of numbers in [0, 1) that gives the same sequence from a
 * seed on every machine. The demo data is made from it, and property tests use it so that a
 * failure names a case that comes back.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
