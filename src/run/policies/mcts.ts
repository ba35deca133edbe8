// `mcts`: Monte Carlo tree search with UCT, as Ludii's UCT agents play. A decision is searched by
// playouts, each a replay of the whole run from its start: the run's own dice and answers up to the
// decision (so the replay reaches it as the run did: the interpreter cannot be paused mid-rule and
// copied), then dice of the playout's own seed. The tree is open-loop: a node is the sequence of
// searched answers after the decision, whatever the dice between them. Questions a playout meets that
// another policy answers get that policy's answer (the opponent as declared); other `mcts` questions
// are searched in the same tree, and past its frontier answered at random. A playout is won for a
// decision when the run's result shows as that decision's goal: the policy's RESULT, else the one it
// is asked `by`. Playout j of the k-th question of a run with seed S has seed `S/mcts/k/j`: the same
// seed gives the same search and the same answer, on either engine.
import seedrandom from "seedrandom";
import type * as A from "../../core/ast.ts";
import { RuleError, showValue, type Value } from "../../core/values.ts";
import type { Chooser } from "../machine.ts";
import type { Dice } from "../dice.ts";
import { PlayoutDice } from "./playout-dice.ts";
import { answerBy, type Answer } from "./answer.ts";
import { ruleFor, type Policy, type PolicyRule } from "./spec.ts";

/** One more run of the same scenario and seed, with other dice and chooser: what a playout is. */
export type Replay = (options: { dice: Dice; chooser: Chooser }) => { result?: Value; resultText?: string; error?: unknown };

export interface Decision {
  seed: string;
  replay: Replay;
  /** The run's answers so far, in the order asked. */
  history: readonly number[];
  question: string;
  options: readonly Value[];
  who: string | undefined;
  span: A.Span;
}

interface Edge {
  visits: number;
  wins: number;
  /** Made on the edge's second visit: one node more per playout, as UCT grows its tree. */
  node?: TreeNode;
}

interface TreeNode {
  visits: number;
  /** By option index and shown option: in an open-loop tree the same place can offer other options. */
  edges: Map<string, Edge>;
}

/** UCB1's exploration constant: √2, for rewards in 0..1. */
const EXPLORE = Math.SQRT2;

export function searchDecision(policy: Extract<Policy, { kind: "mcts" }>, rules: readonly PolicyRule[], d: Decision): Answer {
  if (d.options.length === 1) return { index: 0, why: "by mcts: the only option" };
  const rootGoal = policy.goal ?? d.who;
  if (rootGoal === undefined) {
    throw new RuleError("R0503", `mcts cannot tell a won playout for "${d.question}", which is asked of no one: name the result that wins, \`mcts:${policy.playouts}:RESULT\``, d.span);
  }
  const root: TreeNode = { visits: 0, edges: new Map() };
  const k = d.history.length;
  for (let j = 0; j < policy.playouts; j++) playout(root, rootGoal, k, j, rules, d);
  const ranked = d.options
    .map((o, index) => ({ index, label: showValue(o), edge: root.edges.get(key(index, o)) ?? { visits: 0, wins: 0 } }))
    .sort((a, b) => b.edge.visits - a.edge.visits || b.edge.wins - a.edge.wins || a.index - b.index);
  const [best, next] = [ranked[0]!, ranked[1]!];
  const rate = (e: Edge) => `won ${e.wins} of ${e.visits}`;
  return { index: best.index, why: `by mcts: ${policy.playouts} playouts for ${rootGoal}, ${best.label} ${rate(best.edge)} vs ${next.label} ${rate(next.edge)}` };
}

function playout(root: TreeNode, rootGoal: string, k: number, j: number, rules: readonly PolicyRule[], d: Decision) {
  const seed = `${d.seed}/mcts/${k}/${j}`;
  const rng = seedrandom(`${seed}/policy`);
  const dice = new PlayoutDice(d.seed);
  const path: { node: TreeNode; edge: Edge; goal: string }[] = [];
  let node: TreeNode | undefined = root;
  let asked = 0;
  const chooser: Chooser = {
    choose(question, options, span, who, at) {
      const i = asked++;
      if (i < k) return d.history[i];
      let goal = rootGoal;
      if (i === k) {
        dice.branch(seed);
      } else {
        const rule = ruleFor(rules, question, who);
        if (!rule) return undefined;
        if (rule.policy.kind !== "mcts") return answerBy(rule.policy, question, options, at, span, rng).index;
        goal = rule.policy.goal ?? who ?? rootGoal;
      }
      if (node === undefined) return Math.floor(rng() * options.length);
      const index = select(node, options);
      const edge = node.edges.get(key(index, options[index]!))!;
      path.push({ node, edge, goal });
      if (edge.visits > 0) edge.node ??= { visits: 0, edges: new Map() };
      node = edge.node;
      return index;
    },
  };
  const out = d.replay({ dice, chooser });
  for (const step of path) {
    step.node.visits++;
    step.edge.visits++;
    if (won(out, step.goal)) step.edge.wins++;
  }
}

function key(index: number, option: Value): string {
  return `${index}:${showValue(option)}`;
}

/** The option to try: the first never tried, else the best by UCB1 (the first of equals). */
function select(node: TreeNode, options: readonly Value[]): number {
  let best = -1;
  let bestValue = -Infinity;
  for (let i = 0; i < options.length; i++) {
    const k = key(i, options[i]!);
    let edge = node.edges.get(k);
    if (!edge) node.edges.set(k, (edge = { visits: 0, wins: 0 }));
    if (edge.visits === 0) return i;
    const value = edge.wins / edge.visits + EXPLORE * Math.sqrt(Math.log(node.visits) / edge.visits);
    if (value > bestValue) [best, bestValue] = [i, value];
  }
  return best;
}

function won(out: ReturnType<Replay>, goal: string): boolean {
  if (out.error !== undefined || out.result === undefined) return false;
  return out.resultText === goal || showValue(out.result) === goal;
}
