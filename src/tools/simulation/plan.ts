// How a simulation's runs are split into ranges for workers: shared by `rulesmith simulate` (worker
// threads) and the playground (web workers), in a module of its own so the page can plan without
// loading the pipeline.

/** The largest range: a few hundred milliseconds of a typical battle scenario, so the progress bar moves. */
const MAX_RANGE = 5000;

/**
 * Splits runs 0..n-1 into consecutive ranges, handed to whichever worker is free next. Each is an
 * eighth of a worker's share of the runs still unplanned (at most MAX_RANGE): large while much is
 * left, so messages cost nothing, and smaller towards the end, so the workers finish together instead
 * of one idling while another runs a last large range. Never smaller than a 64th of a worker's share
 * of all the runs, so the tail is not hundreds of one-run messages.
 */
export function planRanges(n: number, workers: number): [number, number][] {
  const smallest = Math.max(1, Math.ceil(n / (workers * 64)));
  const ranges: [number, number][] = [];
  for (let from = 0; from < n; ) {
    const size = Math.max(smallest, Math.min(MAX_RANGE, Math.ceil((n - from) / (workers * 8))));
    const to = Math.min(n, from + size);
    ranges.push([from, to]);
    from = to;
  }
  return ranges;
}
