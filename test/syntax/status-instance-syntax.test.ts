// The syntax of statuses as instances (`status s(level: int) stacks sum until A or B(unit)`, `apply
// s(2, from: d) to u until A(p: v) or B`, `u has s from d`, `clear s(from: d) from u`): the fast parser
// reads every declaration itself and builds the Chevrotain path's tree, spans and key order included.
import { afterEach, describe, expect, it } from "vitest";
import { lexer } from "../../grammar/tokens.ts";
import { declarationStarts } from "../../src/syntax/by-declaration.ts";
import { FastParser, fastParser } from "../../src/syntax/fast-parser/declarations.ts";
import { parseFile } from "../../src/syntax/parse.ts";
import { INSTANCE_RULES } from "../support/status-instances.ts";

afterEach(() => {
  fastParser.enabled = true;
});

function parsed(text: string, fast: boolean): string {
  fastParser.enabled = fast;
  return JSON.stringify(parseFile("m.rules", text));
}

describe("the syntax of statuses as instances", () => {
  it("is read by the fast parser, declaration by declaration", () => {
    const tokens = lexer.tokenize(INSTANCE_RULES).tokens;
    const starts = declarationStarts(tokens);
    const fast = new FastParser("m.rules", new Map());
    const declined = starts.filter((s, i) => !fast.declarations(tokens, s, starts[i + 1] ?? tokens.length)).map((s) => tokens[s]!.startLine);
    expect(declined).toEqual([]);
  });

  it("gives the Chevrotain path's tree", () => {
    expect(parsed(INSTANCE_RULES, true)).toBe(parsed(INSTANCE_RULES, false));
    const text = "status s(level: int, kind: text) stacks sum for 2 A(unit) or B or C(who)\nfn f() { apply s(level: 1, kind: \"x\", from: d) to u for 3 A or B(p: v) or C(who)\n  clear s(from: d) from u\n  expect u has s from d.owner and true }\n";
    expect(parsed(text, true)).toBe(parsed(text, false));
  });

  it("puts each part where the tree says", () => {
    const file = parseFile("m.rules", "status s(level: int) stacks highest until A or B(unit)\nfn f() { apply s(2, from: d) to u until A(p: v) or B }\n");
    const [status, fn] = file.file!.decls as [any, any];
    expect(status.params.map((p: any) => p.name.text)).toEqual(["level"]);
    expect(status.stacking.text).toBe("highest");
    expect(status.expiry.or.map((o: any) => [o.event.text, o.holder?.text])).toEqual([["B", "unit"]]);
    const apply = fn.body.statements[0];
    expect(apply.args.map((a: any) => a.kind)).toEqual(["positional", "named"]);
    expect(apply.expiry.event.text).toBe("A");
    expect(apply.expiry.or.map((o: any) => o.event.text)).toEqual(["B"]);
  });
});
