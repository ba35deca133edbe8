// The syntax phase: recovery reports every syntax error with its exact place, the AST keeps spans,
// doc comments reach declarations and fields, and a stray character is a lexer error.
import { describe, expect, it } from "vitest";
import type * as A from "../../src/core/ast.ts";
import { MAX_NESTING, parseFile } from "../../src/syntax/parse.ts";
import { formatDiagnostic } from "../../src/core/diagnostics.ts";

/** Where a span starts and ends, as `line:col-endLine:endCol`. */
const at = (s: A.Span) => `${s.line}:${s.col}-${s.endLine}:${s.endCol}`;

function parseClean(text: string): A.SourceFile {
  const r = parseFile("clean.rules", text);
  expect(r.diagnostics).toEqual([]);
  expect(r.file).toBeDefined();
  return r.file!;
}

function declOf<K extends A.Decl["kind"]>(file: A.SourceFile, kind: K, index = 0): A.Decl & { kind: K } {
  const d = file.decls.filter((x) => x.kind === kind)[index];
  if (!d) throw new Error(`no ${kind} declaration #${index}`);
  return d as A.Decl & { kind: K };
}

describe("syntax errors", () => {
  const threeErrors = [
    "kind Unit {",
    "  name: text",
    "  strength int = 5", // missing `:`
    "}",
    "fn g() -> int = 3 *", // the expression never ends
    "enum Side { a, b }",
    "fn h() { let = 2 }", // `let` without a name
    "",
  ].join("\n");

  it("recovers and reports each of three separate errors with its line and column", () => {
    const r = parseFile("three.rules", threeErrors);
    expect(r.file).toBeUndefined();
    const syntax = r.diagnostics.filter((d) => d.code === "E0002");
    expect(syntax.length).toBeGreaterThanOrEqual(3);
    expect(syntax.map((d) => [d.span.line, d.span.col, d.message])).toEqual([
      [3, 12, "expected `:` but found `int`"],
      [6, 1, "expected an expression but found `enum`"],
      [7, 14, "expected a name but found `=`"],
    ]);
  });

  it("gives each syntax error the span of the offending token", () => {
    const [first, second] = parseFile("three.rules", threeErrors).diagnostics;
    expect(first!.span).toMatchObject({ file: "three.rules", line: 3, col: 12, endLine: 3, endCol: 15 });
    expect(threeErrors.slice(first!.span.start, first!.span.end)).toBe("int");
    expect(threeErrors.slice(second!.span.start, second!.span.end)).toBe("enum");
    expect(first!.severity).toBe("error");
  });

  it("points an error at the end of the file at the last real token", () => {
    const text = "fn f() -> int {\n  return 1\n";
    const [d, ...rest] = parseFile("eof.rules", text).diagnostics;
    expect(rest).toEqual([]);
    expect(d!.code).toBe("E0002");
    expect(d!.message).toContain("the end of the file");
    expect([d!.span.line, d!.span.col]).toEqual([2, 10]);
  });

  it("reports a stray character as E0001 at its exact column and keeps parsing", () => {
    const text = "fn f() -> int {\n  let x = @5\n  return x\n}\n";
    const r = parseFile("stray.rules", text);
    expect(r.diagnostics).toHaveLength(1);
    const [d] = r.diagnostics;
    expect(d!.code).toBe("E0001");
    expect(d!.message).toBe("unexpected character `@`");
    expect(at(d!.span)).toBe("2:11-2:12");
  });

  it("reports a stray character and a later syntax error together", () => {
    const text = "enum Side { a, b }\nfn f() -> int = 1 # 2\nfn g( -> int = 2\n";
    const codes = parseFile("both.rules", text).diagnostics.map((d) => `${d.code}@${d.span.line}:${d.span.col}`);
    expect(codes[0]).toBe("E0001@2:19");
    expect(codes.filter((c) => c.startsWith("E0002")).length).toBeGreaterThanOrEqual(1);
    expect(codes.some((c) => c.startsWith("E0002@3:"))).toBe(true);
  });
});

describe("line endings", () => {
  for (const [name, eol] of [["\\n", "\n"], ["\\r\\n", "\r\n"], ["a lone \\r", "\r"]] as const) {
    it(`count ${name} as a line break, in spans and in the code frame`, () => {
      const text = ["fn f() -> int = 1", "fn g() -> int = @2", "fn h( -> int = 3", ""].join(eol);
      const ds = parseFile("eol.rules", text).diagnostics;
      expect(ds.map((d) => `${d.code}@${d.span.line}:${d.span.col}`)).toEqual(["E0001@2:17", "E0002@3:7"]);
      expect(formatDiagnostic(ds[0]!, text)).toContain("2 | fn g() -> int = @2\n  |                 ^");
      expect(formatDiagnostic(ds[1]!, text)).toContain("3 | fn h( -> int = 3");
    });
  }
});

