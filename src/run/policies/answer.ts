// A policy's answer to one question, for every policy but `mcts`, which searches by replaying the run
// (mcts.ts) and asks these for the questions its playouts meet that other policies answer.
import type * as A from "../../core/ast.ts";
import { RuleError, type Value } from "../../core/values.ts";
import type { ChoicePoint } from "../machine.ts";
import { greedyPick } from "./greedy.ts";
import type { Policy } from "./spec.ts";

/** A policy's answer: the option's index and, for the trace, why. */
export interface Answer {
  index: number;
  why: string;
}

/** Answers a question by a policy other than `mcts` (which needs the run around it): `random` draws from `rng`. */
export function answerBy(policy: Exclude<Policy, { kind: "mcts" }>, question: string, options: readonly Value[], at: ChoicePoint | undefined, span: A.Span, rng: () => number): Answer {
  switch (policy.kind) {
    case "first":
      return { index: 0, why: "by first: the first option" };
    case "random": {
      const index = Math.floor(rng() * options.length);
      return { index, why: `by random: option ${index + 1} of ${options.length}` };
    }
    case "greedy": {
      if (!at) throw new RuleError("R0503", "greedy needs the running rules to score options", span);
      const pick = greedyPick(policy.score, question, options, at, span);
      return { index: pick.index, why: `by ${policy.score === "score" ? "greedy" : `greedy:${policy.score}`}: ${pick.why}` };
    }
  }
}
