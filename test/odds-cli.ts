// `rulesmith odds ARGS --root DIR` in process, with what it printed: the odds tests' one way to run it.
import { vi } from "vitest";
import { oddsCommand } from "../src/hosts/cli/odds.ts";

export function oddsCli(dir: string) {
  return async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((s: string) => void out.push(s));
    const error = vi.spyOn(console, "error").mockImplementation((s: string) => void err.push(s));
    try {
      const code = await oddsCommand([...args, "--root", dir]);
      return { code, stdout: out.join("\n"), stderr: err.join("\n") };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  };
}
