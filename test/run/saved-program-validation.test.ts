// A saved program (`rulesmith compile`) is a file anyone may have edited. Before it runs it must fit the
// schema of its format (src/run/saved-program-schema.ts), and every id, slot and place the checker
// wrote into it must point at something of the right sort; otherwise loading it is a clean error with
// the JSON path (or the rule) that is wrong, never a run with wrong values or a crash.
import { describe, expect, it } from "vitest";
import { compile, loadScenario, runScenario, standardModule } from "../../src/pipeline.ts";
import { nodeHost } from "../../src/api/node-host.ts";
import { loadProgram, saveProgram } from "../../src/run/saved-program.ts";
import { checked, memoryHost } from "../support/helpers.ts";

const RULES = `kind Unit { hp: int in 0..9 }
state { u: Unit }
fn go() -> int {
  let x = 1 + 1
  u.hp = x
  return x
}
`;

/** The saved program as data to tamper with; `go`'s statements are at decls[2].body.statements. */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const saved = (): Json => JSON.parse(saveProgram(checked(RULES))) as Json;
const go = (p: Json) => p["files"][0].decls[2];
const sum = (p: Json) => go(p).body.statements[0].value;

function loadError(tamper: (p: Json) => void): string {
  const p = saved();
  tamper(p);
  const r = loadProgram(JSON.stringify(p));
  return "error" in r ? r.error : "loaded";
}

describe("the shape of a saved program", () => {
  it("loads what `saveProgram` wrote", () => {
    expect(loadError(() => {})).toBe("loaded");
  });

  it("rejects a tampered literal, a null, an object where a node belongs and a node without its span, by JSON path", () => {
    expect(loadError((p) => (sum(p).left.value = "1"))).toBe("damaged: `/files/0/decls/2/body/statements/0/value/left/value` must be an integer");
    expect(loadError((p) => (sum(p).left = null))).toBe("damaged: `/files/0/decls/2/body/statements/0/value/left` must be an object");
    expect(loadError((p) => (sum(p).right = {}))).toBe("damaged: `/files/0/decls/2/body/statements/0/value/right` has no `kind`");
    expect(loadError((p) => (sum(p).right = { kind: "eval", span: sum(p).span }))).toBe("damaged: `/files/0/decls/2/body/statements/0/value/right` is a node of a kind rulesmith does not write (`eval`)");
    expect(loadError((p) => delete sum(p).left.span)).toBe("damaged: `/files/0/decls/2/body/statements/0/value/left` has no `span`");
    expect(loadError((p) => (sum(p).op = "**"))).toBe('damaged: `/files/0/decls/2/body/statements/0/value/op` must be one of "or", "and", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"');
    expect(loadError((p) => (sum(p).left.code = "process.exit()"))).toBe("damaged: `/files/0/decls/2/body/statements/0/value/left` has `code`, which no node of this kind has");
    expect(loadError((p) => (go(p).body.statements[0].value.span.line = -1))).toBe("damaged: `/files/0/decls/2/body/statements/0/value/span/line` must be >= 0");
    expect(loadError((p) => (p["files"] = null))).toBe("damaged: `/files` must be an array");
    expect(loadError((p) => (p["files"][0].decls[0].fields[0].type.range.high = "9"))).toBe("damaged: `/files/0/decls/0/fields/0/type/range/high` must be an integer");
  });

  it("keeps the format tag and version checks", () => {
    expect(loadError((p) => (p["version"] = 1))).toBe("saved with format version 1; this version runs 2: save it again with `rulesmith compile`");
    expect(loadError((p) => delete p["format"])).toBe('not a saved program (no "format": "rulesmith-program")');
  });

  it("loads a tree nested thousands of levels deep without running out of stack", () => {
    const p = saved();
    let e = sum(p).left;
    for (let i = 0; i < 5000; i++) e = { kind: "neg", operand: e, span: e.span };
    sum(p).left = e;
    // Built as text: JSON.stringify itself recurses.
    const text = JSON.stringify(p, (k, v) => (k === "left" && v === e ? "@DEEP@" : v)).replace('"@DEEP@"', deepText(5000, JSON.stringify(e.span)));
    const r = loadProgram(text);
    expect("error" in r ? r.error : "loaded").toBe("loaded");
  });
});

