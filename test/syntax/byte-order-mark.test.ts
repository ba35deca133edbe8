// A file that starts with a byte-order mark (U+FEFF, as some Windows editors write) is read as if the
// mark were not there: rules, scenarios and saved programs alike (issue 14, item 8). Lines and columns
// count from the text after the mark.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nodeFileHost } from "../../src/api/node-host.ts";
import { compile, loadScenario, runScenario } from "../../src/pipeline.ts";
import { saveProgram } from "../../src/run/saved-program.ts";

const BOM = "\uFEFF";
const dir = mkdtempSync(join(tmpdir(), "rulesmith-bom-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const host = nodeFileHost([dir]);
const at = (name: string) => join(dir, name);

const rules = "state { score: int = 2 }\nfn double() -> int = score * 2\n";
writeFileSync(at("game.rules"), `${BOM}${rules}`);
writeFileSync(at("wrong.rules"), `${BOM}fn f() -> int = nothing\n`);
writeFileSync(at("scenario.json"), `${BOM}{ "rules": "game.rules", "run": "double", "state": { "score": 5 } }\n`);

describe("a byte-order mark", () => {
  it("at the start of a .rules file is skipped: the file checks", () => {
    const compiled = compile([at("game.rules")], host);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.texts.get(host.normalize(at("game.rules")))).toBe(rules);
  });

  it("does not shift columns: an unknown name is at 1:17, as without the mark", () => {
    const ds = compile([at("wrong.rules")], host).diagnostics;
    expect(ds.map((d) => `${d.code} ${d.span.line}:${d.span.col}-${d.span.endCol}`)).toEqual(["E0101 1:17-24"]);
  });

  it("at the start of a scenario is skipped: the scenario runs", () => {
    const loaded = loadScenario(at("scenario.json"), host);
    expect(loaded.diagnostics).toEqual([]);
    expect(runScenario(loaded.ready!.program, loaded.ready!.scenario, { seed: "1", trace: false }).resultText).toBe("10");
  });

  it("at the start of a saved program is skipped: a scenario runs it", () => {
    const program = compile([at("game.rules")], host).program!;
    writeFileSync(at("saved.json"), `${BOM}${saveProgram(program)}`);
    writeFileSync(at("saved-scenario.json"), `{ "rules": "saved.json", "run": "double", "state": { "score": 7 } }\n`);
    const loaded = loadScenario(at("saved-scenario.json"), host);
    expect(loaded.diagnostics).toEqual([]);
    expect(runScenario(loaded.ready!.program, loaded.ready!.scenario, { seed: "1", trace: false }).resultText).toBe("14");
  });
});
