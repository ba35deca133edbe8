// `rulesmith test` over several independent systems (files connected by imports form one system): a
// system that does not check is reported and skipped, the others' examples still run, and the closing
// lines count only the examples that ran. A run in which no example ran says so instead of counting.
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline.ts";
import { memoryHost } from "../support/helpers.ts";
import { runCli } from "../support/run-cli.ts";

const DIR = "test/fixtures/multi-system";

const rulesmith = (...args: string[]) => runCli(args);

const heads = (stderr: string) => [...stderr.matchAll(/^(error|warning)\[(\w+)\]: .*\n {2}--> (.*)$/gm)].map((m) => `${m[2]} ${m[3]}`);

describe.concurrent("rulesmith test over several systems", () => {
  it("runs the examples of the systems that check, skips the others, and says which did not run", async () => {
    const r = await rulesmith("test", DIR);
    expect(r.code).toBe(1);
    expect(r.stdout.split("\n")).toEqual([
      `SKIP  examples in ${DIR}/broken did not run: 1 error(s)`,
      `SKIP  examples in ${DIR}/garbled/garbled.rules did not run: 2 error(s)`,
      `ok    the higher die counts  (${DIR}/good/dice.rules:4)`,
      `ok    a tie counts once  (${DIR}/good/dice.rules:8)`,
      "2 passed, 0 failed",
      `2 systems did not check: examples in ${DIR}/broken and ${DIR}/garbled/garbled.rules did not run`,
      "",
    ]);
    // Every system's diagnostics are printed, the syntax error's neighbours checked too.
    expect(heads(r.stderr)).toEqual([`E0201 ${DIR}/broken/lib.rules:2:21`, `E0002 ${DIR}/garbled/garbled.rules:3:1`, `E0101 ${DIR}/garbled/garbled.rules:3:32`]);
  });

  it("counts one skipped system in the singular", async () => {
    const r = await rulesmith("test", `${DIR}/good`, `${DIR}/broken`);
    expect(r.code).toBe(1);
    expect(r.stdout.trimEnd().split("\n").slice(-2)).toEqual(["2 passed, 0 failed", `1 system did not check: examples in ${DIR}/broken did not run`]);
  });

  it("says plainly that no example ran when nothing checked, instead of `0 passed, 1 failed`", async () => {
    const r = await rulesmith("test", `${DIR}/broken`);
    expect(r.code).toBe(1);
    expect(r.stdout.split("\n")).toEqual([
      `SKIP  examples in ${DIR}/broken did not run: 1 error(s)`,
      "no examples ran: the rules do not check",
      `1 system did not check: examples in ${DIR}/broken did not run`,
      "",
    ]);
    expect(r.stdout).not.toContain("passed");
  });

  it("says that no example ran when --grep matches none, and exits 1", async () => {
    const r = await rulesmith("test", `${DIR}/good`, "--grep", "no such title");
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('no examples ran: no example\'s title contains "no such title"\n');
  });

  it("says that no example ran when the named files have none, and exits 0", async () => {
    const r = await rulesmith("test", `${DIR}/quiet`);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("no examples ran: there are no examples in the named files\n");
  });

  it("counts a named file that cannot be read as a system that did not check", async () => {
    const r = await rulesmith("test", `${DIR}/good`, `${DIR}/missing.rules`);
    expect(r.code).toBe(1);
    expect(r.stdout.trimEnd().split("\n").slice(-2)).toEqual(["2 passed, 0 failed", `1 system did not check: examples in ${DIR}/missing.rules did not run`]);
    expect(heads(r.stderr)).toEqual([`E0003 ${DIR}/missing.rules:1:1`]);
  });

  it("check reports the errors of every system, and exits 1", async () => {
    const r = await rulesmith("check", DIR);
    expect(r.code).toBe(1);
    expect(heads(r.stderr)).toEqual([`E0201 ${DIR}/broken/lib.rules:2:21`, `E0002 ${DIR}/garbled/garbled.rules:3:1`, `E0101 ${DIR}/garbled/garbled.rules:3:32`]);
    expect(r.stderr.trimEnd().split("\n").at(-1)).toBe("3 error(s), 0 warning(s)");
  });
});

describe("systems in the pipeline", () => {
  it("checks each system apart and names it by its folder or its only file", () => {
    const files = {
      "a/main.rules": 'import "./lib.rules"\nfn f() -> int = g()\n',
      "a/lib.rules": "fn g() -> int = 1\n",
      "b.rules": 'fn h() -> int = "x"\n',
    };
    const c = compile(["a", "b.rules"], memoryHost(files));
    expect(c.systems.map((s) => [s.name, s.checked, s.diagnostics.map((d) => d.code)])).toEqual([
      ["a", true, []],
      ["b.rules", false, ["E0201"]],
    ]);
    expect(c.program).toBeUndefined();
  });
});
