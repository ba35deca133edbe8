// The standard library's built-ins, one entry each, with everything every phase needs of it side by side
// (as json-logic-engine keeps an operator's `method` and `compile` together): the signature the checker
// reads and the language service shows (parameters, result type, doc, any check beyond the types), the
// implementation both engines run, and how generated code calls it. The entries live in core, the one
// layer both the checker and the runtime may import, so an implementation works on core's values
// (values.ts) and sees of the running program only `LibraryRun`, which the runtime's `Machine` extends.
// Adding a built-in is adding its entry here (docs/design.md, "Adding a built-in"). Nothing here knows a
// particular game.
import type * as A from "./ast.ts";
import { checkText, exact, ITEMS_PER_STEP, MAX_DICE } from "./limits.ts";
import { showExpr } from "./show-expr.ts";
import { ANY, BOOL, INT, TEXT, assignable, listOf, typeToString, type Type } from "./types.ts";
import { Entity, RuleError, showValue, valuesEqual, type Die, type Tally, type Value } from "./values.ts";
import { levelOf } from "./statuses.ts";

/** What a built-in may use of the running program: its dice, its trace and its step budget. */
export interface LibraryRun {
  /** Whether the trace is kept: a built-in skips building a message when it is not. */
  readonly tracing: boolean;
  readonly dice: {
    roll(sides: number, span: A.Span): { value: number; forced: boolean };
    /** Dice rolled so far in the run. */
    readonly rolled: number;
  };
  /** Counts one step against the budget. */
  tick(span: A.Span): void;
  /** Counts `n` more steps at once (the dice of one roll). */
  charge(n: number, span: A.Span): void;
  /** A text of `n` characters just made, against the run's memory budget. */
  allocate(n: number, span: A.Span): void;
  note(kind: "roll", message: () => string, span: A.Span): void;
  /** A custom die's faces, in order: worked out once (they are constants) and kept. */
  faces(die: Die): readonly Tally[];
}

/** A problem a built-in's own check finds in a call: reported as E0201 at `span`. */
export interface CallProblem {
  span: A.Span;
  message: string;
  /** The argument may be `none` where only a value will do: the checker says so as E0240, with how to narrow it. */
  mayBeNone?: A.Expr;
}

export type BuiltinFunction = {
  params: { name: string; type: Type }[];
  /** The result type, given the argument types (for functions generic in a list's element). */
  returns: (args: Type[]) => Type;
  doc: string;
  /**
   * Checks beyond the parameters' types, given the argument types in parameter order, the arguments as
   * written, and the checker's reading of a whole-number constant.
   */
  check?: (types: Type[], args: readonly A.Arg[], constant: (e: A.Expr) => number | undefined) => CallProblem[];
  /**
   * Its version for members of one enum (`max(a.size, b.size)`), given the enum's members in order: the
   * checker resolves such a call to the enum (the call's `ref`), and every engine calls this instead.
   */
  members?: (order: readonly A.Name[], args: Value[]) => Value;
} & (
  /** A function of its arguments alone: generated code calls it straight, with the arguments one by one. */
  | { pure: (...args: never[]) => Value; run?: undefined }
  /** Needs the run (dice, trace, budget) or the call's span: called with the arguments in parameter order. */
  | { run: (vm: LibraryRun, args: Value[], span: A.Span) => Value; pure?: undefined }
);

/** One die of several as the trace shows it: its value, marked when a `force dice` gave it. */
export const shownDie = (r: { value: number; forced: boolean }): string => (r.forced ? `${r.value} (forced)` : String(r.value));

/** `min` and `max`: two numbers, or two members of one enum (the checker holds them to one of the two). */
const ORDERED_PAIR = [
  { name: "a", type: ANY },
  { name: "b", type: ANY },
];
const orderedResult = (types: Type[]): Type => types.find((t) => t?.t === "enum") ?? INT;
const placeOf = (order: readonly A.Name[], v: Value | undefined) => order.findIndex((m) => m.text === v);
const elementOf = (t: Type | undefined): Type => (t?.t === "list" ? t.of : ANY);
const int = (name: string) => ({ name, type: INT });
/** A status named as a value: any status fits the type; the check asks for its number. */
const STATUS_PARAM = { name: "status", type: { t: "status", name: "status", level: true } as Type };

