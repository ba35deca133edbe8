// The generic standard library: functions any game's rules may call. Signatures are read by the
// checker, implementations by the runtime. Nothing here knows a particular game.
import { ANY, BOOL, INT, TEXT, listOf, type Type } from "./types.ts";

/** Dice in one roll, `roll(n, sides)` or a pool, `rollEach(n, sides)`: the checker refuses a larger constant, the runtime a larger count. */
export const MAX_DICE = 1000;

export interface Builtin {
  params: { name: string; type: Type }[];
  /** The result type, given the argument types (for functions generic in a list's element). */
  returns: (args: Type[]) => Type;
  doc: string;
}

const elementOf = (t: Type | undefined): Type => (t?.t === "list" ? t.of : ANY);

export const builtins: Record<string, Builtin> = {
  min: { params: [{ name: "a", type: INT }, { name: "b", type: INT }], returns: () => INT, doc: "The smaller of two numbers." },
  max: { params: [{ name: "a", type: INT }, { name: "b", type: INT }], returns: () => INT, doc: "The larger of two numbers." },
  abs: { params: [{ name: "n", type: INT }], returns: () => INT, doc: "The number without its sign." },
  clamp: {
    params: [{ name: "n", type: INT }, { name: "low", type: INT }, { name: "high", type: INT }],
    returns: () => INT,
    doc: "`n` limited to `low..high`.",
  },
  chance: {
    params: [{ name: "percent", type: INT }],
    returns: () => BOOL,
    doc: "Rolls a d100 and is true when the roll is at most `percent`: a percentage chance, traced like any roll.",
  },
  len: { params: [{ name: "items", type: listOf(ANY) }], returns: () => INT, doc: "How many items a list holds." },
  contains: {
    params: [{ name: "items", type: listOf(ANY) }, { name: "item", type: ANY }],
    returns: () => BOOL,
    doc: "Whether the list holds the item.",
  },
  str: { params: [{ name: "value", type: ANY }], returns: () => TEXT, doc: "The value as text, for `say`." },
  rollEach: {
    params: [{ name: "count", type: INT }, { name: "sides", type: INT }],
    returns: () => listOf(INT),
    doc: "Rolls `count` dice of `sides` sides and gives each die apart, in the order rolled: a dice pool, to sort, compare pair by pair or count successes in. Traced, and forceable, like `roll(count, sides)`.",
  },
  rollCount: {
    params: [],
    returns: () => INT,
    doc: "How many dice have been rolled in this run so far: lets an example say that something rolled no die, or exactly two.",
  },
  last: { params: [{ name: "items", type: listOf(ANY) }], returns: (a) => elementOf(a[0]), doc: "The last item of a non-empty list." },
};

/**
 * Aggregates take a comprehension: `count(u in units where u.hp > 0)`,
 * `sum(u in units => u.hp)`, `max(s in spells => s.plus else 0)`, `map(u in units => u.name)`,
 * `sort(d in dice => -d)`.
 */
export const aggregates = {
  count: "How many items match `where`.",
  sum: "The total of `=> value` over the items that match.",
  any: "Whether at least one item matches `where`.",
  all: "Whether every item matches `where`.",
  filter: "The items that match `where`, in order.",
  first: "The first item that matches `where`; `else` gives the value when none does.",
  min: "The smallest `=> value`; `else` gives the value for an empty list.",
  max: "The largest `=> value`; `else` gives the value for an empty list.",
  map: "The `=> value` of each item that matches `where`, in order, as a new list.",
  sort: "The items that match `where`, ordered by `=> key` (a number), smallest first; items with equal keys keep their order. `=> -key` puts the largest first.",
} as const;

export type AggregateName = keyof typeof aggregates;

export function isAggregate(name: string): name is AggregateName {
  return Object.hasOwn(aggregates, name);
}
