// The dice of one run of `rulesmith odds`: they replay a prefix of results, then roll face 1 on each
// die, recording every branch point's number of faces, so the next path is the recorded one counted on
// like an odometer (nextPrefix). A branch point is a die (uniform over its sides) or a compound die
// (compound-calls.ts): a call whose results have been worked out as a distribution, one face per result,
// each with its own weight.
//
// While a compound call's distribution is being worked out, its dice come from a nested odometer of
// their own (`beginSub`, `endSub`): the run's path does not see them.
import type { Span } from "../../core/ast.ts";
import { Dice } from "../../run/dice.ts";
import { mulFraction, ONE, type Fraction } from "./fraction.ts";

interface Odometer {
  prefix: number[];
  sides: number[];
  values: number[];
  /** A compound die's weights by face; undefined for a plain die. */
  weights: (readonly Fraction[] | undefined)[];
}

const odometer = (prefix: number[]): Odometer => ({ prefix, sides: [], values: [], weights: [] });

export class PathDice extends Dice {
  private readonly main: Odometer;
  private at: Odometer;
  private readonly outer: Odometer[] = [];
  /** Dice forced by `force dice` in the run itself: not branch points, rolled as forced. */
  private forcedLeft = 0;

  constructor(prefix: number[]) {
    super("odds");
    this.main = this.at = odometer(prefix);
  }

  /** The run's branch points: faces of each, and the face each came up. */
  get sides(): readonly number[] {
    return this.main.sides;
  }
  get values(): number[] {
    return this.main.values;
  }

  /** Whether a die rolled now would be a branch point of the run's own path (no die is forced). */
  get free(): boolean {
    return this.forcedLeft === 0 && this.at === this.main;
  }

  override force(values: number[], span?: Span) {
    this.forcedLeft += values.length;
    super.force(values, span);
  }

  override rollValue(sides: number, span: Span, die?: string): number {
    // A forced die, or a die that cannot be rolled (the runtime's own error).
    if (this.forcedLeft > 0 || !Number.isInteger(sides) || sides < 1) {
      if (this.forcedLeft > 0) this.forcedLeft--;
      return super.rollValue(sides, span, die);
    }
    this.rolled++;
    this.lastForced = false;
    return this.branch(sides, undefined);
  }

  /** A compound die of the run's path: the face (1-based) of `weights` this path takes. */
  compound(weights: readonly Fraction[]): number {
    return this.branch(weights.length, weights);
  }

  private branch(sides: number, weights: readonly Fraction[] | undefined): number {
    const o = this.at;
    const i = o.sides.length;
    // The same prefix replays the same run, so a die in the prefix has the sides it had: clamp only defensively.
    const value = i < o.prefix.length ? Math.min(o.prefix[i]!, sides) : 1;
    o.sides.push(sides);
    o.values.push(value);
    o.weights.push(weights);
    return value;
  }

  /** The probability of the run's path from branch point `from` on. */
  probability(from: number): Fraction {
    return odometerProbability(this.main, from);
  }

  /** Dice from here on come from a nested odometer replaying `prefix`, until `endSub`. */
  beginSub(prefix: number[]) {
    this.outer.push(this.at);
    this.at = odometer(prefix);
  }

  /** Ends the nested odometer: its path's probability and the prefix of its next path, if any. */
  endSub(): { p: Fraction; next: number[] | undefined } {
    const o = this.at;
    this.at = this.outer.pop()!;
    return { p: odometerProbability(o, 0), next: nextPrefix(o.values, o.sides) };
  }
}

function odometerProbability(o: Odometer, from: number): Fraction {
  let p = ONE;
  let den = 1n;
  for (let i = from; i < o.sides.length; i++) {
    const w = o.weights[i];
    if (w) p = mulFraction(p, w[o.values[i]! - 1]!);
    else den *= BigInt(o.sides[i]!);
  }
  return den === 1n ? p : mulFraction(p, { num: 1n, den });
}

/** The prefix of the path after this one, or undefined when this was the last; dice before `from` stay. */
export function nextPrefix(values: readonly number[], sides: readonly number[], from = 0): number[] | undefined {
  for (let i = values.length - 1; i >= from; i--) {
    if (values[i]! < sides[i]!) return [...values.slice(0, i), values[i]! + 1];
  }
  return undefined;
}
