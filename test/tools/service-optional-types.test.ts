// The language service on optional types: hover shows `T?` and the narrowed `T`, and completion after
// `x.` on a `T?` still offers the kind's fields.
import { describe, expect, it } from "vitest";
import { completions, hover } from "../../src/tools/service/index.ts";

const RULES = `kind Player { name: text }
kind Unit { name: text, controller: Player? }
state { target: Unit? }
`;

/** The source with `<|>` removed, and the 1-based line and column where it stood. */
function at(source: string): { files: Record<string, string>; line: number; col: number } {
  const i = source.indexOf("<|>");
  const before = source.slice(0, i);
  const line = before.split("\n").length;
  const col = i - before.lastIndexOf("\n");
  return { files: { "main.rules": source.replace("<|>", "") }, line, col };
}

describe("the language service on optional types", () => {
  it("hovers a variable as `T?`, and as `T` where a check has narrowed it", () => {
    const src = (body: string) => `${RULES}fn f(u: Unit?) -> text {\n${body}\n}\n`;
    const outside = at(src(`  if u<|> == none { return "" }\n  return u.name`));
    expect(hover(outside.files, "main.rules", outside.line, outside.col)?.markdown).toBe("```rules\nu: Unit?\n```");
    const inside = at(src(`  if u == none { return "" }\n  return u<|>.name`));
    expect(hover(inside.files, "main.rules", inside.line, inside.col)?.markdown).toBe("```rules\nu: Unit\n```");
  });

  it("hovers a narrowed state field as the state field", () => {
    const h = at(`${RULES}fn f() -> text {\n  if target == none { return "" }\n  return tar<|>get.name\n}\n`);
    expect(hover(h.files, "main.rules", h.line, h.col)?.markdown).toBe("```rules\nstate { target: Unit? }\n```");
  });

  it("shows an optional field's type with its `?`", () => {
    const h = at(`${RULES}fn f(u: Unit) -> bool = u.contr<|>oller == none\n`);
    expect(hover(h.files, "main.rules", h.line, h.col)?.markdown).toBe("```rules\nkind Unit { controller: Player? }\n```");
  });

  it("offers the fields after `x.` on a `T?`, and a narrowed state field once", () => {
    const c = at(`${RULES}fn f() -> text = target.<|>\n`);
    expect(completions(c.files, "main.rules", c.line, c.col).map((x) => x.label)).toEqual(["name", "controller"]);
    const n = at(`${RULES}fn f() -> text {\n  if target == none { return "" }\n  return <|>\n}\n`);
    const found = completions(n.files, "main.rules", n.line, n.col).filter((x) => x.label === "target");
    expect(found.map((x) => x.kind)).toEqual(["state"]);
  });
});