describe("limits", () => {
  it("reports absurdly deep nesting as a syntax error instead of overflowing the stack", () => {
    const parens = parseFile("deep.rules", `fn f() -> int = ${"(".repeat(5000)}1${")".repeat(5000)}\n`);
    expect(parens.file).toBeUndefined();
    expect(parens.diagnostics.map((d) => d.code)).toEqual(["E0002"]);
    const sum = parseFile("long.rules", `fn f() -> int = ${Array(MAX_NESTING + 10).fill("1").join(" + ")}\n`);
    expect(sum.diagnostics.map((d) => [d.code, d.message, d.help])).toEqual([
      ["E0002", `this is nested more than ${MAX_NESTING} levels deep`, "split it with `let` or a helper `fn`"],
    ]);
  });

  it("accepts nesting well beyond anything a rule text needs", () => {
    const chain = Array.from({ length: 100 }, (_, i) => `if x == ${i} { return ${i} }`).join(" else ");
    expect(parseFile("chain.rules", `fn f(x: int) -> int { ${chain} return -1 }\n`).diagnostics).toEqual([]);
    expect(parseFile("sum.rules", `fn f() -> int = ${Array(200).fill("1").join(" + ")}\n`).diagnostics).toEqual([]);
  });
});

describe("the AST of a clean file", () => {
  const text = [
    "/// Which side a unit fights on.", // 1
    "enum Side { attacker, defender }", // 2
    "", // 3
    "/// A unit on the field.", // 4
    "/// Two lines of docs.", // 5
    "kind Unit {", // 6
    "  /// What the unit is called.", // 7
    "  name: text", // 8
    "  strength: int in 1..30 = 5", // 9
    "}", // 10
    "// a plain comment is not documentation", // 11
    "fn power(u: Unit) -> int {", // 12
    "  let x = u.strength + 2 * 3", // 13
    "  return x", // 14
    "}", // 15
    "/// Ends a battle.", // 16
    "status routed until BattleOver", // 17
    "event BattleOver()", // 18
    "on BattleOver order -2 { say \"done\" }", // 19
    "",
  ].join("\n");

  it("keeps declarations in order with their kinds", () => {
    expect(parseClean(text).decls.map((d) => d.kind)).toEqual(["enum", "kind", "fn", "status", "event", "trigger"]);
  });

  it("gives declarations, names and fields exact spans", () => {
    const file = parseClean(text);
    const side = declOf(file, "enum");
    expect(at(side.span)).toBe("2:1-2:33");
    expect(at(side.name.span)).toBe("2:6-2:10");
    expect(side.members.map((m) => `${m.text}@${at(m.span)}`)).toEqual(["attacker@2:13-2:21", "defender@2:23-2:31"]);

    const unit = declOf(file, "kind");
    expect(at(unit.span)).toBe("6:1-10:2");
    const [name, strength] = unit.fields;
    expect(at(name!.name.span)).toBe("8:3-8:7");
    expect(at(strength!.span)).toBe("9:3-9:29");
    expect(strength!.type.range).toEqual({ low: 1, high: 30 });
    expect(at(strength!.type.span)).toBe("9:13-9:25");
    expect(strength!.default).toMatchObject({ kind: "int", value: 5 });
    expect(at(strength!.default!.span)).toBe("9:28-9:29");
  });

  it("gives statements and expressions spans, with precedence in the tree", () => {
    const power = declOf(parseClean(text), "fn");
    expect(at(power.span)).toBe("12:1-15:2");
    const body = power.body as A.Block;
    const [letX, ret] = body.statements;
    expect(letX!.kind).toBe("let");
    expect(at(letX!.span)).toBe("13:3-13:29");
    const value = (letX as A.Stmt & { kind: "let" }).value;
    // `u.strength + 2 * 3` is `u.strength + (2 * 3)`.
    expect(value).toMatchObject({ kind: "binary", op: "+", left: { kind: "member", member: { text: "strength" } }, right: { kind: "binary", op: "*" } });
    expect(at(value.span)).toBe("13:11-13:29");
    expect(at((value as A.Expr & { kind: "binary" }).right.span)).toBe("13:24-13:29");
    expect(ret).toMatchObject({ kind: "return", value: { kind: "name", name: "x" } });
    expect(at(ret!.span)).toBe("14:3-14:11");
  });

  it("reads the span's offsets back to the source text", () => {
    const file = parseClean(text);
    const unit = declOf(file, "kind");
    expect(text.slice(unit.name.span.start, unit.name.span.end)).toBe("Unit");
    expect(text.slice(unit.fields[1]!.span.start, unit.fields[1]!.span.end)).toBe("strength: int in 1..30 = 5");
  });

  it("parses trigger timing, order and status expiry", () => {
    const file = parseClean(text);
    expect(declOf(file, "trigger")).toMatchObject({ timing: "after", order: -2, event: { text: "BattleOver" } });
    expect(declOf(file, "status")).toMatchObject({ name: { text: "routed" }, expiry: { event: { text: "BattleOver" } } });
    expect(declOf(file, "status").expiry!.times).toBeUndefined();
  });

  it("parses `for N E` durations, `before` and `instead of`", () => {
    const file = parseClean("event Hit()\nstatus dazed for 2 Hit\nbefore Hit { }\ninstead of Hit order 3 { }\n");
    expect(declOf(file, "status").expiry).toMatchObject({ times: 2, event: { text: "Hit" } });
    expect(file.decls.filter((d) => d.kind === "trigger").map((d) => [(d as A.TriggerDecl).timing, (d as A.TriggerDecl).order])).toEqual([
      ["before", 0],
      ["instead", 3],
    ]);
  });

  it("ends a table row at its result, not at the comma after it", () => {
    const table = declOf(parseClean("table t(n: int) -> int {\n  1 => 10,\n  _ => 0,\n}\n"), "table");
    expect(table.rows.map((r) => at(r.span))).toEqual(["2:3-2:10", "3:3-3:9"]);
  });

  it("reads dice literals as count and sides", () => {
    const fn = declOf(parseClean("fn f() -> int = roll 3d6 + roll d20\n"), "fn");
    const body = fn.body as A.Expr & { kind: "binary" };
    expect(body.left).toMatchObject({ kind: "roll", count: { value: 3 }, sides: { value: 6 } });
    expect(body.right).toMatchObject({ kind: "roll", sides: { value: 20 } });
    expect((body.right as A.Expr & { kind: "roll" }).count).toBeUndefined();
  });
});

