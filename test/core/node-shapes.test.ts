// The node shapes of src/core/node-shapes.ts against the trees the parsers and the checker make. Every
// object of every tree, for every bundled file, the standard modules, the docs' examples and the golden
// corpus (mutated inputs with syntax errors included), read by the fast parser and by the Chevrotain path,
// has exactly the properties its shape declares, in the declared order: the order is the JSON's, byte for
// byte, and one hidden class per shape keeps V8's property access monomorphic. A tree just parsed has no
// resolved property; a checked one (every bundled system) has them after the parsed ones, in order too.
// The saved program's schema is generated from the same description (test/run/saved-program-validation.test.ts).
import { readFileSync, readdirSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { nodeShapes, propInfo, type PropType, type Props } from "../../src/core/node-shapes.ts";
import { parseFile } from "../../src/syntax/parse.ts";
import { fastParser } from "../../src/syntax/fast-parser/declarations.ts";
import { compile } from "../../src/pipeline.ts";
import { nodeHost } from "../../src/api/node-host.ts";
import { savedProgramSchema } from "../../src/run/saved-program-schema.ts";
import { baseInputs, mutatedInputs, type Input } from "../support/parser-corpus.ts";
import { expr, name, optional, type Part } from "../../grammar/statement-forms.ts";
import { statementPlan, statementPlans } from "../../src/syntax/statement-plans.ts";

const families = nodeShapes.families as Record<string, { by: string; kinds: Record<string, Props> }>;
const shapes = nodeShapes.shapes as Record<string, Props>;
const unions = nodeShapes.unions as Record<string, readonly string[]>;

interface Declared {
  name: string;
  optional: boolean;
  resolved: boolean;
  type: PropType;
}

const declaredCache = new Map<Props, Declared[]>();
/** A shape's properties in order, its discriminator (`head`) first. */
function declaredProps(props: Props, head: string[]): Declared[] {
  let d = declaredCache.get(props);
  if (!d) {
    d = [...head.map((name) => ({ name, optional: false, resolved: false, type: "string" })), ...Object.entries(props).map(([key, type]) => ({ ...propInfo(key, type), type }))];
    declaredCache.set(props, d);
  }
  return d;
}

const indexCache = new Map<Declared[], Map<string, number>>();
/** Each declared property's place in `declared`, by name. */
function declaredAt(declared: Declared[]): Map<string, number> {
  let m = indexCache.get(declared);
  if (!m) {
    m = new Map(declared.map((d, i) => [d.name, i]));
    indexCache.set(declared, m);
  }
  return m;
}

interface Place {
  value: unknown;
  type: PropType;
  /** Where the value sits, made only for a problem: building every node's path cost most of the walk. */
  parent?: Place;
  key: string;
}

function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let p: Place | undefined = place; p; p = p.parent) if (p.key !== "") keys.push(p.key);
  return keys.reverse().map((k) => `/${k}`).join("");
}

/**
 * Where `root` breaks the description of `type`, one line per problem with its path. `checked`: the
 * checker's resolved properties may be present. Walked from a stack: a corpus input may nest deeply.
 */
export function shapeProblems(root: unknown, type: PropType, checked: boolean): string[] {
  const problems: string[] = [];
  const stack: Place[] = [{ value: root, type, key: "" }];
  while (stack.length > 0) {
    const place = stack.pop()!;
    const { value, type: t } = place;
    const fail = (what: string) => problems.push(`${pathOf(place) || "/"}: ${what}`);
    if (typeof t === "object") {
      if ("list" in t) {
        if (!Array.isArray(value)) fail("not a list");
        else value.forEach((v, i) => stack.push({ value: v, type: t.list, parent: place, key: String(i) }));
      } else if ("oneOf" in t) {
        if (!t.oneOf.includes(value as string)) fail(`${JSON.stringify(value)} is none of ${t.oneOf.join(" ")}`);
      } else stack.push({ value, type: t.resolved, parent: place, key: "" });
      continue;
    }
    switch (t) {
      case "string":
      case "boolean":
        if (typeof value !== t) fail(`not a ${t}`);
        continue;
      case "true":
        if (value !== true) fail("not true");
        continue;
      case "int":
      case "natural":
        if (!Number.isSafeInteger(value) || (t === "natural" && (value as number) < 0)) fail(`not a whole number${t === "natural" ? " >= 0" : ""}`);
        continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      fail(`not an object (${t})`);
      continue;
    }
    const o = value as Record<string, unknown>;
    let props: Props | undefined;
    let head: string[] = [];
    let family = families[t];
    if (unions[t]) family = families[unions[t].find((f) => Object.hasOwn(families[f]!.kinds, o["kind"] as string)) ?? unions[t][unions[t].length - 1]!];
    if (family) {
      head = [family.by];
      const kind = o[family.by];
      props = typeof kind === "string" && Object.hasOwn(family.kinds, kind) ? family.kinds[kind] : undefined;
      if (!props) {
        fail(`${family.by} ${JSON.stringify(kind)} is no ${t}`);
        continue;
      }
    } else props = shapes[t];
    if (!props) throw new Error(`the description names no definition \`${t}\``);
    const declared = declaredProps(props, head);
    const keys = Object.keys(o);
    let last = -1;
    for (const key of keys) {
      const at = declaredAt(declared).get(key) ?? -1;
      const d = declared[at];
      if (!d) fail(`\`${key}\` is not declared`);
      else if (at < last) fail(`\`${key}\` is written after \`${declared[last]!.name}\`, declared before it`);
      else if (d.resolved && !checked) fail(`\`${key}\` is resolved, in a tree just parsed`);
      else if (o[key] === undefined) fail(`\`${key}\` is there with no value`);
      else if (at >= head.length) stack.push({ value: o[key], type: d.type, parent: place, key });
      last = Math.max(last, at);
    }
    for (const d of declared) if (!d.optional && !Object.hasOwn(o, d.name)) fail(`has no \`${d.name}\``);
  }
  return problems;
}

