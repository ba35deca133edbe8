// A base system and a set of mods, as packages: their manifests read and checked against each other
// (every dependency present in its range of versions, no incompatible pair, no cycle), put in load order,
// and each loaded file given the files it sees without importing them. The order and the implied
// imports are decided here, once, before anything is parsed or checked.
import satisfies from "semver/functions/satisfies.js";
import type { Span } from "../../core/ast.ts";
import type { SourceFile } from "../../core/ast.ts";
import { diag, didYouMean, type Diagnostic } from "../../core/diagnostics.ts";
import { spanAt } from "../parse.ts";
import type { FileHost } from "../load.ts";
import { manifestFile, MOD_MANIFEST, readManifest, SYSTEM_MANIFEST, type Manifest } from "./manifest.ts";

export interface PackageSet {
  /** The base first, then the mods in load order; empty when any manifest is missing or wrong. */
  packages: Manifest[];
  diagnostics: Diagnostic[];
  /** The manifests' texts, for code frames. */
  texts: Map<string, string>;
}

/** The files a file sees as if it imported them: every file of each package its package depends on. */
export type ImpliedImports = ReadonlyMap<string, readonly string[]>;

/**
 * The manifests of `base` (a system's folder) and `mods` (mods' folders), checked: each mod's
 * "requires" present in range, its "optional" in range when present, none of its "incompatible"
 * present, no cycle. The load order puts each package after every package it depends on, and
 * otherwise orders mods by name, so it never depends on the order of the command line.
 */
export function resolvePackages(base: string, mods: readonly string[], host: FileHost): PackageSet {
  const texts = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const read = (folder: string, kind: "system" | "mod"): Manifest | undefined => {
    const got = readManifest(folder, kind, host);
    if ("text" in got && got.text !== undefined) texts.set(host.normalize(`${folder}/${manifestFile(kind)}`), got.text);
    if ("manifest" in got) return got.manifest;
    if ("diagnostics" in got) diagnostics.push(...got.diagnostics);
    else diagnostics.push(missingManifest(folder, kind, host));
    return undefined;
  };
  const system = read(base, "system");
  const loaded = mods.map((m) => read(m, "mod"));
  if (!system || loaded.some((m) => m === undefined)) return { packages: [], diagnostics, texts };
  const all = [system, ...(loaded as Manifest[])];
  const byName = new Map<string, Manifest>();
  for (const p of all) {
    const prior = byName.get(p.name);
    if (prior) diagnostics.push(diag("E0601", p.nameSpan, `\`${prior.folder}\` and \`${p.folder}\` are both named \`${p.name}\``, "give each system and mod its own name", [{ span: prior.nameSpan, message: `\`${p.name}\` is first named here` }]));
    else byName.set(p.name, p);
  }
  const dependsOn = new Map<Manifest, Manifest[]>();
  for (const mod of loaded as Manifest[]) {
    const on: Manifest[] = [];
    for (const [name, dep] of mod.requires) {
      const target = byName.get(name);
      if (!target) diagnostics.push(diag("E0602", dep.keySpan, `the mod \`${mod.name}\` requires \`${name}\` ${dep.range}, which is not loaded`, name === system.name ? undefined : `name the folder of \`${name}\` too: the base system first, then its mods (the base here is \`${system.name}\`, from \`${system.folder}\`)`));
      else if (inRange(target, dep, mod, "requires", diagnostics)) on.push(target);
    }
    for (const [name, dep] of mod.optional) {
      const target = byName.get(name);
      if (target && inRange(target, dep, mod, "optional", diagnostics)) on.push(target);
    }
    for (const [name, dep] of mod.incompatible) {
      const target = byName.get(name);
      if (target && satisfies(target.version, dep.range)) {
        const what = target.kind === "system" ? "the system" : "the mod";
        diagnostics.push(diag("E0604", dep.keySpan, `the mod \`${mod.name}\` is incompatible with ${what} \`${name}\` ${target.version}, and both are loaded`, `load \`${mod.name}\` or \`${name}\`, not both`, [{ span: target.nameSpan, message: `${what} \`${name}\` is loaded from \`${target.folder}\`` }]));
      }
    }
    dependsOn.set(mod, on);
  }
  if (diagnostics.length > 0) return { packages: [], diagnostics, texts };
  const order = loadOrder(system, loaded as Manifest[], dependsOn, diagnostics);
  return { packages: diagnostics.length > 0 ? [] : order, diagnostics, texts };
}