describe("doc comments", () => {
  const text = [
    "/// Which side a unit fights on.",
    "enum Side { attacker, defender }",
    "",
    "/// A unit on the field.",
    "/// Two lines of docs.",
    "kind Unit {",
    "  /// What the unit is called.",
    "  name: text",
    "  strength: int in 1..30 = 5",
    "}",
    "",
    "/// Docs above a blank line",
    "",
    "fn loose() -> int = 1",
    "// a plain comment",
    "fn plain() -> int = 2",
    "state {",
    "  /// Every unit in play.",
    "  units: list<Unit>",
    "}",
    "",
  ].join("\n");

  it("attach to the declaration on the next line", () => {
    const file = parseClean(text);
    expect(declOf(file, "enum").doc).toBe("Which side a unit fights on.");
  });

  it("join consecutive lines", () => {
    expect(declOf(parseClean(text), "kind").doc).toBe("A unit on the field.\nTwo lines of docs.");
  });

  it("attach to fields of kinds and of the state", () => {
    const file = parseClean(text);
    const [name, strength] = declOf(file, "kind").fields;
    expect(name!.doc).toBe("What the unit is called.");
    expect(strength!.doc).toBeUndefined();
    expect(declOf(file, "state").fields[0]!.doc).toBe("Every unit in play.");
  });

  it("do not jump a blank line, and plain `//` comments are not docs", () => {
    const file = parseClean(text);
    expect(declOf(file, "fn", 0).doc).toBeUndefined();
    expect(declOf(file, "fn", 1).doc).toBeUndefined();
  });
});

describe("a decimal number", () => {
  it("says numbers are whole and how to write a fraction, at the digits after the point", () => {
    const r = parseFile("main.rules", "value v(n: int) -> int = n\nmodifier m for v : multiply 1.25\n");
    expect(r.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}`)).toEqual([
      "E0002 2:31 numbers are whole: there is no `.25`; write a fraction as a multiplication and a division with its rounding, like `x * 5 / 4 round nearest`",
    ]);
  });
});

describe("a number with an exponent", () => {
  it("says numbers are written out in digits, with the digits of a small one, at the exponent", () => {
    const r = parseFile("main.rules", "fn f() -> int = 1e309\nfn g() -> int = 2e3\nfn h() -> int = 1 e3\n");
    expect(r.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message} | ${d.help}`)).toEqual([
      "E0002 1:18 expected EOF but found `e309` | numbers are whole and written out in digits, with no exponent; the largest is 9007199254740991",
      "E0002 2:18 expected EOF but found `e3` | numbers are whole and written out in digits, with no exponent: `2000` for `2e3`; the largest is 9007199254740991",
      // Apart from the number, `e3` is a name like any other: no word about exponents.
      "E0002 3:19 unexpected `e3`: expected a declaration (`fn`, `kind`, `enum`, ...) | undefined",
    ]);
  });
});
