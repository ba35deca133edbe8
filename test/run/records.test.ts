// Records: plain values declared like kinds, compared field by field, never changed in place, usable
// as table keys. (Entities shared between places in state JSON are in state-references.test.ts.)
import { describe, expect, it } from "vitest";
import { checked, compileText, example, examples } from "../support/helpers.ts";
import { indexProgram, runScenario } from "../../src/pipeline.ts";
import { stateSchema } from "../../src/run/schema.ts";
import { completions, hover } from "../../src/tools/service/index.ts";

const HEX = `
enum Terrain { plain, forest }
/// A place on the hex map, in axial coordinates.
record Hex {
  q: int
  r: int
}
kind Unit {
  name: text
  at: Hex
  path: list<Hex>
}
status stunned
`;

const ok = (extra: string) => HEX + extra;
const codes = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}${d.help ? ` | ${d.help}` : ""}`);

describe("records compare by their fields", () => {
  it("two records built alike are equal; two entities built alike are not", () => {
    const r = examples(
      ok(`
example "equal records" {
  expect Hex(q: 1, r: 0) == Hex(q: 1, r: 0)
  expect Hex(q: 1, r: 0) != Hex(q: 0, r: 1)
  let a = Unit(name: "a", at: Hex(q: 0, r: 0))
  let b = Unit(name: "a", at: Hex(q: 0, r: 0))
  expect a != b
  expect a == a
  expect a.at == b.at
}`),
    );
    expect(r.get("equal records")?.failure).toBeUndefined();
    expect(r.get("equal records")?.passed).toBe(true);
  });

  it("`contains`, `remove` and `move` find a record by value", () => {
    const r = example(
      ok(`
example "by value" {
  let seen = [Hex(q: 0, r: 0), Hex(q: 1, r: 0)]
  expect contains(seen, Hex(q: 1, r: 0))
  expect not contains(seen, Hex(q: 2, r: 0))
  let other: list<Hex> = []
  move Hex(q: 0, r: 0) from seen to other
  expect other == [Hex(q: 0, r: 0)]
  remove Hex(q: 1, r: 0) from seen
  expect len(seen) == 0
}`),
      "by value",
    );
    expect(r.failure).toBeUndefined();
  });

  it("shows all fields in declaration order", () => {
    const r = example(ok(`example "show" {\n  say Hex(r: 2, q: 1)\n}`), "show");
    expect(r.trace.filter((t) => t.kind === "say").map((t) => t.message)).toEqual(["Hex(q: 1, r: 2)"]);
  });

  it("a list read out of a record is a copy: the record does not change", () => {
    const r = example(
      `record Path {\n  steps: list<int>\n}\nexample "copy" {\n  let p = Path(steps: [1])\n  let s = p.steps\n  add 2 to s\n  expect p.steps == [1]\n  expect s == [1, 2]\n}`,
      "copy",
    );
    expect(r.failure).toBeUndefined();
  });

  it("takes field defaults, including a constant record", () => {
    const r = example(
      `record Hex {\n  q: int = 0\n  r: int = 0\n}\nkind Unit {\n  at: Hex = Hex(q: 2)\n}\nexample "defaults" {\n  expect Unit().at == Hex(q: 2, r: 0)\n  expect Hex() == Hex(q: 0, r: 0)\n}`,
      "defaults",
    );
    expect(r.failure).toBeUndefined();
  });
});

describe("records are values, never changed in place", () => {
  it("assigning a field is E0204 with the record built anew as help", () => {
    const text = ok(`
