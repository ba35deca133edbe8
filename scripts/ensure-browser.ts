// Run first by `npm run test:browser`: makes sure a Chromium is there for the browser tests. Finds one
// (scripts/find-chromium.ts); when there is none and this process can install packages (root, with
// apt-get), installs Debian's chromium, saying so; otherwise stops with the exact command to run.
import { spawnSync } from "node:child_process";
import { aptGet, canInstall, candidates, findChromium, installAdvice, realHost } from "./find-chromium.ts";

function main(): number {
  const host = realHost();
  const found = findChromium(host);
  if (found) {
    if (!host.executable(found)) {
      console.error(`CHROMIUM_PATH is set to ${found}, which is not an executable file. Point it at a Chromium, or unset it to use the one on PATH.`);
      return 1;
    }
    console.log(`browser tests: using Chromium at ${found}`);
    return 0;
  }
  if (canInstall(host, process.getuid?.())) {
    const apt = aptGet(host)!;
    console.log(`browser tests: no Chromium found; installing Debian's chromium:\n  ${apt} update && ${apt} install -y chromium`);
    for (const args of [["update"], ["install", "-y", "chromium"]]) {
      const r = spawnSync(apt, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
      if (r.status !== 0) {
        console.error(`\`apt-get ${args.join(" ")}\` failed (exit ${r.status ?? r.signal}). Install a Chromium and run again, or set CHROMIUM_PATH.`);
        return 1;
      }
    }
    const installed = findChromium(host);
    if (installed) {
      console.log(`browser tests: installed; using Chromium at ${installed}`);
      return 0;
    }
    console.error("apt-get installed chromium but no `chromium` is on PATH. Set CHROMIUM_PATH to its executable.");
    return 1;
  }
  const looked = candidates(host);
  console.error(
    [
      "The browser tests need Chromium, and none was found.",
      `Looked for CHROMIUM_PATH, then ${looked.length} places: chromium, chromium-browser, google-chrome on PATH, and Playwright's cache.`,
      "Install it with:",
      `  ${installAdvice(host)}`,
      "or set CHROMIUM_PATH to a Chromium or Chrome executable.",
    ].join("\n"),
  );
  return 1;
}

process.exitCode = main();
