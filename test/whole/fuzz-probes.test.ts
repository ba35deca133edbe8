// A few seeded inputs of each of the fuzzer's probe classes (scripts/fuzz/probe-inputs.ts), so `npm test`
// catches what the long `npm run fuzz` would: each class's outcome is checked by probe-run.ts (a coded
// budget stop or a clean end, bounded output, no control character printed raw, nothing read or
// written outside the root, odds ending with a result or a coded error), and its failures must be none.
import { describe, expect, it } from "vitest";
import { generate, inputSeed, type Input } from "../../scripts/fuzz/inputs.ts";
import { runInput } from "../../scripts/fuzz/run-input.ts";

/** The first `n` inputs of class `kind` in the run seeded 29: the same ones every time. */
function inputsOf(kind: string, n: number): Input[] {
  const found: Input[] = [];
  for (let i = 0; found.length < n && i < 10_000; i++) {
    const inp = generate(inputSeed(29, i));
    if (inp.kind === kind) found.push(inp);
  }
  return found;
}

describe.each([
  ["kept-alive", 2],
  ["loud", 2],
  ["links", 6],
  ["controls", 16],
  ["odds-deep", 2],
])("the fuzzer's %s class", (kind, n) => {
  it(`${n} inputs end as the class requires`, async () => {
    const inputs = inputsOf(kind, n);
    expect(inputs).toHaveLength(n);
    for (const inp of inputs) {
      const out = await runInput(inp);
      expect(out.failures, JSON.stringify(inp.probe?.commands)).toEqual([]);
    }
  });
});