function inRange(target: Manifest, dep: { range: string; span: Span }, mod: Manifest, key: string, diagnostics: Diagnostic[]): boolean {
  if (satisfies(target.version, dep.range)) return true;
  const what = target.kind === "system" ? "the system" : "the mod";
  diagnostics.push(diag("E0603", dep.span, `the mod \`${mod.name}\` ${key === "requires" ? "requires" : "works with"} \`${target.name}\` ${dep.range}, but ${what} loaded is version ${target.version}`, `load a version of \`${target.name}\` in that range, or change the range in \`${manifestFile("mod")}\` if the mod works with ${target.version}`, [{ span: target.nameSpan, message: `\`${target.name}\` ${target.version} is loaded from \`${target.folder}\`` }]));
  return false;
}

/** The base, then the mods: each after what it depends on, ties by name (Kahn's algorithm). A cycle is E0605. */
function loadOrder(system: Manifest, mods: Manifest[], dependsOn: Map<Manifest, Manifest[]>, diagnostics: Diagnostic[]): Manifest[] {
  const order: Manifest[] = [system];
  const placed = new Set<Manifest>([system]);
  const byName = (a: Manifest, b: Manifest) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  let left = [...mods].sort(byName);
  for (;;) {
    const ready = left.find((m) => dependsOn.get(m)!.every((d) => placed.has(d)));
    if (!ready) break;
    order.push(ready);
    placed.add(ready);
    left = left.filter((m) => m !== ready);
  }
  if (left.length === 0) return order;
  // Every mod left depends on another left: walk from the first until a mod repeats.
  const path: Manifest[] = [];
  let at: Manifest = left[0]!;
  while (!path.includes(at)) {
    path.push(at);
    at = dependsOn.get(at)!.find((d) => !placed.has(d))!;
  }
  const cycle = [...path.slice(path.indexOf(at)), at];
  const first = cycle[0]!;
  const next = cycle[1]!;
  const span = first.requires.get(next.name)?.keySpan ?? first.optional.get(next.name)!.keySpan;
  const related = cycle.slice(1, -1).map((m) => ({ span: (m.requires.get(cycle[cycle.indexOf(m) + 1]!.name) ?? m.optional.get(cycle[cycle.indexOf(m) + 1]!.name))!.keySpan, message: `\`${m.name}\` depends on \`${cycle[cycle.indexOf(m) + 1]!.name}\` here` }));
  diagnostics.push(diag("E0605", span, `the mods depend on each other in a cycle: ${cycle.map((m) => `\`${m.name}\``).join(" -> ")}`, "a mod may depend only on mods loaded before it: remove one of these dependencies", related));
  return order;
}

function missingManifest(folder: string, kind: "system" | "mod", host: FileHost): Diagnostic {
  const shown = host.normalize(folder);
  const at = spanAt(shown, "", 0, 0);
  const other = readManifest(folder, kind === "system" ? "mod" : "system", host);
  if (kind === "system" && "manifest" in other) {
    const needs = [...other.manifest.requires].map(([n, d]) => `\`${n}\` ${d.range}`).join(", ");
    return diag("E0602", at, `\`${shown}\` is a mod (it has \`mod.json\`), not a base system`, `a mod loads on its base: name the folder of what it requires (${needs}) first, then the mod: \`rulesmith test BASE ${shown}\``);
  }
  if (kind === "mod" && "manifest" in other) return diag("E0602", at, `\`${shown}\` is a system (it has \`system.json\`), not a mod`, "load one base system and any number of mods of it");
  return kind === "system"
    ? diag("E0602", at, `\`${shown}\` has no \`system.json\`: the base of mods names itself and its version there`, 'write `{ "name": "my-game", "version": "1.0.0" }` in `system.json` in the system\'s folder')
    : diag("E0602", at, `\`${shown}\` has no \`mod.json\``, 'a mod names itself, its version and what it requires in `mod.json`: `{ "name": "my-mod", "version": "0.1.0", "requires": { "my-game": ">=1.0.0 <2" } }`');
}

/** The package a path belongs to: the one whose folder holds it most closely (a mod may live inside its base's folder). */
export function packageOf(path: string, packages: readonly Manifest[]): Manifest | undefined {
  let best: Manifest | undefined;
  for (const p of packages) {
    if ((path.startsWith(`${p.folder}/`) || p.folder === ".") && (!best || p.folder.length > best.folder.length)) best = p;
  }
  return best;
}

