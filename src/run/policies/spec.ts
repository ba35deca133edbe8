// Policies that answer the rules' `choose` during a run, as a scenario's "policies" or `--policy` name
// them: one text per rule, `[by:WHO=|ask:TEXT=]POLICY`, POLICY being `first`, `random`, `greedy[:FN]`
// or `mcts[:N[:RESULT]]` (docs/language.md, "Policies"). Texts here, so the CLI, the scenario loader
// and the balance tool read them one way.
import type { RuntimeProgram } from "../index-program.ts";

export type Policy =
  | { kind: "first" }
  | { kind: "random" }
  /** The option the function `score` rates highest (the first of equals). */
  | { kind: "greedy"; score: string }
  /** UCT over `playouts` replays of the rest of the run per decision; a playout is won when the run's result shows as `goal` (default: the one asked). */
  | { kind: "mcts"; playouts: number; goal?: string };

/** Which questions a policy answers: those asked `by` WHO, those whose text holds `ask`, or (neither) every other. */
export interface PolicyRule {
  by?: string;
  ask?: string;
  policy: Policy;
  /** The rule as written, for messages. */
  text: string;
}

export const DEFAULT_PLAYOUTS = 100;
/** Playouts per decision at most: each is a whole run of the scenario. */
export const MAX_PLAYOUTS = 100_000;
/**
 * The playouts one run may make over all its decisions: each is a whole run with a step budget of its
 * own, so without a bound a run with many decisions could search for ever (R0502 past it).
 */
export const MAX_RUN_PLAYOUTS = 200_000;

const FORMS = "`first`, `random`, `greedy[:FN]` or `mcts[:N[:RESULT]]`, optionally after `by:WHO=` or `ask:TEXT=`";

/** One policy rule from its text; a message saying what is wrong otherwise. */
export function parsePolicyRule(text: string): PolicyRule | { error: string } {
  let rest = text.trim();
  const rule: Partial<PolicyRule> = { text };
  const scoped = /^(by|ask):([^=]+)=(.*)$/s.exec(rest);
  if (scoped) {
    if (scoped[1] === "by") rule.by = scoped[2]!.trim();
    else rule.ask = scoped[2]!.trim();
    rest = scoped[3]!.trim();
  }
  const policy = parsePolicy(rest);
  if ("error" in policy) return { error: `the policy ${JSON.stringify(text)} ${policy.error}` };
  return { ...rule, policy } as PolicyRule;
}

function parsePolicy(text: string): Policy | { error: string } {
  const [name, ...args] = text.split(":");
  switch (name) {
    case "first":
    case "random":
      return args.length === 0 ? { kind: name } : { error: `takes no arguments: write \`${name}\`` };
    case "greedy":
      if (args.length > 1 || (args.length === 1 && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(args[0]!))) return { error: "must be `greedy` or `greedy:FN`, FN the name of the rules' scoring function" };
      return { kind: "greedy", score: args[0] ?? "score" };
    case "mcts": {
      const n = args[0] === undefined || args[0] === "" ? DEFAULT_PLAYOUTS : Number(args[0]);
      if (!Number.isInteger(n) || n < 1 || n > MAX_PLAYOUTS) return { error: `must give a whole number of playouts from 1 to ${MAX_PLAYOUTS}: \`mcts:200\`` };
      const goal = args.slice(1).join(":");
      return goal === "" ? { kind: "mcts", playouts: n } : { kind: "mcts", playouts: n, goal };
    }
    default:
      return { error: `is not one of ${FORMS}` };
  }
}

/** Every rule of a list, or the first message about one that cannot be read or cannot run on `program`. */
export function parsePolicyRules(texts: readonly unknown[], program?: RuntimeProgram): PolicyRule[] | { error: string } {
  const rules: PolicyRule[] = [];
  for (const t of texts) {
    if (typeof t !== "string") return { error: `a policy must be a text such as "random" or "by:Side.attacker=mcts:200", not ${JSON.stringify(t)}` };
    const rule = parsePolicyRule(t);
    if ("error" in rule) return rule;
    const bad = program ? scoreProblem(program, rule) : undefined;
    if (bad) return { error: bad };
    rules.push(rule);
  }
  return rules;
}

/** Why a greedy rule's scoring function cannot score, or undefined. */
function scoreProblem(program: RuntimeProgram, rule: PolicyRule): string | undefined {
  if (rule.policy.kind !== "greedy") return undefined;
  const name = rule.policy.score;
  const fn = program.fns.get(name);
  if (!fn) return `the policy ${JSON.stringify(rule.text)} scores options with \`${name}\`, but the rules declare no function \`${name}\`: declare \`fn ${name}(option: T) -> int\``;
  if (fn.params.length !== 1 || fn.returns?.name.text !== "int") return `the policy ${JSON.stringify(rule.text)} scores options with \`${name}\`, which must take one option and return an int: \`fn ${name}(option: T) -> int\``;
  return undefined;
}

/**
 * The rule for a question: the first `ask:` rule whose text the question holds, else the first `by:`
 * rule naming who is asked (`asks`), else the first rule for every question; undefined leaves it to the engine's
 * default (the first option).
 */
export function ruleFor(rules: readonly PolicyRule[], question: string, who: string | undefined): PolicyRule | undefined {
  return (
    rules.find((r) => r.ask !== undefined && question.includes(r.ask)) ??
    rules.find((r) => r.by !== undefined && asks(r.by, who)) ??
    rules.find((r) => r.ask === undefined && r.by === undefined)
  );
}

/** Whether `by:WHO` names the one asked: as the trace shows it (`attacker`), or an enum member by its enum too (`Side.attacker`). */
function asks(by: string, who: string | undefined): boolean {
  if (who === undefined) return false;
  return by === who || (by.includes(".") && by.slice(by.indexOf(".") + 1) === who);
}

/** A policy as written: `mcts:200`. */
export function showPolicy(p: Policy): string {
  switch (p.kind) {
    case "greedy":
      return p.score === "score" ? "greedy" : `greedy:${p.score}`;
    case "mcts":
      return `mcts:${p.playouts}${p.goal !== undefined ? `:${p.goal}` : ""}`;
    default:
      return p.kind;
  }
}

/**
 * Why odds over the dice alone cannot answer runs with these policies, or undefined: `random` draws and
 * `mcts` searches with streams of their own, which `rulesmith odds` does not enumerate; `first` and
 * `greedy` answer from the state alone.
 */
export function oddsPolicyProblem(policies: readonly string[] | undefined): string | undefined {
  if (!policies) return undefined;
  const rules = parsePolicyRules(policies);
  if ("error" in rules) return rules.error;
  const drawn = rules.find((r) => r.policy.kind === "random" || r.policy.kind === "mcts");
  return drawn ? `the exact odds enumerate the dice alone, and the policy ${JSON.stringify(drawn.text)} answers with chances of its own: simulate it instead (\`rulesmith simulate\`), or use \`first\` or \`greedy\`` : undefined;
}
