// Messages between the page and the workers of the Validate panel (`rulesmith mutate` on the open game
// system) and of the exact odds beside Simulate (`rulesmith odds` on a scenario). Kept apart from
// protocol.ts, which holds the run, simulate and language workers' messages.
import type { Span } from "../src/api.ts";
import type { Files } from "./protocol.ts";

// ---- validate worker -------------------------------------------------------------------------

/** `mods`: the mods' folders switched on: their clauses are mutated and their examples run with the system's. */
export type ValidateRequest = { type: "start"; files: Files; system: string; budget: number; mods?: string[] } | { type: "stop" };

/** A surviving mutant: where, and the text `rulesmith mutate` prints for it. */
export interface Survivor {
  span: Span;
  text: string;
}

export interface ValidateReport {
  survivors: Survivor[];
  /** Each file's score, the budget's sample and the score in all, as `rulesmith mutate` prints them. */
  scores: string;
  /** Per file and in all: killed / (killed + survived) as a percentage, null when nothing scored. */
  files: { file: string; score: number | null }[];
  score: number | null;
  /** Mutants that ran, that the budget chose, and that exist. */
  ran: number;
  planned: number;
  generated: number;
  /** Wrong marks (E0423) and marks that mark nothing (W0320), as `rulesmith mutate` prints them. */
  diagnostics?: string;
}

export type ValidateReply =
  | { type: "progress"; done: number; total: number }
  /** `problem`: why nothing ran (the rules do not check, an example fails, there are none). */
  | { type: "done"; stopped: boolean; problem?: string; report?: ValidateReport };

// ---- exact odds worker -----------------------------------------------------------------------

export interface OddsRequest {
  files: Files;
  path: string;
  maxPaths: number;
  /** The mods' folders switched on: loaded with the scenario's base. */
  mods?: string[];
}

export interface OddsRow {
  result: string;
  /** The exact fraction in lowest terms (`1/8`), or undefined when the odds are a double. */
  fraction?: string;
  percent: string;
  /** The probability as a double, for sorting and tests. */
  p: number;
}

export type OddsReply = { type: "done"; paths: number; rows?: OddsRow[]; error?: string };

// ---- balance worker --------------------------------------------------------------------------

/** `rulesmith balance` on a roster of `system`; `mods`: the mods' folders switched on, loaded with the roster's base. */
export interface BalanceRequest {
  files: Files;
  system: string;
  roster: { path: string; text: string };
  runs: number;
  seed: string;
  exact: boolean;
  mods?: string[];
}

/** The report as the self-contained HTML page `rulesmith balance --html` writes, and a one-line summary. */
export type BalanceReply = { type: "done"; html: string; summary: string } | { type: "error"; message: string };
