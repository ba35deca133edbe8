// What scripts/ensure-redis.ts does, with the machine passed in (scripts/browser-setup.ts's Machine), so
// test/hosts/redis-setup.test.ts can run the install branch with a fake apt-get on a fake PATH. The queue
// tests (test/hosts/queue.test.ts) start Debian's `redis-server` themselves; this makes sure it is there.
import { delimiter, join } from "node:path";
import type { Machine } from "./browser-setup.ts";
import { aptGet, canInstall, type Host } from "./find-chromium.ts";

/** The one command a person runs when the tests cannot install Redis themselves. */
export const REDIS_INSTALL = "install it with: sudo apt-get update && sudo apt-get install -y redis-server";

/** The apt-get commands that install Debian's redis-server, in order. */
export const REDIS_INSTALL_STEPS = [["update"], ["install", "-y", "redis-server"]];

/** `redis-server` on PATH, or undefined. */
export function findRedis(host: Host): string | undefined {
  return (host.env["PATH"] ?? "").split(delimiter).filter(Boolean).map((d) => join(d, "redis-server")).find((p) => host.executable(p));
}

/**
 * Makes sure `redis-server` is on PATH for the queue tests: finds it; when it is not there and this
 * process can install packages (root, with apt-get), installs Debian's redis-server, saying so;
 * otherwise stops with the exact command to run. Returns the exit code.
 */
export function ensureRedis(m: Machine): number {
  const found = findRedis(m.host);
  if (found) {
    m.out(`queue tests: using ${found}`);
    return 0;
  }
  const apt = canInstall(m.host, m.uid) ? aptGet(m.host) : undefined;
  if (!apt) {
    m.err(`The queue tests (test/hosts/queue.test.ts) need Debian's redis-server, and there is no redis-server on PATH;\n${REDIS_INSTALL}`);
    return 1;
  }
  m.out(`queue tests: no redis-server found; installing Debian's redis-server:\n  ${REDIS_INSTALL_STEPS.map((args) => `${apt} ${args.join(" ")}`).join(" && ")}`);
  for (const args of REDIS_INSTALL_STEPS) {
    const r = m.run(apt, args);
    if (r.status !== 0) {
      m.err(`\`apt-get ${args.join(" ")}\` failed (exit ${r.status ?? r.signal}); ${REDIS_INSTALL}`);
      return 1;
    }
  }
  const installed = findRedis(m.host);
  if (installed) {
    m.out(`queue tests: installed; using ${installed}`);
    return 0;
  }
  m.err("apt-get installed redis-server but no `redis-server` is on PATH; put its folder (/usr/bin on Debian) on PATH.");
  return 1;
}
