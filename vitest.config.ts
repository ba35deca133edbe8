import { configDefaults, defineConfig } from "vitest/config";

/**
 * Test files that replace or wrap a module for the whole file (`vi.mock`), or add entries to a shared
 * table while they run: each gets a module graph of its own, so nothing it does is seen by another file.
 */
const OWN_MODULES = ["test/tools/service-parse-cache.test.ts", "test/tools/service-analysis-cache.test.ts", "test/tools/service-workspace.test.ts", "test/core/builtin-table.test.ts"];

export default defineConfig({
  test: {
    // No timed tests: speed is measured by `npm run bench`, never by a test that can flake on a slow machine.
    testTimeout: 0,
    hookTimeout: 0,
    // The few processes the tests start (bin/rulesmith.js: the LSP, queue workers, a run without root's
    // privileges) run the build in dist/cli/ when it is current (its stamp newer than every source file),
    // else the sources through tsx, as for a user: never a build older than the sources, and no tsx start
    // (about a second of CPU a process) when `npm install` or `npm run build:cli` made a current build.
    // test/hosts/cli-build.test.ts checks a build against the sources.
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...OWN_MODULES],
          // The files of a worker share one module graph: loading the sources again for each file (the
          // grammar built, the checker and both engines evaluated) cost about 2 s of CPU a file, half the
          // run's CPU time. The sources keep no state between calls that a test could see (their module
          // caches are keyed by the text they answer for), and the tests put back what they change
          // (`fastParser.enabled`, the working directory, `Source.keep`) in `afterEach`/`finally`.
          isolate: false,
        },
      },
      { extends: true, test: { name: "own modules", include: OWN_MODULES } },
    ],
  },
});
