// What `enumerateOdds` (src/tools/odds/odds.ts) found, as the Exact button shows it: rows of result, fraction and
// percentage, or the E0425 / E0426 message. Kept out of the worker so it is tested without one.
import { oddsProblem, type LimitName, type OddsResult } from "../src/api.ts";
import type { OddsReply, OddsRequest, OddsRow } from "./validate-protocol.ts";

/**
 * The result as the page shows it. Read field by field: the enumeration's internals may grow (merged
 * states, doubles where fractions grow large), and a field this page does not know is left out.
 */
export function oddsReply(result: OddsResult, req: OddsRequest): OddsReply {
  const r = result as Record<string, unknown>;
  const paths = typeof r["paths"] === "number" ? r["paths"] : 0;
  // The command's own messages (E0425 to E0428), with the budget named as the page's box names it.
  const problem = oddsProblem(result, req.maxPaths, req.path, { limitName: playgroundLimit, simulate: (command) => `Simulate (${command})` });
  if (problem !== undefined) return { type: "done", paths, error: problem };
  const outcomes = Array.isArray(r["outcomes"]) ? (r["outcomes"] as unknown[]) : [];
  return { type: "done", paths, rows: outcomes.map(row).filter((x): x is OddsRow => x !== undefined) };
}

function row(o: unknown): OddsRow | undefined {
  if (typeof o !== "object" || o === null) return undefined;
  const x = o as Record<string, unknown>;
  const result = typeof x["result"] === "string" ? x["result"] : "(no result)";
  const p = x["p"] as Record<string, unknown> | number | undefined;
  if (p && typeof p === "object" && typeof p["num"] === "bigint" && typeof p["den"] === "bigint" && p["den"] !== 0n) {
    const num = p["num"];
    const den = p["den"];
    // Exactly to 1e-12, then as a double: the percentage shown has two decimals.
    const value = Number((num * 10n ** 12n) / den) / 1e12;
    return { result, fraction: `${num}/${den}`, percent: percentText(value), p: value };
  }
  const value = typeof p === "number" ? p : typeof x["probability"] === "number" ? x["probability"] : undefined;
  return value === undefined ? undefined : { result, percent: percentText(value), p: value };
}

/** Only the number of dice paths has a box on the page; the other budgets are the command's defaults. */
const playgroundLimit: LimitName = (budget, limit) =>
  budget === "runs" ? `max paths ${limit}` : budget === "states" ? `max states ${limit}` : `max paths per state ${limit}`;

const percentText = (p: number) => `${(p * 100).toFixed(2)}%`;
