// Where the browser tests' Chromium is: `CHROMIUM_PATH` when set, else the first of Debian's
// `chromium`, `chromium-browser` (and Chrome's names) on PATH, else Playwright's own download in its
// cache (`PLAYWRIGHT_BROWSERS_PATH` or ~/.cache/ms-playwright). The file system and environment come in
// as arguments so a test can fake them; scripts/ensure-browser.ts and the browser tests pass the real ones.
import { accessSync, constants, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";

export interface Host {
  env: Record<string, string | undefined>;
  home: string;
  /** Whether a path is a file this process may execute. */
  executable(path: string): boolean;
  /** The names in a folder, or [] when it is not one. */
  list(dir: string): string[];
}

export const realHost = (): Host => ({
  env: process.env,
  home: homedir(),
  executable: (path) => {
    try {
      accessSync(path, constants.X_OK);
      return statSync(path).isFile();
    } catch {
      return false;
    }
  },
  list: (dir) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  },
});

const NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];
/** Inside one of Playwright's `chromium-NNNN` folders, by platform and version. */
const PLAYWRIGHT_BINARIES = ["chrome-linux64/chrome", "chrome-linux/chrome", "chrome-mac/Chromium.app/Contents/MacOS/Chromium", "chrome-win/chrome.exe", "chrome-win64/chrome.exe"];

/** The folders searched, in order, with what was found: for the message when nothing is. */
export function candidates(host: Host): string[] {
  const out: string[] = [];
  for (const dir of (host.env["PATH"] ?? "").split(delimiter).filter(Boolean)) for (const name of NAMES) out.push(join(dir, name));
  const cache = host.env["PLAYWRIGHT_BROWSERS_PATH"] || join(host.home, ".cache/ms-playwright");
  // Newest download first: the folders are numbered by revision.
  const revisions = host.list(cache).filter((n) => /^chromium(_headless_shell)?-\d+$/.test(n)).sort((a, b) => Number(b.split("-").pop()) - Number(a.split("-").pop()));
  for (const r of revisions) for (const bin of PLAYWRIGHT_BINARIES) out.push(join(cache, r, bin));
  return out;
}

/** The Chromium to drive, or undefined. A `CHROMIUM_PATH` that is not executable is an answer too: it is reported, not skipped. */
export function findChromium(host: Host): string | undefined {
  const set = host.env["CHROMIUM_PATH"];
  if (set) return set;
  return candidates(host).find((p) => host.executable(p));
}

/** Whether this process could install Debian's chromium itself: root, with apt-get on PATH. */
export function canInstall(host: Host, uid: number | undefined): boolean {
  return uid === 0 && aptGet(host) !== undefined;
}

export function aptGet(host: Host): string | undefined {
  return (host.env["PATH"] ?? "").split(delimiter).filter(Boolean).map((d) => join(d, "apt-get")).find((p) => host.executable(p));
}

/** The one command a person runs when the tests cannot set the browser up themselves. */
export function installAdvice(host: Host): string {
  return aptGet(host) ? "sudo apt-get update && sudo apt-get install -y chromium" : "npx playwright-core install chromium";
}
