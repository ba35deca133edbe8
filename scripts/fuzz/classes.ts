// The classes of hostile input that once broke rulesmith (issue 14), as text generators that need no
// bundled content: JavaScript object names used as rules names, numbers at and past the exact range, long
// `else if` chains, runaway loops, and edits that make a scenario's state JSON bad. The fuzzer
// (scripts/fuzz/inputs.ts) lays them over the bundled content; test/whole/fuzz-classes.test.ts runs a few of
// each in `npm test`.
import fc from "fast-check";

/** Names JavaScript objects already have: each must be an ordinary name in rules and state. */
export const OBJECT_NAMES = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "prototype", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "__defineGetter__", "__lookupGetter__", "length", "name"];
const objectName = fc.oneof(fc.constantFrom(...OBJECT_NAMES), fc.stringMatching(/^[a-z_][a-zA-Z0-9_]{0,6}$/));

/** Declarations, fields, members, statuses, locals and calls named with object names, in one program (some parts dropped). */
export const objectNamesText: fc.Arbitrary<string> = fc
  .tuple(fc.array(objectName, { minLength: 6, maxLength: 6 }), fc.subarray([0, 1, 2, 3, 4, 5, 6, 7, 8]))
  .map(([[k, f, m, s, l, g], drop]) => {
    const parts = [
      `enum E { ${m}, other }`,
      `kind ${k} { ${f}: int = 1\n  t: tally<E> }`,
      `status ${s}`,
      `state { ${g}: list<${k}>, n: int = 0 }`,
      `fn ${l}() -> int = 1`,
      `value ${f}Of(x: ${k}) -> int = x.${f}`,
      `say ${m}()\nsay toString()`,
      `fn use() -> int {\n  let ${l}2 = ${k}(${f}: 2)\n  ${l}2.t = E(${m}: 3)\n  apply ${s} to ${l}2\n  add ${l}2 to ${g}\n  return ${l}2.${f} + ${l}2.t.${m} + ${l}()\n}`,
      `example "names" {\n  expect use() == 6\n  expect len(${g}) == 1 and ${g}[0] has ${s}\n}`,
    ];
    return parts.filter((_, i) => !drop.includes(i)).join("\n");
  });

const hugeNumber = fc.oneof(
  fc.constantFrom("9007199254740991", "9007199254740992", "9007199254740993", "99999999999999999999999999", "1" + "0".repeat(400), "0", "-0", "-9007199254740991"),
  fc.bigInt().map(String),
  fc.integer().map(String),
);

/** Arithmetic at and past the exact range, repeated squaring, and huge literals in ranges, tables and dice. */
export const hugeNumbersText: fc.Arbitrary<string> = fc
  .tuple(hugeNumber, hugeNumber, fc.constantFrom("+", "-", "*", "/", "%"), fc.constantFrom("+", "*"))
  .map(
    ([a, b, op, grow]) => `kind K { n: int in ${a}..${b} = 0 }
table tb(x: int in 0..${b}) -> int { 0 => ${a}, _ => ${b} }
fn f() -> int = ${a} ${op} ${b}
fn grow() -> int {
  let n = ${a}
  while n != 0 { n = n ${grow} n }
  return n
}
example "numbers" {
  expect f() == f()
  expect grow() == 0
  let k = K(n: ${b})
  k.n = ${a} ${op} 1
  expect tb(${b}) == ${b}
  expect roll ${b.replace(/^-/, "")}d${a.replace(/^-/, "")} >= 0
}
`,
  );

/** The text of an `else if` chain of `n` branches, and an example that takes the last. */
export function elseIfChain(n: number): string {
  const branches = Array.from({ length: n }, (_, i) => `if x == ${i} { return ${i * 2} }`).join(" else ");
  return `fn f(x: int) -> int {\n  ${branches} else { return -1 }\n}\nexample "last" { expect f(${n - 1}) == ${2 * (n - 1)} }\n`;
}

/** `if n == 0 { ... } else if n == 1 { ... }` with up to `max` branches (3,000 is past the 2,000 that once failed). */
export const elseIfChainText = (max: number): fc.Arbitrary<string> => fc.integer({ min: 1, max }).map(elseIfChain);

/** Loop and recursion bodies that never stop, growing lists, texts, tallies and numbers as they go. */
export const RUNAWAY_BODIES = [
  `let xs = [1]\n  while true { xs = xs + xs }`,
  `let s = "ab"\n  while true { s = s + s }`,
  `let t = E(a: 1)\n  while true { t = t + t }`,
  `let n = 2\n  while true { n = n * n }`,
  `let xs = [1]\n  while true { add len(xs) to xs }`,
  `let s = "x"\n  for i in 1..1000000000 { s = s + s + "${"y".repeat(10)}" }`,
  `let xs = ["${"z".repeat(1000)}"]\n  while true { xs = xs + xs\n    say xs }`,
  `say r(1)`,
  `while true { }`,
  `for i in 1..9007199254740991 { for j in 1..9007199254740991 { } }`,
];

