// A syntax error in one declaration no longer hides the checker's errors in the others: the parser's
// recovered tree is kept (every declaration that parsed cleanly), checked, and reported together with
// the syntax errors. A declaration dropped for a syntax error causes no cascade of unknown names.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseFile } from "../../src/syntax/parse.ts";
import { compile } from "../../src/pipeline.ts";
import { diagnostics as serviceDiagnostics } from "../../src/tools/service/index.ts";
import { compileText, memoryHost } from "../support/helpers.ts";
import { project as root, runCli } from "../support/run-cli.ts";


/** `CODE@line:col message`, the way these tests compare diagnostics. */
const shown = (text: string, others: Record<string, string> = {}) => compileText(text, others).diagnostics.map((d) => `${d.code}@${d.span.line}:${d.span.col} ${d.message}`);

describe("a syntax error and the checker's errors together", () => {
  it("reports a syntax error in one function and a type error in another, in order", () => {
    const text = ["kind Unit { name: text, hp: int = 2 }", "fn wounded(u: Unit) -> int = u.hp +", "", "fn label(u: Unit) -> int = u.name", ""].join("\n");
    expect(shown(text)).toEqual(["E0002@4:1 expected an expression but found `fn`", "E0201@4:28 the function's result should be int, but this is text"]);
  });

  it("reports a stray character (E0001) and a type error elsewhere", () => {
    const text = ["fn a() -> int = 1 #", "fn b() -> bool = 3", ""].join("\n");
    expect(shown(text)).toEqual(["E0001@1:19 unexpected character `#`", "E0201@2:18 the function's result should be bool, but this is int"]);
  });

  it("checks the declarations on both sides of a broken one, and the broken file's importers", () => {
    const lib = ["fn half(n: int) -> int = n / 2", "fn broken( -> int = 1", "fn twice(n: int) -> int = n * true", ""].join("\n");
    const main = ['import "lib.rules"', "fn f() -> text = half(4)", ""].join("\n");
    const c = compile(["main.rules"], memoryHost({ "main.rules": main, "lib.rules": lib }));
    expect(c.diagnostics.map((d) => `${d.span.file}:${d.code}@${d.span.line}:${d.span.col}`)).toEqual(["lib.rules:E0002@2:12", "lib.rules:E0201@3:31", "main.rules:E0201@2:18"]);
  });

  it("runs nothing while any error exists", () => {
    const c = compileText("fn f() -> int = 1 +\nexample \"e\" { expect 1 == 1 }\n");
    expect(c.program).toBeUndefined();
    expect(c.programs).toBeUndefined();
    expect(c.systems.map((s) => s.checked)).toEqual([false]);
  });

  it("keeps the parser's own answer for a file with errors: no clean AST, only the recovered declarations", () => {
    const r = parseFile("main.rules", "fn f() -> int = 1 +\nfn g() -> int = 2\n");
    expect(r.file).toBeUndefined();
    expect(r.recovered!.decls.map((d) => ("name" in d ? d.name.text : d.kind))).toEqual(["g"]);
    expect(r.recovered!.broken!.map((n) => `${n.text}@${n.span.line}:${n.span.col}`)).toEqual(["f@1:4"]);
  });
});

describe("no cascade from a dropped declaration", () => {
  it("does not report a broken function's name as unknown where it is called", () => {
    const text = ["fn wounded(hp: int) -> int = hp +", "", "fn healed() -> int = wounded(3) + 1", ""].join("\n");
    expect(shown(text)).toEqual(["E0002@3:1 expected an expression but found `fn`"]);
  });

  it("does not report a broken kind's name as an unknown type, nor its fields", () => {
    const text = ["kind Unit { name: text, hp int }", "fn hp(u: Unit) -> int = u.hp", "fn make() -> Unit = Unit(name: \"a\", hp: 1)", ""].join("\n");
    expect(shown(text)).toEqual(["E0002@1:28 expected `:` but found `int`"]);
  });

  it("does not report a broken enum, event, status or value by name", () => {
    const text = [
      "enum Side { attacker, defender",
      "event Hit(amount int)",
      "status Stunned until",
      "value power( -> int = 1",
      "kind Unit { name: text }",
      "fn side() -> bool = Side.attacker == Side.defender",
      "fn hit() { emit Hit(amount: 1) }",
      "on Hit { say \"hit\" }",
      "modifier strong for power : add 1",
      "fn stun(u: Unit) { apply Stunned to u }",
      "",
    ].join("\n");
    expect(shown(text)).toEqual([
      "E0002@2:1 expected `}` but found `event`",
      "E0002@2:18 expected `:` but found `int`",
      "E0002@4:1 unexpected `value` in a status declaration: expected a name",
      "E0002@4:14 expected `)` but found `->`",
    ]);
  });

  it("does not report the fields of a broken `state` as unknown names", () => {
    const text = ["state { round: int = 1, turn int = 1 }", "fn next() -> int = round + turn", ""].join("\n");
    expect(shown(text)).toEqual(["E0002@1:30 expected `:` but found `int`"]);
  });

  it("still reports a name that is unknown for its own reasons", () => {
    const text = ["fn broken() -> int = 1 +", "", "fn f() -> int = broken() + brokn()", ""].join("\n");
    expect(shown(text)).toEqual(["E0002@3:1 expected an expression but found `fn`", "E0101@3:28 unknown function `brokn`"]);
  });
});

describe("the CLI and the language service report the same", () => {
  const file = "test/fixtures/recovery/syntax-and-type.rules";

  it("check prints the syntax error and the type error with their places, and exits 1", async () => {
    const r = await runCli(["check", file]);
    expect(r.code).toBe(1);
    const heads = [...r.stderr.matchAll(/^(error\[\w+\]: .*)\n {2}--> (.*)$/gm)].map((m) => `${m[1]} @ ${m[2]}`);
    expect(heads).toEqual([
      `error[E0002]: expected an expression but found \`fn\` @ ${file}:8:1`,
      `error[E0201]: the function's result should be int, but this is text @ ${file}:8:28`,
    ]);
    expect(r.stderr).not.toContain("E0101");
    expect(r.stderr.trimEnd().split("\n").at(-1)).toBe("2 error(s), 0 warning(s)");
  });

  it("the service's diagnostics for the file are the pipeline's, one for one", () => {
    const files = { [file]: readFileSync(`${root}/${file}`, "utf8") };
    const fromService = serviceDiagnostics(files, file).map((d) => `${d.code}@${d.range.line}:${d.range.col} ${d.message}`);
    const fromPipeline = compile([file], memoryHost(files)).diagnostics.map((d) => `${d.code}@${d.span.line}:${d.span.col} ${d.message}`);
    expect(fromService).toEqual(["E0002@8:1 expected an expression but found `fn`", "E0201@8:28 the function's result should be int, but this is text"]);
    expect(fromService).toEqual(fromPipeline);
  });
});
