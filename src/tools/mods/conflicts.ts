// Semantic conflicts between a base system and its mods: the examples run with and without each mod,
// and an example whose outcome a mod changes is a conflict (E0607) unless the mod declares that it
// means to (`overrides "TITLE"`). Each mod is tried alone and with each other mod, which is what
// `rulesmith mods check` prints as a matrix. A clash the checker finds between two mods (a name both
// declare, an incompatibility) is that pair's conflict too: its diagnostics already name both mods.
import type { SourceFile, Span } from "../../core/ast.ts";
import { diag, hasErrors, type Diagnostic } from "../../core/diagnostics.ts";
import { compileMods, runExamples, type ModdedCompiled } from "../../pipeline.ts";
import type { FileHost } from "../../syntax/load.ts";
import { readManifest, type Manifest } from "../../syntax/mods/manifest.ts";
import { packageOf } from "../../syntax/mods/packages.ts";

/** How an example ended: passed, or failed with this message. */
export interface Outcome {
  passed: boolean;
  message?: string;
}

interface Ran {
  outcome: Outcome;
  span: Span;
  /** The package that holds the example. */
  owner: string;
}

/** One set of mods (one alone, or a pair) loaded on the base. */
export interface ModSetReport {
  mods: string[];
  ok: boolean;
  /** What loading or checking them together reported (errors only), and each example they change unannounced (E0607). */
  conflicts: Diagnostic[];
  /** The examples a mod of the set declares it overrides, with the mod. */
  overridden: { title: string; mod: string }[];
}

export interface CompatibilityReport {
  /** The base and the mods as loaded; empty when the base itself does not load or check. */
  packages: Manifest[];
  /** The base's own errors: then nothing else is tried. */
  diagnostics: Diagnostic[];
  alone: ModSetReport[];
  pairs: ModSetReport[];
  texts: Map<string, string>;
}

/** The titles each mod declares with `overrides`, by title: the mods that override it. */
export function overridesOf(files: readonly SourceFile[], packages: readonly Manifest[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of files) {
    const p = packageOf(f.path, packages);
    if (!p || p.kind !== "mod") continue;
    for (const d of f.decls) if (d.kind === "overrides") out.set(d.title, [...new Set([...(out.get(d.title) ?? []), p.name])]);
  }
  return out;
}

/** Every example of a compiled set, run once, by title. */
function runAll(compiled: ModdedCompiled): Map<string, Ran> {
  const out = new Map<string, Ran>();
  for (const files of compiled.programs ?? []) {
    for (const r of runExamples(files)) {
      const outcome: Outcome = r.passed ? { passed: true } : { passed: false, message: r.failure?.message ?? "failed" };
      out.set(r.title, { outcome, span: r.span, owner: packageOf(r.span.file, compiled.packages)?.name ?? "" });
    }
  }
  return out;
}

export function sameOutcome(a: Outcome, b: Outcome): boolean {
  return a.passed === b.passed && (a.passed || a.message === b.message);
}

/** `passes`, or `fails: ` and the first line of why. */
export function describeOutcome(o: Outcome): string {
  if (o.passed) return "passes";
  const lines = (o.message ?? "").split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const text = lines.join("; ").replace(/\s+/g, " ");
  return `fails (${text.length > 300 ? `${text.slice(0, 300)}...` : text})`;
}

const listed = (names: string[]) => names.map((n) => `\`${n}\``).join(" and ");

/**
 * The base in `base` with each mod of `mods` alone and each pair of them: what each set breaks that no
 * mod of it says it overrides. An example is compared with its run where it was written: a base
 * example with the base alone, a mod's own example with that mod alone.
 */
export function checkMods(base: string, mods: readonly string[], host: FileHost): CompatibilityReport {
  const texts = new Map<string, string>();
  const needs = requirements(mods, host);
  // A mod is tried with the named mods it requires (it cannot load without them), so "alone" is the mod and what it needs.
  const compile = (set: readonly string[]) => {
    const c = compileMods(base, needs(set), host);
    for (const [p, t] of c.texts) texts.set(p, t);
    return c;
  };
  const alone0 = compile([]);
  if (hasErrors(alone0.diagnostics) || alone0.packages.length === 0) return { packages: [], diagnostics: alone0.diagnostics.filter((d) => d.severity === "error"), alone: [], pairs: [], texts };
  const baseRuns = runAll(alone0);
  const single = new Map<string, Single>();
  for (const m of mods) single.set(m, tryAlone(host.normalize(m), compile, baseRuns));
  const nameOf = (m: string) => single.get(m)!.report.mods[0]!;
  // By name, so the matrix reads the same whatever order the mods were named in.
  const sorted = [...mods].sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0));
  const pairs: ModSetReport[] = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) pairs.push(tryPair([sorted[i]!, sorted[j]!], compile, baseRuns, single));
  }
  const packages = [alone0.packages[0]!, ...sorted.flatMap((m) => single.get(m)!.manifest ?? [])];
  return { packages, diagnostics: [], alone: sorted.map((m) => single.get(m)!.report), pairs, texts };
}

/**
 * The named mods `set` needs: each with the named mods it requires, directly or not, in the order named.
 * A manifest that does not read adds nothing here: loading it says what is wrong.
 */
function requirements(mods: readonly string[], host: FileHost): (set: readonly string[]) => string[] {
  const byName = new Map<string, string>();
  const requires = new Map<string, string[]>();
  for (const m of mods) {
    const read = readManifest(m, "mod", host);
    if (!("manifest" in read)) continue;
    byName.set(read.manifest.name, m);
    requires.set(m, [...read.manifest.requires.keys()]);
  }
  return (set) => {
    const out = new Set<string>();
    const add = (m: string) => {
      if (out.has(m)) return;
      out.add(m);
      for (const name of requires.get(m) ?? []) {
        const folder = byName.get(name);
        if (folder) add(folder);
      }
    };
    set.forEach(add);
    return mods.filter((m) => out.has(m));
  };
}

