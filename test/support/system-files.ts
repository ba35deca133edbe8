// A bundled system's files as a language-service workspace holds them: its rules and JSON files, by path.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ServiceFiles } from "../../src/tools/service/service-types.ts";

export function rulesAndJsonBelow(dir: string): ServiceFiles {
  const out: ServiceFiles = {};
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) Object.assign(out, rulesAndJsonBelow(p));
    else if (e.name.endsWith(".rules") || e.name.endsWith(".json")) out[p] = readFileSync(p, "utf8");
  }
  return out;
}
