// The messages a mod's author meets where the mod and its base meet (issue 24): a scenario whose state
// names a field a mod adds (E0401 says which `--mod DIR` loads it), two mods that change one thing in no
// order (E0164 says how a `requires` orders them), and a `replace` or `remove` of a handler that has no
// name (E0165, E0160 say where it is). Each pinned by its code, its range and its words.
import { describe, expect, it } from "vitest";
import { compileMods, memoryFileHost } from "../../src/api.ts";
import { compile, loadScenario } from "../../src/pipeline.ts";

const BASE = {
  "base/system.json": '{"name": "skirmish", "version": "1.2.0"}',
  "base/model.rules": `kind Fighter { name: text, hp: int = 2 }
state { a: Fighter }
value attack(f: Fighter) -> int = 1
modifier charge for attack : add 1
fn duel() -> int = attack(a)
`,
};
const FEAR = {
  "fear/mod.json": '{"name": "fear", "version": "0.1.0", "requires": {"skirmish": "^1.0.0"}}',
  "fear/fear.rules": "extend kind Fighter { fear: int = 0 }\n",
  "fear/scenarios/duel.json": '{ "rules": "../../base", "run": "duel", "state": { "a": { "name": "A", "fear": 2 } } }',
};
const RAGE = {
  "rage/mod.json": '{"name": "rage", "version": "0.2.0", "requires": {"skirmish": "^1.0.0"}}',
  "rage/rage.rules": "replace modifier charge for attack : add 2\n",
};
const KNIGHTS = {
  "knights/mod.json": '{"name": "knights", "version": "1.0.0", "requires": {"skirmish": "^1.0.0"}}',
  "knights/knights.rules": "remove modifier charge\n",
};

/** Each diagnostic as `CODE file:line:col-endLine:endCol text-at-range | message | help`. */
function shown(ds: readonly { code?: string; span: { file: string; line: number; col: number; endLine: number; endCol: number; start: number; end: number }; message: string; help?: string }[], texts: Map<string, string>): string[] {
  return ds.map((d) => `${d.code} ${d.span.file}:${d.span.line}:${d.span.col}-${d.span.endLine}:${d.span.endCol} ${texts.get(d.span.file)?.slice(d.span.start, d.span.end)} | ${d.message} | ${d.help}`);
}

describe("E0401: a state field a mod adds", () => {
  it("a scenario shipped in a mod, run without it: the help names the mod beside it and the `--mod` that loads it", () => {
    const host = memoryFileHost({ ...BASE, ...FEAR });
    const r = loadScenario("fear/scenarios/duel.json", host);
    expect(r.ready).toBeUndefined();
    expect(shown(r.diagnostics, r.texts)).toEqual([
      'E0401 fear/scenarios/duel.json:1:72-1:78 "fear" | the state at `/a/fear` is not a field of `Fighter` | the value breaks the declaration of `Fighter` at base/model.rules:1:1; `fear` is added by the mod in `fear`, beside this scenario: run it with `--mod fear`',
    ]);
    // With the mod loaded it runs.
    expect(loadScenario("fear/scenarios/duel.json", host, undefined, ["fear"]).ready).toBeDefined();
  });

  it("with mods loaded, none of which adds the field: the help names them and says another mod may", () => {
    const host = memoryFileHost({ ...BASE, ...FEAR, ...RAGE, "base/duel.json": '{ "rules": ".", "run": "duel", "state": { "a": { "name": "A", "fear": 2 } } }' });
    const r = loadScenario("base/duel.json", host, undefined, ["rage"]);
    expect(shown(r.diagnostics, r.texts)).toEqual([
      'E0401 base/duel.json:1:63-1:69 "fear" | the state at `/a/fear` is not a field of `Fighter` | the value breaks the declaration of `Fighter` at base/model.rules:1:1; no mod loaded (`rage`) adds `fear`: if another mod does, load it too with `--mod DIR`',
    ]);
  });

  it("no mod about: the help is the base's alone, as before", () => {
    const host = memoryFileHost({ ...BASE, "base/duel.json": '{ "rules": ".", "run": "duel", "state": { "a": { "name": "A", "fear": 2 } } }' });
    expect(loadScenario("base/duel.json", host).diagnostics.map((d) => d.help)).toEqual(["the value breaks the declaration of `Fighter` at base/model.rules:1:1"]);
  });

  it("a mod beside the scenario that does not add the field is not suggested", () => {
    const host = memoryFileHost({ ...BASE, ...RAGE, "rage/duel.json": '{ "rules": "../base", "run": "duel", "state": { "a": { "name": "A", "fear": 2 } } }' });
    expect(loadScenario("rage/duel.json", host).diagnostics.map((d) => d.help)).toEqual(["the value breaks the declaration of `Fighter` at base/model.rules:1:1"]);
  });
});

