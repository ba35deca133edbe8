// Diagnostics from the checker, compared with golden baselines: for each `test/golden/X.rules` (or folder
// `test/golden/X/`, whose files are loaded together) the rendered diagnostics live in `X.errors.txt`.
// Run with UPDATE_GOLDEN=1 to rewrite the baselines, then read every changed one before committing it.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline.ts";
import { compileText, memoryHost, render } from "../support/helpers.ts";

const goldenDir = fileURLToPath(new URL("../golden", import.meta.url));
const update = process.env["UPDATE_GOLDEN"] === "1";

interface GoldenCase {
  name: string;
  /** Files by path relative to the golden folder, so paths in the output are the same on every machine. */
  files: Record<string, string>;
  roots: string[];
}

function goldenCases(): GoldenCase[] {
  const cases: GoldenCase[] = [];
  for (const entry of readdirSync(goldenDir).sort()) {
    const full = join(goldenDir, entry);
    if (statSync(full).isDirectory()) {
      const names = readdirSync(full).filter((f) => f.endsWith(".rules")).sort();
      const files = Object.fromEntries(names.map((n) => [`${entry}/${n}`, readFileSync(join(full, n), "utf8")]));
      cases.push({ name: entry, files, roots: Object.keys(files) });
    } else if (entry.endsWith(".rules")) {
      cases.push({ name: entry.slice(0, -".rules".length), files: { [entry]: readFileSync(full, "utf8") }, roots: [entry] });
    }
  }
  return cases;
}

/**
 * What each baseline must contain, whatever it says besides: the codes in order. This keeps a careless
 * UPDATE_GOLDEN=1 from baking a lost or wrong diagnostic into the baseline.
 */
const expectedCodes: Record<string, string[]> = {
  "aggregate-misuse": ["E0209", "E0209", "E0209"],
  "assign-parameter": ["E0204"],
  "count-before-double": ["W0306"],
  "count-without-as": ["E0208"],
  "default-out-of-range": ["E0210"],
  "did-you-mean-function": ["E0101", "E0101"],
  "double-tally-without-member": ["E0208"],
  duplicate: ["E0102", "E0102"],
  "expect-outside-example": ["E0206"],
  "force-outside-example": ["E0206", "E0206"],
  "impossible-row": ["W0302", "W0302"],
  "missing-field": ["E0202", "E0103"],
  "missing-import": ["E0003"],
  "misspelt-field": ["E0103"],
  "not-callable": ["E0203", "E0203"],
  "not-imported": ["E0105", "E0105"],
  "return-type": ["E0201", "E0205"],
  "stray-character": ["E0001"],
  "syntax-errors": ["E0002", "E0002", "E0002"],
  "table-coverage": ["W0301"],
  "tally-misspelt-member": ["E0103", "E0103"],
  "table-pattern": ["E0207"],
  "two-set-modifiers": ["W0304"],
  "unknown-enum-member": ["E0103"],
  "unknown-event": ["E0101", "E0101"],
  "unknown-modifier-op": ["E0208"],
  "unknown-name": ["E0101"],
  "unknown-type": ["E0104"],
  "unreachable-row": ["W0302"],
  "untyped-empty-list": ["E0243", "E0243", "E0243", "E0101", "E0101", "E0243"],
  "unused-value": ["W0303"],
  "wrong-arg-count": ["E0202", "E0202"],
  "wrong-type": ["E0201", "E0201"],
};

describe("golden diagnostics", () => {
  const cases = goldenCases();

  it("has a baseline and a list of expected codes for every case", () => {
    expect(cases.map((c) => c.name).sort()).toEqual(Object.keys(expectedCodes).sort());
  });

  for (const c of cases) {
    it(c.name, () => {
      const compiled = compile(c.roots, memoryHost(c.files));
      const actual = render(compiled.diagnostics, compiled.texts) + "\n";
      expect(compiled.diagnostics.map((d) => d.code)).toEqual(expectedCodes[c.name]);
      const baseline = join(goldenDir, `${c.name}.errors.txt`);
      if (update || !existsSync(baseline)) {
        if (!update) throw new Error(`no baseline ${c.name}.errors.txt: run with UPDATE_GOLDEN=1 and read it`);
        writeFileSync(baseline, actual);
      }
      expect(actual).toBe(readFileSync(baseline, "utf8"));
    });
  }
});