export const builtins: Record<string, BuiltinFunction> = {
  min: {
    params: ORDERED_PAIR,
    returns: orderedResult,
    doc: "The smaller of two numbers, or the earlier of two members of one enum (`min(a.size, b.size)`: an enum is ordered by its declaration).",
    pure: Math.min as (a: number, b: number) => number,
    members: (order, [a, b]) => (placeOf(order, b) < placeOf(order, a) ? b! : a!),
  },
  max: {
    params: ORDERED_PAIR,
    returns: orderedResult,
    doc: "The larger of two numbers, or the later of two members of one enum (`max(a.size, b.size)`: an enum is ordered by its declaration).",
    pure: Math.max as (a: number, b: number) => number,
    members: (order, [a, b]) => (placeOf(order, b) > placeOf(order, a) ? b! : a!),
  },
  abs: { params: [int("n")], returns: () => INT, doc: "The number without its sign.", pure: Math.abs },
  clamp: {
    params: [int("n"), int("low"), int("high")],
    returns: () => INT,
    doc: "`n` limited to `low..high`.",
    pure: (n: number, low: number, high: number): number => Math.min(Math.max(n, low), high),
  },
  chance: {
    params: [int("percent")],
    returns: () => BOOL,
    doc: "Rolls a d100 and is true when the roll is at most `percent`: a percentage chance, traced like any roll.",
    run: (vm, [percent], span) => {
      const r = vm.dice.roll(100, span);
      const hit = r.value <= (percent as number);
      if (vm.tracing) vm.note("roll", () => `chance ${percent}%: d100 -> ${r.value}${r.forced ? " (forced)" : ""}, ${hit ? "success" : "failure"}`, span);
      return hit;
    },
  },
  isqrt: {
    params: [int("n")],
    returns: () => INT,
    doc: "The whole square root of `n` rounded down: the largest `r` with `r * r <= n`. Exact on the whole range; R0501 for a negative `n`.",
    run: (_vm, [n], span) => {
      const v = n as number;
      if (v < 0) throw new RuleError("R0501", `\`isqrt\` of a negative number (${v})`, span);
      // Math.sqrt may be one off near 2^53; BigInt squares settle it exactly.
      let r = BigInt(Math.floor(Math.sqrt(v)));
      const big = BigInt(v);
      while (r * r > big) r -= 1n;
      while ((r + 1n) * (r + 1n) <= big) r += 1n;
      return Number(r);
    },
  },
  len: { params: [{ name: "items", type: listOf(ANY) }], returns: () => INT, doc: "How many items a list holds.", pure: (items: Value[]): number => items.length },
  range: {
    params: [int("low"), int("high")],
    returns: () => listOf(INT),
    doc: "The whole numbers from `low` to `high`, both included, in order (as `A..B` is in a `for`), empty when `low > high`: so an aggregate can go over positions or counts, such as `first(n in range(0, len(xs) - 1) where xs[n] > 2 else -1)`.",
    // As long a list as the numbers: charged to the run's step and memory budgets (R0502, R0506) as a copy of a list is, before the list is made.
    run: (vm, [low, high], span) => {
      const a = low as number;
      const n = Math.max(0, (high as number) - a + 1);
      vm.charge(Math.floor(n / ITEMS_PER_STEP), span);
      vm.allocate(n, span);
      return Array.from({ length: n }, (_, i) => a + i);
    },
  },
  contains: {
    params: [{ name: "items", type: listOf(ANY) }, { name: "item", type: ANY }],
    returns: () => BOOL,
    doc: "Whether the list holds the item.",
    // An item that can never be in the list is a predicate that silently never holds, so say so.
    check: ([list, item], args) => {
      const itemArg = args[1];
      if (list?.t === "list" && item && itemArg && !assignable(item, list.of) && !assignable(list.of, item)) {
        return [{ span: itemArg.span, message: `${typeToString(list)} can never contain ${typeToString(item)}, so this is always false` }];
      }
      return [];
    },
    run: (_vm, [items, item]) => (items as Value[]).some((x) => valuesEqual(x, item)),
  },
  str: { params: [{ name: "value", type: ANY }], returns: () => TEXT, doc: "The value as text, for `say`.", run: (vm, [value], span) => {
      const text = checkText(showValue(value), span);
      vm.allocate(text.length, span);
      return text;
    } },
  rollEach: {
    params: [int("count"), int("sides")],
    returns: () => listOf(INT),
    doc: "Rolls `count` dice of `sides` sides and gives each die apart, in the order rolled: a dice pool, to sort, compare pair by pair or count successes in. Traced, and forceable, like `roll(count, sides)`.",
    // As `roll(0, 6)` is: a constant that can never roll is an error before anything runs.
    check: (_types, args, constant) => {
      const [count, sides] = [args[0], args[1]].map((a) => (a && a.kind !== "comprehension" ? a.value : undefined));
      const problems: CallProblem[] = [];
      const n = count ? constant(count) : undefined;
      if (n !== undefined && (n < 0 || n > MAX_DICE)) problems.push({ span: count!.span, message: `a pool holds 0 to ${MAX_DICE} dice, not ${n}` });
      const s = sides ? constant(sides) : undefined;
      if (s !== undefined && s < 1) problems.push({ span: sides!.span, message: `a roll needs at least 1 side, not ${s}` });
      return problems;
    },
    // A pool of none is an empty pool (a side with no dice left).
    run: (vm, [count, sides], span) => {
      const n = count as number;
      if (!Number.isInteger(n) || n < 0 || n > MAX_DICE) throw new RuleError("R0501", `cannot roll ${n} dice`, span);
      // The dice's own check, also for a pool of none.
      if (!Number.isInteger(sides) || (sides as number) < 1) throw new RuleError("R0501", `cannot roll a die with ${sides} sides`, span);
      if (n > 1) vm.charge(n - 1, span);
      const results = Array.from({ length: n }, () => vm.dice.roll(sides as number, span));
      if (vm.tracing) vm.note("roll", () => `rollEach ${n}d${sides} -> [${results.map(shownDie).join(", ")}]`, span);
      return results.map((r) => r.value);
    },
  },
  rollCount: {
    params: [],
    returns: () => INT,
    doc: "How many dice have been rolled in this run so far: lets an example say that something rolled no die, or exactly two.",
    run: (vm) => vm.dice.rolled,
  },
  faces: {
    params: [{ name: "die", type: ANY }],
    returns: ([d]) => {
      const die = d?.t === "optional" ? d.of : d;
      return listOf(die?.t === "die" ? { t: "tally", of: die.of } : ANY);
    },
    doc: "A custom die's faces, in order (face 1 first), each the tally it shows: so a rule can ask what a die can show, such as `any(f in faces(d) where f[icon] > 0)`, without a list kept by hand.",
    // Typed as any so that a die of every enum fits; anything but a die is an error here.
    check: ([d], args) => {
      const a = args[0];
      if (!d || !a || d.t === "die" || d.t === "any") return [];
      if (d.t === "optional" && d.of.t === "die" && a.kind !== "comprehension") return [{ span: a.span, message: "`faces` reads a die", mayBeNone: a.value }];
      return [{ span: a.span, message: `\`faces\` reads a custom die, like \`faces(Footman)\`, but this is ${typeToString(d)}` }];
    },
    run: (vm, [die]) => [...vm.faces(die as Die)],
  },
  last: {
    params: [{ name: "items", type: listOf(ANY) }],
    returns: (a) => elementOf(a[0]),
    doc: "The last item of a non-empty list.",
    run: (_vm, [items], span) => {
      const list = items as Value[];
      if (list.length === 0) throw new RuleError("R0501", "`last` of an empty list", span);
      return list[list.length - 1]!;
    },
  },
  statusValue: {
    params: [{ name: "holder", type: ANY }, STATUS_PARAM],
    returns: () => INT,
    doc: "The number a status holds on an entity (`statusValue(u, frightened)`): its instances' first values combined by its stacking policy (their sum under `stacks sum`, the highest otherwise); 0 when it does not hold the status.",
    check: (types, args) => statusValueProblems(types, args),
    run: (_vm, [holder, status], span) => levelOf(holderOf(holder as Value, span), status as string),
  },
  statusValueFrom: {
    params: [{ name: "holder", type: ANY }, STATUS_PARAM, { name: "source", type: ANY }],
    returns: () => INT,
    doc: "As `statusValue`, counting only the instances applied `from:` that source (`statusValueFrom(u, frightened, dragon)`); 0 when none is.",
    check: (types, args) => statusValueProblems(types, args),
    run: (_vm, [holder, status, source], span) => levelOf(holderOf(holder as Value, span), status as string, source as Value),
  },
};