fn step(u: Unit) {
  let h = u.at
  h.q += 1
}`);
    const line = text.split("\n").findIndex((l) => l.includes("h.q += 1")) + 1;
    expect(codes(text)).toEqual([`E0204 ${line}:3 a field of the record \`Hex\` cannot be changed: records are values | build a new one: \`Hex(q: h.q + 1, r: h.r)\``]);
  });

  it("through an entity, and with `=`", () => {
    const text = ok(`
fn place(u: Unit) {
  u.at.r = 3
  u.at = Hex(q: 1, r: 1)
}`);
    const line = text.split("\n").findIndex((l) => l.includes("u.at.r = 3")) + 1;
    expect(codes(text)).toEqual([`E0204 ${line}:3 a field of the record \`Hex\` cannot be changed: records are values | build a new one: \`Hex(q: u.at.q, r: 3)\``]);
  });

  it("a list inside a record cannot be added to or moved from", () => {
    const text = `record Path {\n  steps: list<int>\n}\nfn grow(p: Path, more: list<int>) {\n  add 1 to p.steps\n  move 1 from more to p.steps\n  p.steps[0] = 2\n}`;
    expect(codes(text).map((c) => c.split(" | ")[0])).toEqual([
      "E0204 5:12 a field of the record `Path` cannot be changed: records are values",
      "E0204 6:23 a field of the record `Path` cannot be changed: records are values",
      "E0204 7:3 a field of the record `Path` cannot be changed: records are values",
    ]);
  });

  it("holds no statuses: `apply` and `has` on a record are E0201", () => {
    const text = ok(`
fn stun(h: Hex) {
  apply stunned to h
}`);
    const line = text.split("\n").findIndex((l) => l.includes("apply stunned")) + 1;
    expect(codes(text)).toEqual([`E0201 ${line}:20 statuses belong to entities of a \`kind\`, but \`Hex\` is a record, a plain value`]);
  });

  it("cannot hold an entity: E0250 names the field", () => {
    const text = `kind Unit {\n  name: text\n}\nrecord Hex {\n  q: int\n  occupant: Unit\n  visitors: list<Unit>\n}`;
    expect(codes(text)).toEqual([
      "E0250 6:13 the field `Hex.occupant` holds a `Unit`, an entity, but a record is a plain value and cannot hold an entity | keep the entity elsewhere, or declare `Hex` with `kind` instead of `record`",
      "E0250 7:18 the field `Hex.visitors` holds a `Unit`, an entity, but a record is a plain value and cannot hold an entity | keep the entity elsewhere, or declare `Hex` with `kind` instead of `record`",
    ]);
  });

  it("may hold text, enums, tallies, lists and other records", () => {
    checked(`enum Icon { melee, save }\nrecord Inner {\n  n: int\n}\nrecord Outer {\n  t: text\n  i: Icon\n  c: tally<Icon>\n  xs: list<Inner>\n  inner: Inner\n}`);
  });
});

describe("records as table keys", () => {
  const TABLE = `${HEX}
table place(h: Hex, t: Terrain) -> text {
  Hex(q: 0, r: 0), _ => "centre"
  Hex(q: 1, r: 0), Terrain.forest => "east wood"
  _, _ => "elsewhere"
}
example "record keys" {
  expect place(Hex(q: 0, r: 0), Terrain.plain) == "centre"
  expect place(Hex(q: 1, r: 0), Terrain.forest) == "east wood"
  expect place(Hex(q: 1, r: 0), Terrain.plain) == "elsewhere"
}`;

  it("matches rows by structural equality", () => {
    const c = compileText(TABLE);
    expect(c.diagnostics).toEqual([]);
    expect(example(TABLE, "record keys").failure).toBeUndefined();
  });

  it("takes only constant records as patterns", () => {
    const text = `${HEX}\nfn origin() -> Hex = Hex(q: 0, r: 0)\ntable t(h: Hex) -> int {\n  origin() => 1\n  _ => 0\n}`;
    const line = text.split("\n").findIndex((l) => l.includes("origin() => 1")) + 1;
    expect(codes(text)).toEqual([`E0207 ${line}:3 a table pattern must be a constant: a number, \`true\`/\`false\`, text, an enum member, a record like \`Hex(q: 0, r: 0)\` or \`_\``]);
  });

  it("is not enumerated for coverage when a field has no finite domain: no W0301 without a final `_`", () => {
    const text = `${HEX}\ntable t(h: Hex) -> int {\n  Hex(q: 0, r: 0) => 1\n}`;
    expect(codes(text)).toEqual([]);
  });

  it("is enumerated when every field has a finite domain: W0301 and W0302 in record terms", () => {
    const text = `enum Side { north, south }\nrecord Cell {\n  x: int in 0..1\n  side: Side = Side.north\n  lit: bool\n}\ntable t(c: Cell) -> int {\n  Cell(x: 0) => 1\n  Cell(x: 1, side: Side.south, lit: true) => 2\n  Cell(x: 0, side: Side.north, lit: false) => 3\n  Cell(x: 4) => 4\n}`;
    expect(codes(text)).toEqual([
      "W0301 7:7 table `t` says nothing for c = Cell(x: 0, side: Side.north, lit: true); c = Cell(x: 0, side: Side.south, lit: false); c = Cell(x: 0, side: Side.south, lit: true); c = Cell(x: 1, side: Side.north, lit: false) and 2 more | add a row for these inputs, or a final row of `_` patterns",
      "W0302 10:3 this row of `t` never applies: earlier rows take every input it matches",
      "W0302 11:3 this row of `t` never applies: no possible input matches it | compare its patterns with the inputs: `c` is Cell",
      "E0210 11:11 4 is outside the range 0..1 of `Cell.x`",
    ]);
  });
});

