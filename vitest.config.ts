import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // No timed tests: speed is measured by `npm run bench`, never by a test that can flake on a slow machine.
    testTimeout: 0,
    hookTimeout: 0,
    // The CLI the tests start (bin/rulesmith.js) runs the TypeScript sources, never a build of them that
    // may be older; test/hosts/cli-build.test.ts checks the build itself.
    env: { RULESMITH_FROM_SOURCE: "1" },
  },
});
