// How much of a trace `test` and `run` print. A trace may hold 50,000,000 characters (the run's budget),
// and ten failing examples that each `say` a long text filled a terminal with 500 MB from a 1 KB file.
// So a printed trace keeps its first and last lines, each line is cut to a width (run/trace.ts), and a
// command prints at most PRINTED_TRACES characters of traces; `--trace-file FILE` writes them whole.
import { closeSync, openSync, writeSync } from "node:fs";
import { resolve } from "node:path";
import { traceLine, type TraceEntry, type TraceSink } from "../../api/report.ts";
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
   * A sink for one example's trace (`test`): it keeps only the lines that may be printed and streams
   * every entry to the trace file, after a line with `heading`.
   */
  sink(heading: string): KeptTrace {
    if (this.fd === undefined) return new KeptTrace();
    const file = new TraceFile(this.fd, heading);
    return new KeptTrace(file);
  }

  /**
   * The trace as printed, each line indented by `indent` spaces, bounded as above; the trace file gets
   * it whole after a line with `heading`, printed or not (a KeptTrace has streamed it there already,
   * and gets `heading` as its last line, with the example's result). Undefined when it is not to be
   * printed or is empty.
   */
  shown(trace: readonly TraceEntry[] | KeptTrace, heading: string, indent: number, print: boolean): string | undefined {
    const kept = trace instanceof KeptTrace ? trace : KeptTrace.of(trace);
    if (trace instanceof KeptTrace) trace.end(heading);
    else this.write(trace, heading);
    if (!print || kept.total === 0) return undefined;
    const pad = " ".repeat(indent);
    const leftOut = `${pad}... trace left out: this command has printed ${PRINTED_TRACES} characters of traces (${this.whole})`;
    if (this.full) return leftOut;
    const between = kept.total - kept.head.length - kept.tail.length;
    const lines = [...kept.head.map((e) => traceLine(e)), ...(between > 0 ? [`... ${between} more lines (${this.whole})`] : []), ...kept.tail.map((e) => traceLine(e))];
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

/** One trace written to the trace file as it is made, in pieces: its heading, each line whole, a closing line. */
class TraceFile {
  private piece: string;

  constructor(
    private readonly fd: number,
    heading: string,
  ) {
    this.piece = `${heading}\n`;
  }

  line(text: string) {
    this.piece += `${text}\n`;
    if (this.piece.length >= FILE_PIECE) this.flush();
  }

  flush() {
    writeSync(this.fd, this.piece);
    this.piece = "";
  }
}

/**
 * A trace as `test` keeps it: the first TRACE_HEAD_LINES entries, the last TRACE_LINES - TRACE_HEAD_LINES
 * (a ring), and how many there were; every entry goes to the trace file when there is one. However long
 * an example's trace, at most TRACE_LINES entries are held.
 */
export class KeptTrace implements TraceSink {
  readonly head: TraceEntry[] = [];
  private readonly ring: TraceEntry[] = [];
  private next = 0;
  total = 0;

  constructor(private readonly file?: TraceFile) {}

  /** A whole trace seen through the same window (`run`, whose trace the run keeps). */
  static of(trace: readonly TraceEntry[]): KeptTrace {
    const kept = new KeptTrace();
    const from = Math.max(TRACE_HEAD_LINES, trace.length - (TRACE_LINES - TRACE_HEAD_LINES));
    kept.head.push(...trace.slice(0, Math.min(TRACE_HEAD_LINES, trace.length)));
    kept.ring.push(...trace.slice(from));
    kept.total = trace.length;
    return kept;
  }

  push(entry: TraceEntry): void {
    this.total++;
    this.file?.line(traceLine(entry, true));
    if (this.head.length < TRACE_HEAD_LINES) this.head.push(entry);
    else if (this.ring.length < TRACE_LINES - TRACE_HEAD_LINES) this.ring.push(entry);
    else {
      this.ring[this.next] = entry;
      this.next = (this.next + 1) % this.ring.length;
    }
  }

  /** The last entries, oldest first. */
  get tail(): TraceEntry[] {
    return [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }

  /** Entries held now: never more than TRACE_LINES. */
  get retained(): number {
    return this.head.length + this.ring.length;
  }

  /** The trace is over: the file gets `result` as its closing line. */
  end(result: string) {
    if (!this.file) return;
    this.file.line(`${result}\n`);
    this.file.flush();
  }
}