/**
 * Files in package order: the base's first, then each mod's, each package's in the loader's canonical
 * order (a file not in any package, imported from outside them, keeps its place before its importers).
 * With the files each mod file sees as imported: every file of the packages its mod depends on.
 */
export function layoutPackages<F extends { path: string }>(files: readonly F[], packages: readonly Manifest[]): { files: F[]; implied: ImpliedImports } {
  const rank = (f: F) => {
    const p = packageOf(f.path, packages);
    return p ? packages.indexOf(p) : -1;
  };
  const ordered = files.map((f, i) => ({ f, i, r: rank(f) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.f);
  const filesOf = new Map<string, string[]>(packages.map((p) => [p.name, ordered.filter((f) => packageOf(f.path, packages) === p).map((f) => f.path)]));
  const implied = new Map<string, string[]>();
  for (const f of ordered) {
    const p = packageOf(f.path, packages);
    if (!p || p.kind !== "mod") continue;
    const seen = [...p.requires.keys(), ...p.optional.keys()].flatMap((name) => filesOf.get(name) ?? []);
    implied.set(f.path, seen);
  }
  return { files: ordered, implied };
}

/** `d` with the packages it involves named, when its places lie in two or more and one is a mod. */
export function namingPackages<D extends { code?: string; message: string; help?: string; span: { file: string }; related?: readonly { span: { file: string } }[] }>(d: D, packages: readonly Manifest[]): D {
  const involved: Manifest[] = [];
  for (const file of [d.span.file, ...(d.related ?? []).map((r) => r.span.file)]) {
    const p = packageOf(file, packages);
    if (p && !involved.includes(p)) involved.push(p);
  }
  if (involved.length < 2 || !involved.some((p) => p.kind === "mod")) return d;
  const named = involved.map((p) => `${p.kind === "mod" ? "the mod" : "the system"} \`${p.name}\``);
  const out = { ...d, message: `${d.message} (between ${named.slice(0, -1).join(", ")} and ${named.at(-1)})` };
  // Two mods that change one thing in no order: a dependency orders them (the later one sees the other's files).
  const [here, other] = involved;
  if (d.code === "E0164" && here?.kind === "mod" && other?.kind === "mod") {
    out.help = `keep one of the changes, or order the two mods: declare \`"requires": { "${other.name}": "^${other.version}" }\` (or \`"optional"\`) in the \`mod.json\` of \`${here.name}\`, so it loads after \`${other.name}\` and its change applies last`;
  }
  return out;
}

/** The packages `mod` depends on, directly or through others, that are loaded. */
export function dependenciesOf(mod: Manifest, packages: readonly Manifest[]): Manifest[] {
  const found: Manifest[] = [];
  const visit = (m: Manifest) => {
    for (const name of [...m.requires.keys(), ...m.optional.keys()]) {
      const p = packages.find((x) => x.name === name);
      if (p && !found.includes(p)) {
        found.push(p);
        visit(p);
      }
    }
  };
  visit(mod);
  return found;
}

/**
 * E0606 for each `overrides "TITLE"` in a mod's files that names no example of the packages the mod
 * depends on; an `overrides` outside a mod means nothing to check against and is left alone.
 */
export function overridesProblems(files: readonly SourceFile[], packages: readonly Manifest[]): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const f of files) {
    const mod = packageOf(f.path, packages);
    if (!mod || mod.kind !== "mod") continue;
    for (const d of f.decls) {
      if (d.kind !== "overrides") continue;
      const under = dependenciesOf(mod, packages);
      const titles = files.filter((g) => under.includes(packageOf(g.path, packages)!)).flatMap((g) => g.decls.flatMap((x) => (x.kind === "example" ? [x.title] : [])));
      if (titles.includes(d.title)) continue;
      const names = under.map((p) => `\`${p.name}\``).join(", ");
      problems.push(diag("E0606", d.titleSpan, `the mod \`${mod.name}\` overrides "${d.title}", but no example of ${names} has that title`, didYouMean(d.title, titles) ?? "`overrides` names the title of an example of the system (or mod) it extends, exactly"));
    }
  }
  return problems;
}

/** What an editor loads to check a file of a mod: the base and the mods (the file's own first), or why it cannot. */
export type ModContext = { base: string; mods: string[] } | { problems: Diagnostic[] };

