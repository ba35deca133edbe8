// Whole numbers are exact (docs/language.md section 4): every result of `+`, `-`, `*`, a modifier, a
// `sum` or a roll total stays within -(2^53 - 1)..2^53 - 1 or stops with R0505 at the operation; a
// literal too large to be exact is E0002 at the literal; division is exact at the ends of the range;
// a state number outside the range (`1e400`, 2^53 + 1) is E0401 with its path.
import { describe, expect, it } from "vitest";
import { indexProgram, runScenario } from "../../src/pipeline.ts";
import { validateState } from "../../src/run/schema.ts";
import { checked, compileText, example } from "../support/helpers.ts";

const MAX = "9007199254740991";
const RANGE = `whole numbers are exact only from -${MAX} to ${MAX}`;

/** The failure of an example that is expected to stop: code, message, line and column. */
function stops(body: string, before = ""): [string | undefined, string | undefined, number | undefined, number | undefined] {
  const r = example(`${before}example "x" {\n${body}\n}\n`, "x");
  return [r.failure?.code, r.failure?.message, r.failure?.span?.line, r.failure?.span?.col];
}

describe("R0505: a result outside the exact range", () => {
  it("`n + 1` at the largest exact number, so `n == n + 1` can never hold", () => {
    expect(stops(`  let n = ${MAX}\n  expect n != n + 1`)).toEqual(["R0505", `\`n + 1\` would be about 9007199254740992: ${RANGE}`, 3, 15]);
  });
  it("`-` below the smallest", () => {
    expect(stops(`  let n = -${MAX}\n  let m = n - 2`)).toEqual(["R0505", `\`n - 2\` would be about -9007199254740992: ${RANGE}`, 3, 11]);
  });
  it("repeated squaring stops before it could reach Infinity or NaN", () => {
    expect(stops("  let n = 2\n  for i in 1..10 { n = n * n }")).toEqual(["R0505", `\`n * n\` would be about 18446744073709552000: ${RANGE}`, 3, 24]);
  });
  it("`+=` like `+`", () => {
    expect(stops(`  let n = ${MAX}\n  n += 1`)).toEqual(["R0505", `\`n += 1\` would be about 9007199254740992: ${RANGE}`, 3, 3]);
  });
  it("a `sum` that passes the range on the way", () => {
    expect(stops(`  let xs = [${MAX}, 1, -5]\n  let s = sum(x in xs => x)`)).toEqual(["R0505", `the \`sum\` at this point would be about 9007199254740992: ${RANGE}`, 3, 11]);
  });
  it("a modifier that doubles past the range, at the modifier", () => {
    const before = `value power(n: int) -> int = n\nmodifier twice for power : double\n`;
    expect(stops(`  let p = power(${MAX})`, before)).toEqual(["R0505", `\`double\` on ${MAX} would be about 18014398509481982: ${RANGE}`, 2, 1]);
  });
});

describe("division at the ends of the range is exact", () => {
  it("`/`, `round up`, `round nearest`, `round down` and `%` on 2^53 - 1", () => {
    const body = [
      `  let n = ${MAX}`,
      "  expect n / 3 == 3002399751580330",
      "  expect (n - 1) / 7 == 1286742750677284",
      "  expect n / 2 round up == 4503599627370496",
      "  expect n / 2 round nearest == 4503599627370496",
      "  expect -n / 2 round down == -4503599627370496",
      "  expect n % 10 == 1",
      "  expect -n % 10 == -1",
    ].join("\n");
    expect(example(`example "x" {\n${body}\n}\n`, "x").failure).toBeUndefined();
  });
});

describe("E0002: a literal too large to be exact", () => {
  it("is reported at the literal, and its declaration does not run", () => {
    const c = compileText(`fn f() -> int = 99999999999999999999\nfn g() -> int = ${MAX}\n`);
    expect(c.diagnostics.map((d) => [d.code, d.message, d.span.line, d.span.col, d.span.endCol])).toEqual([
      ["E0002", `the number \`99999999999999999999\` is too large: whole numbers go up to ${MAX}`, 1, 17, 37],
    ]);
    expect(c.program).toBeUndefined();
  });
  it("in a roll's sides too", () => {
    const c = compileText('fn f() -> int = roll(1, 9007199254740993)\n');
    expect(c.diagnostics.map((d) => [d.code, d.span.col])).toEqual([["E0002", 25]]);
  });
});

describe("E0401: state numbers outside the exact range", () => {
  const program = indexProgram(checked("kind Unit { hp: int in 0..9 }\nenum Icon { melee }\nstate { count: int, unit: Unit, icons: tally<Icon> }\nfn nothing() -> int = count\n"));
  const message = `must be a whole number from -${MAX} to ${MAX}: numbers are exact only in that range`;
  it("`1e400` (Infinity when read) and 2^53 + 1, with their paths", () => {
    const problems = validateState(program, { count: Number.POSITIVE_INFINITY, unit: { hp: 1 }, icons: {} });
    expect(problems.map((p) => [p.path, p.message])).toEqual([["/count", message]]);
    expect(validateState(program, { count: 9007199254740993, unit: { hp: 1 }, icons: {} }).map((p) => p.path)).toEqual(["/count"]);
    expect(validateState(program, { count: -9007199254740993, unit: { hp: 1 }, icons: {} }).map((p) => p.path)).toEqual(["/count"]);
  });
  it("NaN and Infinity in a ranged field are outside its range", () => {
    expect(validateState(program, { count: 0, unit: { hp: Number.NaN }, icons: {} }).map((p) => [p.path, p.message])).toContainEqual(["/unit/hp", "must be an integer"]);
    expect(validateState(program, { count: 0, unit: { hp: Number.POSITIVE_INFINITY }, icons: {} }).map((p) => [p.path, p.message])).toEqual([["/unit/hp", "must be <= 9"]]);
  });
  it("a tally count above the limit of a tally count", () => {
    expect(validateState(program, { count: 0, unit: { hp: 1 }, icons: { melee: 1e300 } }).map((p) => [p.path, p.message])).toEqual([["/icons/melee", "must be <= 1000000"]]);
  });
  it("a run never starts on such a state", () => {
    const run = runScenario(program, { rules: "x", run: "nothing", state: { count: Number.POSITIVE_INFINITY, unit: { hp: 1 }, icons: {} } }, { seed: "s", trace: false });
    expect(run.result).toBeUndefined();
    expect(run.stateProblems?.map((p) => p.path)).toEqual(["/count"]);
  });
});

describe("isqrt: the whole square root, rounded down, exact on the whole range", () => {
  it("rounds down between squares and is exact at squares and at the top of the range", () => {
    const r = example(`example "x" {
  expect isqrt(0) == 0 and isqrt(1) == 1 and isqrt(3) == 1 and isqrt(4) == 2
  expect isqrt(99) == 9 and isqrt(100) == 10 and isqrt(101) == 10
  expect isqrt(${MAX}) == 94906265
  expect isqrt(94906265 * 94906265) == 94906265 and isqrt(94906265 * 94906265 - 1) == 94906264
}\n`, "x");
    expect(r.failure).toBeUndefined();
    expect(r.passed).toBe(true);
  });
  it("stops with R0501 on a negative number", () => {
    expect(stops("  let r = isqrt(-1)")[0]).toBe("R0501");
  });
});
