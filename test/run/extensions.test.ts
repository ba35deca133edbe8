// The extension points as runs show them (docs/language.md, "Extending a system"): a base system in
// test/fixtures/extend/base, never edited, and a mod in test/fixtures/extend/mod that extends an enum, a
// kind and a table, and replaces or removes a modifier, a handler and a row. The merged program runs the
// same on the three engines, carries the merge into its state schema and a saved program, and a state
// written before the mod's new field still loads.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeHost } from "../../src/api/node-host.ts";
import type { SourceFile } from "../../src/core/ast.ts";
import { RuleError } from "../../src/core/values.ts";
import { compile, indexProgram, runExamples } from "../../src/pipeline.ts";
import { CompiledRun } from "../../src/run/compiled/run.ts";
import { Interpreter } from "../../src/run/interpreter.ts";
import { loadProgram, saveProgram } from "../../src/run/saved-program.ts";
import { stateSchema, validateState } from "../../src/run/schema.ts";
import { initialState, stateFromJson, stateToJson } from "../../src/run/state.ts";
import { formatTrace } from "../../src/run/trace.ts";
import { checked } from "../support/helpers.ts";

const BASE = "test/fixtures/extend/base";
const MOD = "test/fixtures/extend/mod";
const MOD_EXAMPLE = "the mod's terrain, field, rows and rules";

