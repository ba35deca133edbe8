// `rulesmith test BASE MOD...` and `check` alike: how the base and the mods are told apart among the
// named paths, and what running the examples of a base with mods loaded adds to `test`.
// An example a loaded mod declares it overrides is skipped and said so; a failing example of the base
// (or of a mod another mod builds on) is run once more without the mods that build on it, and when it
// passes there, or fails otherwise, the failure is E0607 naming those mods.
import { dirname } from "node:path";
import type { Compiled, Diagnostic, FileHost, ModdedCompiled } from "../../api.ts";
import { formatDiagnostics, hasErrors, WHOLE_SYSTEM_ONLY } from "../../api/report.ts";
import { complain, say, type CliIo } from "./io.ts";

const engine = () => import("./engine.ts");

/** How check and test tell a base system and its mods from other paths (the modding chapter of docs/language.md). */
export const MODS_NAMED = `A named folder with a mod.json is a mod: then the one other path named must be the
folder of its base system (with a system.json), and the base and the mods load as one program, in
the order their dependencies give, each mod's files seeing what it requires without importing it.
A mod named without its base is E0602, naming the system to name first; a file of a mod (or a
folder of mods) named without it checks with the base's names unknown, then a note names the mod.`;

/** The host a command reads through: below `--root`, or below the default roots of the named paths. */
export async function hostFor(paths: string[], root: string | undefined, io: CliIo): Promise<FileHost> {
  const { defaultRoots, nodeFileHost } = await engine();
  return nodeFileHost(root !== undefined ? [root] : defaultRoots(paths, io.cwd), io.cwd);
}

/**
 * The one way every command that takes rules paths loads them (check, test, compile, schema, mutate,
 * doc): when a mod is named (a folder with a mod.json among the paths, or `--mod DIR`), the base and
 * the mods as one program (`compileMods`); otherwise the paths as they are (`compile`). Its diagnostics
 * are printed as `check` prints them. A command line naming no path, or two bases, is `usage`.
 */
export async function compileWithMods(paths: string[], modOption: string[], host: FileHost, io: CliIo): Promise<Compiled | ModdedCompiled | { usage: string }> {
  if (paths.length === 0) return { usage: "name at least one .rules file or folder" };
  const api = await engine();
  const { compile, MOD_MANIFEST } = api;
  const loaded = loadBaseAndMods(paths, modOption, host, api);
  if ("usage" in loaded) return loaded;
  if (withMods(loaded)) {
    if (loaded.diagnostics.length) complain(io, formatDiagnostics(loaded.diagnostics, loaded.texts));
    return loaded;
  }
  const compiled = loaded;
  const shown = wholeSystemWarnings(compiled.diagnostics, paths, host, compile);
  if (shown.length) complain(io, formatDiagnostics(shown, compiled.texts));
  if (hasErrors(compiled.diagnostics)) for (const m of modsHolding(compiled.systems.flatMap((sys) => sys.paths), paths, (p) => host.read(`${p}/${MOD_MANIFEST}`) !== undefined)) complain(io, `note: \`${m}\` is a mod (it has ${MOD_MANIFEST}): it loads on its base system, named first: \`rulesmith test BASE ${m}\``);
  return compiled;
}

/**
 * The paths loaded as \`compileWithMods\` loads them, with nothing printed: a queue's worker loads the
 * files that travelled with a sweep this way, so it makes the same program as the command did.
 */
export function loadBaseAndMods(paths: string[], modOption: string[], host: FileHost, api: Pick<typeof import("../../api.ts"), "compile" | "compileMods" | "MOD_MANIFEST">): Compiled | ModdedCompiled | { usage: string } {
  const { compile, compileMods, MOD_MANIFEST } = api;
  const named = basesAndMods(paths, modOption, (p) => host.refuse?.(`${p}/${MOD_MANIFEST}`, "json") === undefined && host.read(`${p}/${MOD_MANIFEST}`) !== undefined);
  if (named && "usage" in named) return named;
  return named ? compileMods(named.base, named.mods, host) : compile(paths, host);
}

/** Whether the program was loaded as a base with mods. */
export function withMods(compiled: Compiled | ModdedCompiled): compiled is ModdedCompiled {
  return "packages" in compiled && compiled.packages.length > 1;
}

/**
 * The diagnostics to print: W0310 and W0311 of a file named alone are kept only when the check of its
 * folder, which holds the files that import it, finds them too (a second check, only when they appear).
 */