const golden = JSON.parse(gunzipSync(readFileSync("test/parser-golden/corpus.json.gz")).toString("utf8")) as { bases: Input[] };

afterEach(() => {
  fastParser.enabled = true;
});

describe("the node shapes", () => {
  it("list every resolved property after the parsed ones, in each shape, and mark none of them `?`", () => {
    const all: [string, Props][] = [...Object.entries(shapes), ...Object.values(families).flatMap((f) => Object.entries(f.kinds))];
    const late = all.flatMap(([name, props]) => {
      const infos = Object.entries(props).map(([k, t]) => propInfo(k, t));
      const firstResolved = infos.findIndex((p) => p.resolved);
      return firstResolved < 0 ? [] : infos.slice(firstResolved).filter((p) => !p.resolved).map((p) => `${name}.${p.name}`);
    });
    expect(late).toEqual([]);
    // `resolved(...)` already means optional: a `?` on one would read as a parsed property.
    const marked = all.flatMap(([name, props]) => Object.entries(props).filter(([k, t]) => k.endsWith("?") && typeof t === "object" && "resolved" in t).map(([k]) => `${name}.${k}`));
    expect(marked).toEqual([]);
  });

  it("are what both parsers make of every bundled file and the docs' examples, property for property, in order", () => {
    const problems: string[] = [];
    let decls = 0;
    for (const enabled of [true, false]) {
      fastParser.enabled = enabled;
      for (const input of baseInputs()) {
        const parsed = parseFile(input.name, input.text);
        // A file with errors (the docs' `rules-error` blocks) keeps the declarations that parsed.
        const file = parsed.file ?? parsed.recovered;
        decls += file?.decls.length ?? 0;
        for (const p of shapeProblems(file, "file", false)) problems.push(`${enabled ? "fast" : "chevrotain"} ${input.name}${p}`);
      }
    }
    expect(decls).toBeGreaterThan(2000);
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it("are what the parser recovers from broken text: every tenth input of the golden corpus's mutated ones", () => {
    // test/syntax/fast-parser.test.ts holds both paths to one JSON on all of them; a piece with an error is
    // the Chevrotain path's in either, so one path is read here.
    const inputs = mutatedInputs(golden.bases).filter((_, i) => i % 10 === 0);
    expect(inputs.length).toBeGreaterThan(90);
    const problems: string[] = [];
    let broken = 0;
    for (const input of inputs) {
      const parsed = parseFile(input.name, input.text);
      if (!parsed.file) broken++;
      for (const p of shapeProblems(parsed.file ?? parsed.recovered, "file", false)) problems.push(`${input.name}${p}`);
    }
    expect(broken).toBeGreaterThan(30);
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it("are the checked trees of every bundled system, resolution included", () => {
    const problems: string[] = [];
    const resolvedSeen = new Set<string>();
    for (const root of readdirSync("rules").map((d) => `rules/${d}`)) {
      const c = compile([root], nodeHost);
      expect(c.programs?.length, root).toBeGreaterThan(0);
      for (const files of c.programs!) {
        for (const f of files) for (const p of shapeProblems(f, "file", true)) problems.push(`${root} ${f.path}${p}`);
        JSON.stringify(files, (k, v: unknown) => {
          if (["ref", "slot", "id", "frameSize", "eventRef", "targetRef", "resultSlot", "field", "builtin", "index", "holderIndex", "paramIndex"].includes(k)) resolvedSeen.add(k);
          return v;
        });
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    // The walk saw the checker's writing, not trees without it.
    expect([...resolvedSeen].sort()).toEqual(expect.arrayContaining(["builtin", "eventRef", "field", "frameSize", "id", "ref", "resultSlot", "slot", "targetRef"]));
  });

  it("make a saved-program schema in which only nodes validated on their own nest: no definition reaches itself by `$ref`", () => {
    // A shape that held itself by `$ref` would make ajv recurse once per level of untrusted JSON.
    const defs = savedProgramSchema()["definitions"] as Record<string, unknown>;
    const refsOf = (schema: unknown): string[] =>
      typeof schema !== "object" || schema === null
        ? []
        : Object.entries(schema).flatMap(([k, v]) => (k === "$ref" ? [String(v).replace("#/definitions/", "")] : refsOf(v)));
    const cycles: string[] = [];
    const visit = (name: string, path: string[]) => {
      if (path.includes(name)) return void cycles.push([...path, name].join(" > "));
      for (const next of new Set(refsOf(defs[name]))) visit(next, [...path, name]);
    };
    for (const name of Object.keys(defs)) visit(name, []);
    expect(Object.keys(defs).length).toBeGreaterThan(15);
    expect(cycles).toEqual([]);
    expect(refsOf({ a: { $ref: "#/definitions/x" }, b: [{ node: "expr" }] })).toEqual(["x"]);
  });

  it("find an undeclared property, a missing one, one out of order and a resolved one in a parse", () => {
    const file = parseFile("m.rules", "fn f(x: int) -> int = x + 1\n").file;
    expect(shapeProblems(file, "file", false)).toEqual([]);
    const body = () => JSON.parse(JSON.stringify(file)) as { decls: [{ body: Record<string, unknown> }] };
    const extra = body();
    extra.decls[0].body["code"] = "1";
    expect(shapeProblems(extra, "file", false)).toEqual(["/decls/0/body: `code` is not declared"]);
    const missing = body();
    delete missing.decls[0].body["right"];
    expect(shapeProblems(missing, "file", false)).toEqual(["/decls/0/body: has no `right`"]);
    const reordered = body();
    const { op, ...rest } = reordered.decls[0].body;
    reordered.decls[0].body = { ...rest, op };
    expect(shapeProblems(reordered, "file", false)).toEqual(["/decls/0/body: `op` is written after `span`, declared before it"]);
    const resolvedInParse = body();
    (resolvedInParse.decls[0] as Record<string, unknown>)["id"] = 0;
    expect(shapeProblems(resolvedInParse, "file", false)).toEqual(["/decls/0: `id` is resolved, in a tree just parsed"]);
    expect(shapeProblems(resolvedInParse, "file", true)).toEqual([]);
  });
});

describe("a regular statement's form and its shape", () => {
  it("give both parsers every parsed property of the shape, in the shape's order", () => {
    const move = statementPlans.get("moveStmt")!;
    expect(move.props.map((p) => `${p.name}:${p.read}`)).toEqual(["item:expr", "source:expr", "target:expr", "span:span"]);
    const forPlan = statementPlans.get("forStmt")!;
    expect(forPlan.props.filter((p) => p.optional).map((p) => p.name)).toEqual(["to", "where"]);
    expect(Object.keys(new forPlan.Node(["n", "f", "b", "s", undefined, "w"]))).toEqual(["kind", "name", "from", "body", "span", "where"]);
  });

  it("that disagree stop the plan, naming the statement and the property", () => {
    const plan = (keyword: string, form: Part[]) => () => statementPlan({ keyword, reserved: "starts a statement", form });
    expect(plan("add", [expr("item"), "to", expr("list")])).not.toThrow();
    // A word no statement can ever be (a keyword has no hyphen), so adding a statement never edits this test.
    expect(plan("no-such-statement", [expr("list")])).toThrow("the statement `no-such-statement`: its form has no node shape of that kind");
    expect(plan("add", [expr("item"), "to", expr("lst")])).toThrow("the statement `add`: no part of its form gives the property `list`");
    expect(plan("add", [expr("item"), "to", expr("list"), optional("by", expr("by"))])).toThrow("the statement `add`: its form labels `by`, which its shape does not have");
    expect(plan("add", [expr("item"), "to", name("list")])).toThrow("the statement `add`: its part `list` reads name, but the shape's `list` is expr");
    expect(plan("add", [expr("item"), optional("to", expr("list"))])).toThrow("the statement `add`: its part `list` is optional, but the shape's `list` is not optional");
  });
});
