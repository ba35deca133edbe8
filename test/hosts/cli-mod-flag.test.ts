// `--mod DIR` on every command that loads a system besides check, test, run and simulate (cli-mods.test.ts):
// compile, schema, why-not, odds, mutate and doc, each through the in-process `main(argv, io)`. The fixture's
// mod `berserkers` adds one to every attack (`modifier rage`), so a duel that does 2 wounds does 3 with it.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { project, runCli } from "../support/run-cli.ts";

const F = "test/fixtures/mods";
const DUEL = `${F}/skirmish/scenarios/duel.json`;

describe("--mod on the commands that load a system", () => {
  it("compile saves the base with the mod as one program, and a scenario of the saved program runs with the mod's rule", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rulesmith-saved-mod-"));
    try {
      const out = join(dir, "program.json");
      const saved = await runCli(["compile", `${F}/skirmish`, "--mod", `${F}/berserkers`, "--out", out]);
      expect(saved.stderr).toBe("");
      expect(saved.stdout.trim()).toBe(`saved 2 checked file(s) to ${out}`);
      // Saved, a mod's file still sees the base's names without importing them.
      expect(JSON.parse(readFileSync(out, "utf8")).sees).toEqual({ [`${F}/berserkers/rage.rules`]: [`${F}/skirmish/model.rules`] });
      const scenario = { ...JSON.parse(readFileSync(join(project, DUEL), "utf8")), rules: "program.json" };
      writeFileSync(join(dir, "duel.json"), JSON.stringify(scenario));
      const ran = await runCli(["run", join(dir, "duel.json")]);
      expect(ran.stderr).toBe("");
      expect(ran.stdout.trim()).toBe("result: 3");
      expect(ran.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a saved program whose `sees` names a file it does not hold is refused as damaged", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rulesmith-saved-mod-"));
    try {
      const out = join(dir, "program.json");
      expect((await runCli(["compile", `${F}/skirmish`, `${F}/berserkers`, "--out", out])).code).toBe(0);
      const program = JSON.parse(readFileSync(out, "utf8"));
      program.sees = { [`${F}/berserkers/rage.rules`]: ["elsewhere/secret.rules"] };
      writeFileSync(out, JSON.stringify(program));
      writeFileSync(join(dir, "duel.json"), JSON.stringify({ ...JSON.parse(readFileSync(join(project, DUEL), "utf8")), rules: "program.json" }));
      const ran = await runCli(["run", join(dir, "duel.json")]);
      expect(ran.code).toBe(1);
      expect(ran.stderr).toContain("is damaged: `sees` names `elsewhere/secret.rules`, no file of the program");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("why-not explains a rule of the mod, which without --mod is no rule of the scenario", async () => {
    const modded = await runCli(["why-not", DUEL, "--rule", "rage", "--mod", `${F}/berserkers`]);
    expect(modded.stdout).toContain(`--> ${F}/berserkers/rage.rules:2:1`);
    expect(modded.stdout).toContain("it fired once in this run");
    expect(modded.code).toBe(0);
    const plain = await runCli(["why-not", DUEL, "--rule", "rage"]);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain("error[E0435]");
  });

  it("odds gives the outcome with the mod loaded", async () => {
    const plain = await runCli(["odds", DUEL, "--json"]);
    const modded = await runCli(["odds", DUEL, "--json", "--mod", `${F}/berserkers`]);
    expect(JSON.parse(plain.stdout).outcomes.map((o: { result: string }) => o.result)).toEqual(["2"]);
    expect(JSON.parse(modded.stdout).outcomes.map((o: { result: string }) => o.result)).toEqual(["3"]);
  });

  it("odds --mod on a scenario whose rules are in no system's folder is E0602", async () => {
    const r = await runCli(["odds", "rules/warlords3/scenarios/battle.json", "--mod", `${F}/berserkers`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/E060[23]/);
  });

  it("schema with a mod that extends a kind has the mod's field", async () => {
    const plain = await runCli(["schema", "rules/dragon-dice"]);
    const modded = await runCli(["schema", "rules/dragon-dice", "--mod", "mods/dragon-dice-treefolk"]);
    expect(modded.code).toBe(0);
    expect(plain.stdout).not.toContain("Treefolk");
    expect(modded.stdout).toContain("Treefolk");
  });

  it("mutate mutates the mod's clauses, runs its examples, and leaves out the base example the mod overrides", async () => {
    const r = await runCli(["mutate", `${F}/skirmish`, "--mod", `${F}/berserkers`, "--workers", "1", "--json"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { files: { file: string; killed: number }[] };
    const files = JSON.stringify(report);
    expect(files).toContain(`${F}/berserkers/rage.rules`);
    // Without --mod's overrides being honoured, the base example the mod changes fails before any mutation (E0424).
    expect(r.stderr).not.toContain("E0424");
  });

  it("doc writes one reference of the base with the mod, its pages beside the base's", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rulesmith-doc-mod-"));
    try {
      const r = await runCli(["doc", `${F}/skirmish`, "--mod", `${F}/berserkers`, "--out", dir]);
      expect(r.code).toBe(0);
      const index = readFileSync(join(dir, "index.html"), "utf8");
      expect(index).toContain("rage");
      expect(existsSync(join(dir, "index.html"))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("two bases with a mod are a usage error, not a crash", async () => {
    const r = await runCli(["doc", `${F}/skirmish`, "rules/warlords3", "--mod", `${F}/berserkers`, "--out", "test-output/never"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("name one base system's folder with its mods, not 2");
  });
});