function wholeSystemWarnings(ds: Diagnostic[], paths: string[], host: FileHost, compile: (paths: string[], host: FileHost) => { diagnostics: Diagnostic[] }): Diagnostic[] {
  const filesNamed = paths.filter((p) => host.listRules(p) === undefined);
  if (filesNamed.length === 0 || !ds.some((d) => WHOLE_SYSTEM_ONLY.has(d.code))) return ds;
  const folders = [...new Set(paths.map((p) => (filesNamed.includes(p) ? dirname(p) : p)))];
  const key = (d: Diagnostic) => `${d.code} ${d.span.file}:${d.span.start}`;
  const confirmed = new Set(compile(folders, host).diagnostics.filter((d) => WHOLE_SYSTEM_ONLY.has(d.code)).map(key));
  return ds.filter((d) => !WHOLE_SYSTEM_ONLY.has(d.code) || confirmed.has(key(d)));
}

/**
 * The base and the mods among the named paths, when a mod is named (a folder with a mod.json, or
 * `--mod`): the one other path is the base. Named alone, the first mod stands as the base, so that
 * loading it says it is a mod and which system to name first (E0602).
 */
export function basesAndMods(paths: string[], modOption: string[], isMod: (path: string) => boolean): { base: string; mods: string[] } | { usage: string } | undefined {
  const mods = [...paths.filter(isMod), ...modOption];
  if (mods.length === 0) return undefined;
  const rest = paths.filter((p) => !isMod(p));
  if (rest.length > 1) return { usage: `name one base system's folder with its mods, not ${rest.length} (${rest.join(", ")})` };
  return rest.length === 1 ? { base: rest[0]!, mods } : { base: mods[0]!, mods: mods.slice(1) };
}


export interface ModdedExamples {
  /** The titles a loaded mod overrides, with the mods that do. */
  overridden: Map<string, string[]>;
  /** For a failed example, the line saying which loaded mods change its outcome; undefined when none does. */
  changedBy(title: string, file: string): string | undefined;
}

export async function moddedExamples(compiled: ModdedCompiled, host: FileHost, io: CliIo): Promise<ModdedExamples> {
  const { overridesOf, compileMods, packageOf, runExamples } = await engine();
  const packages = compiled.packages;
  const files = compiled.systems.filter((s) => s.checked).flatMap((s) => s.files);
  const overridden = overridesOf(files, packages);
  for (const f of files) {
    for (const d of f.decls) {
      const by = d.kind === "example" && overridden.get(d.title);
      if (d.kind === "example" && by) say(io, `skip  ${d.title}  (${d.span.file}:${d.span.line})  overridden by the mod ${by.map((m) => `\`${m}\``).join(" and ")}`);
    }
  }
  const base = packages[0]!;
  const changedBy = (title: string, file: string): string | undefined => {
    const owner = packageOf(file, packages);
    if (!owner) return undefined;
    // The packages loaded without the ones that build on the example's own: the base alone, or its mod with what it requires.
    const under = owner === base ? [] : [owner, ...packages.slice(1).filter((p) => p !== owner && packages.indexOf(p) < packages.indexOf(owner))];
    const others = packages.slice(1).filter((p) => p !== owner && !under.includes(p));
    if (others.length === 0) return undefined;
    const alone = compileMods(base.folder, under.map((p) => p.folder), host);
    const run = alone.programs?.flatMap((ps) => runExamples(ps, (f) => f === file, (t) => t === title))[0];
    if (!run) return undefined;
    const names = others.map((p) => `\`${p.name}\``).join(", ");
    const without = run.passed ? "passes" : "fails otherwise";
    return `error[E0607]: it ${without} without the mod${others.length > 1 ? "s" : ""} ${names}: ${others.length > 1 ? "one of them changes" : "the mod changes"} its outcome; if that is meant, declare \`overrides "${title}"\` in the mod${others.length > 1 ? " (`rulesmith mods check` says which mod)" : ""}`;
  };
  return { overridden, changedBy };
}

/**
 * The mods' folders that hold files loaded without their base (`rulesmith test mods/` or a file of a
 * mod named alone): the folders from each file up to the path named that have a mod.json. Said after
 * the errors, which are the base's names the mod's files cannot see. Paths are `/`-separated and relative,
 * as the file host shows them.
 */
export function modsHolding(files: string[], named: string[], isMod: (folder: string) => boolean): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  for (const file of files) {
    const top = named.find((n) => file === n || file.startsWith(`${n.replace(/\/+$/, "")}/`));
    if (top === undefined) continue;
    // A file named alone is looked for up to the root (the host reads nothing above it); a folder, within it.
    const stop = file === top ? "" : top.replace(/\/+$/, "").split("/").slice(0, -1).join("/");
    for (let dir = file.split("/").slice(0, -1).join("/"); dir !== "" && dir !== stop && !seen.has(dir); dir = dir.split("/").slice(0, -1).join("/")) {
      seen.add(dir);
      if (isMod(dir)) found.add(dir);
    }
  }
  return [...found].sort();
}
