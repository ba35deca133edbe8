// Statistics shared by `rulesmith simulate` and the playground's simulation chart, so both print the
// same intervals for the same runs.

/** 95% Wilson score interval for k successes in n trials. */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 0];
  const p = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** Mean, standard deviation and the 95% interval of the mean of a distribution given as value -> count. */
export interface Spread {
  n: number;
  mean: number;
  sd: number;
  /** 95% interval of the mean (normal approximation: mean ± 1.96 sd / √n). */
  interval: [number, number];
}

export function spread(histogram: Iterable<readonly [number, number]>, z = 1.96): Spread {
  let n = 0;
  let sum = 0;
  for (const [v, c] of histogram) {
    n += c;
    sum += v * c;
  }
  if (n === 0) return { n, mean: 0, sd: 0, interval: [0, 0] };
  const mean = sum / n;
  let squares = 0;
  for (const [v, c] of histogram) squares += c * (v - mean) ** 2;
  // The sample standard deviation (n - 1): one run has no spread to speak of.
  const sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
  const half = (z * sd) / Math.sqrt(n);
  return { n, mean, sd, interval: [mean - half, mean + half] };
}

/** The difference b − a of two means, with its 95% interval (Welch's standard error). */
export function meanDifference(a: Spread, b: Spread, z = 1.96): { difference: number; interval: [number, number] } {
  const difference = b.mean - a.mean;
  if (a.n === 0 || b.n === 0) return { difference, interval: [difference, difference] };
  const half = z * Math.sqrt((a.sd * a.sd) / a.n + (b.sd * b.sd) / b.n);
  return { difference, interval: [difference - half, difference + half] };
}
