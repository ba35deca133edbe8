// Names from rules and JSON are any text the author chose. JavaScript objects come with names of their
// own (`__proto__`, `constructor`, `toString`, `valueOf`, `hasOwnProperty`): every map keyed by a name
// must treat those as ordinary names, in declarations, calls, fields, enum members, statuses, state
// JSON, the derived schema, saved programs and the playground's files.
/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { hasFile, Workspace } from "../../playground/workspace.ts";
import { loadScenario, runExamples, runScenario } from "../../src/pipeline.ts";
import { indexProgram } from "../../src/run/index-program.ts";
import { loadProgram, saveProgram } from "../../src/run/saved-program.ts";
import { stateSchema, validateState } from "../../src/run/schema.ts";
import { checked, compileText, memoryHost } from "../support/helpers.ts";

const NAMES = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty"] as const;

/** Each name as a declaration: a kind, an enum, a status, an event and its parameter, a fn. */
const DECLARATIONS = `
kind __proto__ { constructor: int }
enum constructor { toString, valueOf }
status toString
event valueOf(hasOwnProperty: __proto__) -> int {
  result = hasOwnProperty.constructor
}
fn hasOwnProperty(x: int) -> int = x * 2
fn go() -> int {
  let u = __proto__(constructor: 4)
  apply toString to u
  let e = emit valueOf(u)
  return hasOwnProperty(e) + count(m in constructor where m == constructor.valueOf)
}
example "declarations named like JavaScript's object members" {
  expect go() == 9
}
`;

/** Each name as a field, a state field, an enum member and a status. */
const FIELDS = `
enum Icon { ${NAMES.join(", ")} }
kind Unit {
  name: text
${NAMES.map((n, i) => `  ${n}: int = ${i + 1}`).join("\n")}
  icons: tally<Icon>
}
${NAMES.map((n) => `status ${n}`).join("\n")}
state {
  army: list<Unit>
  __proto__: int
  constructor: int = 7
}
fn total() -> int {
  for u in army { apply valueOf to u }
  return sum(u in army => u.__proto__ + u.constructor + u.toString + u.valueOf + u.hasOwnProperty + u.icons[Icon.constructor]) + __proto__ + constructor
}
example "fields, members and statuses named like JavaScript's object members" {
  let u = Unit(name: "a", __proto__: 10, constructor: 20, hasOwnProperty: 30)
  expect u.__proto__ == 10
  expect u.constructor == 20
  expect u.toString == 3
  expect u.valueOf == 4
  expect u.hasOwnProperty == 30
  let t = Icon(constructor: 2, __proto__: 1)
  expect t[Icon.constructor] == 2
  expect t[Icon.__proto__] == 1
  expect t[Icon.toString] == 0
  expect count(m in Icon where t[m] > 0) == 2
  apply hasOwnProperty to u
  expect u has hasOwnProperty
  expect not (u has constructor)
}
`;

describe("JavaScript's object names as rules names", () => {
  it("declares, calls and runs a kind, enum, status, event, parameter and fn with those names", () => {
    const results = runExamples(checked(DECLARATIONS));
    expect(results.map((r) => [r.title, r.passed])).toEqual([["declarations named like JavaScript's object members", true]]);
  });

  it("reports a call of an undeclared `toString()` (or any of them) as an unknown function, E0101", () => {
    for (const n of NAMES) {
      const c = compileText(`example "x" {\n  say ${n}()\n}\n`);
      expect(c.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message}`)).toEqual([`E0101 2:7 unknown function \`${n}\``]);
    }
  });

  it("uses them as fields, enum members and statuses", () => {
    const results = runExamples(checked(FIELDS));
    expect(results.map((r) => [r.title, r.passed, r.failure?.message])).toEqual([["fields, members and statuses named like JavaScript's object members", true, undefined]]);
  });

  it("runs an example after a save and a load of the program", () => {
    const saved = loadProgram(saveProgram(checked(FIELDS)));
    if ("error" in saved) throw new Error(saved.error);
    expect(runExamples(saved.files).map((r) => r.passed)).toEqual([true]);
  });
});

