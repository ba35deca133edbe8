// Generators shared by the property tests (test/whole/property.test.ts) and the fuzzer (scripts/fuzz.ts):
// a valid sample program to mutate, character- and token-level mutations, and random checked programs.
import fc from "fast-check";

/** A valid program that touches most of the language: the seed for mutations. */
export const SAMPLE = `/// Which side a unit fights on.
enum Side { attacker, defender }
/// What a die face shows.
enum Icon { melee, save, maneuver }
/// A custom die: a face is a tally of icons.
die Footman of Icon = [Icon(melee: 1), Icon(melee: 2), Icon(save: 1), Icon(maneuver: 1)]
/// A unit.
kind Unit {
  name: text
  hp: int in 0..4 = 2
  strength: int in 1..30 = 5
  side: Side = Side.attacker
  tags: list<text>
  dieType: die<Icon> = Footman
  results: tally<Icon>
}
state { units: list<Unit>, dead: list<Unit>, round: int = 0 }
status stunned until RoundEnd
status dazed for 2 RoundEnd
event RoundEnd() { round += 1 }
event Killed(u: Unit) { move u from units to dead }
instead of Killed when u.name == "lich" order 1 { u.hp = 1 }
before RoundEnd { say "round ends" }
on Killed { say "killed " + u.name }
value power(u: Unit) -> int = u.strength
modifier stunnedPenalty for power when u has stunned : add -2
modifier rage for power when u.hp == 1 : double
modifier cap for power : atMost 20
value results(face: tally<Icon>, high: bool) -> tally<Icon> = face
modifier drilled for results : count Icon.maneuver as Icon.save
modifier highland for results when high : double Icon.save
modifier reinforced for results when round > 0 : add Icon(melee: 1)
table medal(m: int in 0..2) -> int { 0 => 30, 1 => 26, 2 => 22 }
fn attack(u: Unit, target: Unit) -> bool {
  let r = roll d20
  if r <= power(u) { target.hp = max(0, target.hp - 1) } else if r == 20 { apply stunned to u }
  if target.hp == 0 { emit Killed(target) }
  return target.hp == 0
}
fn alive() -> int = count(u in units where u.hp > 0)
fn strongest() -> int = max(u in units => power(u) else 0)
fn battle() -> int {
  let n = 0
  while n < 10 and alive() > 1 {
    for u in units { if u.hp > 0 { let t = first(x in units where x != u and x.hp > 0 else u)
      attack(u, t) } }
    emit RoundEnd()
    n += 1
  }
  return alive()
}
example "stacking" {
  let u = Unit(name: "orc", strength: 12, hp: 1)
  expect power(u) == 20
  apply stunned to u
  expect power(u) == 20
  emit RoundEnd()
  expect not (u has stunned)
}
example "dice" {
  let u = Unit(name: "x")
  force dice [4, 3]
  u.results = results(roll u.dieType + roll Footman, true)
  expect u.results == Icon(save: 4) and u.results.melee == 0
}
example "combat" {
  let a = Unit(name: "a")
  let b = Unit(name: "b", hp: 1)
  add a to units
  add b to units
  force dice [3]
  expect attack(a, b)
  expect len(dead) == 1
  expect medal(1) + sum(u in units => u.hp) == 28
  force choices ["stay"]
  expect (choose "withdraw?" from ["stay", "go"]) == "stay"
}
`;

export const TOKENS = [
  "fn", "kind", "enum", "state", "status", "event", "on", "before", "instead of", "value", "modifier", "table",
  "example", "let", "if", "else", "while", "for", "in", "return", "emit", "apply", "clear", "add", "remove",
  "move", "expect", "force", "say", "roll", "choose", "from", "to", "has", "where", "and", "or", "not", "until",
  "{", "}", "(", ")", "[", "]", ",", ":", ";", ".", "..", "=", "==", "=>", "->", "+=", "+", "-", "*", "/", "%",
  "<", ">", "_", "d20", "2d6", "0", "1", "99999999999999999999", "-1", '"x"', '"', "///", "//", "\n", " ",
  "x", "u", "Unit", "hp", "Side.attacker", "units", "@", "#", "\\", "\t", "\r\n", "\u00e9", "\ud83d\ude00",
  "die", "as", "count", "double", "tally", "tally<Icon>", "die<Icon>", "Icon", "Icon.save", "Icon(melee: 1)", "Footman",
];

export const token = fc.constantFrom(...TOKENS);
export const junk = fc.oneof(fc.string({ maxLength: 6 }), token);

export type Mutation = { kind: "delete"; at: number; length: number } | { kind: "insert"; at: number; text: string } | { kind: "duplicate"; at: number; length: number; to: number };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), text: junk }),
  fc.record({ kind: fc.constant("duplicate" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }), to: fc.nat() }),
);

export function mutate(text: string, ms: Mutation[]): string {
  let t = text;
  for (const m of ms) {
    const at = t.length === 0 ? 0 : m.at % (t.length + 1);
    if (m.kind === "delete") t = t.slice(0, at) + t.slice(at + m.length);
    else if (m.kind === "insert") t = t.slice(0, at) + m.text + t.slice(at);
    else {
      const piece = t.slice(at, at + m.length);
      const to = t.length === 0 ? 0 : m.to % (t.length + 1);
      t = t.slice(0, to) + piece + t.slice(to);
    }
  }
  return t;
}

