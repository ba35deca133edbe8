// What the command line may read (issue 14, item 1): imports and a scenario's "rules" stay below a root,
// only regular `.rules` (and `.json`) files of at most 8 MB are read, and everything else is a
// diagnostic with a code and the path, never an exception and never a hang. Each probe runs the CLI
// in process (test/support/run-cli.ts) with a folder made here as its working directory; a hang (a blocking
// read of a FIFO) shows as a test that never ends, as there is no time limit to hide it.
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { project, runCli } from "../support/run-cli.ts";

const base = mkdtempSync(join(tmpdir(), "rulesmith-files-"));
afterAll(() => {
  for (const locked of ["locked", "open/locked"]) {
    try {
      chmodSync(join(base, locked), 0o755);
    } catch {
      // never made: nothing to unlock
    }
  }
  rmSync(base, { recursive: true, force: true });
});

interface Run {
  code: number;
  all: string;
}

/** `rulesmith ARGS` with the working directory `cwd`. */
const rulesmith = (cwd: string, ...args: string[]): Promise<Run> => runCli(args, { cwd });

/** The `error[CODE]` heads with their locations, in order. */
function heads(out: string): string[] {
  const lines = out.split("\n");
  return lines.flatMap((l, i) => {
    const m = /^error\[(\w+)\]/.exec(l);
    return m ? [`${m[1]} ${lines[i + 1]?.trim().replace(/^--> /, "").replace(`${base}/`, "")}`] : [];
  });
}

function write(path: string, text: string) {
  mkdirSync(join(base, path, ".."), { recursive: true });
  writeFileSync(join(base, path), text);
}

write("outside.rules", "fn secretly() -> int = 1\n");
write("outside/more.rules", "fn more() -> int = 2\n");
write("game/climb.rules", 'import "../outside.rules"\nfn g() -> int = secretly()\n');
write("game/zero.rules", 'import "../../../dev/zero"\n');
write("game/environ.rules", 'import "../../../proc/self/environ"\n');
write("game/notes.txt", "password=hunter2\n");
write("game/text.rules", 'import "notes.txt"\n');
write("game/folder.rules", 'import "sub"\n');
write("game/sub/ok.rules", "fn ok() -> int = 1\n");
write("game/fifo.rules", 'import "pipe.rules"\n');
write("game/big.rules", `// ${"x".repeat(8 * 1024 * 1024)}\n`);
write("game/imports-big.rules", 'import "big.rules"\n');
symlinkSync(join(base, "outside.rules"), join(base, "game/link.rules"));
symlinkSync(join(base, "outside"), join(base, "game/linked-folder"));
write("game/zero.json", '{ "rules": "../../../../../../../../dev/zero", "run": "f", "state": {} }\n');
write("game/fifo.json", '{ "rules": "pipe.rules", "run": "f", "state": {} }\n');
write("game/passwd.json", '{ "rules": "../../../../../../../../etc/passwd", "run": "f", "state": {} }\n');
const game = join(base, "game");

