// Estimates with honest error bars: Wilson intervals for rates, mean and standard error for
// quantities, paired differences for variants run on common random numbers.

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  /** The estimate. */
  est: number;
  lo: number;
  hi: number;
}

/** Wilson score interval of k successes in n trials (95% by default). */
export function wilson(k: number, n: number, z = Z95): Interval {
  if (n === 0) return { est: Number.NaN, lo: 0, hi: 1 };
  const p = k / n;
  const z2 = z * z;
  const den = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / den;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / den;
  return { est: p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

/** Running sums for a mean and its standard error (mergeable; merge in a fixed order). */
export interface Moments {
  n: number;
  sum: number;
  sumSq: number;
}

export function moments(): Moments {
  return { n: 0, sum: 0, sumSq: 0 };
}

export function addTo(m: Moments, x: number): void {
  m.n++;
  m.sum += x;
  m.sumSq += x * x;
}

export function mergeInto(a: Moments, b: Moments): void {
  a.n += b.n;
  a.sum += b.sum;
  a.sumSq += b.sumSq;
}

export function mean(m: Moments): number {
  return m.n === 0 ? Number.NaN : m.sum / m.n;
}

/** Sample standard deviation. */
export function sd(m: Moments): number {
  if (m.n < 2) return Number.NaN;
  const v = (m.sumSq - (m.sum * m.sum) / m.n) / (m.n - 1);
  return Math.sqrt(Math.max(0, v));
}

/** Standard error of the mean. */
export function se(m: Moments): number {
  return m.n < 2 ? Number.NaN : sd(m) / Math.sqrt(m.n);
}

/** Mean with a normal 95% interval. */
export function meanInterval(m: Moments, z = Z95): Interval {
  const e = mean(m);
  const s = se(m);
  return { est: e, lo: e - z * s, hi: e + z * s };
}
