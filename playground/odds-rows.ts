// What `enumerateOdds` (src/odds.ts) found, as the Exact button shows it: rows of result, fraction and
// percentage, or the E0425 / E0426 message. Kept out of the worker so it is tested without one.
import type { OddsResult } from "../src/odds.ts";
import type { OddsReply, OddsRequest, OddsRow } from "./validate-protocol.ts";

/**
 * The result as the page shows it. Read field by field: the enumeration's internals may grow (merged
 * states, doubles where fractions grow large), and a field this page does not know is left out.
 */
export function oddsReply(result: OddsResult, req: OddsRequest): OddsReply {
  const r = result as Record<string, unknown>;
  const paths = typeof r["paths"] === "number" ? r["paths"] : 0;
  if (r["tooMany"]) {
    return {
      type: "done",
      paths,
      error: `error[E0425]: the scenario has more than ${paths} dice paths (the limit here is ${req.maxPaths}); stopped after running ${paths}\n  help: raise the limit, or estimate the odds with Simulate (\`rulesmith simulate ${req.path} -n 100000\`)`,
    };
  }
  if (typeof r["error"] === "string") {
    const dice = Array.isArray(r["dice"]) ? ` when the dice come up [${(r["dice"] as unknown[]).slice(0, 20).join(", ")}${(r["dice"] as unknown[]).length > 20 ? ", ..." : ""}]` : "";
    return { type: "done", paths, error: `error[E0426]: the run fails${dice}\n${r["error"]}` };
  }
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

const percentText = (p: number) => `${(p * 100).toFixed(2)}%`;