/** A FIFO made with `mkfifo`, where the system has it. */
const fifo = (() => {
  try {
    execFileSync("mkfifo", [join(game, "pipe.rules")], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.concurrent("imports stay below the root", () => {
  it("an import climbing out with `../` is E0004 at the import", async () => {
    const r = await rulesmith(game, "check", "climb.rules");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0004 climb.rules:1:8"]]);
    expect(r.all).toContain(`\`${join(base, "outside.rules")}\` is outside the folder the rules may read (\`.\`)`);
  });

  it("a symbolic link leading outside the root is E0004, saying where it leads", async () => {
    const r = await rulesmith(game, "check", "link.rules");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0004 link.rules:1:1"]]);
    expect(r.all).toContain(`\`link.rules\` leads to \`${join(base, "outside.rules")}\`, which is outside`);
  });

  it("the zero device as an import is E0004; with the filesystem as the root it is E0005, a device", async () => {
    const r = await rulesmith(game, "check", "zero.rules");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0004 zero.rules:1:8"]]);
    const wide = await rulesmith(game, "check", "--root", "/", "zero.rules");
    expect([wide.code, heads(wide.all)]).toEqual([1, ["E0005 zero.rules:1:8"]]);
    expect(wide.all).toContain("`/dev/zero` is a device, not a `.rules` file");
  });

  it("the process's environment is never read, so never shown", async () => {
    const r = await rulesmith(game, "check", "environ.rules");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0004 environ.rules:1:8"]]);
    const wide = await rulesmith(game, "check", "--root", "/", "environ.rules");
    expect([wide.code, heads(wide.all)]).toEqual([1, ["E0005 environ.rules:1:8"]]);
    // The file the import names is this very process's environment: none of its entries is printed.
    const environ = readFileSync("/proc/self/environ", "utf8").split("\0").filter((e) => e.includes("="));
    expect(environ.length).toBeGreaterThan(0);
    for (const entry of environ) expect(`${r.all}${wide.all}`).not.toContain(entry);
  });

  it("an import of a file that is not a `.rules` file is E0005 at the import, and the file is not read", async () => {
    const r = await rulesmith(game, "check", "text.rules");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0005 text.rules:1:8"]]);
    expect(r.all).not.toContain("hunter2");
  });

  it("an import of a folder is E0005", async () => {
    const r = await rulesmith(game, "check", "folder.rules");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0005 folder.rules:1:8"]]);
    expect(r.all).toContain("`sub` is a folder, not a `.rules` file");
  });

  it.skipIf(!fifo)("an import of a FIFO is E0005 and does not block", async () => {
    const r = await rulesmith(game, "check", "fifo.rules");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0005 fifo.rules:1:8"]]);
    expect(r.all).toContain("`pipe.rules` is a FIFO (named pipe), not a `.rules` file");
  });

  it("a file over 8 MB is E0006, named or imported", async () => {
    const r = await rulesmith(game, "check", "imports-big.rules");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0006 imports-big.rules:1:8"]]);
    const named = await rulesmith(game, "check", "big.rules");
    expect([named.code, heads(named.all)]).toEqual([1, ["E0006 big.rules:1:1"]]);
  });

  it("a named path outside `--root` is E0004", async () => {
    const r = await rulesmith(game, "check", "--root", join(game, "sub"), "climb.rules");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0004 climb.rules:1:1"]]);
  });

  it("`--root` widens the root, so the same import is read", async () => {
    const r = await rulesmith(game, "check", "--root", base, "climb.rules");
    expect([r.code, r.all.trim()]).toEqual([0, "checked 2 file(s): no errors"]);
  });

  it("the working directory widens the default root when it holds the named path", async () => {
    const r = await rulesmith(base, "check", "game/climb.rules");
    expect([r.code, r.all.trim()]).toEqual([0, "checked 2 file(s): no errors"]);
  });
});

describe.concurrent("a scenario's rules stay below the root", () => {
  it("the zero device as a scenario's \"rules\" is E0004 at \"rules\"; with the filesystem as the root, E0005", async () => {
    const r = await rulesmith(game, "run", "zero.json");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0004 zero.json:1:12"]]);
    const wide = await rulesmith(game, "run", "--root", "/", "zero.json");
    expect([wide.code, heads(wide.all)]).toEqual([1, ["E0005 zero.json:1:12"]]);
  });

  it("the password file as a scenario's \"rules\" is E0004, and with the filesystem as the root E0005, never shown", async () => {
    const r = await rulesmith(game, "run", "passwd.json");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0004 passwd.json:1:12"]]);
    const wide = await rulesmith(game, "run", "--root", "/", "passwd.json");
    expect([wide.code, heads(wide.all)]).toEqual([1, ["E0005 passwd.json:1:12"]]);
    expect(`${r.all}${wide.all}`).not.toContain("root:");
  });

  it.skipIf(!fifo)("a FIFO as a scenario's \"rules\" is E0005 and does not block", async () => {
    const r = await rulesmith(game, "simulate", "fifo.json", "-n", "1");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0005 fifo.json:1:12"]]);
  });

  it("a scenario that is not a `.json` file is E0005 and is not read", async () => {
    const r = await rulesmith(game, "run", "notes.txt");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0005 notes.txt:1:1"]]);
    expect(r.all).not.toContain("hunter2");
  });
});

describe.concurrent("walking a folder", () => {
  it("does not follow a symbolic link to a folder outside the root", async () => {
    // Named itself, the link leads outside the root; walked from `game`, it is a link, not a folder.
    const r = await rulesmith(base, "check", "--root", game, "game/linked-folder");
    expect([r.code, heads(r.all)]).toEqual([1, ["E0004 game/linked-folder:1:1"]]);
    const walked = await rulesmith(base, "check", "--root", game, "game");
    expect(walked.all).toContain("error[E0004]: `game/link.rules` leads to");
    expect(walked.all).not.toContain("more.rules");
  });

  // A permission is a process's: root, which CI runs as, reads any folder through its capabilities
  // CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH. So this runs `bin/rulesmith.js` in a process of its own,
  // started as root without those two (util-linux's setpriv), whom a folder of mode 000 stops as it
  // stops anyone else; as any other user, plainly.
  it("skips a folder below that it cannot read, and says so of a named one (E0003)", async () => {
    write("locked/inner.rules", "fn inner() -> int = 1\n");
    write("open/ok.rules", "fn ok() -> int = 1\n");
    // Something to find in the folder below, so reading it would show in the count.
    write("open/locked/hidden.rules", "fn hidden() -> int = 1\n");
    chmodSync(join(base, "open/locked"), 0o000);
    chmodSync(join(base, "locked"), 0o000);
    const r = await withoutPrivilege(base, "check", "open");
    expect([r.code, r.all.trim()]).toEqual([0, "checked 1 file(s): no errors"]);
    const named = await withoutPrivilege(base, "check", "locked");
    expect([named.code, heads(named.all)]).toEqual([1, ["E0003 locked:1:1"]]);
  });
});

/** `bin/rulesmith.js ARGS` in a process of its own that file permissions stop, even when this one is root's. */
function withoutPrivilege(cwd: string, ...args: string[]): Promise<Run> {
  const node = [process.execPath, join(project, "bin/rulesmith.js"), ...args];
  const [file, ...argv] = process.getuid?.() === 0 ? ["setpriv", "--bounding-set=-dac_override,-dac_read_search", ...node] : node;
  return new Promise((resolve) => {
    execFile(file!, argv, { cwd }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, all: `${stdout}\n${stderr}` });
    });
  });
}
