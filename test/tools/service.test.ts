// The language service the playground calls: diagnostics identical to `rulesmith check`, and
// completion, hover and go-to-definition at a cursor written into the source as `<|>`.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { catalogue } from "../../src/core/diagnostics.ts";
import { completionsAt } from "../../src/tools/service/completion.ts";
import { namePositions } from "../../src/tools/service/expected.ts";
import { completions, definition, diagnostics, hover, memoryFileHost, Workspace, type Completion, type ServiceFiles } from "../../src/tools/service/index.ts";
import { definitionAt, hoverAt } from "../../src/tools/service/navigation.ts";
import { runCli } from "../support/run-cli.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The source without its `<|>`, and the cursor's 1-based line and column. */
function cursor(source: string): { text: string; line: number; col: number } {
  const i = source.indexOf("<|>");
  if (i < 0 || source.indexOf("<|>", i + 1) >= 0) throw new Error("mark exactly one cursor with <|>");
  const lines = source.slice(0, i).split("\n");
  return { text: source.slice(0, i) + source.slice(i + 3), line: lines.length, col: lines[lines.length - 1]!.length + 1 };
}

const LIB = `/// Which side a unit fights on.
enum Side { attacker, defender }

/// One unit of a stack.
kind Unit {
  /// Shown in the trace.
  name: text
  hp: int in 0..9 = 2
  side: Side = Side.attacker
}

state {
  /// Everyone on the field.
  units: list<Unit>
  round: int = 1
}

/// Emitted when a unit dies.
event Killed(u: Unit)
status stunned until Killed(u)
status dazed for 2 Killed
/// The first unit of a list.
fn firstOf(xs: list<Unit>) -> Unit = xs[0]
value power(u: Unit) -> int = u.hp
`;

/** Files for a main file that imports the library; the cursor is in main. */
function workspace(source: string): { files: ServiceFiles; line: number; col: number } {
  const { text, line, col } = cursor(source);
  return { files: { "lib/units.rules": LIB, "main.rules": text }, line, col };
}

function complete(source: string): Completion[] {
  const { files, line, col } = workspace(source);
  return completions(files, "main.rules", line, col);
}

const labels = (cs: Completion[], kind?: Completion["kind"]) => cs.filter((c) => !kind || c.kind === kind).map((c) => c.label);

const HEAD = 'import "lib/units.rules"\n';

