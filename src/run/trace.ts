// The trace: one entry for every roll, choice, event, trigger, modifier, table lookup, status change
// and move, each naming the rule that caused it and the source span it came from.
import type { Span } from "../core/ast.ts";

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
