// Policies that answer `choose` in a scenario's runs (src/run/policies/): each expected answer below is
// worked out by hand from the small game it plays, and each run is made on all three engines, which
// must agree on the trace byte for byte.
import { describe, expect, it } from "vitest";
import seedrandom from "seedrandom";
import { indexProgram, type RuntimeProgram } from "../../src/pipeline.ts";
import { scenarioRunner, type Scenario, type ScenarioRun } from "../../src/run/scenario-runner.ts";
import { MAX_RUN_PLAYOUTS, parsePolicyRules } from "../../src/run/policies/spec.ts";
import { policyChooser } from "../../src/run/policies/chooser.ts";
import { RuleError } from "../../src/core/values.ts";
import { formatTrace } from "../../src/run/trace.ts";
import type { Json } from "../../src/run/state.ts";
import { checked } from "../support/helpers.ts";
import { ENGINES, runOn } from "../support/every-engine.ts";

/** The run of `scenario` with `seed` on every engine: they must agree; the tree-walker's is returned. */
function runEverywhere(program: RuntimeProgram, scenario: Scenario, seed: string): ScenarioRun {
  const runs = ENGINES.map((engine) => {
    const runner = scenarioRunner(program, scenario, engine === "tree" ? "tree" : "compiled");
    if (!("battle" in runner)) throw new Error(JSON.stringify(runner));
    const out = runner.battle(seed, { trace: true, makeRun: (p, g, o) => runOn(engine, p, g, o) });
    return { ...out, shown: formatTrace(out.trace) };
  });
  for (const r of runs.slice(1)) expect(r.shown).toBe(runs[0]!.shown);
  return runs[0]!;
}

const choices = (r: ScenarioRun) => r.trace.filter((t) => t.kind === "choice").map((t) => t.message);

describe("first, random and greedy on a hand of three cards", () => {
  // Powers 3, 7, 5: `first` takes the first card, greedy on power the 7.
  const program = indexProgram(
    checked(`enum Side { red, blue }
kind Card { name: text, power: int }
state { hand: list<Card> }
fn score(c: Card) -> int = c.power
fn over4(c: Card) -> int = c.power - 4
fn play() -> text {
  let c = choose "Which card?" from hand by Side.red
  return c.name
}
fn playMany() -> int {
  let picked = choose up to 3 "Which cards?" from hand
  return sum(c in picked => c.power)
}
`),
  );
  const state: Record<string, Json> = { hand: [{ name: "A", power: 3 }, { name: "B", power: 7 }, { name: "C", power: 5 }] };
  const scenario = (policies: string[], run = "play"): Scenario => ({ rules: "main.rules", run, state, policies });

  it("first takes the first option and says so", () => {
    const out = runEverywhere(program, scenario(["first"]), "1");
    expect(out.resultText).toBe("A");
    expect(choices(out)).toEqual(['"Which card?" (asked of red) -> Card "A" (chosen by first: the first option)']);
  });

  it("greedy takes the highest score, and the trace gives it against the next best", () => {
    const out = runEverywhere(program, scenario(["greedy"]), "1");
    expect(out.resultText).toBe("B");
    expect(choices(out)).toEqual(['"Which card?" (asked of red) -> Card "B" (chosen by greedy: score 7 vs 5)']);
  });

  it("greedy picks up to N while a pick scores above stopping (0): 7-4 and 5-4, not 3-4", () => {
    const out = runEverywhere(program, scenario(["greedy:over4"], "playMany"), "1");
    expect(out.resultText).toBe("12");
    expect(choices(out)).toEqual([
      '"Which cards?" (pick 1 of up to 3) -> Card "B" (chosen by greedy:over4: score 3 vs 1)',
      '"Which cards?" (pick 2 of up to 3) -> Card "C" (chosen by greedy:over4: score 1 vs 0)',
      '"Which cards?" (pick 3 of up to 3) -> none (chosen by greedy:over4: score 0 vs -1)',
    ]);
  });

  it("random draws from the stream named after the run's seed, the same on every engine", () => {
    const names = ["A", "B", "C"];
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const seed = `s:${i}`;
      const expected = names[Math.floor(seedrandom(`${seed}/policy`)() * 3)]!;
      const out = runEverywhere(program, scenario(["random"]), seed);
      expect(out.resultText).toBe(expected);
      seen.add(out.resultText!);
    }
    expect([...seen].sort()).toEqual(names);
  });

  it("a `by:` rule answers only the one asked; an `ask:` rule by the question's text, before it", () => {
    expect(runEverywhere(program, scenario(["by:blue=greedy"]), "1").resultText).toBe("A");
    expect(runEverywhere(program, scenario(["by:red=greedy"]), "1").resultText).toBe("B");
    expect(runEverywhere(program, scenario(["by:Side.red=greedy"]), "1").resultText).toBe("B");
    expect(runEverywhere(program, scenario(["by:Side.blue=greedy"]), "1").resultText).toBe("A");
    expect(runEverywhere(program, scenario(["by:red=greedy", "ask:Which card=first"]), "1").resultText).toBe("A");
  });

  it("greedy refuses a question whose options its function cannot take", () => {
    const p = indexProgram(checked(`enum Side { red }\nstate { n: int }\nfn score(n: int) -> int = n\nfn play() -> bool = choose "Flee?" from [true, false] by Side.red\n`));
    const out = runEverywhere(p, { rules: "main.rules", run: "play", state: { n: 0 }, policies: ["greedy"] }, "1");
    expect(out.error?.code).toBe("R0503");
    expect(out.error?.message).toBe('greedy cannot score the options of "Flee?" with `score`, which takes a `int`: true, false');
  });
});

