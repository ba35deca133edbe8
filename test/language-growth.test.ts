// Language growth asked for by the Dragon Dice content, kept generic: multiplying one member of a
// tally, joining lists, scripted answers of mixed types, the two order warnings for modifiers, fields
// that may be left out because their entity starts filled, and a bad type reported once.
import { describe, expect, it } from "vitest";
import { compileText, example } from "./helpers.ts";

const codes = (text: string) => compileText(text).diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col}`);

describe("`multiply Icon.m by n` on a tally", () => {
  const rules = `
    enum Icon { melee, save }
    value saves(tripled: bool, t: tally<Icon>) -> tally<Icon> = t
    modifier triple for saves when tripled : multiply Icon.save by 3
    example "tripled saves" {
      expect saves(true, Icon(save: 2, melee: 1)) == Icon(save: 6, melee: 1)
      expect saves(false, Icon(save: 2)) == Icon(save: 2)
    }
  `;
  it("multiplies only the named member, and says so in the trace", () => {
    const r = example(rules, "tripled saves");
    expect(r.failure).toBeUndefined();
    expect(r.trace.filter((t) => t.kind === "modifier").map((t) => t.message)).toEqual(["saves: Icon(melee: 1, save: 2) -> Icon(melee: 1, save: 6) (multiply save by 3)"]);
  });
});

describe("`multiply ... by` with a negative factor", () => {
  it("stops with R0501 at the modifier, since a count cannot be negative", () => {
    const r = example(
      `enum Icon { save }
      value s(n: int, t: tally<Icon>) -> tally<Icon> = t
      modifier m for s : multiply Icon.save by n
      example "negative" { expect s(-1, Icon(save: 2)) == Icon() }`,
      "negative",
    );
    expect(r.failure?.message).toBe("a count cannot be negative, but `multiply save by -1` would make it so");
    expect(r.failure?.span?.line).toBe(3);
  });
});

describe("joining lists with `+`", () => {
  it("makes a new list of both, in order, leaving the operands as they were", () => {
    const r = example(
      `example "join" {
        let a = [1, 2]
        let b = a + [3]
        expect b == [1, 2, 3]
        expect a == [1, 2]
        let empty: list<int> = []
        expect empty + a == a
      }`,
      "join",
    );
    expect(r.failure).toBeUndefined();
  });
  it("rejects lists of different element types (E0201)", () => {
    expect(codes(`kind U { n: int }\nfn f(us: list<U>) -> list<U> = us + [1]\n`)).toEqual(["E0201 2:37"]);
  });
});

describe("`force choices` with answers of different types", () => {
  const rules = `
    kind U { name: text }
    fn pick(us: list<U>) -> U {
      let answer = choose "take one?" from ["no", "yes"]
      if answer == "no" { return us[0] }
      return choose "which?" from us
    }
    example "a text answer, then an entity" {
      let u = U(name: "u")
      let w = U(name: "w")
      force choices ["yes", w]
      expect pick([u, w]) == w
    }
  `;
  it("answers each question in turn", () => {
    expect(example(rules, "a text answer, then an entity").failure).toBeUndefined();
  });
  it("still checks each answer's expression", () => {
    expect(codes(`example "x" {\n  force choices ["a", nope]\n}\n`)).toEqual(["E0101 2:23"]);
  });
});

describe("W0304: two `set` modifiers", () => {
  const head = `enum Race { a, b }\nkind U { race: Race, n: int }\nvalue v(u: U) -> bool = false\n`;
  it("stays silent when the conditions cannot both hold", () => {
    expect(codes(`${head}modifier m1 for v when u.race == Race.a : set true\nmodifier m2 for v when u.race == Race.b : set false\n`)).toEqual([]);
    expect(codes(`${head}modifier m1 for v when u.n > 2 and u.race == Race.a : set true\nmodifier m2 for v when u.race != Race.a : set false\n`)).toEqual([]);
    expect(codes(`${head}modifier m1 for v when u.n > 2 : set true\nmodifier m2 for v when not (u.n > 2) : set false\n`)).toEqual([]);
  });
  it("stays silent when both set the same constant", () => {
    expect(codes(`${head}modifier m1 for v when u.n > 2 : set true\nmodifier m2 for v when u.n > 5 : set true\n`)).toEqual([]);
  });
  it("warns when both can apply with different results", () => {
    expect(codes(`${head}modifier m1 for v when u.n > 2 : set true\nmodifier m2 for v when u.race == Race.b : set false\n`)).toEqual(["W0304 5:43"]);
    expect(codes(`${head}modifier m1 for v when u.race == Race.a : set true\nmodifier m2 for v when u.race == Race.a and u.n > 1 : set false\n`)).toEqual(["W0304 5:55"]);
  });
});

describe("W0306: a `count` that empties the member a later `double` scales", () => {
  const head = `enum Icon { maneuver, save }\nenum Land { high, coast }\nvalue res(land: Land, t: tally<Icon>) -> tally<Icon> = t\nmodifier coastCount for res when land == Land.coast : count Icon.maneuver as Icon.save\n`;
  it("warns when both can apply", () => {
    const c = compileText(`${head}modifier always for res : double Icon.maneuver\n`);
    const w = c.diagnostics.find((d) => d.code === "W0306")!;
    expect(w.message).toBe("`always` finds no `Icon.maneuver` in `res` when `coastCount` also applies: `count` runs before `double` and has moved them");
    expect([w.span.line, w.span.col]).toEqual([5, 34]);
  });
  it("stays silent when they never apply together, or scale another member", () => {
    expect(codes(`${head}modifier high for res when land == Land.high : double Icon.maneuver\n`)).toEqual([]);
    expect(codes(`${head}modifier saves for res : multiply Icon.save by 2\n`)).toEqual([]);
  });
});

describe("a field whose entity starts filled may be left out", () => {
  const rules = `
    kind Area { units: list<int>, label: text = "reserve" }
    kind Player { name: text, reserve: Area }
    example "a fresh reserve" {
      let p = Player(name: "p")
      expect p.reserve.label == "reserve" and len(p.reserve.units) == 0
    }
  `;
  it("builds a fresh entity for it", () => {
    expect(example(rules, "a fresh reserve").failure).toBeUndefined();
  });
  it("is still required when its entity has a field that must be given", () => {
    expect(codes(`kind Area { label: text }\nkind Player { name: text, reserve: Area }\nfn f() -> Player = Player(name: "p")\n`)).toEqual(["E0202 3:20"]);
  });
});

describe("a parameter of an unknown type", () => {
  it("is reported once, not again at every call", () => {
    expect(codes(`fn f(s: Stak) -> int = 1\nfn g() -> int = f(1) + f(2)\n`)).toEqual(["E0104 1:9"]);
  });
});
