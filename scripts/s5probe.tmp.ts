import { SHAPES, type Shape } from "../bench/broken-files.ts";
import { diagnostics } from "../src/service/index.ts";
const shape = process.argv[2] as Shape; const kb = Number(process.argv[3] ?? 300);
const text = SHAPES[shape](kb);
const t0 = process.cpuUsage();
const ds = diagnostics({ "a.rules": text }, "a.rules");
const c = process.cpuUsage(t0);
console.log(shape, kb, "KB", ((c.user + c.system) / 1e6).toFixed(2), "s cpu", ds.length, "diags", (process.resourceUsage().maxRSS / 1024).toFixed(0), "MB");
console.log(ds.slice(0, 3).map((d) => `${d.code} ${d.range.line}:${d.range.col} ${d.message}`).join("\n"));