describe("E0164 between two mods: the help says how a `requires` orders them", () => {
  it("names the mod to require, its version, and the mod.json to declare it in", () => {
    const c = compileMods("base", ["knights", "rage"], memoryFileHost({ ...BASE, ...RAGE, ...KNIGHTS }));
    expect(shown(c.diagnostics, c.texts)).toEqual([
      "E0164 rage/rage.rules:1:1-1:43 replace modifier charge for attack : add 2 | `rage/rage.rules` and `knights/knights.rules` both replace or remove `charge`, and neither imports the other, so nothing orders the two (between the mod `rage` and the mod `knights`) | keep one of the changes, or order the two mods: declare `\"requires\": { \"knights\": \"^1.0.0\" }` (or `\"optional\"`) in the `mod.json` of `rage`, so it loads after `knights` and its change applies last",
    ]);
  });

  it("the `requires` it names resolves the conflict", () => {
    const ordered = { ...RAGE, "rage/mod.json": '{"name": "rage", "version": "0.2.0", "requires": {"skirmish": "^1.0.0", "knights": "^1.0.0"}}' };
    expect(compileMods("base", ["knights", "rage"], memoryFileHost({ ...BASE, ...ordered, ...KNIGHTS })).diagnostics).toEqual([]);
  });
});

describe("E0165, E0160: a handler without a name, found for the author", () => {
  const files = {
    "base.rules": "kind Unit { hp: int = 2 }\nevent Hit(u: Unit)\non Hit as wound { u.hp -= 1 }\non Hit { u.hp -= 1 }\nbefore Hit { u.hp += 0 }\n",
  };
  const diagnostics = (main: string) => {
    const c = compile(["main.rules"], memoryFileHost({ ...files, "main.rules": `import "base.rules"\n${main}` }));
    return shown(c.diagnostics, c.texts);
  };

  it("E0165: `replace` without a name names the named handlers of the event and where the unnamed ones are", () => {
    expect(diagnostics("replace on Hit { u.hp -= 2 }\n")).toEqual([
      "E0165 main.rules:2:1-2:29 replace on Hit { u.hp -= 2 } | `replace` needs a handler with a name: nothing else says which handler it means | name the handler it replaces: `replace on Hit as wound` (base.rules:3); the handler of `Hit` at base.rules:4 has no name, so nothing can replace it: name the one you mean with `as NAME` in its own file, then write `replace on Hit as NAME`",
    ]);
    // `final` on a handler of its own: only the name is missing.
    expect(diagnostics("final on Hit { u.hp -= 2 }\n")[0]).toMatch(/ \| name it after its event: `on Hit as NAME`$/);
  });

  it("E0160: a handler name no handler has, with no name close to it, says where the unnamed handlers are", () => {
    expect(diagnostics("remove handler bleeding\n")).toEqual([
      "E0160 main.rules:2:16-2:24 bleeding | there is no handler named `bleeding` to remove | the handlers without a name here, which nothing can remove, are at base.rules:4 (`on Hit`), base.rules:5 (`before Hit`): name the one you mean with `as NAME` in its own file",
    ]);
    // A name close to one given is still the did-you-mean.
    expect(diagnostics("remove handler wond\n")[0]).toMatch(/ \| did you mean `wound`\?$/);
  });
});