/** `-(-(...1))`, `depth` deep, as JSON text. */
function deepText(depth: number, span: string): string {
  return `{"kind":"neg","operand":`.repeat(depth) + `{"kind":"int","value":1,"span":${span}}` + `,"span":${span}}`.repeat(depth);
}

describe("the resolution in a saved program", () => {
  it("rejects an id that names no declaration, or one of the wrong sort, at the rule that holds it", () => {
    expect(loadError((p) => (p["files"][0].decls[1].fields[0].type.ref.id = 7))).toBe("damaged: at main.rules:2:12: the id 7 names no declaration, where an `enum` or a `kind` belongs");
    expect(loadError((p) => (p["files"][0].decls[1].fields[0].type.ref.id = 1))).toBe("damaged: at main.rules:2:12: the id 1 names a `fn`, where an `enum` or a `kind` belongs");
    expect(loadError((p) => (p["files"][0].decls[0].id = 1))).toBe("damaged: at main.rules:3:1: the id 1 is given to two declarations");
    expect(loadError((p) => delete p["files"][0].decls[2].id)).toBe("damaged: at main.rules:3:1: the declaration has no id: the program was not checked");
  });

  it("rejects a slot outside its rule's frame, and a state field or field place that does not exist", () => {
    expect(loadError((p) => (go(p).body.statements[0].slot = 5))).toBe("damaged: at main.rules:4:3: slot 5 is outside its rule's frame of 1 slot(s)");
    expect(loadError((p) => (go(p).body.statements[2].value.ref.slot = 1))).toBe("damaged: at main.rules:6:10: slot 1 is outside its rule's frame of 1 slot(s)");
    expect(loadError((p) => (go(p).frameSize = 0))).toBe("damaged: at main.rules:4:3: slot 0 is outside its rule's frame of 0 slot(s)");
    expect(loadError((p) => (go(p).body.statements[1].target.object.ref.index = 3))).toBe("damaged: at main.rules:5:3: there is no state field number 3: there are 1");
    expect(loadError((p) => (go(p).body.statements[1].target.field.index = 3))).toBe("damaged: at main.rules:5:3: there is no field number 3 of `Unit`: there are 1");
    expect(loadError((p) => (go(p).body.statements[2].value = { kind: "call", callee: { kind: "name", name: "x", span: sum(p).span }, args: [], builtin: "eval", span: sum(p).span }))).toBe(
      "damaged: at main.rules:4:11: `eval` is no function of the standard library",
    );
  });
});

describe("a scenario that runs a tampered saved program", () => {
  it("stops with E0402 at its \"rules\", where it used to give `1 + 1` as 11", () => {
    const p = saved();
    sum(p).left.value = "1";
    const host = memoryHost({ "p.json": JSON.stringify(p), "s.json": '{"rules": "p.json", "run": "go", "state": {"u": {"hp": 1}}}' });
    const loaded = loadScenario("s.json", host);
    expect(loaded.ready).toBeUndefined();
    expect(loaded.diagnostics.map((d) => `${d.code} ${d.span.line}:${d.span.col} ${d.message} | ${d.help}`)).toEqual([
      "E0402 1:11 the saved program `p.json` is damaged: `/files/0/decls/2/body/statements/0/value/left/value` must be an integer | save it again with `rulesmith compile`",
    ]);
  });

  it("runs the untampered one", () => {
    const host = memoryHost({ "p.json": JSON.stringify(saved()), "s.json": '{"rules": "p.json", "run": "go", "state": {"u": {"hp": 1}}}' });
    const loaded = loadScenario("s.json", host);
    const run = runScenario(loaded.ready!.program, loaded.ready!.scenario, { seed: "1", trace: false });
    expect([run.resultText, JSON.stringify(run.state)]).toEqual(["2", '{"u":{"hp":2}}']);
  });
});

