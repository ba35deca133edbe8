// The order `rulesmith odds` explores states in: the likeliest first. A state's likelihood is estimated
// as the mass that flows into it from the states explored so far (each state's own loop, a round in which
// nobody hits, counted as the geometric series it is), so when a budget stops the exploration, what is
// left unexplored is as small as this estimate can make it, and the bounds it leaves are as tight. The
// order changes nothing in a chain explored whole: the same states, the same exact solution.
//
// A binary heap with stale entries skipped: a state's estimate only grows, and each growth pushes it
// again. Ties go to the state found first, so the order is the same on every run.

export class Frontier {
  private readonly reach: number[] = [];
  private readonly done: boolean[] = [];
  private readonly heap: { state: number; reach: number }[] = [];

  /** `state` gains `mass` of estimated probability (a new state starts with 0). */
  add(state: number, mass: number) {
    const r = (this.reach[state] ?? 0) + mass;
    this.reach[state] = r;
    if (!this.done[state]) this.push({ state, reach: r });
  }

  reachOf(state: number): number {
    return this.reach[state] ?? 0;
  }

  /** The likeliest state not yet taken, or undefined when every state found has been. */
  take(): number | undefined {
    while (this.heap.length > 0) {
      const top = this.pop();
      if (this.done[top.state] || top.reach !== this.reach[top.state]) continue;
      this.done[top.state] = true;
      return top.state;
    }
    return undefined;
  }

  private before(a: { state: number; reach: number }, b: { state: number; reach: number }): boolean {
    return a.reach > b.reach || (a.reach === b.reach && a.state < b.state);
  }

  private push(e: { state: number; reach: number }) {
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!this.before(h[i]!, h[up]!)) break;
      [h[i], h[up]] = [h[up]!, h[i]!];
      i = up;
    }
  }

  private pop(): { state: number; reach: number } {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < h.length && this.before(h[l]!, h[best]!)) best = l;
        if (r < h.length && this.before(h[r]!, h[best]!)) best = r;
        if (best === i) break;
        [h[i], h[best]] = [h[best]!, h[i]!];
        i = best;
      }
    }
    return top;
  }
}
