// Scenario loading lives in one place, `loadScenario` in the pipeline: the CLI's `run` and `simulate`
// and the playground's workers all go through it, and every problem is a diagnostic with a code and
// the span of the offending key or value in the scenario's JSON text.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readyScenario } from "../../playground/workers/programs.ts";
import { formatDiagnostics } from "../../src/tools/report.ts";
import { nodeHost } from "../../src/api/node-host.ts";
import { loadScenario, runScenario } from "../../src/pipeline.ts";
import { memoryHost } from "../support/helpers.ts";
import { runCli } from "../support/run-cli.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const DIR = "test/fixtures/scenarios";

const rulesmith = (...args: string[]) => runCli(args);

/** `CODE file:line:col-line:col message | help`, for exact comparisons. */
function shown(path: string): string[] {
  return loadScenario(path, nodeHost).diagnostics.map((d) => `${d.code} ${d.span.file}:${d.span.line}:${d.span.col}-${d.span.endLine}:${d.span.endCol} ${d.message}${d.help ? ` | ${d.help}` : ""}`);
}

/** The scenario fixtures and the rules they name, as the playground holds them in memory. */
function workspace(): Record<string, string> {
  const files: Record<string, string> = { "test/fixtures/cli/duel.rules": readFileSync(`${root}/test/fixtures/cli/duel.rules`, "utf8") };
  for (const f of readdirSync(`${root}/${DIR}`)) files[`${DIR}/${f}`] = readFileSync(`${root}/${DIR}/${f}`, "utf8");
  return files;
}

describe("loadScenario", () => {
  it("reports an unknown key at the key, with the key it resembles, and a mistyped value at the value", () => {
    expect(shown(`${DIR}/bad-key.json`)).toEqual([
      `E0402 ${DIR}/bad-key.json:4:3-4:8 unknown key "sed" in the scenario | did you mean \`seed\`?`,
      `E0402 ${DIR}/bad-key.json:5:14-5:22 "choices" must be a list of answers`,
    ]);
  });

  it("reports JSON that does not parse at the character where it goes wrong", () => {
    expect(shown(`${DIR}/bad-json.json`)).toEqual([`E0402 ${DIR}/bad-json.json:4:3-4:4 the scenario is not valid JSON: expected \`,\` or \`}\` but found \`"\``]);
  });

  it("reports a bad state value at the value, and an unknown field at its key, with the declarations they break", () => {
    expect(shown(`${DIR}/bad-state.json`)).toEqual([
      `E0401 ${DIR}/bad-state.json:5:33-5:35 the state at \`/a/hp\` must be <= 10 | the value breaks the declaration of \`Fighter.hp\` at test/fixtures/cli/duel.rules:4:3`,
      `E0401 ${DIR}/bad-state.json:6:36-6:43 the state at \`/b/atack\` is not a field of \`Fighter\`: did you mean \`attack\`? | the value breaks the declaration of \`Fighter\` at test/fixtures/cli/duel.rules:2:1`,
    ]);
  });

  it("reports a \"run\" that names no function at its value, and missing keys at the object", () => {
    expect(shown(`${DIR}/bad-run.json`)).toEqual([`E0402 ${DIR}/bad-run.json:3:10-3:17 "run" must name a function without parameters: there is no function \`duell\` | did you mean \`duel\`?`]);
    expect(shown(`${DIR}/no-run.json`)).toEqual([`E0402 ${DIR}/no-run.json:1:1-1:2 the scenario has no "run" | "run" names the function without parameters to run`]);
  });

  it("reports rules that are not there (E0003) at \"rules\", and a scenario that is not there", () => {
    expect(shown(`${DIR}/missing-rules.json`)).toEqual([`E0003 ${DIR}/missing-rules.json:1:12-1:32 cannot find the rules \`test/fixtures/cli/duels.rules\` | did you mean \`duel.rules\`?`]);
    expect(shown(`${DIR}/nowhere.json`)).toEqual([`E0003 ${DIR}/nowhere.json:1:1-1:1 cannot read the scenario \`${DIR}/nowhere.json\``]);
  });

  it("reports rules that do not check with the checker's own diagnostics", () => {
    const files = { "s.json": '{ "rules": "r.rules", "run": "f", "state": {} }', "r.rules": "fn f() -> int = g()\n" };
    const loaded = loadScenario("s.json", memoryHost(files));
    expect(loaded.ready).toBeUndefined();
    expect(loaded.diagnostics.map((d) => `${d.code} ${d.span.file}:${d.span.line}:${d.span.col} ${d.message}`)).toEqual(["E0101 r.rules:1:17 unknown function `g`"]);
  });

  it("reports each of 4,000 bad values at its own line and column, whatever the line breaks", () => {
    // Positions come from a line index made once per text (issue 29, item 8: scanning the text from its
    // start for each error made 64,000 errors take 78 s); each is checked here against the text itself.
    for (const br of ["\n", "\r\n", "\r"]) {
      const units = Array.from({ length: 4000 }, (_, i) => `${" ".repeat(i % 7)}{ "hp": "x${i}" }`);
      const text = `{ "rules": "r.rules", "run": "f", "state": { "units": [${br}${units.join(`,${br}`)}${br}] } }`;
      const files = { "s.json": text, "r.rules": "kind Unit { hp: int }\nstate { units: list<Unit> }\nfn f() -> int = len(units)\n" };
      const loaded = loadScenario("s.json", memoryHost(files));
      expect(loaded.diagnostics).toHaveLength(4000);
      const lines = text.split(/\r\n?|\n/);
      for (const d of loaded.diagnostics) {
        const i = Number(/\/units\/(\d+)\//.exec(d.message)![1]);
        expect([d.span.line, d.span.col, text.slice(d.span.start, d.span.end)]).toEqual([i + 2, i % 7 + 9, `"x${i}"`]);
        expect(lines[d.span.line - 1]!.slice(d.span.col - 1, d.span.endCol - 1)).toBe(`"x${i}"`);
      }
    }
  });

  it("gives a ready scenario that runs", () => {
    const files = { "s.json": '{ "rules": "r.rules", "run": "f", "seed": "3", "state": {} }', "r.rules": "fn f() -> int = roll d6\n" };
    const loaded = loadScenario("s.json", memoryHost(files));
    expect(loaded.diagnostics).toEqual([]);
    const out = runScenario(loaded.ready!.program, loaded.ready!.scenario, { seed: "3", trace: false });
    expect(out.error).toBeUndefined();
    expect(Number(out.resultText)).toBeGreaterThanOrEqual(1);
  });
});

describe.concurrent("the CLI and the playground show the pipeline's diagnostics, as check prints them", () => {
  for (const name of ["bad-key", "bad-json", "bad-state", "bad-run", "missing-rules", "no-run"]) {
    it(`${name}.json`, async () => {
      const path = `${DIR}/${name}.json`;
      const loaded = loadScenario(path, nodeHost);
      const expected = formatDiagnostics(loaded.diagnostics, loaded.texts);
      const [run, sim] = await Promise.all([rulesmith("run", path), rulesmith("simulate", path, "-n", "3")]);
      expect([run.code, run.stdout, run.stderr]).toEqual([1, "", `${expected}\n`]);
      expect([sim.code, sim.stdout, sim.stderr]).toEqual([1, "", `${expected}\n`]);
      const shownInPlayground = readyScenario(workspace(), path);
      expect(shownInPlayground).toEqual({ problem: expected, span: loaded.diagnostics[0]!.span });
    });
  }
});
