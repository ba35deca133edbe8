// The chooser of a run that follows policies: each question goes to the policy its rules give
// (spec.ts), and every answer is kept, so an `mcts` playout can replay the run up to the question.
import seedrandom from "seedrandom";
import { RuleError } from "../../core/values.ts";
import type { Chooser } from "../machine.ts";
import { answerBy, type Answer } from "./answer.ts";
import { searchDecision, type Replay } from "./mcts.ts";
import { MAX_RUN_PLAYOUTS, ruleFor, type PolicyRule } from "./spec.ts";

export type { Replay } from "./mcts.ts";

export interface PolicyRun {
  /** The run's seed: `random` and `mcts` draw from streams named after it, so a run is the same for a seed. */
  seed: string;
  /** Runs the scenario again from its start (for `mcts`); without it, `mcts` is refused. */
  replay?: Replay;
  /** The playouts the run may make over all its questions (default MAX_RUN_PLAYOUTS). */
  playoutBudget?: number;
}

/** A chooser that follows `rules` for a run with `run.seed`; questions no rule covers get the first option. */
export function policyChooser(rules: readonly PolicyRule[], run: PolicyRun): Chooser {
  const rng = seedrandom(`${run.seed}/policy`);
  const history: number[] = [];
  let why: string | undefined;
  let playouts = 0;
  return {
    explain: () => why,
    choose(question, options, span, who, at) {
      const rule = ruleFor(rules, question, who);
      let answer: Answer | undefined;
      if (rule?.policy.kind === "mcts") {
        if (!run.replay) throw new RuleError("R0503", `mcts cannot search "${question}" here: only a scenario's run can be replayed`, span);
        playouts += rule.policy.playouts;
        const budget = run.playoutBudget ?? MAX_RUN_PLAYOUTS;
        if (playouts > budget) throw new RuleError("R0502", `mcts would make more than ${budget.toLocaleString("en")} playouts in this run (at "${question}", decision ${history.length + 1}): ask for fewer per decision (\`mcts:N\`)`, span);
        answer = searchDecision(rule.policy, rules, { seed: run.seed, replay: run.replay, history, question, options, who, span });
      } else if (rule) {
        answer = answerBy(rule.policy, question, options, at, span, rng);
      }
      why = answer?.why;
      const index = answer?.index ?? 0;
      history.push(index);
      return answer === undefined ? undefined : index;
    },
  };
}
