// The compiled backend writes JavaScript source (src/run/compiled/source.ts) and runs it with `new
// Function`. Rules come from strangers, so no text of theirs may reach that source: names, strings
// and numbers go in as constants (a whole-number literal that is a safe integer as its digits). Here hostile text goes through declarations, fields, enum members,
// strings and state, and must come out as data: the examples pass, the results and the final state
// hold the text as written, and the generated source holds only the generator's own words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Source } from "../../../src/run/compiled/source.ts";
import { indexProgram, runExamples, runScenario, type Scenario } from "../../../src/pipeline.ts";
import { checked } from "../../support/helpers.ts";

/** Texts that would break out of a string, a template or a line if they were spliced into source. */
const HOSTILE = ['"); process.exit(1); ("', "`${process.exit(1)}`", "${globalThis}", "\u2028x\u2029", "*/ process.exit(1) /*", "</script>", "\\"];
/** The same as a rules text literal: a backslash before `"` and `\`. */
const literal = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
const JOINED = HOSTILE.join("|");

const RULES = `
enum constructor { toString, valueOf, __proto__ }
status toString
kind __proto__ {
  constructor: text
  toString: int = 1
  valueOf: constructor = constructor.__proto__
}
state {
  things: list<__proto__>
  hasOwnProperty: text = ${literal(JOINED)}
}
fn prototype(x: __proto__) -> text {
  x.toString += 2
  x.constructor = x.constructor + ${literal(HOSTILE[0]!)}
  if x.valueOf == constructor.__proto__ { return x.constructor }
  return "no"
}
fn scenario() -> text {
  let total = ""
  for t in things { total = total + prototype(t) }
  return total + hasOwnProperty
}
example "hostile names and text are data" {
${HOSTILE.map((h, i) => `  let s${i} = ${literal(h)}\n  expect s${i} == ${literal(h)}`).join("\n")}
  let u = __proto__(constructor: ${literal(HOSTILE[1]!)})
  expect prototype(u) == ${literal(HOSTILE[1]! + HOSTILE[0]!)}
  expect u.toString == 3
  expect hasOwnProperty == ${literal(JOINED)}
  apply toString to u
  expect u has toString
  clear toString from u
  expect not (u has toString)
  expect count(m in constructor where m != constructor.__proto__) == 2
  expect sum(x in [u, u] where x.constructor != "" => x.toString) == 6
  expect max(x in [u] where x.valueOf == constructor.__proto__ => x.toString else 0) == 3
}
`;

/** Every word the generator itself writes; anything else in a generated source came from somewhere it must not. */
const GENERATOR_WORDS = new Set(
  "use strict const k h return function env vm let undefined if else while for continue typeof instanceof true false null number value record fields globals events emit changeEmission tick length Entity safe eq bin frame copy roll builtin range exact span argc tracing nested depth rule steps budget overrun f list nan min max abs len clamp p from to copies push break apply clear statuses has".split(" "),
);

describe("generated JavaScript holds no text of the rules", () => {
  beforeAll(() => {
    Source.keep = true;
    Source.made.length = 0;
  });
  afterAll(() => {
    Source.keep = false;
    Source.made.length = 0;
  });

  it("the examples pass with the hostile text as their values, in both engines alike", () => {
    const files = checked(RULES);
    const compiled = runExamples(files, undefined, undefined, "compiled");
    expect(compiled.map((r) => [r.title, r.passed, r.failure?.message])).toEqual([["hostile names and text are data", true, undefined]]);
    expect(compiled).toEqual(runExamples(files, undefined, undefined, "tree"));
  });

  it("a scenario gives the hostile text back as its result and its final state", () => {
    const program = indexProgram(checked(RULES));
    const things = [{ constructor: HOSTILE[2]!, valueOf: "__proto__" }, { constructor: HOSTILE[3]!, valueOf: "toString" }];
    const scenario: Scenario = { rules: "inline.rules", run: "scenario", state: { things, hasOwnProperty: HOSTILE[4]! } };
    const run = runScenario(program, scenario, { seed: "s", trace: true });
    expect(run.error).toBeUndefined();
    expect(run.result).toBe(`${HOSTILE[2]}${HOSTILE[0]}no${HOSTILE[4]}`);
    expect(run.state).toEqual({
      things: [
        { constructor: HOSTILE[2]! + HOSTILE[0]!, toString: 3, valueOf: "__proto__" },
        { constructor: HOSTILE[3]! + HOSTILE[0]!, toString: 3, valueOf: "toString" },
      ],
      hasOwnProperty: HOSTILE[4],
    });
    expect(JSON.stringify(run)).toBe(JSON.stringify(runScenario(program, scenario, { seed: "s", trace: true, engine: "tree" })));
  });

  it("the generated sources hold only the generator's words, generated names and slot numbers", () => {
    expect(Source.made.length).toBeGreaterThan(2);
    for (const text of Source.made) {
      for (const h of ["process", "globalThis", "constructor", "__proto__", "prototype", "script", "\u2028", "`", "${", "\\"]) expect(text).not.toContain(h);
      const words = new Set(text.match(/[A-Za-z_$][A-Za-z0-9_$]*/g));
      const foreign = [...words].filter((w) => !GENERATOR_WORDS.has(w) && !/^[ctibs][0-9]+$/.test(w));
      expect(foreign).toEqual([]);
      // Strings in the source are the generator's own: "use strict" and "number".
      expect(text.match(/"[^"]*"/g)?.filter((s) => s !== '"use strict"' && s !== '"number"') ?? []).toEqual([]);
    }
  });
});