describe("records in state JSON", () => {
  const program = indexProgram(checked(`${HEX}\nstate {\n  units: list<Unit>\n  marks: list<Hex>\n}\nfn go() {\n  for u in units {\n    u.at = Hex(q: u.at.q + 1, r: u.at.r)\n  }\n}`));

  it("are plain objects, without `$id` or statuses, and load and write back", () => {
    const schema = stateSchema(program) as { definitions: Record<string, { properties: Record<string, unknown> }> };
    expect(Object.keys(schema.definitions["Hex"]!.properties)).toEqual(["q", "r"]);
    const out = runScenario(program, { rules: "x", run: "go", state: { units: [{ name: "a", at: { q: 0, r: 0 } }], marks: [{ q: 1, r: 1 }] } }, { seed: "s", trace: false });
    expect(out.state).toEqual({ units: [{ name: "a", at: { q: 1, r: 0 }, path: [] }], marks: [{ q: 1, r: 1 }] });
  });

  it("rejects `$id` on a record", () => {
    const out = runScenario(program, { rules: "x", run: "go", state: { marks: [{ $id: "m", q: 1, r: 1 }] } }, { seed: "s", trace: false });
    expect(out.stateProblems?.map((p) => `${p.path} ${p.message}`)).toEqual(["/marks/0/$id is not a field of `Hex`"]);
  });
});

describe("records in the editor", () => {
  const text = `${HEX}\nfn f(h: Hex) -> int = h.q\nfn g() -> Hex = Hex(q: 1, r: 0)\n`;
  const files = { "main.rules": text };
  const lineOf = (s: string) => text.split("\n").findIndex((l) => l.includes(s)) + 1;

  it("hover shows `record` with its fields and doc, and a field's owner as a record", () => {
    const l = lineOf("fn f(h: Hex)");
    expect(hover(files, "main.rules", l, 10)?.markdown).toBe("```rules\nrecord Hex {\n  q: int\n  r: int\n}\n```\n\nA place on the hex map, in axial coordinates.");
    expect(hover(files, "main.rules", l, 25)?.markdown).toBe("```rules\nrecord Hex { q: int }\n```");
  });

  it("completion offers a record like a kind, and its fields by name when building one", () => {
    const l = lineOf("fn g()");
    const named = completions(files, "main.rules", l, 18).find((c) => c.label === "Hex");
    expect(named).toMatchObject({ kind: "kind", detail: "record Hex" });
    const open = `${HEX}\nfn g() -> Hex = Hex(q: 1, )\n`;
    const at = open.split("\n").findIndex((x) => x.includes("fn g()")) + 1;
    expect(completions({ "main.rules": open }, "main.rules", at, 27).filter((c) => c.kind === "field").map((c) => c.label)).toEqual(["r"]);
  });
});
