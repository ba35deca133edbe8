// Messages between the page and its workers. Workers answer every request with the same id; a reply
// carries either a result or an error message for the UI (never a thrown exception).
import type { TraceEntry, Span } from "../src/api.ts";
import type { OutcomePartial } from "./outcome-partial.ts";
import type { Board } from "./board-model.ts";
import type { BoardTimeline } from "./board-steps.ts";

export type Files = Record<string, string>;

// ---- run worker ------------------------------------------------------------------------------

export interface ExampleInfo {
  title: string;
  file: string;
  line: number;
}

export interface ScenarioInfo {
  path: string;
  seed: string;
  run: string;
}

export interface Outline {
  examples: ExampleInfo[];
  scenarios: ScenarioInfo[];
  /** Why nothing can run: the first error, formatted as `rulesmith check` prints it. */
  blocked?: string;
}

export interface ExampleRun {
  title: string;
  passed: boolean;
  failure?: { message: string; code?: string; span?: Span };
  trace: TraceEntry[];
}

/** A decision point the rules reached that has no answer yet: the page asks the user. */
export interface PendingChoice {
  question: string;
  options: string[];
  span: Span;
  /** How many answers the user has given before this one. */
  index: number;
}

export interface ScenarioResult {
  seed: string;
  resultText?: string;
  /** A run error or state problems, formatted as `rulesmith run` prints them. */
  error?: string;
  errorSpan?: Span;
  state?: unknown;
  trace: TraceEntry[];
  pending?: PendingChoice;
  /** The battlefield of a state with positions, before the run and after it (board-model.ts), and at each step of the trace (board-steps.ts). */
  board?: { before?: Board; after?: Board; steps?: BoardTimeline };
}

/** One example of a file run with the others: whether it passed, and the first line of why not. */
export interface ExampleVerdict {
  title: string;
  line: number;
  passed: boolean;
  failure?: string;
}

/**
 * `mods`: the mods' folders switched on (mods-panel.ts); each request loads those of the system's base
 * with it, as `rulesmith test BASE MOD` and `run --mod` do.
 */
export type RunRequest = (
  | { id: number; type: "outline"; files: Files; system: string }
  | { id: number; type: "file-examples"; files: Files; system: string; file: string }
  | { id: number; type: "example"; files: Files; system: string; title: string }
  | { id: number; type: "scenario"; files: Files; path: string; seed: string; answers: number[]; ask: boolean }
  /** `rulesmith why-not`: `rule` as `--rule` takes it (the action sends `FILE.rules:LINE`). */
  | { id: number; type: "why-not"; files: Files; path: string; rule: string; seed: string }
) & { mods?: string[] };

export type RunReply =
  | { id: number; type: "outline"; outline: Outline }
  | { id: number; type: "example"; run: ExampleRun }
  | { id: number; type: "file-examples"; file: string; verdicts: ExampleVerdict[] }
  | { id: number; type: "scenario"; run: ScenarioResult }
  /** The answer as `rulesmith why-not` prints it, or why there is none (the E0435 line). */
  | { id: number; type: "why-not"; text: string; failed: boolean }
  | { id: number; type: "error"; message: string };

// ---- simulate worker -------------------------------------------------------------------------

/**
 * A simulation is split into ranges of runs over several workers (simulate-pool.ts). Each worker is
 * sent the files once ("load"), then ranges; run i has seed `S:i` whichever worker runs it.
 */
export type SimulateRequest = { type: "load"; files: Files; path: string; seed: string; mods?: string[] } | { type: "range"; from: number; to: number };

export type SimulateReply =
  /** Runs of the range from `from` finished so far. */
  | { type: "progress"; from: number; done: number }
  | { type: "range"; partial: OutcomePartial };

// ---- language worker -------------------------------------------------------------------------

export type LanguageRequest =
  | { type: "files"; files: Files }
  | { type: "update"; path: string; text: string }
  | { type: "remove"; path: string }
  /** The mods' folders switched on: every file of their base checks with them. */
  | { type: "mods"; enabled: string[] }
  | { id: number; type: "diagnostics"; path: string }
  | { id: number; type: "scenario"; path: string }
  | { id: number; type: "completions"; path: string; line: number; col: number }
  | { id: number; type: "hover"; path: string; line: number; col: number }
  | { id: number; type: "definition"; path: string; line: number; col: number }
  | { id: number; type: "formatting"; path: string }
  | { id: number; type: "references"; path: string; line: number; col: number; includeDeclaration: boolean }
  | { id: number; type: "rename"; path: string; line: number; col: number; newName: string }
  | { id: number; type: "documentSymbols"; path: string };

export type LanguageReply = { id: number; result: unknown } | { id: number; error: string };

/** A request before the client numbers it (Omit that keeps each member of a union apart). */
export type Unnumbered<T> = T extends { id: number } ? Omit<T, "id"> : never;
