// The trace: one entry for every roll, choice, event, trigger, modifier, table lookup, status change
// and move, each naming the rule that caused it and the source span it came from.
import type { Span } from "../core/ast.ts";
import { clipShown, escapeControls } from "../core/diagnostics.ts";
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

/**
 * Where a run writes its trace entries: its own list by default (`Interpreter.trace`). A command that
 * prints only part of a trace gives a sink that keeps that part and streams the rest, so an example's
 * million-line trace is never held whole.
 */
export interface TraceSink {
  push(entry: TraceEntry): unknown;
}

/** The most characters of an entry's message a printed trace line shows, and of its rule's label. */
export const TRACE_MESSAGE_WIDTH = 300;
export const TRACE_RULE_WIDTH = 120;
/** Levels of indentation shown: a runaway recursion nests hundreds deep. */
const INDENT_LEVELS = 40;

/**
 * One trace line as the command line prints it: indented by its depth, its message and its rule each
 * cut to a width (`... (N characters)` says how long it was; `say` of a 500,000-character text is one
 * line of a few hundred), and control characters escaped, since messages hold texts from the rules and
 * the state. `whole` keeps the message and rule whole (a trace file), still escaped.
 */
export function traceLine(e: TraceEntry, whole = false): string {
  const message = whole ? escapeControls(e.message) : clipShown(e.message, TRACE_MESSAGE_WIDTH);
  const rule = whole ? escapeControls(e.rule) : clipShown(e.rule, TRACE_RULE_WIDTH);
  return `${"  ".repeat(Math.min(e.depth, INDENT_LEVELS))}${message}  [${rule} @ ${escapeControls(e.span.file)}:${e.span.line}:${e.span.col}]`;
}

export function formatTrace(entries: readonly TraceEntry[], whole = false): string {
  return entries.map((e) => traceLine(e, whole)).join("\n");
}

// The text of the trace lines that the engines share (the tree-walker, the compiled closures and the
// generated code): each made by one function, so the engines' traces agree by construction. Calls,
// events and handlers are here; a statement's own line is made by one function in its construct module
// (src/constructs/, `addedLine` in add.ts), modifier and table lines by modifierMessage (modifiers.ts)
// and tableMessage (tables.ts), a built-in's by its entry.

/** A call of a function with a block body, with its arguments (the first slots of its frame). */
export const callLine = (name: string, args: readonly (Value | undefined)[]): string => `${name}(${args.map(showValue).join(", ")})`;
/** An emission, with its arguments. */
export const eventLine = (name: string, args: readonly (Value | undefined)[]): string => `event ${name}(${args.map(showValue).join(", ")})`;
/** A handler whose condition held. */
export const firesLine = (label: string): string => `${label} fires`;
