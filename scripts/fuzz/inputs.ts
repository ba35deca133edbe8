// The fuzzer's inputs: mutated bundled content, random text and programs, and the hostile classes of
// scripts/fuzz/classes.ts, each as files laid over the bundled content. Input i of a run seeded S is
// generated from its own seed (`inputSeed`), so `--seed S --only I` replays it without the ones before.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { deepNesting, editTokens, mutate, mutation, randomProgram, SAMPLE, token, tokenEdit } from "../../test/support/generators.ts";
import { editState, elseIfChainText, hugeNumbersText, objectNamesText, runawayText, stateEdit } from "./classes.ts";
import { controlsProbe, keptAliveProbe, linksProbe, loudProbe, oddsDeepProbe, type Probe } from "./probe-inputs.ts";

/**
 * One fuzz input: files laid over the bundled content, the path to check, and an offset for the
 * service's completion and hover; a state input names the scenario file to load.
 */
export interface Input {
  kind: string;
  overrides: Record<string, string>;
  root: string;
  at: number;
  scenario?: string;
  /** A class whose outcome is checked by running commands in a temporary root (probe-run.ts). */
  probe?: Probe;
}

/** Every bundled `.rules` and scenario file by `/`-separated path, as the playground holds them. */
function bundledFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith(".rules") || p.endsWith(".json")) files[relative(".", p).split("\\").join("/")] = readFileSync(p, "utf8");
    }
  };
  walk("rules");
  return files;
}

export const BUNDLED = bundledFiles();
const RULES_PATHS = Object.keys(BUNDLED).filter((p) => p.endsWith(".rules")).sort();
// A system's manifest (system.json, for mods) and a balance roster (balance/*.json) are no scenarios.
const SCENARIO_PATHS = Object.keys(BUNDLED).filter((p) => p.endsWith(".json") && !p.endsWith("/system.json") && !p.includes("/balance/")).sort();

const folderOf = (p: string) => p.split("/").slice(0, -1).join("/");
const at = fc.nat({ max: 1_000_000 });
/** An input of one file, `main.rules`, of a class. */
const single = (kind: string, text: fc.Arbitrary<string>): fc.Arbitrary<Input> =>
  fc.tuple(text, at).map(([t, offset]) => ({ kind, overrides: { "main.rules": t }, root: "main.rules", at: offset }));

/** One bundled file changed: characters, tokens, truncated, or spliced with another; checked alone or with its folder. */
const mutatedBundled: fc.Arbitrary<Input> = fc
  .tuple(
    fc.constantFrom(...RULES_PATHS),
    fc.oneof(
      fc.array(mutation, { minLength: 1, maxLength: 6 }).map((ms) => (t: string) => mutate(t, ms)),
      tokenEdit.map((edits) => (t: string) => editTokens(t, edits)),
      fc.nat().map((n) => (t: string) => t.slice(0, n % (t.length + 1))),
      fc.tuple(fc.constantFrom(...RULES_PATHS), fc.nat(), fc.nat()).map(([other, i, j]) => (t: string) => {
        const o = BUNDLED[other]!;
        return t.slice(0, i % (t.length + 1)) + o.slice(j % (o.length + 1));
      }),
    ),
    fc.boolean(),
    at,
  )
  .map(([path, change, whole, offset]) => ({ kind: "mutated-bundled", overrides: { [path]: change(BUNDLED[path]!) }, root: whole ? folderOf(path) : path, at: offset }));

const randomText = single("random-text", fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "binary", maxLength: 200 }), fc.array(token, { maxLength: 80 }).map((ts) => ts.join(" "))));
const mutatedSample = single("mutated-sample", fc.oneof(fc.array(mutation, { minLength: 1, maxLength: 5 }).map((ms) => mutate(SAMPLE, ms)), tokenEdit.map((e) => editTokens(SAMPLE, e))));

/** A bundled scenario whose state is edited (or whose text is mangled) and then loaded and run. */
const badState: fc.Arbitrary<Input> = fc
  .tuple(
    fc.constantFrom(...SCENARIO_PATHS),
    fc.oneof(
      { weight: 4, arbitrary: fc.array(stateEdit(), { minLength: 1, maxLength: 3 }).map((es) => (t: string) => editState(t, es)) },
      { weight: 1, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => (t: string) => mutate(t, ms)) },
    ),
    at,
  )
  .map(([path, change, o]) => ({ kind: "bad-state", overrides: { [path]: change(BUNDLED[path]!) }, root: path, at: o, scenario: path }));

/** A probe class: its files and commands, checked by probe-run.ts. */
const probed = (kind: string, arb: fc.Arbitrary<{ files: Record<string, string>; probe: Probe }>): fc.Arbitrary<Input> =>
  arb.map(({ files, probe }) => ({ kind, overrides: files, root: "", at: 0, probe }));

const input: fc.Arbitrary<Input> = fc.oneof(
  { weight: 8, arbitrary: mutatedBundled },
  { weight: 2, arbitrary: randomText },
  { weight: 2, arbitrary: mutatedSample },
  { weight: 2, arbitrary: single("random-program", randomProgram) },
  { weight: 1, arbitrary: single("object-names", objectNamesText) },
  { weight: 1, arbitrary: single("huge-numbers", hugeNumbersText) },
  { weight: 1, arbitrary: single("deep-nesting", deepNesting) },
  // A chain longer than 3,000 takes seconds in the service alone.
  { weight: 1, arbitrary: single("else-if-chain", elseIfChainText(3000)) },
  { weight: 1, arbitrary: single("runaway", runawayText) },
  { weight: 4, arbitrary: badState },
  // Issue 29's classes, each with its outcome checked, not only the absence of an exception.
  { weight: 1, arbitrary: probed("kept-alive", keptAliveProbe) },
  { weight: 1, arbitrary: probed("loud", loudProbe) },
  { weight: 1, arbitrary: probed("links", linksProbe) },
  { weight: 1, arbitrary: probed("controls", controlsProbe) },
  { weight: 1, arbitrary: probed("odds-deep", oddsDeepProbe) },
);

/** Input i of a run seeded S: its own seed, so one input replays without the ones before it. */
export function inputSeed(seed: number, i: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x01000193) + Math.imul(i + 1, 0x9e3779b1)) | 0;
}

export function generate(seed: number): Input {
  return fc.sample(input, { seed, numRuns: 1 })[0]!;
}
