// Names are resolved once, by the checker: a file sees only what it imports, so files that do not see
// each other may reuse a name, and the runtime runs on the resolution alone.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type * as A from "../../src/core/ast.ts";
import { walk } from "../../src/core/ast-walk.ts";
import { compile, runExamples } from "../../src/pipeline.ts";
import { nodeHost } from "../../src/api/node-host.ts";
import { memoryHost } from "../support/helpers.ts";

const model = `kind Unit { name: text, hp: int = 2 }`;

describe("a file sees only what it imports", () => {
  const files = {
    "model.rules": model,
    "healing.rules": `import "model.rules"
      fn bonus(u: Unit) -> int = u.hp + 1
      example "healing bonus" { expect bonus(Unit(name: "a")) == 3 }`,
    "fighting.rules": `import "model.rules"
      fn bonus(u: Unit) -> int = u.hp * 10
      example "fighting bonus" { expect bonus(Unit(name: "a")) == 20 }`,
  };

  it("lets two files that do not import each other declare the same helper, each using its own", () => {
    const c = compile(["healing.rules", "fighting.rules"], memoryHost(files));
    expect(c.diagnostics).toEqual([]);
    const results = runExamples(c.programs![0]!);
    expect(results.map((r) => [r.title, r.passed])).toEqual([
      ["fighting bonus", true],
      ["healing bonus", true],
    ]);
  });

  it("reports a use in a file that sees both as E0108, pointing at both declarations", () => {
    const c = compile(["both.rules"], memoryHost({ ...files, "both.rules": `import "healing.rules"\nimport "fighting.rules"\nfn twice(u: Unit) -> int = bonus(u) * 2\n` }));
    const d = c.diagnostics.filter((x) => x.code === "E0108");
    expect(d).toHaveLength(1);
    expect(`${d[0]!.span.file}:${d[0]!.span.line}:${d[0]!.span.col}`).toBe("both.rules:3:28");
    expect(d[0]!.message).toBe("`bonus` could mean the fn declared at fighting.rules:2:7 or the fn declared at healing.rules:2:7: this file imports both");
    expect(d[0]!.related?.map((r) => `${r.span.file}:${r.span.line}:${r.span.col}`)).toEqual(["fighting.rules:2:10", "healing.rules:2:10"]);
  });

  it("still reports E0102 when one declaration can see the other", () => {
    const c = compile(["b.rules"], memoryHost({ "a.rules": "fn f() -> int = 1", "b.rules": 'import "a.rules"\nfn f() -> int = 2' }));
    expect(c.diagnostics.map((d) => `${d.code} ${d.span.file}:${d.span.line}:${d.span.col}`)).toEqual(["E0102 b.rules:2:4"]);
  });

  it("keeps E0105, with the import to add, for a name declared only in a file that is not imported", () => {
    const d = compile(["main.rules", "c.rules"], memoryHost({ "main.rules": "fn f() -> int = k()", "c.rules": "fn k() -> int = 3" })).diagnostics;
    expect(d.map((x) => `${x.code} ${x.span.line}:${x.span.col} ${x.help}`)).toEqual(['E0105 1:17 add `import "./c.rules"`']);
  });
});

describe("the runtime runs on the checker's resolution alone", () => {
  it("gives the same results for every bundled example when every name in the tree is changed after checking", () => {
    for (const root of ["rules/warlords3", "rules/dragon-dice"]) {
      const c = compile([root], nodeHost);
      expect(c.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      const program = c.programs![0]!;
      const before = runExamples(program).map((r) => [r.title, r.passed]);
      // Rename every declaration, variable, parameter and name in an expression: a runtime that looked
      // anything up by its name would no longer find it.
      let n = 0;
      walk(program, (node) => {
        const x = node as unknown as { kind: string; name?: unknown; params?: A.Param[] };
        if (x.kind === "name" && typeof x.name === "string") x.name = `renamed${n++}`;
        else if (["fn", "value", "table", "event", "status", "modifier"].includes(x.kind) && typeof x.name === "object") (x.name as A.Name).text = `renamed${n++}`;
        if (x.kind === "let" || x.kind === "for") (x.name as A.Name).text = `renamed${n++}`;
        for (const p of x.params ?? []) p.name.text = `renamed${n++}`;
      });
      // Written types too: a field's default value is built from its type's resolution, not its name.
      const renameTypes = (v: unknown): void => {
        if (Array.isArray(v)) return v.forEach(renameTypes);
        if (typeof v !== "object" || v === null) return;
        const t = v as { ref?: unknown; name?: { text?: unknown } };
        if ("ref" in t && t.ref && typeof t.name === "object" && t.name && !("kind" in t)) (t.name as { text: string }).text = `renamedType${n++}`;
        for (const [k, child] of Object.entries(v)) if (k !== "span" && k !== "ref") renameTypes(child);
      };
      renameTypes(program);
      expect(n).toBeGreaterThan(1000);
      expect(runExamples(program).map((r) => [r.title, r.passed])).toEqual(before);
      expect(before.every(([, passed]) => passed)).toBe(true);
    }
  });

  it("has no table of names in the interpreter: declarations are read by id, variables by slot", () => {
    // The interpreter's core and the parts it hands work to (see src/run/machine.ts).
    const run = ["interpreter", "machine", "events", "modifiers", "tables", "rolls-choices-aggregates", "writes"].map((p) => `src/run/${p}.ts`);
    const operators = ["arithmetic", "comparison", "logical", "membership", "numbers"].map((p) => `src/constructs/operators/${p}.ts`);
    for (const part of [...run, ...operators]) {
      const source = readFileSync(part, "utf8");
      expect([part, source.match(/program\.(enums|kinds|fns|dice|statuses)|stateFields\.find|name\.text ===|\.lookup\(|builtins\[/g)]).toEqual([part, null]);
    }
  });
});
