// The Mods pane under the file tree: the mods of the open game system, each switched on or off, and
// "New mod", which starts a mod of that system (docs/language.md, "Packaging a mod"). A mod switched on
// loads with its base everywhere the page checks or runs rules: the language worker checks every file
// of the base with it (so two mods that conflict, E0164, say so) and the run worker runs the base's
// examples and scenarios with it, as `rulesmith test BASE MOD` and `run --mod` do. Conflicts are also
// marked in the other file they name, not only in the file whose check found them.
import type { ServiceDiagnostic } from "../src/api.ts";
import { el } from "./dom.ts";
import { uriOf } from "./editor.ts";
import { monaco } from "./monaco-features.ts";
import { isManifest } from "./manifests.ts";
import { hasFile, type Files } from "./workspace.ts";

/** Where the mods switched on are kept between visits. */
const STORAGE_KEY = "rulesmith.playground.mods.v1";
/** The diagnostics that are conflicts between packages: marked in every file they name. */
const CONFLICTS = new Set(["E0164", "E0604"]);
/** The marker owner of those marks in the other files (the checker's own are the editor's, `rulesmith`). */
const OWNER = "rulesmith-mods";

interface ManifestInfo {
  folder: string;
  kind: "system" | "mod";
  name: string;
  version: string;
  title?: string;
  requires: string[];
}

export interface ModsHost {
  files(): Files;
  /** The open game system's folder. */
  system(): string;
  /** Adds new files and opens `open`. */
  create(files: Files, open: string): void;
  /** The mods switched on changed: check and list again. */
  changed(): void;
  message(text: string): void;
}

export class ModsPanel {
  private on: Set<string>;
  /** The files marked with conflicts, so a later check that finds none clears them. */
  private marked = new Set<string>();

  constructor(
    private readonly container: HTMLElement,
    private readonly host: ModsHost,
  ) {
    this.on = new Set(loadEnabled());
    this.render();
  }

  /** The mods' folders switched on that are still in the workspace. */
  enabled(): string[] {
    const files = this.host.files();
    return [...this.on].filter((m) => hasFile(files, `${m}/mod.json`)).sort();
  }

  setEnabled(folder: string, on: boolean) {
    if (on) this.on.add(folder);
    else this.on.delete(folder);
    saveEnabled([...this.on]);
    this.render();
    this.host.changed();
  }

  /** The base system the open folder belongs to: the folder itself, or the base of the mod it is. */
  private baseOf(manifests: ManifestInfo[]): ManifestInfo | undefined {
    const system = this.host.system();
    const own = manifests.find((m) => m.folder === system);
    if (!own) return undefined;
    if (own.kind === "system") return own;
    return manifests.find((m) => m.kind === "system" && own.requires.includes(m.name));
  }

  render() {
    const manifests = readManifests(this.host.files());
    const base = this.baseOf(manifests);
    const mods = base ? manifests.filter((m) => m.kind === "mod" && m.requires.includes(base.name)) : [];
    const heading = el("h2", { class: "mods-heading", id: "mods-heading" }, base ? `Mods of ${base.name}` : "Mods");
    const newMod = el("button", { id: "new-mod", type: "button", title: base ? `Start a mod of ${base.name}: a folder with mod.json and a rules file` : "Open a file of a system with a system.json first" }, "New mod");
    if (!base) newMod.setAttribute("disabled", "");
    newMod.addEventListener("click", () => base && this.newMod(base));
    const list = el("ul", { class: "mods-list", "aria-labelledby": "mods-heading" });
    for (const m of mods) {
      const id = `mod-${m.folder.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
      const box = el("input", { type: "checkbox", id, "data-mod": m.folder }) as HTMLInputElement;
      box.checked = this.on.has(m.folder);
      box.addEventListener("change", () => this.setEnabled(m.folder, box.checked));
      list.append(el("li", {}, box, el("label", { for: id, title: m.title ?? m.folder }, `${m.name} ${m.version}`)));
    }
    const note = base
      ? mods.length === 0
        ? el("p", { class: "mods-note" }, `No mods of ${base.name} yet.`)
        : el("p", { class: "mods-note" }, "A mod switched on is checked and run with the system.")
      : el("p", { class: "mods-note" }, "A system with a system.json can have mods.");
    this.container.replaceChildren(el("div", { class: "mods-bar" }, heading, newMod), list, note);
  }

  /** A new mod of `base` in mods/: its mod.json (requiring the base's major version) and a first rules file; switched on. */
  private newMod(base: ManifestInfo) {
    const files = this.host.files();
    let n = 1;
    const folderFor = (k: number) => `mods/${base.name}-mod${k === 1 ? "" : k}`;
    while (Object.keys(files).some((p) => p.startsWith(`${folderFor(n)}/`))) n++;
    const folder = folderFor(n);
    const name = folder.slice("mods/".length);
    const major = Number(base.version.split(".")[0]) || 0;
    const manifest = { name, version: "0.1.0", title: `A mod of ${base.title ?? base.name}`, requires: { [base.name]: `>=${base.version} <${major + 1}` } };
    const rules = [
      `// A mod of ${base.name}: its files see every file of ${base.name} without importing them.`,
      "// Add to the system here (docs/language.md, section 25): `extend enum`, `extend kind`, new",
      "// modifiers and handlers on its values and events, `replace` and `remove` of a named rule, and",
      '// `overrides "TITLE"` for an example of the system this mod means to change.',
      "",
    ].join("\n");
    this.host.create({ [`${folder}/mod.json`]: `${JSON.stringify(manifest, null, 2)}\n`, [`${folder}/mod.rules`]: rules }, `${folder}/mod.rules`);
    this.setEnabled(folder, true);
    this.host.message(`Started the mod ${name} in ${folder}, switched on: what it adds is checked and run with ${base.name}.`);
  }

