// The dice of an `mcts` playout: the run's own seeded dice up to the decision searched, so the replay
// reaches it exactly as the run did, then dice of the playout's own seed, so no playout foresees the
// dice the run will roll.
import seedrandom from "seedrandom";
import type { Span } from "../../core/ast.ts";
import { RuleError } from "../../core/values.ts";
import { Dice } from "../dice.ts";

export class PlayoutDice extends Dice {
  private own: (() => number) | undefined;

  /** From now on, dice of `seed`. */
  branch(seed: string) {
    this.own = seedrandom(seed);
  }

  override rollValue(sides: number, span: Span, die?: string): number {
    if (!this.own) return super.rollValue(sides, span, die);
    if (!Number.isInteger(sides) || sides < 1) throw new RuleError("R0501", `cannot roll a die with ${sides} sides`, span);
    this.rolled++;
    this.lastForced = false;
    return Math.floor(this.own() * sides) + 1;
  }
}