describe("completion", () => {
  it("offers the events after `on`, and nothing else", () => {
    const cs = complete(`${HEAD}on <|>`);
    expect(cs).toEqual([{ label: "Killed", kind: "event", detail: "event Killed(u: Unit)", documentation: "Emitted when a unit dies." }]);
  });

  it("offers an enum's members after `Side.`", () => {
    const cs = complete(`${HEAD}fn f() -> Side {\n  return Side.<|>\n}\n`);
    expect(cs.map((c) => [c.label, c.kind])).toEqual([
      ["attacker", "member"],
      ["defender", "member"],
    ]);
  });

  it("offers a kind's fields after `x.` when x's kind is known, with the fields' docs", () => {
    const cs = complete(`${HEAD}fn f(u: Unit) -> int {\n  return u.<|>\n}\n`);
    expect(labels(cs)).toEqual(["name", "hp", "side"]);
    expect(cs[0]).toEqual({ label: "name", kind: "field", detail: "text", documentation: "Shown in the trace." });
  });

  it("knows the kind of a call's result, an index, and an aggregate's variable", () => {
    expect(labels(complete(`${HEAD}fn f() -> int = firstOf(units).<|>`))).toEqual(["name", "hp", "side"]);
    expect(labels(complete(`${HEAD}fn f() -> int = units[0].<|>`))).toEqual(["name", "hp", "side"]);
    expect(labels(complete(`${HEAD}fn f() -> int = count(x in units where x.<|>`))).toEqual(["name", "hp", "side"]);
  });

  it("offers fields while the member is half typed and the function is never closed", () => {
    expect(labels(complete(`${HEAD}fn f(u: Unit) -> int {\n  let x = u.h<|>`))).toEqual(["name", "hp", "side"]);
  });

  it("offers fields mid-statement, with the lines after the cursor not parsing", () => {
    const cs = complete(`${HEAD}fn f(u: Unit) -> int {\n  if u.<|>\n  return 1\n}\n\nfn g() -> int = 2\n`);
    expect(labels(cs)).toEqual(["name", "hp", "side"]);
  });

  it("offers statement keywords and the names in scope at the start of a statement, with their kinds", () => {
    const cs = complete(`${HEAD}fn f(u: Unit) -> int {\n  let earlier = 2\n  <|>\n  let later = 3\n  return later\n}\n`);
    expect(labels(cs, "keyword")).toEqual(expect.arrayContaining(["let", "if", "return", "for", "emit", "apply"]));
    expect(labels(cs, "keyword")).not.toContain("fn");
    expect(cs).toContainEqual({ label: "earlier", kind: "variable", detail: "int" });
    expect(cs).toContainEqual({ label: "u", kind: "variable", detail: "Unit" });
    expect(labels(cs)).not.toContain("later");
    expect(cs).toContainEqual({ label: "units", kind: "state", detail: "state units: list<Unit>", documentation: "Everyone on the field." });
    expect(cs).toContainEqual({ label: "firstOf", kind: "function", detail: "fn firstOf(xs: list<Unit>) -> Unit", documentation: "The first unit of a list." });
    expect(cs).toContainEqual(expect.objectContaining({ label: "power", kind: "value" }));
    expect(cs).toContainEqual(expect.objectContaining({ label: "len", kind: "function" }));
    expect(cs).toContainEqual(expect.objectContaining({ label: "count", kind: "function" }));
    // Events and statuses are not values.
    expect(labels(cs)).not.toContain("Killed");
    expect(labels(cs)).not.toContain("stunned");
  });

  it("offers a trigger's event parameters inside it", () => {
    const cs = complete(`${HEAD}on Killed {\n  say <|>\n}\n`);
    expect(cs).toContainEqual({ label: "u", kind: "variable", detail: "Unit" });
  });

  it("offers declaration keywords at the top level, and no names", () => {
    const cs = complete(`${HEAD}<|>`);
    expect(labels(cs, "keyword")).toEqual(expect.arrayContaining(["enum", "kind", "state", "status", "event", "on", "before", "instead", "fn", "value", "modifier", "table", "example", "import"]));
    expect(cs.every((c) => c.kind === "keyword")).toBe(true);
    expect(labels(cs)).not.toContain("let");
  });

  it("offers types where a type is written", () => {
    const cs = complete(`${HEAD}fn f(x: <|>`);
    // `die` is a soft keyword, a name in a type: it is offered once, as the built-in type it names.
    expect(labels(cs)).toEqual(["int", "bool", "text", "list", "tally", "die", "Side", "Unit"]);
  });

  it("offers statuses after `apply`, `clear` and `has`, values after `modifier m for`", () => {
    expect(labels(complete(`${HEAD}fn f(u: Unit) {\n  apply <|>`))).toEqual(["stunned", "dazed"]);
    expect(labels(complete(`${HEAD}fn f(u: Unit) -> bool = u has <|>`))).toEqual(["stunned", "dazed"]);
    expect(labels(complete(`${HEAD}modifier m for <|>`))).toEqual(["power"]);
  });

  it("offers the fields not yet given inside a construction", () => {
    const cs = complete(`${HEAD}fn f() -> Unit = Unit(name: "x", <|>)`);
    expect(labels(cs, "field")).toEqual(["hp", "side"]);
  });

  it("offers the names declared in the file itself, even after the cursor", () => {
    const cs = complete(`fn f() -> int = <|>\n\n/// Two.\nfn two() -> int = 2\n`);
    expect(cs).toContainEqual({ label: "two", kind: "function", detail: "fn two() -> int", documentation: "Two." });
  });

  it("still offers names when another declaration of the file is broken", () => {
    const cs = complete(`${HEAD}fn broken( -> {\n\nfn f() -> int = <|>\n\nfn later() -> int = 1\n`);
    expect(labels(cs)).toEqual(expect.arrayContaining(["later", "firstOf", "units", "Unit"]));
  });

  it("falls back to the statement at the cursor when the declaration is broken before it", () => {
    const cs = complete(`${HEAD}fn f() -> int {\n  let x = 1 + ;\n  let y = <|>`);
    expect(labels(cs, "keyword")).toEqual(expect.arrayContaining(["not", "roll", "if"]));
    expect(labels(cs)).toContain("firstOf");
  });

  it("knows the role of names only at positions the grammar has", () => {
    // A renamed rule or label would silently stop completion there: the table must follow the grammar.
    const { known, described } = namePositions();
    expect(described.filter((p) => !known.has(p))).toEqual([]);
    expect(described.length).toBeGreaterThan(8);
  });

  it("offers nothing in a comment or a text literal", () => {
    expect(complete(`${HEAD}// on <|>`)).toEqual([]);
    expect(complete(`${HEAD}fn f() -> text = "on <|>"`)).toEqual([]);
  });
});

