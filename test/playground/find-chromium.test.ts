// How the browser tests find Chromium (scripts/find-chromium.ts), on a faked machine: CHROMIUM_PATH
// first, then Debian's names on PATH in PATH order, then Playwright's cache (newest revision first);
// whether the process may install it itself; and the command it tells a person to run otherwise.
import { describe, expect, it } from "vitest";
import { canInstall, findChromium, installAdvice, type Host } from "../../scripts/find-chromium.ts";

function host(files: string[], env: Record<string, string>, dirs: Record<string, string[]> = {}): Host {
  return { env, home: "/home/ann", executable: (p) => files.includes(p), list: (d) => dirs[d] ?? [] };
}

describe("findChromium", () => {
  it("takes CHROMIUM_PATH as set, even over one on PATH", () => {
    expect(findChromium(host(["/usr/bin/chromium"], { PATH: "/usr/bin", CHROMIUM_PATH: "/opt/chrome/chrome" }))).toBe("/opt/chrome/chrome");
  });
  it("finds Debian's chromium, or chromium-browser, on PATH in PATH's order", () => {
    expect(findChromium(host(["/usr/bin/chromium"], { PATH: "/usr/local/bin:/usr/bin" }))).toBe("/usr/bin/chromium");
    expect(findChromium(host(["/usr/bin/chromium-browser", "/snap/bin/chromium"], { PATH: "/usr/bin:/snap/bin" }))).toBe("/usr/bin/chromium-browser");
    expect(findChromium(host(["/usr/bin/chromium", "/snap/bin/chromium"], { PATH: "/snap/bin:/usr/bin" }))).toBe("/snap/bin/chromium");
  });
  it("finds Playwright's download in its cache, the newest revision first, when nothing is on PATH", () => {
    const cache = "/home/ann/.cache/ms-playwright";
    const dirs = { [cache]: ["chromium-1100", "ffmpeg-1009", "chromium-1200"] };
    const files = [`${cache}/chromium-1100/chrome-linux/chrome`, `${cache}/chromium-1200/chrome-linux64/chrome`];
    expect(findChromium(host(files, { PATH: "/usr/bin" }, dirs))).toBe(`${cache}/chromium-1200/chrome-linux64/chrome`);
    // PLAYWRIGHT_BROWSERS_PATH moves the cache.
    expect(findChromium(host(["/pw/chromium-7/chrome-linux/chrome"], { PATH: "", PLAYWRIGHT_BROWSERS_PATH: "/pw" }, { "/pw": ["chromium-7"] }))).toBe("/pw/chromium-7/chrome-linux/chrome");
  });
  it("finds nothing on a machine without a browser", () => {
    expect(findChromium(host(["/usr/bin/apt-get", "/usr/bin/node"], { PATH: "/usr/bin" }))).toBeUndefined();
  });
});

describe("installing", () => {
  it("installs only as root with apt-get on PATH", () => {
    const debian = host(["/usr/bin/apt-get"], { PATH: "/usr/bin" });
    expect(canInstall(debian, 0)).toBe(true);
    expect(canInstall(debian, 1000)).toBe(false);
    expect(canInstall(host([], { PATH: "/usr/bin" }), 0)).toBe(false);
  });
  it("names the exact command to run otherwise", () => {
    expect(installAdvice(host(["/usr/bin/apt-get"], { PATH: "/usr/bin" }))).toBe("sudo apt-get update && sudo apt-get install -y chromium");
    expect(installAdvice(host([], { PATH: "/usr/bin" }))).toBe("npx playwright-core install chromium");
  });
});
