// What a simulation's results are, counted the way a designer reads them. An enum (or any other)
// result counts each distinct outcome. A whole-number result, or a tally such as the icons a roll
// shows, counts a distribution per member: for a tally of saves and melee, how often 0, 1, 2, ... saves
// came up, so the page can show each member's histogram with its mean and spread rather than one bar
// per distinct tally.
import { Tally, type Value } from "../src/api.ts";
import type { NumericPart, OutcomePartial } from "./outcome-partial.ts";

export interface MemberDistribution {
  /** The tally's member, or `value` for a whole-number result. */
  name: string;
  /** value -> runs, sorted by value. */
  histogram: [number, number][];
}

export interface NumericOutcome {
  /** `int`, or the enum a tally counts. */
  of: string;
  members: MemberDistribution[];
}

/** Counts results one run at a time; `numeric()` is undefined unless every result was a number or a tally. */
export class OutcomeCounter {
  readonly counts = new Map<string, number>();
  private readonly perMember = new Map<string, Map<number, number>>();
  private of: string | undefined;
  private numericSoFar = true;
  private runs = 0;

  add(result: Value | undefined, text: string) {
    this.counts.set(text, (this.counts.get(text) ?? 0) + 1);
    this.runs++;
    if (!this.numericSoFar) return;
    if (typeof result === "number") this.addMembers("int", [["value", result]]);
    else if (result instanceof Tally) this.addMembers(result.of, result.members.map((m) => [m, result.get(m)] as [string, number]));
    else this.numericSoFar = false;
  }

  private addMembers(of: string, values: [string, number][]) {
    if (this.of !== undefined && this.of !== of) {
      this.numericSoFar = false;
      return;
    }
    this.of = of;
    for (const [member, v] of values) {
      let h = this.perMember.get(member);
      if (!h) this.perMember.set(member, (h = new Map()));
      h.set(v, (h.get(v) ?? 0) + 1);
    }
  }

  /** What was counted, for runs from.., to be merged with other workers' parts (outcome-partial.ts). */
  partial(from: number, error?: string): OutcomePartial {
    const outcome = this.numeric();
    const numeric: NumericPart = outcome ? { kind: "numeric", outcome } : this.runs === 0 ? { kind: "no runs" } : { kind: "not numeric" };
    return { from, runs: this.runs, counts: [...this.counts], numeric, ...(error !== undefined ? { error } : {}) };
  }

  numeric(): NumericOutcome | undefined {
    if (!this.numericSoFar || this.of === undefined || this.runs === 0) return undefined;
    return {
      of: this.of,
      members: [...this.perMember].map(([name, h]) => ({ name, histogram: [...h].sort((a, b) => a[0] - b[0]) })),
    };
  }
}