/** The entity a status is read on, or R0501 when the value is none. */
function holderOf(v: Value, span: A.Span): Entity {
  if (v instanceof Entity && !v.record) return v;
  throw new RuleError("R0501", `${showValue(v)} is no entity, so it holds no status`, span);
}

/** `statusValue(u, S)`: `u` an entity, `S` a status whose first parameter is an `int`. */
function statusValueProblems(types: Type[], args: readonly A.Arg[]): CallProblem[] {
  const problems: CallProblem[] = [];
  const [holder, status] = types;
  if (holder && args[0] && holder.t !== "kind" && holder.t !== "any") problems.push({ span: args[0].span, message: `only an entity holds statuses, but this is ${typeToString(holder)}` });
  if (status?.t === "status" && !status.level && args[1]) {
    problems.push({ span: args[1].span, message: `\`${status.name}\` carries no number: declare its first parameter an \`int\`, like \`status ${status.name}(level: int)\`` });
  }
  return problems;
}

/** The built-in function of that name, if there is one (a name from the rules is data: `constructor` is none). */
export function builtinFunction(name: string): BuiltinFunction | undefined {
  return Object.hasOwn(builtins, name) ? builtins[name] : undefined;
}

/** A built-in called with its arguments in parameter order: the tree-walker's way, and any call generated code does not write out. */
export function callBuiltin(vm: LibraryRun, name: string, args: Value[], span: A.Span, members?: readonly A.Name[]): Value {
  const b = builtinFunction(name);
  if (!b) throw new RuleError("R0501", `there is no built-in \`${name}\``, span);
  if (members && b.members) return b.members(members, args);
  return b.pure ? b.pure(...(args as never[])) : b.run(vm, args, span);
}

