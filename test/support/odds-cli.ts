// `rulesmith odds ARGS --root DIR` in process, with what it printed: the odds tests' one way to run it.
import { runCli } from "./run-cli.ts";

export function oddsCli(dir: string) {
  return async (...args: string[]) => {
    const r = await runCli(["odds", ...args, "--root", dir]);
    // Without the last line break, as the lines were collected before.
    return { code: r.code, stdout: r.stdout.replace(/\n$/, ""), stderr: r.stderr.replace(/\n$/, "") };
  };
}
