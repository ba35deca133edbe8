// Help for a game state that names something its rules do not declare (E0401: no such field, member or
// status) when mods are about: the field may be one a mod adds. Two cases, as a user meets them: a
// scenario shipped inside a mod, run without `--mod` (the mod beside it adds the name: say which
// `--mod DIR` loads it); and a run with mods loaded, none of which adds it (another mod might).
import type * as A from "../../core/ast.ts";
import type { FileHost } from "../load.ts";
import { parseFile } from "../parse.ts";
import { MOD_MANIFEST } from "./manifest.ts";
import { folderWith } from "./packages.ts";

/** Whether a file's declarations add `name`: a field (`extend kind`, `state`), an enum member or a status. */
function adds(decls: readonly A.Decl[], name: string): boolean {
  return decls.some(
    (d) =>
      ((d.kind === "extendKind" || d.kind === "state") && d.fields.some((f) => f.name.text === name)) ||
      (d.kind === "extendEnum" && d.members.some((m) => m.text === name)) ||
      (d.kind === "status" && d.name.text === name),
  );
}

/**
 * The help to add to E0401 for the unknown `name` in the state of `scenario`, loaded with the mods
 * `loaded` (folders, as named): undefined when no mod is about. The mod looked for is the nearest
 * folder with a `mod.json` above the scenario, read only on this error path.
 */
export function modStateHint(name: string, scenario: string, host: FileHost, loaded: readonly string[], parse: typeof parseFile = parseFile): string | undefined {
  const beside = folderWith(scenario, MOD_MANIFEST, host);
  const isLoaded = (dir: string) => loaded.some((m) => host.normalize(m) === host.normalize(dir));
  if (beside !== undefined && !isLoaded(beside)) {
    const found = (host.listRules(beside) ?? []).some((path) => {
      const text = host.read(path);
      if (text === undefined) return false;
      const r = parse(path, text);
      const f = r.file ?? r.recovered;
      return f !== undefined && adds(f.decls, name);
    });
    if (found) return `\`${name}\` is added by the mod in \`${beside}\`, beside this scenario: run it with \`--mod ${beside}\``;
  }
  if (loaded.length === 0) return undefined;
  return `no mod loaded (${loaded.map((m) => `\`${m}\``).join(", ")}) adds \`${name}\`: if another mod does, load it too with \`--mod DIR\``;
}
