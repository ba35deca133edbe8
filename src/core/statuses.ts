// Statuses as instances: what every phase shares of them. A status may carry values (`frightened(level:
// int)`), come from a source (`from: d`) and, by its declared stacking policy, hold several instances on
// one entity at once. The checker reads the policies and which statuses carry a number; the runtime and
// the built-in `statusValue` read an entity's instances with the functions here, so "has it", "from
// whom" and "how strong" are answered in one place for both engines.
import type * as A from "./ast.ts";
import { Entity, showValue, valuesEqual, type StatusTimer, type Value } from "./values.ts";

/**
 * How the instances of several `apply`s of one status on one entity combine:
 * - `refresh` (the default): one instance; applying again replaces its timer, values and source;
 * - `highest`: each `apply` adds an instance; its number reads as the highest of them;
 * - `sum`: each `apply` adds an instance; its number reads as their sum;
 * - `separate`: one instance per source; applying from the same source again replaces that one; its
 *   number reads as the highest of them.
 */
export const stackingPolicies = ["refresh", "highest", "sum", "separate"] as const;
export type StackingPolicy = (typeof stackingPolicies)[number];

export function policyOf(d: A.StatusDecl | undefined): StackingPolicy {
  const p = d?.stacking?.text;
  return (stackingPolicies as readonly string[]).includes(p ?? "") ? (p as StackingPolicy) : "refresh";
}

/** Whether the status's first parameter is an `int`: the number its instances combine into. */
export function statusLevel(d: A.StatusDecl): boolean {
  return d.params?.[0]?.type.name.text === "int";
}

/** The instances of a status on one holder, oldest first: the one in the map, then its `others`. */
export function instancesOf(t: StatusTimer): StatusTimer[] {
  return t.others && t.others.length > 0 ? [t, ...t.others] : [t];
}

/** Sets a status's instances on `e` (none: it ends), keeping its place among the holder's statuses. */
export function setInstances(e: Entity, name: string, list: StatusTimer[]): void {
  const [head, ...rest] = list;
  if (!head) {
    e.statuses.delete(name);
    return;
  }
  if (rest.length > 0) head.others = rest;
  else delete head.others;
  for (const t of rest) delete t.others;
  e.statuses.set(name, head);
}

/** Whether an instance came from `source`. */
export function fromSource(t: StatusTimer, source: Value): boolean {
  return t.source !== undefined && valuesEqual(t.source, source);
}

/** `u has S` (any instance), `u has S from d` (an instance from `d`). */
export function holds(e: Entity, name: string, source?: Value): boolean {
  const t = e.statuses.get(name);
  if (!t) return false;
  return source === undefined || instancesOf(t).some((i) => fromSource(i, source));
}

/**
 * The number a status holds on `e` (`statusValue(u, frightened)`): its instances' first values combined
 * by its policy (the sum under `sum`, the highest otherwise), only those from `source` when given; 0 when
 * it has none.
 */
export function levelOf(e: Entity, name: string, source?: Value): number {
  const t = e.statuses.get(name);
  if (!t) return 0;
  const sum = policyOf(t.status) === "sum";
  let level: number | undefined;
  for (const i of instancesOf(t)) {
    if (source !== undefined && !fromSource(i, source)) continue;
    const v = i.values?.[0];
    if (typeof v !== "number") continue;
    level = level === undefined ? v : sum ? level + v : Math.max(level, v);
  }
  return level ?? 0;
}

/** `frightened(2) from Dragon "Red"` for the trace; a plain status is its name, as it always was. */
export function describeInstance(name: string, t: StatusTimer): string {
  const values = t.values && t.values.length > 0 ? `(${t.values.map(showValue).join(", ")})` : "";
  return `${name}${values}${t.source === undefined ? "" : ` from ${showValue(t.source)}`}`;
}