/** A mod tried alone: its report, and (when it loaded) its manifest, the runs of every example and its overrides. */
interface Single {
  report: ModSetReport;
  /** The names of the mods loaded to try it: itself and the named mods it requires. */
  loaded: string[];
  manifest?: Manifest;
  runs?: Map<string, Ran>;
}

function failedToLoad(mods: string[], compiled: ModdedCompiled): ModSetReport {
  return { mods, ok: false, conflicts: compiled.diagnostics.filter((d) => d.severity === "error"), overridden: [] };
}

function tryAlone(folder: string, compile: (set: readonly string[]) => ModdedCompiled, baseRuns: Map<string, Ran>): Single {
  const c = compile([folder]);
  const manifest = c.packages.find((p) => p.folder === folder);
  const modName = manifest?.name ?? folder;
  const loaded = c.packages.slice(1).map((p) => p.name);
  if (hasErrors(c.diagnostics) || !c.programs || !manifest) return { report: failedToLoad([modName], c), loaded };
  const runs = runAll(c);
  const claims = overridesOf(c.program ?? [], c.packages);
  const conflicts: Diagnostic[] = [];
  for (const [title, before] of baseRuns) {
    const after = runs.get(title);
    if (!after || sameOutcome(before.outcome, after.outcome) || claims.has(title)) continue;
    conflicts.push(diag("E0607", before.span, `the mod \`${modName}\` changes the outcome of the example "${title}" of \`${before.owner}\`: it ${describeOutcome(before.outcome)} without the mod and ${describeOutcome(after.outcome)} with it`, `if the mod means to change that rule, declare it in one of its files: \`overrides "${title}"\``));
  }
  const overridden = [...claims].map(([title]) => ({ title, mod: modName }));
  return { report: { mods: [modName], ok: conflicts.length === 0, conflicts, overridden }, loaded, manifest, runs };
}

function tryPair(folders: [string, string], compile: (set: readonly string[]) => ModdedCompiled, baseRuns: Map<string, Ran>, single: Map<string, Single>): ModSetReport {
  const c = compile(folders);
  const [a, b] = folders.map((f) => single.get(f)!.report.mods[0]!) as [string, string];
  if (hasErrors(c.diagnostics) || !c.programs) return failedToLoad([a, b], c);
  const runs = runAll(c);
  const claims = overridesOf(c.program ?? [], c.packages);
  const conflicts: Diagnostic[] = [];
  const aloneRuns = folders.map((f) => single.get(f)!.runs);
  const sides = folders.map((f) => single.get(f)!.loaded);
  for (const [title, mods] of claims) {
    const ran = runs.get(title);
    if (mods.length > 1 && ran) conflicts.push(diag("E0607", ran.span, `the mods ${listed(mods)} both override the example "${title}" of \`${ran.owner}\`: they change the same rule`, "load one of them, or make one mod require the other and override only in that one"));
  }
  for (const [title, after] of runs) {
    const own = after.owner === a || after.owner === b;
    // Where the example was written, without the other mod: the base alone, or its own mod alone.
    const before = own ? aloneRuns[after.owner === a ? 0 : 1]?.get(title) : baseRuns.get(title);
    if (!before || sameOutcome(before.outcome, after.outcome)) continue;
    const claimedBy = claims.get(title) ?? [];
    if (own) {
      const other = after.owner === a ? b : a;
      if (claimedBy.includes(other)) continue;
      conflicts.push(diag("E0607", after.span, `the mod \`${other}\` changes the outcome of the example "${title}" of the mod \`${after.owner}\`: it ${describeOutcome(before.outcome)} without \`${other}\` and ${describeOutcome(after.outcome)} with it`, `if \`${other}\` means to change that rule, it requires \`${after.owner}\` and declares \`overrides "${title}"\``));
      continue;
    }
    // What one side does without the other is that side's (its own row of the matrix, where it is reported or overridden).
    const alone = aloneRuns.map((r) => r?.get(title)?.outcome);
    if (alone.some((o) => o && sameOutcome(o, after.outcome))) continue;
    if (claimedBy.length === 1) {
      const claimant = claimedBy[0]!;
      // The side that loads the mod overriding the example; the other side changes it further.
      const side = sides[0]!.includes(claimant) ? 0 : 1;
      const [mine, other] = side === 0 ? [a, b] : [b, a];
      const by = mine === claimant ? `\`${claimant}\`` : `\`${mine}\` (with \`${claimant}\`)`;
      conflicts.push(diag("E0607", after.span, `the mod \`${other}\` changes the example "${title}" of \`${after.owner}\`, which the mod \`${claimant}\` overrides: with ${by} alone it ${describeOutcome(alone[side] ?? before.outcome)}, with \`${other}\` too it ${describeOutcome(after.outcome)}`, `the two mods change the same rule: load one of them, or make \`${other}\` require \`${claimant}\` and declare what it overrides`));
      continue;
    }
    if (claimedBy.length > 1) continue;
    conflicts.push(diag("E0607", after.span, `the mods ${listed([a, b])} together change the outcome of the example "${title}" of \`${after.owner}\`: it ${describeOutcome(before.outcome)} without them and ${describeOutcome(after.outcome)} with both, though neither alone does that`, `declare \`overrides "${title}"\` in the mod meant to change that rule`));
  }
  const overridden = [...claims].flatMap(([title, mods]) => mods.map((mod) => ({ title, mod })));
  return { mods: [a, b], ok: conflicts.length === 0, conflicts, overridden };
}