describe("checker details", () => {
  const unit = "kind Unit {\n  name: text\n  strength: int in 1..30 = 5\n}\n";

  it("suggests the closest field for a misspelt one", () => {
    const { diagnostics } = compileText(`${unit}fn power(u: Unit) -> int = u.strenght`);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: "E0103", message: "`Unit` has no field `strenght`", help: "did you mean `strength`?" });
    expect(diagnostics[0]!.span).toMatchObject({ line: 5, col: 30, endCol: 38 });
  });

  it("offers no suggestion when nothing is close", () => {
    const { diagnostics } = compileText(`${unit}fn power(u: Unit) -> int = u.zzzzzzz`);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.help).toBeUndefined();
  });

  it("suggests local variables and parameters for an unknown name", () => {
    const { diagnostics } = compileText("fn f(bonus: int) -> int {\n  let total = 3\n  return totl + bonsu\n}\n");
    expect(diagnostics.map((d) => [d.code, d.help])).toEqual([
      ["E0101", "did you mean `total`?"],
      ["E0101", "did you mean `bonus`?"],
    ]);
  });

  it("accepts a program that imports what it uses", () => {
    const c = compile(["main.rules"], memoryHost({ "lib/units.rules": "kind Unit { name: text }\n", "main.rules": 'import "./lib/units.rules"\nfn make() -> Unit = Unit(name: "a")\n' }));
    expect(c.diagnostics).toEqual([]);
    expect(c.program?.map((f) => f.path)).toEqual(["lib/units.rules", "main.rules"]); // imports first
  });

  it("sees declarations through a chain of imports", () => {
    const c = compile(
      ["main.rules"],
      memoryHost({
        "main.rules": 'import "mid.rules"\nfn f() -> int = base()\n',
        "mid.rules": 'import "base.rules"\n',
        "base.rules": "fn base() -> int = 1\n",
      }),
    );
    expect(c.diagnostics).toEqual([]);
  });

  it("says how to import a declaration the file cannot see", () => {
    const c = compile(["a/main.rules", "b/lib.rules"], memoryHost({ "a/main.rules": "fn f() -> int = base()\n", "b/lib.rules": "fn base() -> int = 1\n" }));
    expect(c.diagnostics).toHaveLength(1);
    expect(c.diagnostics[0]).toMatchObject({ code: "E0105", help: 'add `import "../b/lib.rules"`' });
  });

  it("stops before checking when a file has syntax errors", () => {
    const c = compileText("fn f() -> int = nope +\n");
    expect(c.program).toBeUndefined();
    expect(c.diagnostics.map((d) => d.code)).toEqual(["E0002"]);
  });

  it("runs nothing from a program with errors but keeps warnings in a checked one", () => {
    const warned = compileText("table t(b: bool) -> int { true => 1 }\n");
    expect(warned.program).toBeDefined();
    expect(warned.diagnostics.map((d) => [d.code, d.severity])).toEqual([["W0301", "warning"]]);
    expect(warned.diagnostics[0]!.message).toBe("table `t` says nothing for b = false");
  });

  it("lists the first uncovered inputs of a big table and counts the rest", () => {
    const { diagnostics } = compileText("table t(n: int in 1..100) -> int { 1 => 1 }\n");
    expect(diagnostics[0]!.message).toBe("table `t` says nothing for n = 2; n = 3; n = 4; n = 5 and 95 more");
  });

  // An unbounded `int` is tried in classes of numbers (test/check/table-open-ranges.test.ts); `text` cannot be.
  it("does not claim coverage for an unbounded input, and accepts a final `_` row", () => {
    expect(compileText('table t(s: text) -> int { "a" => 1 }\n').diagnostics).toEqual([]);
    expect(compileText("table t(n: int in 1..9, b: bool) -> int { 1..3, true => 1\n _, _ => 0 }\n").diagnostics).toEqual([]);
  });

  it("reports a `set` modifier pair once per extra `set`, not for other ops", () => {
    const base = "value v(n: int) -> int = n\n";
    expect(compileText(`${base}modifier a for v : add 1\nmodifier b for v : double\nmodifier c for v : set 3\n`).diagnostics).toEqual([]);
    const three = compileText(`${base}modifier a for v : set 1\nmodifier b for v : set 2\nmodifier c for v : set 3\n`).diagnostics;
    expect(three.map((d) => d.code)).toEqual(["W0304", "W0304"]);
  });

  it("checks modifier amounts", () => {
    const base = "value v(n: int) -> int = n\n";
    expect(compileText(`${base}modifier a for v : add\n`).diagnostics.map((d) => [d.code, d.message, d.help])).toEqual([["E0208", "`add` needs an amount", "write `add 1`"]]);
    expect(compileText(`${base}modifier a for v : double 2\n`).diagnostics.map((d) => d.message)).toEqual(["`double` takes no amount"]);
    expect(compileText(`${base}modifier a for v : add "x"\n`).diagnostics.map((d) => d.code)).toEqual(["E0201"]);
    expect(compileText(`${base}fn w() -> int = 1\nmodifier a for w : add 1\n`).diagnostics.map((d) => d.code)).toEqual(["E0208"]);
  });

  it("flags statuses used on things that are not entities", () => {
    const { diagnostics } = compileText("status dazed\nfn f(n: int) { apply dazed to n }\n");
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([["E0201", "statuses belong to entities of a `kind`, but this is int"]]);
  });

  it("rejects predicates that can never hold instead of letting them silently fail", () => {
    const base = "enum Side { attacker, defender }\nkind Unit { name: text, side: Side = Side.attacker }\n";
    const cases: [string, string][] = [
      ["fn f(u: Unit) -> bool = u.side == \"attacker\"", "cannot compare Side with text"],
      ["fn f(xs: list<int>) -> bool = contains(xs, \"x\")", "list<int> can never contain text, so this is always false"],
      ["fn f(u: Unit) { if u.name { } }", "a condition should be bool, but this is text"],
    ];
    for (const [body, message] of cases) {
      const { diagnostics } = compileText(`${base}${body}\n`);
      expect(diagnostics.map((d) => [d.code, d.message]), body).toEqual([["E0201", message]]);
    }
    expect(compileText(`${base}fn f(us: list<Unit>, u: Unit) -> bool = contains(us, u)\n`).diagnostics).toEqual([]);
  });

  it("knows the reserved `statuses` field", () => {
    const { diagnostics } = compileText("kind Unit { statuses: int }\n");
    expect(diagnostics.map((d) => d.code)).toEqual(["E0102"]);
  });
});
