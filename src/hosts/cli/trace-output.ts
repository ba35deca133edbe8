// How much of a trace `test` and `run` print. A trace may hold 50,000,000 characters (the run's budget),
// and ten failing examples that each `say` a long text filled a terminal with 500 MB from a 1 KB file.
// So a printed trace keeps its first and last lines, each line is cut to a width (run/trace.ts), and a
// command prints at most PRINTED_TRACES characters of traces; `--trace-file FILE` writes them whole.
import { closeSync, openSync, writeSync } from "node:fs";
import { resolve } from "node:path";
import { traceLine, type TraceEntry } from "../../api/report.ts";
import type { CliIo } from "./io.ts";

/** The most lines of one trace printed: the first TRACE_HEAD_LINES, a line saying how many were left out, the last ones. */
export const TRACE_LINES = 2000;
export const TRACE_HEAD_LINES = 200;
/** The most characters of traces one command prints; past it, a trace is one line saying where to find it. */
export const PRINTED_TRACES = 4_000_000;
/** Lines are written to the trace file in pieces of about this many characters: a whole trace may not fit in one string. */
const FILE_PIECE = 1 << 20;

export class TraceOutput {
  private printed = 0;
  private full = false;
  private readonly fd: number | undefined;

  /** `file` (relative to the working directory) receives every trace whole; it is created or emptied now. */
  constructor(
    io: CliIo,
    private readonly file: string | undefined,
  ) {
    this.fd = file === undefined ? undefined : openSync(resolve(io.cwd, file), "w");
  }

  /** Whether every trace is written whole to a file (so a run must keep one). */
  get toFile(): boolean {
    return this.fd !== undefined;
  }

  /** Where the whole traces are, for the lines that say some were left out. */
  private get whole(): string {
    return this.file === undefined ? "use --trace-file FILE for the whole trace" : `the whole trace is in ${this.file}`;
  }

  /**
   * The trace as printed, each line indented by `indent` spaces, bounded as above; the trace file gets it
   * whole after a line with `heading`, printed or not. Undefined when it is not to be printed or is empty.
   */
  shown(trace: readonly TraceEntry[], heading: string, indent: number, print: boolean): string | undefined {
    this.write(trace, heading);
    if (!print || trace.length === 0) return undefined;
    const pad = " ".repeat(indent);
    const leftOut = `${pad}... trace left out: this command has printed ${PRINTED_TRACES} characters of traces (${this.whole})`;
    if (this.full) return leftOut;
    const lines =
      trace.length <= TRACE_LINES
        ? trace.map((e) => traceLine(e))
        : [
            ...trace.slice(0, TRACE_HEAD_LINES).map((e) => traceLine(e)),
            `... ${trace.length - TRACE_LINES} more lines (${this.whole})`,
            ...trace.slice(trace.length - (TRACE_LINES - TRACE_HEAD_LINES)).map((e) => traceLine(e)),
          ];
    const text = lines.map((l) => pad + l).join("\n");
    if (this.printed + text.length > PRINTED_TRACES) {
      this.full = true;
      return leftOut;
    }
    this.printed += text.length;
    return text;
  }

  /** The whole trace to the file, escaped but not cut, in pieces. */
  private write(trace: readonly TraceEntry[], heading: string) {
    if (this.fd === undefined) return;
    let piece = `${heading}\n`;
    for (const e of trace) {
      piece += `${traceLine(e, true)}\n`;
      if (piece.length >= FILE_PIECE) {
        writeSync(this.fd, piece);
        piece = "";
      }
    }
    writeSync(this.fd, piece);
  }

  close() {
    if (this.fd !== undefined) closeSync(this.fd);
  }
}
