// The install branch of scripts/ensure-browser.ts (scripts/browser-setup.ts) on a faked machine: a PATH
// holding only a fake `apt-get`, a script that records its arguments and, when asked to install
// chromium, drops a fake `chromium` executable beside itself. No root, no network, no real package.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBrowser, realMachine, type Machine } from "../../scripts/browser-setup.ts";
import { realHost } from "../../scripts/find-chromium.ts";

let dir: string;
let bin: string;
let log: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "rulesmith-browser-setup-"));
  bin = join(dir, "bin");
  log = join(dir, "apt-get.log");
  mkdirSync(bin);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A fake apt-get: logs each call's arguments; `install` exits with `installExit` and, if 0 and `drops`, leaves bin/chromium. */
function fakeAptGet(installExit = 0, drops = true) {
  const script = [
    "#!/bin/sh",
    `echo "$*" >> '${log}'`,
    'if [ "$1" = install ]; then',
    drops && installExit === 0 ? `  printf '#!/bin/sh\\n' > '${bin}/chromium' && chmod +x '${bin}/chromium'` : "  :",
    `  exit ${installExit}`,
    "fi",
    "exit 0",
  ].join("\n");
  writeFileSync(join(bin, "apt-get"), script + "\n");
  chmodSync(join(bin, "apt-get"), 0o755);
}

/** This machine with PATH holding only the fake bin and a home without Playwright's cache, running as `uid`. */
function machine(uid: number): Machine & { lines: string[] } {
  const lines: string[] = [];
  return {
    ...realMachine(),
    host: { ...realHost(), env: { PATH: bin }, home: dir },
    uid,
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
    lines,
  };
}

const calls = () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);

describe("ensure-browser with no Chromium on the machine", () => {
  it("as root with apt-get, runs `apt-get update` then `apt-get install -y chromium`, and uses the installed browser", () => {
    fakeAptGet();
    const m = machine(0);
    expect(ensureBrowser(m)).toBe(0);
    expect(calls()).toEqual(["update", "install -y chromium"]);
    expect(m.lines).toEqual([
      `browser tests: no Chromium found; installing Debian's chromium:\n  ${bin}/apt-get update && ${bin}/apt-get install -y chromium`,
      `browser tests: installed; using Chromium at ${bin}/chromium`,
    ]);
  });

  it("without root, runs nothing and stops with the one message naming the command to run", () => {
    fakeAptGet();
    const m = machine(1000);
    expect(ensureBrowser(m)).toBe(1);
    expect(calls()).toEqual([]);
    expect(m.lines).toHaveLength(1);
    expect(m.lines[0]).toBe(
      [
        "The browser tests need Chromium, and none was found.",
        "Looked for CHROMIUM_PATH, then 4 places: chromium, chromium-browser, google-chrome on PATH, and Playwright's cache.",
        "Install it with:",
        "  sudo apt-get update && sudo apt-get install -y chromium",
        "or set CHROMIUM_PATH to a Chromium or Chrome executable.",
      ].join("\n"),
    );
  });

  it("says which apt-get command failed, with its exit status, and exits non-zero", () => {
    fakeAptGet(100);
    const m = machine(0);
    expect(ensureBrowser(m)).toBe(1);
    expect(calls()).toEqual(["update", "install -y chromium"]);
    expect(m.lines.at(-1)).toBe("`apt-get install -y chromium` failed (exit 100). Install a Chromium and run again, or set CHROMIUM_PATH.");
    expect(existsSync(join(bin, "chromium"))).toBe(false);
  });

  it("says so when apt-get succeeds but no chromium appears on PATH", () => {
    fakeAptGet(0, false);
    const m = machine(0);
    expect(ensureBrowser(m)).toBe(1);
    expect(m.lines.at(-1)).toBe("apt-get installed chromium but no `chromium` is on PATH. Set CHROMIUM_PATH to its executable.");
  });
});