describe("hover", () => {
  function hoverAtCursor(source: string) {
    const { files, line, col } = workspace(source);
    return hover(files, "main.rules", line, col);
  }

  it("shows a kind's declaration and doc comment over its name", () => {
    expect(hoverAtCursor(`${HEAD}fn f(u: Un<|>it) -> int = u.hp`)).toEqual({
      range: { line: 2, col: 9, endLine: 2, endCol: 13 },
      markdown: "```rules\nkind Unit {\n  name: text\n  hp: int in 0..9 = 2\n  side: Side = Side.attacker\n}\n```\n\nOne unit of a stack.",
    });
  });

  it("shows a field with its type and doc over `x.field`", () => {
    expect(hoverAtCursor(`${HEAD}fn f(u: Unit) -> text = u.na<|>me`)?.markdown).toBe("```rules\nkind Unit { name: text }\n```\n\nShown in the trace.");
  });

  it("shows an enum member, a variable's type, a parameter, a state field and a built-in", () => {
    expect(hoverAtCursor(`${HEAD}fn f() -> Side = Side.def<|>ender`)?.markdown).toBe("```rules\nSide.defender\n```\n\nWhich side a unit fights on.");
    expect(hoverAtCursor(`${HEAD}fn f() -> int {\n  let k = len(units)\n  return k<|>\n}`)?.markdown).toBe("```rules\nlet k: int\n```");
    expect(hoverAtCursor(`${HEAD}fn f(u: Unit) -> int = u<|>.hp`)?.markdown).toBe("```rules\nu: Unit\n```");
    expect(hoverAtCursor(`${HEAD}fn f() -> int = rou<|>nd`)?.markdown).toBe("```rules\nstate { round: int = 1 }\n```");
    expect(hoverAtCursor(`${HEAD}fn f() -> int = le<|>n(units)`)?.markdown).toBe("```rules\nfn len(items: list<any>) -> int\n```\n\nHow many items a list holds.");
  });

  it("shows a function's signature over a call, and a status's expiry", () => {
    expect(hoverAtCursor(`${HEAD}fn f() -> Unit = first<|>Of(units)`)?.markdown).toBe("```rules\nfn firstOf(xs: list<Unit>) -> Unit\n```\n\nThe first unit of a list.");
    expect(hoverAtCursor(`${HEAD}fn f(u: Unit) -> bool = u has stun<|>ned`)?.markdown).toBe("```rules\nstatus stunned until Killed(u)\n```");
  });

  it("resolves a name in a declaration that does not parse", () => {
    const h = hoverAtCursor(`${HEAD}fn f() -> int {\n  let x = firstOf<|>(units\n`);
    expect(h?.range).toEqual({ line: 3, col: 11, endLine: 3, endCol: 18 });
    expect(h?.markdown).toContain("fn firstOf(xs: list<Unit>) -> Unit");
  });

  it("is null away from names", () => {
    expect(hoverAtCursor(`${HEAD}fn f() -> int = 1 +<|> 2`)).toBeNull();
    expect(hoverAtCursor(`${HEAD}f<|>n f() -> int = 1`)).toBeNull();
    expect(hoverAtCursor(`${HEAD}fn f() -> text = "first<|>Of"`)).toBeNull();
    expect(hoverAtCursor(`${HEAD}// first<|>Of\nfn f() -> int = 1`)).toBeNull();
  });
});

