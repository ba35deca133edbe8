// The command line: every command through `main(argv, io)` in this process, as test/support/run-cli.ts runs it,
// and a few runs of `bin/rulesmith.js` itself, so the program a user starts stays covered too.
import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { project, runCli, type CliRun } from "../support/run-cli.ts";

const rulesmith = (...args: string[]) => runCli(args);

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe.concurrent("rulesmith check", () => {
  it("reports a misspelt field with its code, location, caret and suggestion, and exits 1", async () => {
    const r = await rulesmith("check", "test/golden/misspelt-field.rules");
    expect(r.code).toBe(1);
    expect(r.all).toContain("error[E0103]: `Unit` has no field `strenght`");
    expect(r.all).toContain("--> test/golden/misspelt-field.rules:5:30");
    expect(r.all).toContain("5 | fn power(u: Unit) -> int = u.strenght + 1");
    // The caret sits under `strenght`, eight characters wide.
    expect(r.all).toMatch(/\n {2}\| {30}\^{8}\n/);
    expect(r.all).toContain("help: did you mean `strength`?");
    expect(r.all).toContain("1 error(s), 0 warning(s)");
  });

  it("reports all three syntax errors of a file", async () => {
    const r = await rulesmith("check", "test/golden/syntax-errors.rules");
    expect(r.code).toBe(1);
    expect(count(r.all, "error[E0002]")).toBe(3);
    for (const at of ["syntax-errors.rules:3:12", "syntax-errors.rules:6:1", "syntax-errors.rules:7:14"]) expect(r.all).toContain(at);
  });

  it("exits 0 on a clean file, and 0 when there are only warnings", async () => {
    const [clean, warned] = await Promise.all([rulesmith("check", "test/fixtures/cli/duel.rules"), rulesmith("check", "test/golden/table-coverage.rules")]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain("checked 1 file(s): no errors");
    expect(warned.code).toBe(0);
    expect(warned.all).toContain("warning[W0301]");
  });

  it("checks a folder of files that import each other, and reports a name that is not imported", async () => {
    const r = await rulesmith("check", "test/golden/not-imported");
    expect(r.code).toBe(1);
    expect(count(r.all, "error[E0105]")).toBe(2);
    expect(r.all).toContain('help: add `import "./lib.rules"`');
  });

  it("says so when a file does not exist, without a stack trace", async () => {
    const r = await rulesmith("check", "test/fixtures/cli/missing.rules");
    expect(r.code).toBe(1);
    expect(r.all).toContain("error[E0003]");
    expect(r.all).not.toMatch(/\n\s+at /);
  });
});

describe.concurrent("rulesmith test, run and simulate", () => {
  it("test: runs the examples, shows a failure with expected, actual and trace, and counts", async () => {
    const r = await rulesmith("test", "test/fixtures/cli/duel.rules");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("ok    a strikes first");
    expect(r.stdout).toContain("FAIL  wrong on purpose: a misses, b hits, so bob wins");
    expect(r.stdout).toContain("expected: ann");
    expect(r.stdout).toContain("actual:   bob");
    expect(r.stdout).toContain("roll d20 -> 15 (forced)");
    expect(r.stdout.trimEnd().split("\n").at(-1)).toBe("1 passed, 1 failed");
  });

  it("run --trace: prints every roll under its call, then the result", async () => {
    const r = await rulesmith("run", "test/fixtures/cli/duel.json", "--trace");
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("duel()  [the scenario @ test/fixtures/cli/duel.rules:12:1]");
    expect(r.stdout).toMatch(/\n {2}roll d20 -> \d+ {2}\[fn duel @ test\/fixtures\/cli\/duel.rules:9:31\]\n/);
    expect(r.stdout).toMatch(/\nresult: (ann|bob)\n$/);
  });

  it("run --json: prints the result, state, dice state and trace, byte for byte the same on a second run", async () => {
    const [r, again] = await Promise.all([rulesmith("run", "test/fixtures/cli/duel.json", "--json"), rulesmith("run", "test/fixtures/cli/duel.json", "--json")]);
    expect(r.code).toBe(0);
    expect(again.stdout).toBe(r.stdout);
    const out = JSON.parse(r.stdout) as { seed: string; result: string; state: { a: { hp: number }; b: { hp: number } }; trace: unknown[]; rng: unknown };
    expect(out.seed).toBe("7");
    expect(["ann", "bob"]).toContain(out.result);
    expect(Math.min(out.state.a.hp, out.state.b.hp)).toBe(0);
    expect(out.trace.length).toBeGreaterThan(0);
    expect(out.rng).toBeTruthy();
  });

  it("run: rejects a bad state with JSON paths and the declarations they break", async () => {
    const r = await rulesmith("run", "test/fixtures/cli/bad-state.json");
    expect(r.code).toBe(1);
    expect(r.all).toContain("error[E0401]: the state at `/a/hp` must be <= 10");
    expect(r.all).toContain("error[E0401]: the state at `/b/hp` must be an integer");
    expect(r.all).toContain("the declaration of `Fighter.hp`");
  });

  it("simulate: counts outcomes with intervals", async () => {
    // On this process's thread: the counts and intervals are printed by the same code whatever ran the
    // battles, and starting worker threads (each loading the sources) is test/hosts/simulate-workers.test.ts's.
    const r = await rulesmith("simulate", "test/fixtures/cli/duel.json", "-n", "50", "--seed", "s", "--workers", "1");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("50 runs, seeds s:0 .. s:49");
    const counts = [...r.stdout.matchAll(/^(ann|bob)\s+(\d+)\s/gm)].map((m) => Number(m[2]));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(50);
  });

  it("simulate: draws a progress bar on stderr when it is a terminal, and prints the same counts either way", async () => {
    const args = ["simulate", "test/fixtures/cli/duel.json", "-n", "300", "--workers", "1"];
    const [watched, piped] = await Promise.all([runCli(args, { terminal: true }), runCli(args)]);
    expect([watched.code, watched.stdout]).toEqual([0, piped.stdout]);
    expect(watched.stderr).toMatch(/\r\[#{30}\] 300\/300 {2}\d+\.\ds\n$/);
    expect(piped.stderr).toBe("");
  });

  it("test --grep: runs only the matching examples, and fails when none match", async () => {
    const [some, none] = await Promise.all([rulesmith("test", "rules/warlords3", "--grep", "MEDAL"), rulesmith("test", "rules/warlords3", "--grep", "no such title")]);
    expect(some.code).toBe(0);
    expect(some.stdout.trimEnd().split("\n").at(-1)).toBe("8 passed, 0 failed");
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('no example\'s title contains "no such title"');
  });

  it("schema: prints the state's JSON Schema with doc comments as descriptions", async () => {
    const r = await rulesmith("schema", "rules/warlords3");
    expect(r.code).toBe(0);
    const schema = JSON.parse(r.stdout) as { required: string[]; definitions: Record<string, { description?: string; properties?: Record<string, { maximum?: number }> }> };
    expect(schema.required).toEqual(["attacker", "defender"]);
    expect(schema.definitions["Unit"]!.properties!["medals"]!.maximum).toBe(4);
    expect(schema.definitions["Side"]!.description).toBe("The two sides of a battle.");
  });

  it("rejects an unknown command with usage, exit 1", async () => {
    const unknown = await rulesmith("chek", "x");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("unknown command `chek`");
    expect(unknown.stderr).toContain("Usage:");
  });
});

describe.concurrent("--help", () => {
  for (const command of ["check", "test", "run", "simulate", "compile", "schema"]) {
    it(`${command} --help prints its usage and exits 0`, async () => {
      const r = await rulesmith(command, "--help");
      expect(r.code).toBe(0);
      expect(r.stdout.startsWith(`rulesmith ${command}`)).toBe(true);
      expect(r.stderr).toBe("");
    });
  }

  it("--help on its own lists every command", async () => {
    const r = await rulesmith("--help");
    expect(r.code).toBe(0);
    for (const command of ["check", "test", "run", "simulate", "compile", "schema"]) expect(r.stdout).toContain(`rulesmith ${command}`);
  });
});

// The program a user starts: Node sets the exit status from `main`'s answer and the process's own
// streams and working directory are the ones `main` defaults to, which only a process of its own shows.
// It runs the build in dist/cli/ when that is current, else the sources (bin/rulesmith.js decides, as for
// a user); test/hosts/cli-build.test.ts checks a fresh build against the sources.
describe.concurrent("bin/rulesmith.js", () => {
  function bin(...args: string[]): Promise<CliRun> {
    return new Promise((resolve) => {
      execFile(process.execPath, ["bin/rulesmith.js", ...args], { cwd: project }, (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr, all: `${stdout}\n${stderr}` });
      });
    });
  }

  it("prints what main prints in process, and exits with its code", async () => {
    const args = ["check", "test/golden/misspelt-field.rules"];
    const [started, inProcess] = await Promise.all([bin(...args), runCli(args)]);
    expect(started.code).toBe(1);
    expect(started.stderr).toContain("error[E0103]: `Unit` has no field `strenght`");
    expect(started).toEqual(inProcess);
  });

  it("--help exits 0, and with no command at all exits 1 after the usage", async () => {
    const [help, bare] = await Promise.all([bin("--help"), bin()]);
    expect([help.code, help.stdout.split("\n")[0]]).toEqual([0, "rulesmith - write tabletop game rules as code"]);
    expect([bare.code, bare.stdout]).toEqual([1, help.stdout]);
  });
});
