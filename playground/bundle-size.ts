// The playground's size, reported by every `npm run build` and kept under a budget: the JavaScript
// of the page and its workers together, raw and gzipped (what a server sends). A build past the
// budget fails, so the browser tests (which build first) catch it too. The budget is today's size
// (6.79 MB, 1.80 MB gzipped: Monaco's core is 4.3 MB of it) with a little room, not a goal. It was
// 10.6 MB (2.9 MB gzipped) while each of the six workers that run rules carried the whole engine
// (0.65-0.75 MB each; 10.10 MB, 2.77 MB gzipped in all): Vite builds every worker module on its own,
// so they are now one module, workers/engine.worker.ts (0.83 MB), serving every service.
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

export const BUNDLE_BUDGET = { bytes: 7_100_000, gzipped: 1_900_000 };

export interface BundleSize {
  bytes: number;
  gzipped: number;
  files: number;
}

/** The size of JavaScript files, each gzipped on its own as a server would send it. */
export function sizeOf(texts: Iterable<string | Uint8Array>): BundleSize {
  const size = { bytes: 0, gzipped: 0, files: 0 };
  for (const t of texts) {
    const buffer = typeof t === "string" ? Buffer.from(t) : Buffer.from(t);
    size.bytes += buffer.length;
    size.gzipped += gzipSync(buffer).length;
    size.files++;
  }
  return size;
}

const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;

export function describeSize(s: BundleSize): string {
  return `playground bundle: ${mb(s.bytes)} of JavaScript in ${s.files} files (${mb(s.gzipped)} gzipped); budget ${mb(BUNDLE_BUDGET.bytes)} (${mb(BUNDLE_BUDGET.gzipped)} gzipped)`;
}

/** Reports the bundle's size after a build, and fails the build past the budget. */
export function bundleSizePlugin(): Plugin {
  return {
    name: "rulesmith-bundle-size",
    apply: "build",
    generateBundle(_options, bundle) {
      // Worker bundles arrive here as assets of the page's build.
      const js = Object.values(bundle).filter((o) => o.fileName.endsWith(".js")).map((o) => (o.type === "chunk" ? o.code : o.source));
      if (js.length === 0) return; // a worker's own build: the page's build counts it
      const size = sizeOf(js);
      console.log(describeSize(size));
      if (size.bytes > BUNDLE_BUDGET.bytes || size.gzipped > BUNDLE_BUDGET.gzipped) this.error(`${describeSize(size)}: over the budget (playground/bundle-size.ts)`);
    },
  };
}