describe("definition", () => {
  function definitionAtCursor(source: string) {
    const { files, line, col } = workspace(source);
    return definition(files, "main.rules", line, col);
  }

  it("jumps from an imported name to its declaration in the other file, with the exact range", () => {
    expect(definitionAtCursor(`${HEAD}fn f(u: Unit) -> Uni<|>t = u`)).toEqual({ path: "lib/units.rules", range: { line: 5, col: 6, endLine: 5, endCol: 10 } });
    expect(definitionAtCursor(`${HEAD}on Kil<|>led { say "x" }`)).toEqual({ path: "lib/units.rules", range: { line: 19, col: 7, endLine: 19, endCol: 13 } });
  });

  it("jumps to fields, enum members and named arguments' fields", () => {
    expect(definitionAtCursor(`${HEAD}fn f(u: Unit) -> int = u.h<|>p`)).toEqual({ path: "lib/units.rules", range: { line: 8, col: 3, endLine: 8, endCol: 5 } });
    expect(definitionAtCursor(`${HEAD}fn f() -> Side = Side.atta<|>cker`)).toEqual({ path: "lib/units.rules", range: { line: 2, col: 13, endLine: 2, endCol: 21 } });
    expect(definitionAtCursor(`${HEAD}fn f() -> Unit = Unit(na<|>me: "x")`)).toEqual({ path: "lib/units.rules", range: { line: 7, col: 3, endLine: 7, endCol: 7 } });
  });

  it("jumps to a variable's `let`, a loop variable and a parameter in the same file", () => {
    expect(definitionAtCursor(`${HEAD}fn f() -> int {\n  let k = 1\n  return k<|>\n}`)).toEqual({ path: "main.rules", range: { line: 3, col: 7, endLine: 3, endCol: 8 } });
    expect(definitionAtCursor(`${HEAD}fn f() {\n  for u in units {\n    say u<|>.name\n  }\n}`)).toEqual({ path: "main.rules", range: { line: 3, col: 7, endLine: 3, endCol: 8 } });
    expect(definitionAtCursor(`${HEAD}on Killed {\n  say u<|>.name\n}`)).toEqual({ path: "lib/units.rules", range: { line: 19, col: 14, endLine: 19, endCol: 15 } });
  });

  it("follows a shadowing variable to the nearest declaration", () => {
    expect(definitionAtCursor(`${HEAD}fn f() -> int {\n  let round = 5\n  return round<|>\n}`)).toEqual({ path: "main.rules", range: { line: 3, col: 7, endLine: 3, endCol: 12 } });
    expect(definitionAtCursor(`${HEAD}fn f() -> int = round<|>`)).toEqual({ path: "lib/units.rules", range: { line: 15, col: 3, endLine: 15, endCol: 8 } });
  });

  it("jumps from a name in broken text to its declaration", () => {
    expect(definitionAtCursor(`${HEAD}fn f() -> int {\n  emit Kil<|>led(`)).toEqual({ path: "lib/units.rules", range: { line: 19, col: 7, endLine: 19, endCol: 13 } });
  });

  it("is null for a built-in, which is declared nowhere", () => {
    expect(definitionAtCursor(`${HEAD}fn f() -> int = l<|>en(units)`)).toBeNull();
  });
});

