// `rulesmith odds`: the exact distribution of a scenario's result. Rather than a second evaluator, the
// runtime itself runs the scenario once per dice path: `PathDice` answers each die from a prefix of
// results and, past the prefix, with face 1 while recording every die's number of sides. The next
// path is the recorded one counted on like an odometer (the last die not on its top face goes up one,
// the dice after it are dropped), so the runs walk the tree of dice results depth first, each path
// once. A path's probability is the product of 1/sides over its dice: every die the runtime rolls is
// uniform (a custom die rolls one of its faces, `chance(p)` a d100), so this is the runtime's own model.
// Choices are the scenario's scripted ones or the default policy, which depend on the dice only.
import type { Span } from "./ast.ts";
import { Dice } from "./runtime/dice.ts";
import { formatRunError } from "./cli/report.ts";
import type { PreparedScenario } from "./simulation.ts";

/** A probability as an exact fraction in lowest terms. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

export interface OddsOutcome {
  result: string;
  p: Fraction;
}

export type OddsResult =
  | { paths: number; outcomes: OddsOutcome[] }
  /** More paths than the budget: `paths` were run before stopping. */
  | { paths: number; tooMany: true }
  /** A run failed on one path: the message, and the dice that lead there. */
  | { paths: number; error: string; dice: number[] };

export const DEFAULT_MAX_OUTCOMES = 1_000_000;

/** Dice that replay a prefix of results, then roll face 1 on each die, recording every die's sides. */
class PathDice extends Dice {
  readonly sides: number[] = [];
  readonly values: number[] = [];
  /** Dice forced by `force dice` in the run itself: not branch points, rolled as forced. */
  private forcedLeft = 0;

  constructor(private readonly prefix: number[]) {
    super("odds");
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
    const i = this.sides.length;
    // The same prefix replays the same run, so a die in the prefix has the sides it had: clamp only defensively.
    const value = i < this.prefix.length ? Math.min(this.prefix[i]!, sides) : 1;
    this.sides.push(sides);
    this.values.push(value);
    return value;
  }
}

/** The prefix of the path after this one, or undefined when this was the last. */
function nextPrefix(values: number[], sides: number[]): number[] | undefined {
  for (let i = values.length - 1; i >= 0; i--) {
    if (values[i]! < sides[i]!) return [...values.slice(0, i), values[i]! + 1];
  }
  return undefined;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function addFraction(a: Fraction, b: Fraction): Fraction {
  const num = a.num * b.den + b.num * a.den;
  const den = a.den * b.den;
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

/** Runs the scenario once per dice path, up to `maxPaths` runs. */
export function enumerateOdds(prepared: PreparedScenario, maxPaths = DEFAULT_MAX_OUTCOMES): OddsResult {
  const totals = new Map<string, Fraction>();
  let prefix: number[] | undefined = [];
  let paths = 0;
  while (prefix !== undefined) {
    if (paths >= maxPaths) return { paths, tooMany: true };
    const dice = new PathDice(prefix);
    const out = prepared.battle("odds", { dice, finalState: false });
    paths++;
    if (out.error) return { paths, error: formatRunError(out.error), dice: dice.values };
    const key = out.resultText ?? "(no result)";
    let den = 1n;
    for (const s of dice.sides) den *= BigInt(s);
    totals.set(key, addFraction(totals.get(key) ?? { num: 0n, den: 1n }, { num: 1n, den }));
    prefix = nextPrefix(dice.values, dice.sides);
  }
  const outcomes = [...totals].map(([result, p]) => ({ result, p }));
  // Most likely first; ties in the order of their names, so the output is stable.
  outcomes.sort((a, b) => compareFractions(b.p, a.p) || a.result.localeCompare(b.result));
  return { paths, outcomes };
}

function compareFractions(a: Fraction, b: Fraction): number {
  const d = a.num * b.den - b.num * a.den;
  return d > 0n ? 1 : d < 0n ? -1 : 0;
}

/** A fraction as a percentage with `digits` decimals, computed exactly (rounded half up). */
export function percent(p: Fraction, digits = 2): string {
  const scale = 10n ** BigInt(digits);
  const scaled = (p.num * 100n * scale * 2n + p.den) / (2n * p.den);
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(digits, "0");
  return digits > 0 ? `${whole}.${frac}%` : `${whole}%`;
}