/**
 * What an aggregate's implementation is given besides the items that matched `where` (in order): the
 * comprehension's `=> value` of each of them, its `else`, and the source's length.
 */
export interface Matched {
  readonly sourceLength: number;
  readonly span: A.Span;
  /** The `=> value` of each item that matched, in order, evaluated now (after every `where`). */
  values(): Value[];
  /** The `else` value, evaluated now; R0501 when there is none (`noItem`). */
  orElse(): Value;
}

/**
 * The names an aggregate's generated form writes with (src/run/compiled/generate-expressions.ts makes
 * them): the loop over the source has run, keeping the items that matched as its `keeps` says.
 */
export interface AggregateText {
  /** How many matched (`keeps: "count"`), or which: a list, undefined when none did (`"first-made"`). */
  readonly matching: string;
  readonly source: string;
  /** The aggregate's span, as a constant. */
  readonly span: string;
  /** A statement: when none matched, return the `else` value, or throw `noItem`'s error. */
  empty(): string;
  temp(): string;
  loop(): string;
  /** A loop over the items that matched, in order, running `use` on the text of each one's `=> value`. */
  eachValue(use: (value: string) => string): string[];
  /** A value of this file as a constant of the generated text. */
  constant(v: unknown): string;
}

export interface Aggregate {
  doc: string;
  /** Needs `=> value`, to say `what` (the E0209 message: "to add up"), a number, or any value that goes into a list. */
  yields?: { what: string; into: "int" | "list" };
  /** Needs `where condition`. */
  needsWhere?: boolean;
  /** Takes `else value`, its result when no item matches. */
  takesElse?: boolean;
  /** Stops at the first item that matches. */
  stopsAtFirst?: boolean;
  /** The result type, given the source's element type and the `=> value`'s type. */
  result: (element: Type, yields: Type | undefined) => Type;
  /** The result, given the items that matched `where`, in order. */
  run: (items: Value[], m: Matched) => Value;
  /**
   * How generated code computes it, after a loop that counts the items that matched, lists them, or
   * lists them from the first that matched (undefined until then): the statements that end the
   * function. Without one, generated code calls the aggregate's closure, which runs `run`.
   */
  generated?: { keeps: "count" | "list" | "first-made"; result: (t: AggregateText) => string[] };
}

/** `first`, `min` or `max` over no item, with no `else`. */
export function noItem(name: string, source: A.Expr, span: A.Span): RuleError {
  return new RuleError("R0501", `\`${name}\` found no item in \`${showExpr(source)}\`; add \`else value\` for that case`, span);
}

const sumSoFar = () => "the `sum` at this point";

/**
 * `min` or `max`: the best `=> value` of the items that matched, the `else` value when none did. A loop,
 * not Math.min(...ys): spreading a long list overflows the call stack; written out, the same fold keeps
 * each value when it is the best so far, without the list of values (comparing neither throws nor rolls).
 */