describe("every bundled program", () => {
  it("saves and loads again unchanged", () => {
    for (const root of ["rules/warlords3", "rules/dragon-dice"]) {
      const c = compile([root], nodeHost);
      expect(c.programs?.length, root).toBeGreaterThan(0);
      for (const files of c.programs!) {
        const text = saveProgram(files);
        const r = loadProgram(text);
        expect("error" in r ? r.error : "loaded", root).toBe("loaded");
      }
    }
  });
});

describe("a saved program is untrusted input (issue 29, item 11)", () => {
  it("refuses an int literal outside the exact range: `1e300` is an integer to JSON, not to the rules", () => {
    expect(loadError((p) => (sum(p).left.value = 1e300))).toBe("damaged: `/files/0/decls/2/body/statements/0/value/left/value` must be <= 9007199254740991");
    expect(loadError((p) => (p["files"][0].decls[0].fields[0].type.range.low = -1e300))).toBe("damaged: `/files/0/decls/0/fields/0/type/range/low` must be >= -9007199254740991");
    expect(loadError((p) => (sum(p).left.value = Number.MAX_SAFE_INTEGER))).toBe("loaded");
  });

  it("refuses a game file renamed as a standard module, whose calls and says the trace would hide", () => {
    const renamed = saveProgram(checked(RULES)).replaceAll('"main.rules"', '"<std>/hex.rules"');
    expect(loadProgram(renamed, standardModule)).toEqual({ error: "damaged: `<std>/hex.rules` is named as a standard module but is not that module's text" });
    expect(loadProgram(renamed)).toEqual({
      error: "refused: `<std>/hex.rules` is named as a standard module, and only a loader with the parser can check that it is one (load it with `loadScenario` or the full API's `loadSavedProgram`)",
    });
    expect(loadProgram(saveProgram(checked(RULES)).replaceAll('"main.rules"', '"<std>/nothing.rules"'), standardModule)).toEqual({
      error: "damaged: `<std>/nothing.rules` is named as a standard module, and there is no standard module of that name",
    });
    // Through a scenario, as `rulesmith run` reads it.
    const host = memoryHost({ "p.json": renamed, "s.json": '{"rules": "p.json", "run": "go", "state": {"u": {"hp": 1}}}' });
    expect(loadScenario("s.json", host).diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      "E0402 the saved program `p.json` is damaged: `<std>/hex.rules` is named as a standard module but is not that module's text",
    ]);
  });

  it("refuses a node whose span names another file, since the trace reads a node's file from its span", () => {
    expect(loadError((p) => (sum(p).span.file = "<std>/hex.rules"))).toBe("damaged: a node in `main.rules` says it is in `<std>/hex.rules`");
  });

  it("loads a program with the genuine standard module, and refuses it when its ids reach into the game", () => {
    const files = compile(["rules/acks-daw"], nodeHost).programs![0]!;
    // std/hex and the std/arcs it imports come first.
    expect(files.slice(0, 2).map((f) => f.path)).toEqual(["<std>/arcs.rules", "<std>/hex.rules"]);
    const text = saveProgram(files);
    expect("files" in loadProgram(text, standardModule)).toBe(true);
    const p = JSON.parse(text) as Json;
    const gameFn = p["files"].slice(2).flatMap((f: Json) => f.decls).find((d: Json) => d.kind === "fn");
    // The first call in the standard module that names a declaration: made to name the game's function.
    const calls: Json[] = [];
    JSON.stringify(p["files"][1], (_, v: Json) => (v?.kind === "call" && v.ref?.to === "decl" && calls.push(v), v));
    calls[0]!.ref.id = gameFn.id;
    const tampered = JSON.stringify(p);
    const r = loadProgram(tampered, standardModule);
    expect("error" in r ? r.error : "loaded").toMatch(/^damaged: at <std>\/hex\.rules:\d+:\d+: an id names `\w+` of rules\/acks-daw\/\w+\.rules, where a standard module can name only its own declarations$/);
  });
});