describe("diagnostics", () => {
  const tmp = mkdtempSync(join(tmpdir(), "rulesmith-service-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  /** A copy of a bundled game with edits: each `[from, to]` must apply exactly where it says. */
  function brokenCopy(name: string, edits: Record<string, [string, string][]>): ServiceFiles {
    const files: ServiceFiles = {};
    const source = join(root, "rules/warlords3");
    for (const f of readdirSync(source).filter((x) => x.endsWith(".rules"))) {
      let text = readFileSync(join(source, f), "utf8");
      for (const [from, to] of edits[f] ?? []) {
        expect(text).toContain(from);
        text = text.replace(from, to);
      }
      const path = `${name}/${f}`;
      files[path] = text;
      mkdirSync(dirname(join(tmp, path)), { recursive: true });
      writeFileSync(join(tmp, path), text);
    }
    return files;
  }

  /** What `rulesmith check` prints for a file, read back from its output: code, place, message, help. */
  function cliCheck(file: string): Promise<string[]> {
    return runCli(["check", join(tmp, file)]).then(({ stderr }) => {
      const found = [...stderr.matchAll(/^(error|warning)\[(\w+)\]: (.*)\n  --> (.*):(\d+):(\d+)\n(?:.*\n)*?(?:  help: (.*)\n)?\n/gm)];
      return found.map((m) => `${relative(tmp, resolve(root, m[4]!))}:${m[5]}:${m[6]} ${m[1]}[${m[2]}] ${m[3]}${m[7] ? ` help: ${m[7]}` : ""}`);
    });
  }

  const fromService = (files: ServiceFiles, path: string) =>
    diagnostics(files, path).map((d) => `${d.path}:${d.range.line}:${d.range.col} ${d.severity}[${d.code}] ${d.message}${d.help ? ` help: ${d.help}` : ""}`);

  it("are exactly what `rulesmith check` reports, in imported files too", async () => {
    const files = brokenCopy("checks", {
      "battle.rules": [["fn removeFallen(s: Stack) {", "fn removeFallen(s: Stak) {"]],
      "rounds.rules": [["    return first\n", "    return frist\n"]],
    });
    const cli = await cliCheck("checks/battle.rules");
    expect(new Set(cli).size).toBe(2);
    expect(cli.some((d) => d.startsWith("checks/rounds.rules:"))).toBe(true);
    expect(fromService(files, "checks/battle.rules")).toEqual(cli);
  });

  it("are exactly what `rulesmith check` reports for syntax errors", async () => {
    const files = brokenCopy("syntax", {
      "battle.rules": [
        ["  let a = attacker.units[0]\n", "  let a = attacker.units[0\n"],
        ["fn battle() -> Side {", "fn battle() -> {"],
      ],
    });
    const cli = await cliCheck("syntax/battle.rules");
    expect(cli.length).toBeGreaterThanOrEqual(2);
    expect(fromService(files, "syntax/battle.rules")).toEqual(cli);
  });

  it("carry each diagnostic's range, help and severity", () => {
    const ds = diagnostics({ "main.rules": "fn f() -> int = 1\nfn g() -> int = fx()\ntable t(x: bool) -> int { true => 1 }\n" }, "main.rules");
    expect(ds).toEqual([
      { code: "E0101", severity: "error", message: "unknown function `fx`", help: "did you mean `f`?", path: "main.rules", range: { line: 2, col: 17, endLine: 2, endCol: 19 } },
      expect.objectContaining({ code: "W0301", severity: "warning", path: "main.rules", range: { line: 3, col: 7, endLine: 3, endCol: 8 } }),
    ]);
  });

  it("report a file that is not there as the CLI does", () => {
    expect(diagnostics({}, "missing.rules")).toEqual([expect.objectContaining({ code: "E0003", path: "missing.rules", message: "cannot read `missing.rules`" })]);
  });
});

describe("robustness", () => {
  const sample = `${LIB}
on Killed when u.hp == 0 order 1 {
  let n = count(x in units where x.hp > 0)
  if n > 0 { apply stunned to units[0] }
}
table bonus(s: Side) -> int { Side.attacker => 1, _ => 0 }
example "power" {
  let u = Unit(name: "a")
  expect power(u) == 2
}
`;
  const positions = (text: string) => fc.record({ line: fc.integer({ min: 0, max: text.split("\n").length + 1 }), col: fc.integer({ min: 0, max: 60 }) });

  it("never fails inside, and always answers in shape, on random text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 40 }), (text, line, col) => {
        checkAnswers({ "main.rules": text }, "main.rules", line, col);
      }),
      { numRuns: 150, seed: 201 },
    );
  });

  it("never fails inside, and always answers in shape, on a valid program cut and spliced anywhere", () => {
    const cut = fc.tuple(fc.nat(sample.length), fc.nat(40), fc.constantFrom("", ".", "(", "{", "}", "let ", "on ", "Unit.", "x.", '"', "///", "in ", ":"));
    fc.assert(
      fc.property(cut, positions(sample), ([at, drop, insert], { line, col }) => {
        const text = sample.slice(0, at) + insert + sample.slice(at + drop);
        checkAnswers({ "main.rules": text, "lib.rules": LIB }, "main.rules", line, col);
      }),
      { numRuns: 150, seed: 202 },
    );
  });

  /** The inner functions must not throw (the public guard would hide it); the answers must be well formed. */
  function checkAnswers(files: ServiceFiles, path: string, line: number, col: number) {
    const held = new Workspace(files);
    expect(() => completionsAt(held, path, line, col)).not.toThrow();
    expect(() => hoverAt(held, path, line, col)).not.toThrow();
    expect(() => definitionAt(held, path, line, col)).not.toThrow();
    for (const d of diagnostics(files, path)) {
      expect(d.code).not.toBe("E0000");
      expect(Object.keys(catalogue)).toContain(d.code);
      expect(d.range.line).toBeGreaterThanOrEqual(1);
    }
    for (const c of completions(files, path, line, col)) expect(c.label).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    const h = hover(files, path, line, col);
    if (h) expect(h.markdown).toMatch(/^```rules\n/);
    const d = definition(files, path, line, col);
    if (d) expect(Object.keys(files).concat(["main.rules"])).toContain(d.path);
  }

  it("answers an internal failure with E0000, or an empty answer, instead of throwing", () => {
    const files = Object.defineProperty({}, "main.rules", {
      enumerable: true,
      get() {
        throw new Error("the disk fell off");
      },
    }) as ServiceFiles;
    expect(diagnostics(files, "main.rules")).toEqual([expect.objectContaining({ code: "E0000", path: "main.rules", message: "internal error while checking: the disk fell off" })]);
    expect(completions(files, "main.rules", 1, 1)).toEqual([]);
    expect(hover(files, "main.rules", 1, 1)).toBeNull();
    expect(definition(files, "main.rules", 1, 1)).toBeNull();
  });
});

describe("the service in a browser", () => {
  it("imports nothing that only Node has, directly or through the modules it uses", () => {
    const seen = new Set<string>();
    const offenders: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, "utf8");
      if (/\bprocess\.|\bBuffer\b|__dirname/.test(text)) offenders.push(`${relative(root, file)} uses a Node global`);
      for (const m of text.matchAll(/^(?:import|export)[^"]*?from\s+"([^"]+)"/gm)) {
        const spec = m[1]!;
        if (spec.startsWith(".")) visit(resolve(dirname(file), spec));
        else if (spec.startsWith("node:") || ["fs", "path", "os", "child_process", "util"].includes(spec)) offenders.push(`${relative(root, file)} imports ${spec}`);
      }
    };
    visit(join(root, "src/tools/service/index.ts"));
    expect(seen.size).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });

  it("hands the playground one in-memory file host, the one the tests use", () => {
    const host = memoryFileHost({ "game/a.rules": "", "game/sub/b.rules": "", "notes.txt": "" });
    expect(host.listRules("game")).toEqual(["game/a.rules", "game/sub/b.rules"]);
    expect(host.resolve("game/sub/b.rules", "../a.rules")).toBe("game/a.rules");
    expect(host.read("game/a.rules")).toBe("");
    expect(host.read("game/c.rules")).toBeUndefined();
  });
});