function best(word: "smallest" | "largest"): Aggregate {
  const better = word === "smallest" ? "<" : ">";
  return {
    doc: `The ${word} \`=> value\`; \`else\` gives the value for an empty list.`,
    yields: { what: "compare", into: "int" },
    takesElse: true,
    result: () => INT,
    run: (items, m) => {
      if (items.length === 0) return m.orElse();
      let b = Number.NaN;
      for (const y of m.values() as number[]) if (Number.isNaN(b) || (better === "<" ? y < b : y > b)) b = y;
      return b;
    },
    generated: {
      keeps: "first-made",
      result: (t) => {
        const acc = t.temp();
        const y = t.temp();
        return [
          t.empty(),
          `${acc} = ${t.constant(Number.NaN)};`,
          ...t.eachValue((v) => `${y} = ${v}; if (${acc} !== ${acc} || ${y} ${better} ${acc}) ${acc} = ${y};`),
          `return ${acc};`,
        ];
      },
    },
  };
}

/**
 * Aggregates take a comprehension: `count(u in units where u.hp > 0)`,
 * `sum(u in units => u.hp)`, `max(s in spells => s.plus else 0)`, `map(u in units => u.name)`,
 * `sort(d in dice => -d)`.
 */
export const aggregates = {
  count: {
    doc: "How many items match `where`.",
    result: () => INT,
    run: (items) => items.length,
    generated: { keeps: "count", result: (t) => [`return ${t.matching};`] },
  },
  sum: {
    doc: "The total of `=> value` over the items that match.",
    yields: { what: "add up", into: "int" },
    result: () => INT,
    run: (_items, m) => (m.values() as number[]).reduce((a, b) => exact(a + b, sumSoFar, m.span), 0),
    generated: {
      keeps: "list",
      // Every `=> value` after every `where`, then added up in order, each sum checked.
      result: (t) => {
        const ys = t.temp();
        const acc = t.temp();
        const k = t.loop();
        return [
          `${ys} = [];`,
          ...t.eachValue((v) => `${ys}.push(${v});`),
          `${acc} = 0;`,
          `for (let ${k} = 0; ${k} < ${ys}.length; ${k}++) {`,
          `${acc} = ${t.constant(exact)}(${acc} + ${ys}[${k}], ${t.constant(sumSoFar)}, ${t.span});`,
          "}",
          `return ${acc};`,
        ];
      },
    },
  },
  any: {
    doc: "Whether at least one item matches `where`.",
    needsWhere: true,
    stopsAtFirst: true,
    result: () => BOOL,
    run: (items) => items.length > 0,
    generated: { keeps: "count", result: (t) => [`return ${t.matching} > 0;`] },
  },
  all: {
    doc: "Whether every item matches `where`.",
    needsWhere: true,
    result: () => BOOL,
    run: (items, m) => items.length === m.sourceLength,
    generated: { keeps: "count", result: (t) => [`return ${t.matching} === ${t.source}.length;`] },
  },
  filter: {
    doc: "The items that match `where`, in order.",
    result: (element) => listOf(element),
    run: (items) => items,
    generated: { keeps: "list", result: (t) => [`return ${t.matching};`] },
  },
  first: {
    doc: "The first item that matches `where`; `else` gives the value when none does.",
    takesElse: true,
    stopsAtFirst: true,
    result: (element) => element,
    run: (items, m) => (items.length === 0 ? m.orElse() : items[0]!),
    generated: { keeps: "first-made", result: (t) => [t.empty(), `return ${t.matching}[0];`] },
  },
  min: best("smallest"),
  max: best("largest"),
  map: {
    doc: "The `=> value` of each item that matches `where`, in order, as a new list.",
    yields: { what: "give for each item", into: "list" },
    result: (_element, yields) => listOf(yields?.t === "int" ? INT : (yields ?? ANY)),
    run: (_items, m) => m.values(),
  },
  sort: {
    doc: "The items that match `where`, ordered by `=> key` (a number), smallest first; items with equal keys keep their order. `=> -key` puts the largest first.",
    yields: { what: "order the items by", into: "int" },
    result: (element) => listOf(element),
    run: (items, m) => {
      // Array.prototype.sort is stable, so items with equal keys keep their order.
      const keys = m.values() as number[];
      return keys.map((_, i) => i).sort((a, b) => keys[a]! - keys[b]!).map((i) => items[i]!);
    },
  },
} satisfies Record<string, Aggregate> as Record<string, Aggregate>;

export function isAggregate(name: string): boolean {
  return Object.hasOwn(aggregates, name);
}

/** The aggregate of that name, if there is one. */
export function aggregateNamed(name: string): Aggregate | undefined {
  return Object.hasOwn(aggregates, name) ? aggregates[name] : undefined;
}
