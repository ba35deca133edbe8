// The board along a run: a trace sink that, as each trace line arrives, reads the board from the run's
// live state (runScenario's `watchState`) and keeps it when it differs from the last one. What it
// gives the page is board-steps.ts's BoardTimeline: the start, and each change with its step.
import { stateToJson, type RuntimeProgram, type StateValues, type TraceEntry, type TraceSink } from "../../src/api.ts";
import { boardOf } from "../board-model.ts";
import type { BoardChange, BoardTimeline } from "../board-steps.ts";
import { TRACE_LINE_LIMIT } from "../trace-view.ts";

/**
 * Lines followed at most, as many as the trace panel lists: past this the board stops changing. Each
 * line costs a reading of the whole state (about 0.7 ms for the ACKS battle's ten units, built), so
 * a runaway loop's million lines would take minutes.
 */
export const MAX_FOLLOWED = TRACE_LINE_LIMIT;
/** Changes kept at most: each is a whole board. */
const MAX_CHANGES = 5_000;

export class BoardFollower implements TraceSink {
  readonly entries: TraceEntry[] = [];
  private readonly changes: BoardChange[] = [];
  private state: StateValues | undefined;
  private last = "";
  private stopped = false;

  constructor(private readonly program: RuntimeProgram) {}

  /** For runScenario's `watchState`. */
  readonly watch = (state: StateValues) => {
    this.state = state;
  };

  push(entry: TraceEntry) {
    this.note(this.entries.length);
    this.entries.push(entry);
  }

  /** Reads the board as it is before line `step` (after the lines before it). */
  private note(step: number) {
    if (!this.state || this.stopped) return;
    if (step > MAX_FOLLOWED || this.changes.length >= MAX_CHANGES) {
      this.stopped = true;
      return;
    }
    let board;
    try {
      board = boardOf(this.program, stateToJson(this.program, this.state));
    } catch {
      // A state caught half-changed that cannot be written out is skipped: the next line reads it again.
      return;
    }
    // Nothing placed any more (the last piece gone): the same board, empty, so its pieces die on it.
    if (!board) {
      const last = this.changes[this.changes.length - 1]?.board;
      if (!last) return;
      board = last.grid === "plane" ? { ...last, pieces: [], templates: [] } : { ...last, pieces: [] };
    }
    const key = JSON.stringify(board);
    if (key === this.last) return;
    this.last = key;
    this.changes.push({ step, board });
  }

  /** The timeline once the run has ended (or stopped at a question). Undefined when nothing had a position. */
  finish(): BoardTimeline | undefined {
    this.note(this.entries.length);
    const [start, ...rest] = this.changes;
    if (!start) return undefined;
    const steps = this.entries.length;
    return { steps, start: start.board, changes: rest, ...(this.stopped ? { followed: Math.min(MAX_FOLLOWED, steps) } : {}) };
  }
}
