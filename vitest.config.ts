import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // No timed tests: speed is measured by `npm run bench`, never by a test that can flake on a slow machine.
    testTimeout: 0,
    hookTimeout: 0,
  },
});
