// How a simulation's runs are split into ranges for workers: shared by `rulesmith simulate` (worker
// threads) and the playground (web workers), in a module of its own so the page can plan without
// loading the pipeline.

/**
 * Splits runs 0..n-1 into consecutive ranges: small enough that workers finishing at different speeds
 * share the work evenly and the progress bar moves, large enough that messages cost nothing.
 */
export function planRanges(n: number, workers: number): [number, number][] {
  const size = Math.max(1, Math.min(5000, Math.ceil(n / (workers * 8))));
  const ranges: [number, number][] = [];
  for (let from = 0; from < n; from += size) ranges.push([from, Math.min(n, from + size)]);
  return ranges;
}