describe("mcts", () => {
  // Commit n: the attacker wins when a d6 shows more than 2n, so 1 wins 4/6, 2 wins 2/6 and 3 never.
  // Greedy on the size of the commitment takes 3; a search of the outcomes takes 1.
  const commit = indexProgram(
    checked(`enum Side { attacker, defender }
state { gold: int }
fn score(n: int) -> int = n
fn battle() -> Side {
  let bet = choose "How many to commit?" from [1, 2, 3] by Side.attacker
  if roll d6 > 2 * bet {
    return Side.attacker
  }
  return Side.defender
}
fn unowned() -> Side {
  let bet = choose "How many?" from [3, 1]
  if roll d6 > 2 * bet {
    return Side.attacker
  }
  return Side.defender
}
`),
  );
  const scenario = (policies: string[], run = "battle"): Scenario => ({ rules: "main.rules", run, state: { gold: 0 }, policies });

  it("searches the outcomes where greedy looks at the score alone", () => {
    expect(runEverywhere(commit, scenario(["greedy"]), "1").trace.find((t) => t.kind === "choice")?.message).toContain("-> 3 (chosen by greedy: score 3 vs 2)");
    const out = runEverywhere(commit, scenario(["mcts:200"]), "1");
    expect(choices(out)[0]).toMatch(/^"How many to commit\?" \(asked of attacker\) -> 1 \(chosen by mcts: 200 playouts for attacker, 1 won \d+ of \d+ vs 2 won \d+ of \d+\)$/);
  });

  it("makes at most a budget of playouts in one run, over all its questions: past it, R0502 before searching", () => {
    expect(MAX_RUN_PLAYOUTS).toBe(200_000);
    const rules = parsePolicyRules(["mcts:100"], commit);
    if ("error" in rules) throw new Error(rules.error);
    let replays = 0;
    const chooser = policyChooser(rules, { seed: "1", playoutBudget: 250, replay: () => (replays++, { resultText: "Side.attacker" }) });
    const span = { file: "main.rules", start: 0, end: 1, line: 1, col: 1, endLine: 1, endCol: 2 };
    const ask = () => chooser.choose("How many to commit?", [1, 2], span, "Side.attacker");
    ask();
    ask();
    expect(replays).toBe(200);
    let stopped: unknown;
    try {
      ask();
    } catch (e) {
      stopped = e;
    }
    expect(stopped).toBeInstanceOf(RuleError);
    expect([(stopped as RuleError).code, (stopped as RuleError).message]).toEqual(["R0502", 'mcts would make more than 250 playouts in this run (at "How many to commit?", decision 3): ask for fewer per decision (`mcts:N`)']);
    expect(replays).toBe(200);
  });

  it("is the same search for the same seed, and may differ for another", () => {
    const a = runEverywhere(commit, scenario(["mcts:60"]), "7");
    const b = runEverywhere(commit, scenario(["mcts:60"]), "7");
    expect(formatTrace(b.trace)).toBe(formatTrace(a.trace));
    const traces = new Set(["8", "9", "10", "11"].map((s) => choices(runEverywhere(commit, scenario(["mcts:60"]), s))[0]));
    expect(traces.size).toBeGreaterThan(1);
  });

  it("needs to know what a won playout is: the one asked, or a RESULT it is given", () => {
    const out = runEverywhere(commit, scenario(["mcts:50"], "unowned"), "1");
    expect(out.error?.code).toBe("R0503");
    expect(out.error?.message).toContain("asked of no one: name the result that wins, `mcts:50:RESULT`");
    expect(choices(runEverywhere(commit, scenario(["mcts:100:Side.attacker"], "unowned"), "1"))[0]).toMatch(/-> 1 \(chosen by mcts: 100 playouts for Side\.attacker, 1 won/);
    // Playing for the defender, the commitment that never wins for the attacker is the one to make.
    expect(choices(runEverywhere(commit, scenario(["mcts:100:defender"], "unowned"), "1"))[0]).toMatch(/-> 3 \(chosen by mcts/);
  });

  // The attacker holds (wins on 4+, 1/2) or presses; pressed, the defender yields (the attacker wins)
  // or counters (the attacker wins on a 6 alone, 1/6). Against a defender that takes the first option
  // (yield), pressing always wins; against one that searches too, it counters, and holding is better.
  const duel = indexProgram(
    checked(`enum Side { attacker, defender }
state { gold: int }
fn battle() -> Side {
  let act = choose "Attack:" from ["hold", "press"] by Side.attacker
  if act == "hold" {
    if roll d6 >= 4 {
      return Side.attacker
    }
    return Side.defender
  }
  let answer = choose "Defend:" from ["yield", "counter"] by Side.defender
  if answer == "yield" or roll d6 == 6 {
    return Side.attacker
  }
  return Side.defender
}
`),
  );
  const duelScenario = (policies: string[]): Scenario => ({ rules: "main.rules", run: "battle", state: { gold: 0 }, policies });

  it("models the opponent by its declared policy", () => {
    const out = runEverywhere(duel, duelScenario(["by:attacker=mcts:200", "by:defender=first"]), "3");
    expect(choices(out)[0]).toMatch(/^"Attack:" \(asked of attacker\) -> press \(chosen by mcts: 200 playouts for attacker, press won (\d+) of \1 vs hold/);
    expect(choices(out)[1]).toBe('"Defend:" (asked of defender) -> yield (chosen by first: the first option)');
    expect(out.resultText).toBe("Side.attacker");
  });

  it("searches the opponent's answers in the same tree when it searches too", () => {
    const out = runEverywhere(duel, duelScenario(["by:attacker=mcts:300", "by:defender=mcts:300"]), "3");
    expect(choices(out)[0]).toMatch(/^"Attack:" \(asked of attacker\) -> hold \(chosen by mcts: 300 playouts for attacker/);
  });
});

describe("policy texts", () => {
  const program = indexProgram(checked(`state { n: int }\nfn rate(n: int) -> int = n\nfn two(a: int, b: int) -> int = a\nfn main() -> int = n\n`));
  it("reads each form and says what is wrong with a bad one", () => {
    const ok = parsePolicyRules(["first", "random", "greedy:rate", "mcts", "mcts:20:Side.attacker", "by:Side.attacker=mcts:5", "ask:Withdraw=first"], program);
    expect("error" in ok ? ok.error : ok.map((r) => [r.by, r.ask, r.policy])).toEqual([
      [undefined, undefined, { kind: "first" }],
      [undefined, undefined, { kind: "random" }],
      [undefined, undefined, { kind: "greedy", score: "rate" }],
      [undefined, undefined, { kind: "mcts", playouts: 100 }],
      [undefined, undefined, { kind: "mcts", playouts: 20, goal: "Side.attacker" }],
      ["Side.attacker", undefined, { kind: "mcts", playouts: 5 }],
      [undefined, "Withdraw", { kind: "first" }],
    ]);
    expect(parsePolicyRules(["best"])).toEqual({ error: 'the policy "best" is not one of `first`, `random`, `greedy[:FN]` or `mcts[:N[:RESULT]]`, optionally after `by:WHO=` or `ask:TEXT=`' });
    expect(parsePolicyRules(["mcts:0"])).toEqual({ error: 'the policy "mcts:0" must give a whole number of playouts from 1 to 100000: `mcts:200`' });
    expect(parsePolicyRules(["greedy"], program)).toEqual({ error: 'the policy "greedy" scores options with `score`, but the rules declare no function `score`: declare `fn score(option: T) -> int`' });
    expect(parsePolicyRules(["greedy:two"], program)).toEqual({ error: 'the policy "greedy:two" scores options with `two`, which must take one option and return an int: `fn two(option: T) -> int`' });
  });
});
