// The playground's build: `npm start` serves it with Vite's dev server, `npm run build` writes static
// files to dist/playground with relative URLs, so any static server (or a subfolder of one) can host it.
import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { bundleSizePlugin } from "./bundle-size.ts";

const here = fileURLToPath(new URL(".", import.meta.url));
const repo = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root: here,
  base: "./",
  // The page imports grammar/, src/ and rules/ from the repository, one level up; a node_modules linked
  // from elsewhere (git worktrees sharing one) is allowed where it really is, or Monaco's icon font is a 403.
  server: { fs: { allow: [repo, ...(existsSync(join(repo, "node_modules")) ? [realpathSync(join(repo, "node_modules"))] : [])] } },
  build: {
    outDir: fileURLToPath(new URL("../dist/playground", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    // Monaco's core is one large chunk; the whole size is reported and kept to a budget (bundle-size.ts) instead.
    chunkSizeWarningLimit: 5000,
  },
  worker: { format: "es" },
  // The dev server finds the dependencies to pre-bundle by scanning from these before the page loads;
  // one found later is bundled then and the page reloads (issue 28: on a first `npm start`). The scan
  // starts from index.html and does not follow `?worker` imports, so the engine worker, which imports
  // the engine's dependencies, is an entry too (test/browser/dev-server.browser.ts).
  optimizeDeps: { entries: ["index.html", "workers/engine.worker.ts"] },
  plugins: [bundleSizePlugin()],
});
