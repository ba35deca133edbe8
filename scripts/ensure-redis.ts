// Run by `npm test` before vitest: makes sure Debian's redis-server is there for the queue tests, which
// start their own server. Finds it on PATH; as root with apt-get, installs it and says so; otherwise
// stops with the exact command to run (scripts/redis-setup.ts).
import { realMachine } from "./browser-setup.ts";
import { ensureRedis } from "./redis-setup.ts";

process.exitCode = ensureRedis(realMachine());