/**
 * For an editor, which has no command line naming the base: when `file` lies in a mod's folder (the
 * nearest folder above it with a `mod.json`), the packages to load with it so it checks as `rulesmith
 * test BASE MOD` would check it: the mod, what it requires (and what those require), found by name among
 * the `manifests` the editor holds (paths of `system.json` and `mod.json` files; one whose version is in
 * range first, then the first by path), and the base system they come down to. Undefined for a file in
 * no mod. A mod.json that does not read, or a requirement no manifest names, is a problem at mod.json.
 */
export function modContext(file: string, host: FileHost, manifests: Iterable<string>): ModContext | undefined {
  const folder = modFolderOf(file, host);
  if (folder === undefined) return undefined;
  const own = readManifest(folder, "mod", host);
  if (!("manifest" in own)) return { problems: "diagnostics" in own ? own.diagnostics : [] };
  const known = [...manifests]
    .filter((p) => p.endsWith(`/${SYSTEM_MANIFEST}`) || p.endsWith(`/${MOD_MANIFEST}`) || p === SYSTEM_MANIFEST || p === MOD_MANIFEST)
    .sort()
    .flatMap((p) => {
      const kind = p.endsWith(SYSTEM_MANIFEST) ? "system" : "mod";
      const read = readManifest(p.split("/").slice(0, -1).join("/") || ".", kind, host);
      return "manifest" in read ? [read.manifest] : [];
    });
  let base: string | undefined;
  const mods = [own.manifest.folder];
  const problems: Diagnostic[] = [];
  const queue: Manifest[] = [own.manifest];
  for (let m = queue.shift(); m; m = queue.shift()) {
    for (const [name, dep] of m.requires) {
      const named = known.filter((k) => k.name === name);
      const found = named.find((k) => satisfies(k.version, dep.range)) ?? named[0];
      if (!found) {
        problems.push(diag("E0602", dep.keySpan, `the mod \`${m.name}\` requires \`${name}\`, and no folder here has a \`${SYSTEM_MANIFEST}\` or \`${MOD_MANIFEST}\` naming it`, `open the folder that holds \`${name}\` and its mods together, or correct the name`));
        continue;
      }
      if (found.kind === "system") base ??= found.folder;
      else if (!mods.includes(found.folder)) {
        mods.push(found.folder);
        queue.push(found);
      }
    }
  }
  if (problems.length > 0) return { problems };
  // A mod that requires only mods, none of which comes down to a system: the loader says what is missing.
  return { base: base ?? own.manifest.folder, mods: base === undefined ? mods.slice(1) : mods };
}

/**
 * The packages to load for `path` (a file or a folder) with the mods `enabled` switched on, as the
 * playground lists them: in a mod, the mod with what it requires (`modContext`); in a base system (a
 * folder with a `system.json` at or above the path), the base; then every enabled mod of that same
 * base, with what it requires. Undefined when no mod is to be loaded: the path is plain rules.
 */
export function modsToLoad(path: string, host: FileHost, manifests: Iterable<string>, enabled: readonly string[] = []): ModContext | undefined {
  const known = [...manifests];
  let at = modContext(path, host, known);
  if (!at) {
    const base = folderWith(path, SYSTEM_MANIFEST, host);
    if (base === undefined) return undefined;
    at = { base, mods: [] };
  }
  if ("problems" in at) return at;
  const mods = [...at.mods];
  for (const folder of [...enabled].sort()) {
    const other = modContext(`${folder}/${MOD_MANIFEST}`, host, known);
    if (other && "base" in other && other.base === at.base) for (const m of other.mods) if (!mods.includes(m)) mods.push(m);
  }
  return mods.length > 0 ? { base: at.base, mods } : undefined;
}

/** The nearest folder with a `mod.json` at or above `path` (a `/`-separated file or folder). */
function modFolderOf(path: string, host: FileHost): string | undefined {
  return folderWith(path, MOD_MANIFEST, host);
}

/** The nearest folder at or above `path` that holds the file `name`. */
export function folderWith(path: string, name: string, host: FileHost): string | undefined {
  const parts = host.normalize(path).split("/");
  for (let n = parts.length; n >= 0; n--) {
    const dir = parts.slice(0, n).join("/");
    const at = dir === "" ? name : `${dir}/${name}`;
    if (host.refuse?.(at, "json") === undefined && host.read(at) !== undefined) return dir === "" ? "." : dir;
  }
  return undefined;
}