/** A function body nested `depth` levels deep in brackets, `not`, minus signs, blocks or calls. */
export const deepNesting = fc.tuple(fc.integer({ min: 1, max: 3000 }), fc.constantFrom("(", "[", "not ", "-", "if true { ", "f(")).map(([depth, open]) => {
  const close = open === "(" || open === "f(" ? ")" : open === "[" ? "]" : open === "if true { " ? "}" : "";
  const text = open === "if true { " ? `fn g() { ${open.repeat(depth)}${close.repeat(depth)} }` : `fn g() -> int = ${open.repeat(depth)}1${close.repeat(depth)}`;
  return `fn f(n: int) -> int = n\n${text}`;
});

/** Swaps, drops or repeats whole tokens of the sample, which keeps the text closer to a program. */
export const tokenEdit = fc.array(fc.tuple(fc.nat(), fc.constantFrom("drop", "repeat", "swap", "replace"), token), { minLength: 1, maxLength: 4 });
export function editTokens(text: string, edits: [number, string, string][]): string {
  const parts = text.split(/(\s+)/);
  for (const [n, op, tok] of edits) {
    const i = n % parts.length;
    if (op === "drop") parts.splice(i, 1);
    else if (op === "repeat") parts.splice(i, 0, parts[i]!);
    else if (op === "swap" && i + 2 < parts.length) [parts[i], parts[i + 2]] = [parts[i + 2]!, parts[i]!];
    else parts[i] = tok;
  }
  return parts.join("");
}

/**
 * Integer expressions over `a`, `b` (ints), `xs` (a list of ints), the table `t`, and tallies: counts
 * read from rolls of the custom die `Footman` and from `results`, a tally value with modifiers.
 */
export const intExpr: fc.Arbitrary<string> = fc.letrec<{ int: string; bool: string }>((tie) => ({
  int: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.integer({ min: -20, max: 20 }).map(String),
    fc.constantFrom("a", "b", "len(xs)", "roll d6", "roll 2d4", "t(clamp(a, 1, 4))"),
    fc.tuple(tie("int"), fc.constantFrom("+", "-", "*", "/", "%"), tie("int")).map(([l, op, r]) => `(${l} ${op} ${r})`),
    fc.tuple(tie("bool"), tie("int"), tie("int")).map(([c, x, y]) => `(if ${c} then ${x} else ${y})`),
    tie("int").map((x) => `abs(${x})`),
    tie("int").map((x) => `xs[abs(${x}) % len(xs)]`),
    tie("bool").map((c) => `count(x in xs where ${c.replace(/\ba\b/g, "x")})`),
    tie("int").map((x) => `sum(x in xs => ${x})`),
    tie("int").map((x) => `max(x in xs => ${x} else 0)`),
    fc.tuple(fc.constantFrom("melee", "save", "maneuver"), tie("int")).map(([m, x]) => `results(roll Footman + Icon(maneuver: abs(${x})), ${x}).${m}`),
    fc.tuple(fc.constantFrom("melee", "save", "maneuver"), tie("int"), tie("int")).map(([m, x, y]) => `(Icon(melee: abs(${x}), save: abs(${y})) + roll Footman)[Icon.${m}]`),
  ),
  bool: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom("true", "false", "chance(50)", "(roll Footman == Icon(save: 1))", "(roll Footman != Icon())"),
    fc.tuple(tie("int"), fc.constantFrom("<", "<=", "==", "!=", ">", ">="), tie("int")).map(([l, op, r]) => `(${l} ${op} ${r})`),
    fc.tuple(tie("bool"), fc.constantFrom("and", "or"), tie("bool")).map(([l, op, r]) => `(${l} ${op} ${r})`),
    tie("bool").map((c) => `not ${c}`),
  ),
})).int;

export const stmt: fc.Arbitrary<string> = fc.oneof(
  intExpr.map((e) => `a = ${e}`),
  intExpr.map((e) => `b += ${e}`),
  intExpr.map((e) => `add ${e} to xs`),
  fc.tuple(intExpr, intExpr).map(([x, y]) => `if ${x} > ${y} { a -= 1 } else { b = ${y} }`),
  fc.tuple(fc.integer({ min: 0, max: 5 }), intExpr).map(([n, e]) => `for i in 1..${n} { a += ${e} }`),
  intExpr.map((e) => `while a < ${e} { a += 1 }`),
  intExpr.map((e) => `say ${e}`),
  fc.constant("a = t(clamp(b, 1, 4))"),
);

export const randomProgram = fc.tuple(fc.array(stmt, { minLength: 1, maxLength: 8 }), intExpr, fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 4 })).map(
  ([body, result, forced]) => `
table t(n: int in 1..4) -> int { 1 => 3, 2..3 => n * 2, _ => 0 }
enum Icon { melee, save, maneuver }
die Footman of Icon = [Icon(melee: 1), Icon(melee: 2), Icon(save: 1), Icon(maneuver: 1)]
value results(face: tally<Icon>, n: int) -> tally<Icon> = face
modifier drilled for results when n > 0 : count Icon.maneuver as Icon.save
modifier walls for results when n % 2 == 0 : double Icon.save
modifier reinforced for results when n < 0 : add Icon(melee: 1)
modifier routed for results when n == 7 : set Icon()
fn run(a0: int) -> int {
  let a = a0
  let b = 1
  let xs: list<int> = [1, 2, 3]
  ${body.join("\n  ")}
  return ${result}
}
example "random" {
  ${forced.length ? `force dice [${forced.join(", ")}]` : ""}
  let r = run(2)
  expect r == r
}
`,
);
