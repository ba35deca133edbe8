// A matrix cell: one ordered matchup, X at the first slot against Y at the second, run over a range of
// seeds. `runCell` is a pure function of the program, the cell and the range, and its counts add up:
// counts of ranges run anywhere (worker threads, a job queue's workers) and added give those of one
// run of the whole range.
import type { RuntimeProgram } from "../../run/index-program.ts";
import type { Scenario } from "../../run/scenario-runner.ts";
import type { Json } from "../../run/state.ts";
import { prepareSimulation, type PreparedScenario } from "../simulation/simulation.ts";
import { formatRunError, formatStateProblems } from "../report.ts";
import { pointerOf } from "../../core/json-text.ts";
import { placeAt, withValueAt, type Roster } from "./roster.ts";

export interface CellSpec {
  /** The entry at the first slot (the matrix's row) and at the second (its column). */
  row: string;
  col: string;
  /** The template with the two entries placed: plain JSON, so a cell can be sent to another process. */
  scenario: Scenario;
  /** The results that are the row's win and the column's, as `rulesmith run` prints a result. */
  wins: [string, string];
  /** Run i has seed `seed:i`. */
  seed: string;
}

export interface CellCounts {
  runs: number;
  /** Runs the row's entry won, the column's, and the rest (another result, or none). */
  a: number;
  b: number;
  other: number;
  /** Runs that stopped with an error, and the first of them by run number. */
  errors: number;
  firstError?: { run: number; message: string };
}

export const NO_COUNTS: CellCounts = { runs: 0, a: 0, b: 0, other: 0, errors: 0 };

/** Counts of two disjoint ranges of the same cell added: the same whichever ran first or where. */
export function addCounts(x: CellCounts, y: CellCounts): CellCounts {
  const sum: CellCounts = { runs: x.runs + y.runs, a: x.a + y.a, b: x.b + y.b, other: x.other + y.other, errors: x.errors + y.errors };
  const first = [x.firstError, y.firstError].filter((e) => e !== undefined).sort((p, q) => p.run - q.run)[0];
  if (first) sum.firstError = first;
  return sum;
}

/** The cells of every ordered pair of entries, the mirror matches (X against X) included. */
export function cellSpecs(roster: Roster, seed: string, policies?: readonly string[]): CellSpec[] | { error: string } {
  const cells: CellSpec[] = [];
  for (const [row, x] of roster.entries) {
    for (const [col, y] of roster.entries) {
      const cell = cellSpec(roster, row, x, col, y, seed, policies);
      if ("error" in cell) return cell;
      cells.push(cell);
    }
  }
  return cells;
}

/** The cell of X against Y: the template's state copied once, with X and Y placed in the copy. */
export function cellSpec(roster: Roster, row: string, x: Json, col: string, y: Json, seed: string, policies?: readonly string[]): CellSpec | { error: string } {
  const withX = withValueAt(roster.template.state, roster.slots[0], x);
  if ("error" in withX) return { error: `the first slot ${pointerOf(roster.slots[0])}: ${withX.error} in the template's state` };
  // Y is placed in X's copy; at the empty pointer X was the whole state, and Y is placed in a copy of it.
  const withY = roster.slots[0].length === 0 ? withValueAt(withX.json, roster.slots[1], y) : placeAt(withX.json, roster.slots[1], y);
  if ("error" in withY) return { error: `the second slot ${pointerOf(roster.slots[1])}: ${withY.error} in the template's state` };
  const chosen = policies ?? roster.template.policies;
  const scenario: Scenario = { rules: ".", run: roster.template.run, state: withY.json as Record<string, Json>, ...(chosen ? { policies: [...chosen] } : {}) };
  return { row, col, scenario, wins: roster.wins, seed: `${seed}/${seedPart(row)}/${seedPart(col)}` };
}

/** An entry's name in a cell's seed, a \`/\` in it escaped: \`A/B\` against \`C\` and \`A\` against \`B/C\` draw different dice. */
function seedPart(name: string): string {
  return name.replace(/%/g, "%25").replace(/\//g, "%2F");
}

/** The last cell prepared, per program: the ranges of one cell come one after another. */
const prepared = new WeakMap<RuntimeProgram, { cell: CellSpec; key: string; scenario: PreparedScenario | { error: string } }>();

function preparedCell(program: RuntimeProgram, cell: CellSpec): PreparedScenario | { error: string } {
  const last = prepared.get(program);
  // The same object (the pieces of one job): no need to read its scenario again.
  if (last?.cell === cell) return last.scenario;
  const key = JSON.stringify(cell.scenario);
  if (last?.key === key) return last.scenario;
  const scenario = prepareSimulation(program, cell.scenario);
  prepared.set(program, { cell, key, scenario });
  return scenario;
}

/** Runs from..to-1 of the cell; a run that stops with an error is counted and the rest go on. */
export function runCell(program: RuntimeProgram, cell: CellSpec, from: number, to: number): CellCounts {
  const scenario = preparedCell(program, cell);
  if ("error" in scenario) return { ...NO_COUNTS, runs: to - from, errors: to - from, firstError: { run: from, message: scenario.error } };
  const counts: CellCounts = { ...NO_COUNTS };
  for (let i = from; i < to; i++) {
    const out = scenario.battle(`${cell.seed}:${i}`, { finalState: false });
    counts.runs++;
    const error = out.stateProblems ? formatStateProblems(out.stateProblems) : out.error ? formatRunError(out.error, `run ${i} (seed ${cell.seed}:${i}): `) : undefined;
    if (error !== undefined) {
      counts.errors++;
      counts.firstError ??= { run: i, message: error };
    } else if (out.resultText === cell.wins[0]) counts.a++;
    else if (out.resultText === cell.wins[1]) counts.b++;
    else counts.other++;
  }
  return counts;
}
