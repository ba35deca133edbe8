// `--policy P` (repeatable) of `run` and `simulate`: policies that answer the rules' `choose` in place
// of the scenario's "policies" and "choices" (src/run/policies/spec.ts), checked against its program.
import { parsePolicyRules, type ReadyScenario } from "../../api/node.ts";
import { complain, type CliIo } from "./io.ts";

export const POLICY_OPTION = { policy: { type: "string", multiple: true } } as const;

export const POLICY_HELP = `  --policy P answer the rules' \`choose\` by a policy (repeatable; in place of the scenario's
             "policies" and "choices"): first, random, greedy[:FN], mcts[:N[:RESULT]], each
             optionally after by:WHO= or ask:TEXT= (docs/language.md, "Policies")`;

/** The scenario with the policies given, or undefined (the mistake said) when one cannot be read. */
export function withPolicies(ready: ReadyScenario, policies: string[] | undefined, io: CliIo): ReadyScenario | undefined {
  if (!policies) return ready;
  const rules = parsePolicyRules(policies, ready.program);
  if ("error" in rules) {
    complain(io, `error: ${rules.error}`);
    return undefined;
  }
  return { ...ready, scenario: { ...ready.scenario, policies } };
}
