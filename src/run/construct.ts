// Values built by a call to a declaration's name: an entity of a kind (`Unit(name: "Scout", hp: 2)`)
// and a tally of an enum (`Icon(melee: 2)`). The interpreter evaluates the arguments; these check and build.
import type * as A from "../core/ast.ts";
import type { Machine } from "./machine.ts";
import { checkCount } from "../core/limits.ts";
import { defaultValue, tallyIn } from "./state.ts";
import { checkRange } from "./writes.ts";
import { copyLists, Entity, RuleError, type Tally, type Value } from "../core/values.ts";

/** `given` holds the named fields by their place among the kind's fields (the checker's `index`). */
export function constructEntity(vm: Machine, k: A.KindDecl, given: (Value | undefined)[], span: A.Span, evalDefault: (d: A.Expr) => Value): Entity {
  const e = new Entity(k.name.text, {}, k.record === true);
  k.fields.forEach((f, i) => {
    const v = i in given ? given[i] : defaultValue(vm.program, f, new Set(), evalDefault);
    // A record is a value: a list put into it is its own copy.
    e.fields[f.name.text] = e.record ? recordLists(vm, v, span) : v;
    checkRange(f, v, i in given ? span : f.span);
  });
  return e;
}

/**
 * A record's field as it is stored or read: a list in it is copied (a record is a value), and the copy
 * is charged as any list copy is, in steps and in the memory budget, by the items it makes.
 */
export function recordLists(vm: Machine, v: Value | undefined, span: A.Span): Value | undefined {
  if (!Array.isArray(v)) return v;
  const copy = copyLists(v) as Value[];
  vm.copied(itemsIn(copy), span);
  return copy;
}

/** Items in a list, those of the lists it holds counted too. */
function itemsIn(list: Value[]): number {
  let n = list.length;
  for (const x of list) if (Array.isArray(x)) n += itemsIn(x);
  return n;
}

/** A tally of `d` from its named counts, each a whole number from 0 within the count budget. */
export function tallyOfCounts(d: A.EnumDecl, counts: Map<string, number>, span: A.Span): Tally {
  for (const [m, n] of counts) {
    if (n < 0) throw new RuleError("R0501", `a count cannot be negative, but \`${m}\` is ${n}`, span);
    checkCount(m, n, span);
  }
  return tallyIn(d, counts);
}