describe("state JSON keyed by those names", () => {
  // States are written as JSON text: in a JavaScript object literal, `__proto__: 1` would set the prototype.
  const UNIT = '{"name": "a", "__proto__": 1, "constructor": 2, "toString": 3, "valueOf": 4, "hasOwnProperty": 5, "icons": {"constructor": 2, "__proto__": 1}, "statuses": {"toString": true}}';
  const load = (state: string) => loadScenario("s.json", memoryHost({ "main.rules": FIELDS, "s.json": `{"rules": "main.rules", "run": "total", "state": ${state}}` }));

  it("runs a scenario whose state and entities have fields, members and statuses with those names, and writes them back", () => {
    const loaded = load(`{"__proto__": 100, "army": [${UNIT}]}`);
    expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const run = runScenario(loaded.ready!.program, loaded.ready!.scenario, { seed: "1", trace: false });
    // 1+2+3+4+5 + 2 constructor icons + 100 + the default 7.
    expect(run.resultText).toBe("124");
    expect(JSON.stringify(run.state)).toBe(
      '{"army":[{"name":"a","__proto__":1,"constructor":2,"toString":3,"valueOf":4,"hasOwnProperty":5,"icons":{"__proto__":1,"constructor":2},"statuses":{"toString":true,"valueOf":true}}],"__proto__":100,"constructor":7}',
    );
  });

  it("reads a field left out as its default, never as Object.prototype's member of that name", () => {
    const loaded = load('{"__proto__": 0, "army": [{"name": "b"}]}');
    expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const run = runScenario(loaded.ready!.program, loaded.ready!.scenario, { seed: "1", trace: false });
    expect(run.resultText).toBe(String(1 + 2 + 3 + 4 + 5 + 7));
  });

  it("rejects a bad value, a missing required field and an unknown member at their paths", () => {
    const loaded = load(`{"army": [${UNIT.replace('"__proto__": 1,', '"__proto__": "x",').replace('{"constructor": 2, "__proto__": 1}', '{"toString": -1, "valueof": 1}').replace('"toString": true', '"toString": "long"')}]}`);
    // The rules' own warnings (W0310: the status \`valueOf\` is applied, never read) are not the state's.
    expect(loaded.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}${d.help ? ` | ${d.help}` : ""}`)).toEqual([
      "E0401 the state at `/__proto__` is missing, and the field has no default | the value breaks the declaration of `state.__proto__` at main.rules:19:3",
      "E0401 the state at `/army/0/__proto__` must be an integer | the value breaks the declaration of `Unit.__proto__` at main.rules:5:3",
      "E0401 the state at `/army/0/icons/toString` must be >= 0 | the value breaks the declaration of `Unit.icons` at main.rules:10:3",
      "E0401 the state at `/army/0/icons/valueof` is not a member of `Icon`: did you mean `valueOf`? | the value breaks the declaration of `Unit.icons` at main.rules:10:3",
      "E0401 the state at `/army/0/statuses/toString` must be `true`, how many more events it lasts (1 or more), or an object like `{\"left\": 1, \"until\": \"RoundEnds\"}` | the value breaks the declaration of `toString` at main.rules:14:1",
    ]);
  });

  it("keeps a field named `__proto__` in the derived schema, as a property and as required", () => {
    const program = indexProgram(checked(FIELDS));
    const schema = JSON.parse(JSON.stringify(stateSchema(program))) as { properties: object; required: string[]; definitions: { Unit: { properties: object; required: string[] } } };
    expect(Object.keys(schema.properties)).toEqual(["army", "__proto__", "constructor"]);
    expect(schema.required).toEqual(["__proto__"]);
    expect(Object.keys(schema.definitions.Unit.properties)).toEqual(["name", ...NAMES, "icons", "$id", "statuses"]);
    expect(validateState(program, JSON.parse('{"__proto__": 1}'))).toEqual([]);
    expect(validateState(program, JSON.parse('{"__proto__": true}')).map((p) => `${p.path} ${p.message}`)).toEqual(["/__proto__ must be an integer"]);
  });
});

describe("kinds and enums named like JavaScript's object members, in the state", () => {
  const RULES = "kind __proto__ { name: text, hp: int }\nenum constructor { a, b }\nkind toString { side: constructor }\nstate { army: list<__proto__>, t: toString }\nfn go() -> int = sum(u in army => u.hp)\n";
  const load = (state: string) => loadScenario("s.json", memoryHost({ "main.rules": RULES, "s.json": `{"rules": "main.rules", "run": "go", "state": ${state}}` }));

  it("validates and runs a state whose types are those declarations", () => {
    const loaded = load('{"army": [{"name": "x", "hp": 3}, {"name": "y", "hp": 4}], "t": {"side": "b"}}');
    const run = runScenario(loaded.ready!.program, loaded.ready!.scenario, { seed: "1", trace: false });
    expect(run.resultText).toBe("7");
  });

  it("rejects a value that breaks one of them", () => {
    expect(load('{"army": [{"name": "x", "hp": "3"}], "t": {"side": "c"}}').diagnostics.map((d) => d.message)).toEqual([
      "the state at `/army/0/hp` must be an integer",
      'the state at `/t/side` must be one of "a", "b"',
    ]);
  });
});

describe("the playground's file names", () => {
  it("holds files called like JavaScript's object members, and a share link's `active` must name one of its own files", () => {
    const changed = JSON.parse('{"__proto__": "a", "x/constructor.rules": "b"}') as Record<string, string>;
    const w = new Workspace({ changed, deleted: [], active: "toString" });
    expect(w.active).not.toBe("toString");
    expect(hasFile(w.files, w.active)).toBe(true);
    expect(hasFile(w.files, "__proto__")).toBe(true);
    expect(w.files["__proto__"]).toBe("a");
    expect(hasFile(w.files, "constructor")).toBe(false);
    expect(w.isModified("valueOf")).toBe(false);
    w.set("hasOwnProperty", "c");
    const overlay = JSON.parse(JSON.stringify(w.overlay())) as { changed: Record<string, string> };
    expect(Object.entries(overlay.changed).filter(([p]) => !p.startsWith("rules/"))).toEqual([["__proto__", "a"], ["x/constructor.rules", "b"], ["hasOwnProperty", "c"]]);
    expect(new Workspace({ changed, deleted: [], active: "__proto__" }).active).toBe("__proto__");
  });
});
