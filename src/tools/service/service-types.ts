// The shapes the language service answers in: plain data an editor (or a web worker's message) can
// carry, with 1-based ranges like the AST's spans.
import type { Range } from "./text-position.ts";

export type { Range };

/** All files of the workspace, by path like `rules/game/units.rules` (`/`-separated, no `./`). */
export interface ServiceFiles {
  [path: string]: string;
}

export interface ServiceDiagnostic {
  code: string;
  severity: "error" | "warning";
  message: string;
  help?: string;
  path: string;
  range: Range;
  /** Other places the diagnostic involves (the first declaration of a duplicate), as `rulesmith check` prints them. */
  related?: { path: string; range: Range; message: string }[];
}

export interface Completion {
  label: string;
  kind: "keyword" | "enum" | "member" | "kind" | "field" | "function" | "value" | "event" | "status" | "table" | "variable" | "state" | "die" | "other";
  detail?: string;
  documentation?: string;
}

/** A declaration's signature in a ```rules block, then its doc comment. */
export interface Hover {
  range: Range;
  markdown: string;
}

export interface Location {
  path: string;
  range: Range;
}