  /**
   * A check of `path` reported `ds`: each conflict between packages is marked in every file it names
   * besides `path` (the editor marks `path` itself). A check that involves a marked file and finds no
   * conflict clears the marks.
   */
  paintConflicts(path: string, ds: ServiceDiagnostic[]) {
    const conflicts = ds.filter((d) => CONFLICTS.has(d.code));
    if (conflicts.length === 0 && !this.marked.has(path)) return;
    const byFile = new Map<string, monaco.editor.IMarkerData[]>();
    for (const d of conflicts) {
      const message = d.help ? `${d.message}\nhelp: ${d.help}` : d.message;
      for (const place of [{ path: d.path, range: d.range }, ...(d.related ?? [])]) {
        if (place.path === path) continue;
        const r = place.range;
        const marker = { severity: monaco.MarkerSeverity.Error, message, code: d.code, source: "rulesmith", startLineNumber: r.line, startColumn: r.col, endLineNumber: r.endLine, endColumn: r.endLine === r.line && r.endCol <= r.col ? r.col + 1 : r.endCol };
        byFile.set(place.path, [...(byFile.get(place.path) ?? []), marker]);
      }
    }
    for (const file of this.marked) if (!byFile.has(file)) setMarkers(file, []);
    for (const [file, markers] of byFile) setMarkers(file, markers);
    this.marked = new Set([...byFile.keys(), ...(conflicts.length ? [path] : [])]);
  }
}

function setMarkers(path: string, markers: monaco.editor.IMarkerData[]) {
  const model = monaco.editor.getModel(uriOf(path));
  if (model) monaco.editor.setModelMarkers(model, OWNER, markers);
}

/** The manifests of the workspace that read; one that does not is left out here (its check says why). */
function readManifests(files: Files): ManifestInfo[] {
  const out: ManifestInfo[] = [];
  for (const path of Object.keys(files).filter(isManifest).sort()) {
    try {
      const raw = JSON.parse(files[path]!) as { name?: unknown; version?: unknown; title?: unknown; requires?: unknown };
      if (typeof raw.name !== "string" || typeof raw.version !== "string") continue;
      const requires = typeof raw.requires === "object" && raw.requires !== null ? Object.keys(raw.requires) : [];
      out.push({ folder: path.slice(0, path.lastIndexOf("/")), kind: path.endsWith("mod.json") ? "mod" : "system", name: raw.name, version: raw.version, ...(typeof raw.title === "string" ? { title: raw.title } : {}), requires });
    } catch {
      // A manifest being typed: not listed until it reads.
    }
  }
  return out;
}

function loadEnabled(): string[] {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]") as unknown;
    return Array.isArray(raw) ? raw.filter((m): m is string => typeof m === "string") : [];
  } catch {
    return [];
  }
}

function saveEnabled(folders: string[]) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(folders.sort()));
  } catch {
    // Not kept between visits when storage is unavailable; still on for this one.
  }
}