function system(...roots: string[]): SourceFile[] {
  const c = compile(roots, nodeHost);
  expect(c.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return c.program!;
}

/** Every example of `files` on one engine: title, outcome, trace. */
function outcomes(files: SourceFile[], engine: "tree" | "closures" | "generated") {
  const program = indexProgram(files);
  return program.examples.map((ex) => {
    const run = engine === "tree" ? new Interpreter(program, initialState(program), { seed: ex.title }) : new CompiledRun(program, initialState(program), { seed: ex.title, generate: engine === "generated" });
    let error: string | undefined;
    try {
      run.runExample(ex);
    } catch (err) {
      error = err instanceof RuleError ? `${err.code} ${err.message}` : String(err);
    }
    return { title: ex.title, error, trace: formatTrace(run.trace) };
  });
}

describe("a mod of a base system", () => {
  it("leaves the base as it was: on its own it checks and its example passes", () => {
    expect(runExamples(system(BASE)).map((r) => [r.title, r.passed])).toEqual([["the base on its own", true]]);
  });

  it("runs the merged enums, kind, table, modifiers and handlers on all three engines alike", () => {
    const files = system(BASE, MOD);
    const tree = outcomes(files, "tree");
    const mod = tree.find((o) => o.title === MOD_EXAMPLE)!;
    expect(mod.error).toBeUndefined();
    expect(mod.trace).toContain("defense: 1 -> 6 (add 5)");
    expect(mod.trace).not.toContain("ouch");
    // The base's own example now sees the mod's modifier: a change of outcome the mod makes.
    expect(tree.find((o) => o.title === "the base on its own")!.error).toContain("expected");
    for (const engine of ["closures", "generated"] as const) expect(outcomes(files, engine), engine).toEqual(tree);
  });

  it("holds the merge in the resolved tree: no extension, the replaced declarations gone, members in canonical order", () => {
    const files = system(BASE, MOD);
    const kinds = files.flatMap((f) => f.decls.map((d) => d.kind));
    expect(kinds.filter((k) => k.startsWith("extend") || k === "replaceRow" || k === "removal")).toEqual([]);
    const p = indexProgram(files);
    expect(p.enums.get("Terrain")!.members.map((m) => m.text)).toEqual(["plain", "hill", "swamp"]);
    expect(p.kinds.get("Unit")!.fields.map((f) => f.name.text)).toEqual(["name", "hp", "terrain", "fear", "charged"]);
    const modifiers = [...p.modifiers.values()].flat().map((m) => `${m.name.text}@${m.span.file}`);
    expect(modifiers).toEqual([`sturdy@${MOD}/swamps.rules`]);
    const handlers = [...p.handlers.values()].flatMap((h) => h.after.map((t) => `${t.handlerName?.text}@${t.span.file}`));
    expect(handlers).toEqual([`loseHp@${MOD}/swamps.rules`]);
  });

  it("gives the state's schema the new member and field, and loads a state written without the field", () => {
    const p = indexProgram(system(BASE, MOD));
    const schema = JSON.stringify(stateSchema(p));
    expect(schema).toContain('"swamp"');
    expect(schema).toContain('"fear"');
    const old = { units: [{ name: "Ann", hp: 2, terrain: "hill" }] };
    expect(validateState(p, old)).toEqual([]);
    const back = stateToJson(p, stateFromJson(p, old)) as { units: Record<string, unknown>[] };
    expect(back.units[0]).toMatchObject({ name: "Ann", fear: 0, charged: false });
    expect(validateState(p, { units: [{ name: "Cy", terrain: "swamp", fear: 9 }] }).map((x) => x.path)).toEqual(["/units/0/fear"]);
  });

  it("saves the merged program, which loads and runs as it was", () => {
    const files = system(BASE, MOD);
    const loaded = loadProgram(saveProgram(files));
    if ("error" in loaded) throw new Error(loaded.error);
    expect(outcomes(loaded.files, "generated")).toEqual(outcomes(files, "generated"));
  });

  it("refuses a saved program that holds an extension rather than the merged declaration", () => {
    const saved = JSON.parse(saveProgram(system(BASE, MOD))) as { files: { path: string; decls: unknown[] }[] };
    const base = saved.files.find((f) => f.path.endsWith("model.rules"))!;
    const span = { file: base.path, line: 1, col: 1, endLine: 1, endCol: 2, start: 0, end: 1 };
    base.decls.push({ kind: "extendEnum", target: { text: "Terrain", span }, members: [{ text: "lava", span }], span });
    const loaded = loadProgram(JSON.stringify(saved));
    expect("error" in loaded && loaded.error).toBe(`damaged: at ${base.path}:1:1: an extension, which the checker merges into the declaration it extends: a saved program holds the merged declaration`);
  });

  it("calls a replaced function's replacement from every file, the base's too, on all three engines and saved", () => {
    const text = `import "base.rules"
import "first.rules"
replace fn bonus(n: int) -> int = n * 10
example "replaced" {
  expect total(2) == 22
  expect bonus(3) == 30
}
`;
    const base = "fn bonus(n: int) -> int = n\nfn total(n: int) -> int = n + bonus(n)\n";
    const files = checked(text, { "base.rules": base, "first.rules": 'import "base.rules"\nreplace fn bonus(n: int) -> int = n + 100\n' });
    expect(files.flatMap((f) => f.decls.filter((d) => d.kind === "fn" && d.name.text === "bonus").map((d) => d.span.file))).toEqual(["main.rules"]);
    for (const engine of ["tree", "closures", "generated"] as const) expect(outcomes(files, engine).map((o) => o.error), engine).toEqual([undefined]);
    const loaded = loadProgram(saveProgram(files));
    if ("error" in loaded) throw new Error(loaded.error);
    expect(outcomes(loaded.files, "generated").map((o) => o.error)).toEqual([undefined]);
  });

  it("tries a row `extend table` adds before the table's own, the latest file's first, without a removed row", () => {
    const text = `import "base.rules"
import "first.rules"
extend table cost { 1 => 30 }
remove row cost(5)
example "rows" {
  expect cost(1) == 30
  expect cost(2) == 20
  expect cost(3) == 0
  expect cost(5) == 0
}
`;
    const files = checked(text, { "base.rules": "table cost(n: int) -> int {\n  5 => 50\n  _ => 0\n}\n", "first.rules": 'import "base.rules"\nextend table cost { 1..2 => 20 }\n' });
    for (const engine of ["tree", "closures", "generated"] as const) expect(outcomes(files, engine).map((o) => o.error)).toEqual([undefined]);
  });

  it("puts a replacement handler where its own order says, and a later file replaces a replacement", () => {
    const text = `import "base.rules"
import "first.rules"
replace on Hit as second order 2 { log = log * 10 + 5 }
example "order" {
  emit Hit()
  expect log == 153
}
`;
    const base = `state { log: int = 0 }
event Hit()
on Hit as first order 1 { log = log * 10 + 1 }
on Hit as second order 2 { log = log * 10 + 2 }
on Hit as third order 3 { log = log * 10 + 3 }
`;
    const files = checked(text, { "base.rules": base, "first.rules": 'import "base.rules"\nreplace on Hit as second order 4 { log = log * 10 + 4 }\n' });
    for (const engine of ["tree", "closures", "generated"] as const) expect(outcomes(files, engine).map((o) => o.error)).toEqual([undefined]);
  });

  it("keeps a `final` declaration as declared, and runs it", () => {
    const files = checked(`final enum Side { a, b }\nfinal modifier plus for v : add 1\nvalue v() -> int = 1\nfinal on E as h { say "h" }\nevent E()\nexample "final" {\n  expect v() == 2\n  emit E()\n}\n`);
    for (const engine of ["tree", "closures", "generated"] as const) expect(outcomes(files, engine)[0]).toMatchObject({ error: undefined, trace: expect.stringContaining("h") });
  });
});

describe("the fixture", () => {
  it("is a base that does not import its mod", () => {
    expect(readFileSync(`${BASE}/model.rules`, "utf8")).not.toContain("import");
  });
});
