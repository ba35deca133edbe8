// The trace: one entry for every roll, choice, event, trigger, modifier, table lookup, status change
// and move, each naming the rule that caused it and the source span it came from.
import type { Expr, Span } from "../core/ast.ts";
import { showExpr } from "../core/show-expr.ts";
import { showValue, type Value } from "../core/values.ts";

export type TraceKind = "call" | "roll" | "choice" | "event" | "trigger" | "modifier" | "table" | "status" | "move" | "say";

export interface TraceEntry {
  depth: number;
  kind: TraceKind;
  /** The declaration that was running: `fn resolve`, `on UnitKilled`, `modifier highGround`. */
  rule: string;
  message: string;
  span: Span;
}

export function formatTrace(entries: readonly TraceEntry[]): string {
  return entries
    .map((e) => `${"  ".repeat(e.depth)}${e.message}  [${e.rule} @ ${e.span.file}:${e.span.line}:${e.span.col}]`)
    .join("\n");
}

// The text of the trace lines that both engines write (the tree-walker, the compiled closures and the
// generated code): each made by one function here, so the engines' traces agree by construction.
// Modifier and table lines are made by modifierMessage (modifiers.ts) and tableMessage (tables.ts).

/** `add x to xs`. */
export const addedLine = (item: Value, list: Expr): string => `${showValue(item)} added to ${showExpr(list)}`;
/** `remove x from xs`. */
export const removedLine = (item: Value, list: Expr): string => `${showValue(item)} removed from ${showExpr(list)}`;
/** `move x from xs to ys`. */
export const movedLine = (item: Value, source: Expr, target: Expr): string => `${showValue(item)} moved from ${showExpr(source)} to ${showExpr(target)}`;
/** `say v`. */
export const saidLine = (said: Value | undefined): string => showValue(said);
/** A call of a function with a block body, with its arguments (the first slots of its frame). */
export const callLine = (name: string, args: readonly (Value | undefined)[]): string => `${name}(${args.map(showValue).join(", ")})`;
/** An emission, with its arguments. */
export const eventLine = (name: string, args: readonly (Value | undefined)[]): string => `event ${name}(${args.map(showValue).join(", ")})`;
/** A handler whose condition held. */
export const firesLine = (label: string): string => `${label} fires`;
