// scripts/ensure-redis.ts (scripts/redis-setup.ts) on a faked machine: a PATH holding only a fake
// `apt-get` that records its arguments and, asked to install redis-server, drops a fake `redis-server`
// beside itself. No root, no network, no real package.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { realMachine, type Machine } from "../../scripts/browser-setup.ts";
import { realHost } from "../../scripts/find-chromium.ts";
import { ensureRedis } from "../../scripts/redis-setup.ts";

let dir: string;
let bin: string;
let log: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "rulesmith-redis-setup-"));
  bin = join(dir, "bin");
  log = join(dir, "apt-get.log");
  mkdirSync(bin);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function fakeAptGet(installExit = 0) {
  const drop = installExit === 0 ? `  printf '#!/bin/sh\\n' > '${bin}/redis-server' && chmod +x '${bin}/redis-server'` : "  :";
  writeFileSync(join(bin, "apt-get"), ["#!/bin/sh", `echo "$*" >> '${log}'`, 'if [ "$1" = install ]; then', drop, `  exit ${installExit}`, "fi", "exit 0", ""].join("\n"));
  chmodSync(join(bin, "apt-get"), 0o755);
}

function machine(uid: number): Machine & { lines: string[] } {
  const lines: string[] = [];
  return { ...realMachine(), host: { ...realHost(), env: { PATH: bin }, home: dir }, uid, out: (l) => lines.push(l), err: (l) => lines.push(l), lines };
}

const calls = () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);

describe("ensure-redis with no redis-server on the machine", () => {
  it("as root with apt-get, runs `apt-get update` then `apt-get install -y redis-server`, and uses it", () => {
    fakeAptGet();
    const m = machine(0);
    expect(ensureRedis(m)).toBe(0);
    expect(calls()).toEqual(["update", "install -y redis-server"]);
    expect(m.lines).toEqual([`queue tests: no redis-server found; installing Debian's redis-server:\n  ${bin}/apt-get update && ${bin}/apt-get install -y redis-server`, `queue tests: installed; using ${bin}/redis-server`]);
  });

  it("not as root, installs nothing and says exactly what is missing and the command to run", () => {
    fakeAptGet();
    const m = machine(1000);
    expect(ensureRedis(m)).toBe(1);
    expect(calls()).toEqual([]);
    expect(m.lines).toEqual(["The queue tests (test/hosts/queue.test.ts) need Debian's redis-server, and there is no redis-server on PATH;\ninstall it with: sudo apt-get update && sudo apt-get install -y redis-server"]);
  });

  it("a failed install stops with the command to run", () => {
    fakeAptGet(100);
    const m = machine(0);
    expect(ensureRedis(m)).toBe(1);
    expect(m.lines.at(-1)).toBe("`apt-get install -y redis-server` failed (exit 100); install it with: sudo apt-get update && sudo apt-get install -y redis-server");
  });
});
