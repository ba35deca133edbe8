// Which `.json` files of the workspace are packages' manifests (a base system's `system.json`, a mod's
// `mod.json`) and which are scenarios: the page, its workers and the mods panel all ask. No imports, so
// a worker that asks bundles nothing else.

/** A package's manifest: it names a base system or a mod (docs/language.md, "Packaging a mod"). */
export function isManifest(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name === "system.json" || name === "mod.json";
}

/** A scenario file: a `.json` file that is no manifest. */
export function isScenario(path: string): boolean {
  return path.endsWith(".json") && !isManifest(path);
}

/** The manifests among some paths. */
export function manifestsOf(paths: Iterable<string>): string[] {
  return [...paths].filter(isManifest);
}
