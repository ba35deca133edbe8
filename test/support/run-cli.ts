// `rulesmith ARGS` run in this process through `main(argv, io)`, with what it printed and its exit code:
// the tests' one way to run a command. Starting `bin/rulesmith.js` costs a Node process and a tsx
// start per command; the few tests that need a process of its own (an exit status set by Node, a
// broken pipe, a process's credentials) start it and say why.
import { fileURLToPath } from "node:url";
import { main } from "../../src/hosts/cli/main.ts";

/** The project's folder, the working directory of a command run without one. */
export const project = fileURLToPath(new URL("../..", import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, for checks that do not care which stream a line went to. */
  all: string;
}

export interface CliOptions {
  /** The working directory (default: the project's folder). */
  cwd?: string;
  /** Whether stderr is a terminal (it draws progress bars then); not by default. */
  terminal?: boolean;
}

export async function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: options.terminal ?? false },
    cwd: options.cwd ?? project,
  });
  return { code, stdout, stderr, all: `${stdout}\n${stderr}` };
}