/** A runaway body in an example, or in a function an example calls. */
export function runawayProgram(body: string, inExample: boolean): string {
  const head = `enum E { a, b }\nfn r(n: int) -> int = r(n + 1) + 1\n`;
  return inExample ? `${head}example "runaway" {\n  ${body}\n}\n` : `${head}fn go() {\n  ${body}\n}\nexample "runaway" {\n  go()\n}\n`;
}

export const runawayText: fc.Arbitrary<string> = fc.tuple(fc.constantFrom(...RUNAWAY_BODIES), fc.boolean()).map(([body, inExample]) => runawayProgram(body, inExample));

// ---- bad state JSON ----------------------------------------------------------------------------

/** Stands for raw JSON text (`1e400`) that JSON.stringify cannot write, until the text is assembled. */
const RAW = "\u0000raw:";

/** Values that do not belong: wrong types, numbers JSON.parse cannot hold, deep nesting, bad references, object names. */
export const badValue = (maxDepth: number): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(null, true, false, "", "x", [], {}, 0, -1, 1.5, [1, "a"], { a: 1 }),
    fc.integer({ min: 0, max: 6 }),
    fc.constantFrom(`${RAW}1e400`, `${RAW}-1e400`, `${RAW}9007199254740993`, `${RAW}123456789012345678901234567890`, `${RAW}1e-400`, `${RAW}-0`),
    fc.tuple(fc.integer({ min: 10, max: maxDepth }), fc.boolean()).map(([d, arr]) => `${RAW}${arr ? "[".repeat(d) + "]".repeat(d) : '{"a":'.repeat(d) + "1" + "}".repeat(d)}`),
    fc.constantFrom<unknown>({ $ref: "nowhere" }, { $ref: 3 }, { $id: "dup" }, { $ref: "dup" }, { $id: "" }, { $ref: "" }),
    fc.constantFrom(...OBJECT_NAMES).map((n) => JSON.parse(`{"${n}": 1}`) as unknown),
    fc.jsonValue({ maxDepth: 3 }),
  );

export type StateEdit = { path: number; op: "replace" | "copy" | "delete" | "rename" | "add"; value: unknown; name: string };

/** One edit somewhere below a scenario's `state`; `maxDepth` bounds the nesting of deep values. */
export const stateEdit = (maxDepth = 6000): fc.Arbitrary<StateEdit> =>
  fc.record({
    path: fc.nat(),
    op: fc.constantFrom("replace", "copy", "copy", "delete", "rename", "add"),
    value: badValue(maxDepth),
    name: fc.oneof(fc.constantFrom(...OBJECT_NAMES), fc.string({ maxLength: 4 })),
  });

/** Every container below `state` in a parsed scenario, with its keys, so an edit can pick one. */
function places(v: unknown, out: [object, string][] = []): [object, string][] {
  if (typeof v === "object" && v !== null) {
    for (const k of Object.keys(v)) {
      out.push([v, k]);
      places((v as Record<string, unknown>)[k], out);
    }
  }
  return out;
}

/** A scenario's text with the edits made to its state (object names set as own keys, raw numbers written raw). */
export function editState(text: string, edits: readonly StateEdit[]): string {
  const scenario = JSON.parse(text) as { state: Record<string, unknown> };
  for (const e of edits) {
    const all = places(scenario.state);
    if (all.length === 0) break;
    const [holder, key] = all[e.path % all.length]!;
    const h = holder as Record<string, unknown>;
    // A copy of the edit's value: fast-check gives the same object to every input that draws a constant
    // (`{ $id: "dup" }`), so putting it in as it is would let one edit put it inside itself (a cycle
    // JSON cannot write) and let one input's edits change the next input's constants.
    const value = structuredClone(e.value);
    if (e.op === "replace") h[key] = value;
    // Another place's value: often the right type (a unit where a unit goes), so more states validate and run.
    else if (e.op === "copy") {
      const [from, fromKey] = all[(e.path * 7 + 3) % all.length]!;
      h[key] = structuredClone((from as Record<string, unknown>)[fromKey]);
    } else if (e.op === "delete") Array.isArray(h) ? h.splice(Number(key), 1) : delete h[key];
    else if (e.op === "rename" && !Array.isArray(h)) {
      Object.defineProperty(h, e.name, { value: h[key], enumerable: true, configurable: true, writable: true });
      delete h[key];
    } else if (Array.isArray(h)) h.push(value);
    else Object.defineProperty(h, e.name, { value, enumerable: true, configurable: true, writable: true });
  }
  return JSON.stringify(scenario, null, 1).replace(/"\\u0000raw:((?:[^"\\]|\\.)*)"/g, (_, raw: string) => JSON.parse(`"${raw}"`) as string);
}
