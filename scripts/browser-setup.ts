// What scripts/ensure-browser.ts does, with the machine passed in: the file system and environment
// (a Host, scripts/find-chromium.ts), who this process runs as and how it runs a command. The script
// passes the real ones; test/playground/browser-setup.test.ts passes a fake PATH with a fake apt-get, so the
// install branch is exercised without root or network.
import { spawnSync } from "node:child_process";
import { aptGet, canInstall, candidates, findChromium, installAdvice, realHost, type Host } from "./find-chromium.ts";

export interface Machine {
  host: Host;
  /** The process's user id (0 is root); undefined where there is none (Windows). */
  uid: number | undefined;
  /** Runs a command to its end, its output shown as it goes; the exit status, or null when a signal ended it. */
  run(command: string, args: string[]): { status: number | null; signal?: string | null };
  out(line: string): void;
  err(line: string): void;
}

export const realMachine = (): Machine => ({
  host: realHost(),
  uid: process.getuid?.(),
  run: (command, args) => spawnSync(command, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});

/** The apt-get commands that install Debian's chromium, in order. */
export const INSTALL_STEPS = [["update"], ["install", "-y", "chromium"]];

/**
 * Makes sure a Chromium is there for the browser tests: finds one; when there is none and this process
 * can install packages (root, with apt-get), installs Debian's chromium, saying so; otherwise stops
 * with the exact command to run. Returns the exit code.
 */
export function ensureBrowser(m: Machine = realMachine()): number {
  const found = findChromium(m.host);
  if (found) {
    if (!m.host.executable(found)) {
      m.err(`CHROMIUM_PATH is set to ${found}, which is not an executable file. Point it at a Chromium, or unset it to use the one on PATH.`);
      return 1;
    }
    m.out(`browser tests: using Chromium at ${found}`);
    return 0;
  }
  if (canInstall(m.host, m.uid)) return install(m, aptGet(m.host)!);
  const looked = candidates(m.host);
  m.err(
    [
      "The browser tests need Chromium, and none was found.",
      `Looked for CHROMIUM_PATH, then ${looked.length} places: chromium, chromium-browser, google-chrome on PATH, and Playwright's cache.`,
      "Install it with:",
      `  ${installAdvice(m.host)}`,
      "or set CHROMIUM_PATH to a Chromium or Chrome executable.",
    ].join("\n"),
  );
  return 1;
}

function install(m: Machine, apt: string): number {
  m.out(`browser tests: no Chromium found; installing Debian's chromium:\n  ${INSTALL_STEPS.map((args) => `${apt} ${args.join(" ")}`).join(" && ")}`);
  for (const args of INSTALL_STEPS) {
    const r = m.run(apt, args);
    if (r.status !== 0) {
      m.err(`\`apt-get ${args.join(" ")}\` failed (exit ${r.status ?? r.signal}). Install a Chromium and run again, or set CHROMIUM_PATH.`);
      return 1;
    }
  }
  const installed = findChromium(m.host);
  if (installed) {
    m.out(`browser tests: installed; using Chromium at ${installed}`);
    return 0;
  }
  m.err("apt-get installed chromium but no `chromium` is on PATH. Set CHROMIUM_PATH to its executable.");
  return 1;
}
