// What a command takes from the process it runs in, passed to `main(argv, io)` rather than read from
// `process`: the tests run every command in their own process through it and collect what it prints.
// The CLI reads no environment variable (bin/rulesmith.js reads RULESMITH_FROM_SOURCE before `main`).

/** A stream a command prints to; `isTTY` says whether a person watches it (the progress bars ask). */
export interface Writer {
  write(text: string): unknown;
  readonly isTTY?: boolean | undefined;
}

export interface CliIo {
  stdout: Writer;
  stderr: Writer;
  /** The folder relative paths on the command line are read from, and that printed paths are shown relative to. */
  cwd: string;
}

/** The process's own streams and working directory: what `rulesmith` on a command line uses. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() };
}

/** One line on stdout, as `console.log` of one string prints it. */
export function say(io: CliIo, text: string): void {
  io.stdout.write(`${text}\n`);
}

/** One line on stderr, as `console.error` of one string prints it. */
export function complain(io: CliIo, text: string): void {
  io.stderr.write(`${text}\n`);
}
