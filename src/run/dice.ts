// Seeded, replayable dice. Examples can force the next results; everything else comes from
// seedrandom, whose state can be saved with the game state and restored later.
import seedrandom from "seedrandom";
import type { Span } from "../core/ast.ts";
import { RuleError } from "../core/values.ts";

export type RngState = object;

export class Dice {
  private readonly rng: seedrandom.StatefulPRNG<seedrandom.State.Arc4>;
  private readonly forced: { value: number; span?: Span }[] = [];

  constructor(seed: string, state?: RngState) {
    this.rng = state ? seedrandom("", { state: state as seedrandom.State.Arc4 }) : seedrandom(seed, { state: true });
  }

  force(values: number[], span?: Span) {
    for (const value of values) this.forced.push(span ? { value, span } : { value });
  }

  /** Dice rolled so far, forced or not. */
  rolled = 0;

  /**
   * One die of `sides` faces, 1..sides. Returns whether the result was forced, for the trace. `die`
   * names the die in the error about a forced value that cannot come up: a custom die is no plain d6.
   */
  roll(sides: number, span: Span, die?: string): { value: number; forced: boolean } {
    const value = this.rollValue(sides, span, die);
    return { value, forced: this.lastForced };
  }

  /** Whether the last die rolled was forced: read right after `rollValue`. */
  lastForced = false;

  /** `roll` without an object per die, for the hot path (`rollValues` in rolls-choices-aggregates.ts): the value, and `lastForced`. */
  rollValue(sides: number, span: Span, die?: string): number {
    if (!Number.isInteger(sides) || sides < 1) throw new RuleError("R0501", `cannot roll a die with ${sides} sides`, span);
    this.rolled++;
    if (this.forced.length > 0) {
      const next = this.forced.shift()!;
      if (!Number.isInteger(next.value) || next.value < 1 || next.value > sides) {
        throw new RuleError("R0503", `the forced die ${next.value} cannot come up on ${die ?? `a d${sides}`}`, span);
      }
      this.lastForced = true;
      return next.value;
    }
    this.lastForced = false;
    return Math.floor(this.rng() * sides) + 1;
  }

  unusedForced(): number[] {
    return this.forced.map((f) => f.value);
  }

  state(): RngState {
    return this.rng.state();
  }
}
