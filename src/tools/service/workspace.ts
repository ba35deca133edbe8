// The language service's workspace: the files an editor holds, as documents that move through explicit
// states, as Langium's document lifecycle does. An edit puts its document back to `changed` and every
// document whose check read it back to `parsed`; asking anything of a document parses and checks it as
// far as it must go, once: the one check after an edit answers diagnostics, hover, go-to-definition,
// references, the outline, colouring and completion (completion.ts says when it must check the text
// with the cursor marked in it instead).
// Everything is held by the workspace: two workspaces (the LSP server's, the playground worker's, one
// made by a call of the API's one-shot functions) share nothing.
import { catalogue, WHOLE_SYSTEM_ONLY, type Diagnostic } from "../../core/diagnostics.ts";
import { parseFile, type ParseResult } from "../../syntax/parse.ts";
import { DeclarationCache } from "../../syntax/reuse.ts";
import { isStdPath } from "../../syntax/std/modules.ts";
import type { FileHost } from "../../syntax/load.ts";
import { setOwn } from "../../core/own-keys.ts";
import { readJson } from "../../core/json-text.ts";
import { isManifest, MOD_MANIFEST, readManifest } from "../../syntax/mods/manifest.ts";
import { analyse, type Analysis, type Documents } from "./analysis.ts";
import { completionsAt } from "./completion.ts";
import { formattingEdits, type TextEdit } from "./formatting.ts";
import { textsHost } from "./memory-host.ts";
import { withReadableDeclarations } from "./repair.ts";
import { definitionAt, hoverAt } from "./navigation.ts";
import { referencesAt, renameAt, type RenameResult } from "./references.ts";
import { ReferenceIndex } from "./reference-index.ts";
import type { Completion, Hover, Location, ServiceDiagnostic, ServiceFiles } from "./service-types.ts";
import { documentSymbolsOf, semanticNamesOf, type DocumentSymbol, type SemanticName } from "./symbols.ts";
import { rangeOf } from "./text-position.ts";

/**
 * Where a document stands. `changed`: its text is new and nothing has been read from it. `parsed`: its
 * text is parsed, and it has no check, or none that still holds. `checked`: its check is current, made
 * of the texts the workspace holds now, the document's own and every other the check read.
 */
export type DocumentState = "changed" | "parsed" | "checked";

interface Held {
  readonly path: string;
  readonly text: string;
  /** The editor's version of the text, or a count of the texts set. */
  readonly version: number;
}

type Document = (Held & { state: "changed" }) | (Held & { state: "parsed"; parsed: ParseResult }) | (Held & { state: "checked"; parsed: ParseResult; check: Check });

interface Check {
  analysis: Analysis;
  /** Every path the check asked for, found or not: a file appearing there changes what it would read. */
  read: Set<string>;
  /** Every folder it listed (an import's did-you-mean). */
  listed: Set<string>;
}

/**
 * What a workspace made to try a rename on (rename-safety.ts) is given: the parses of the texts the
 * rename leaves as they are, from the workspace it copies. Its checks are asked only for errors and what
 * names mean, so they skip the warnings of a pass of their own (unread writes).
 */
interface Trial {
  parsed(path: string, text: string): ParseResult | undefined;
}

export class Workspace implements Documents {
  private readonly documents = new Map<string, Document>();
  /** The declarations of each file's last parse, so an edit re-parses only the declarations it touched. */
  private readonly declarations = new DeclarationCache();
  /** The standard modules' parses: their texts never change. */
  private readonly library = new Map<string, ParseResult>();
  private readonly host: FileHost = textsHost(
    (path) => this.documents.get(path)?.text,
    () => this.documents.keys(),
  );

  /** Every rules file's names with the declarations they resolve to, kept while the checks they came from hold. */
  readonly index = new ReferenceIndex({
    text: (p) => this.documents.get(p)?.text,
    analysis: (p) => this.analysis(p),
    reads: (p) => {
      const d = this.documents.get(p);
      return d?.state === "checked" ? d.check : undefined;
    },
    parsed: (p) => {
      const d = this.documents.get(p);
      if (!d) return undefined;
      const parsed = this.parsedOf(d);
      return parsed.file ?? parsed.recovered;
    },
    paths: () => this.paths(),
  });

  constructor(files: ServiceFiles = {}, private readonly trial?: Trial) {
    for (const path of Object.keys(files)) this.set(path, files[path]!);
  }

  /** A file's new text; `version` is the editor's, otherwise one more than the last. */
  set(path: string, text: string, version?: number): void {
    const old = this.documents.get(path);
    if (old?.text === text) {
      if (version !== undefined) this.documents.set(path, { ...old, version });
      return;
    }
    this.documents.set(path, { path, text, version: version ?? (old ? old.version + 1 : 1), state: "changed" });
    this.outdate(path, old === undefined);
  }

  remove(path: string): void {
    if (!this.documents.delete(path)) return;
    this.outdate(path, true);
  }

  /** The workspace holds exactly `files`: the others go, and only the texts that differ change. */
  setAll(files: ServiceFiles): void {
    for (const path of [...this.documents.keys()]) if (!Object.hasOwn(files, path)) this.remove(path);
    for (const path of Object.keys(files)) this.set(path, files[path]!);
  }

  state(path: string): DocumentState | undefined {
    return this.documents.get(path)?.state;
  }

  version(path: string): number | undefined {
    return this.documents.get(path)?.version;
  }

  text(path: string): string | undefined {
    return this.documents.get(this.host.normalize(path))?.text;
  }

  paths(): string[] {
    return [...this.documents.keys()];
  }

  /** Every file's text, by path: a copy, which later edits do not change. */
  texts(): ServiceFiles {
    const out: ServiceFiles = {};
    for (const [path, d] of this.documents) setOwn(out, path, d.text);
    return out;
  }

  /** The document's check, made now if it has none that holds. */
  analysis(path: string): Analysis {
    const target = this.host.normalize(path);
    const held = this.documents.get(target);
    if (held?.state === "checked") return held.check.analysis;
    const read = new Set<string>();
    const listed = new Set<string>();
    const host: FileHost = {
      ...this.host,
      read: (p) => {
        read.add(p);
        return this.host.read(p);
      },
      listRules: (p) => {
        listed.add(p);
        return this.host.listRules(p);
      },
    };
    const analysis = analyse(host, target, (p, text) => this.parse(p, text), this.manifests(), this.enabledMods, this.trial !== undefined);
    const now = this.documents.get(target);
    if (now) this.documents.set(target, { path: now.path, text: now.text, version: now.version, state: "checked", parsed: this.parsedOf(now), check: { analysis, read, listed } });
    return analysis;
  }

  /** A check with `text` standing in for the file's own (completion's cursor), kept nowhere. */
  analysisWith(path: string, text: string): Analysis {
    const target = this.host.normalize(path);
    return analyse({ ...this.host, read: (p) => (p === target ? text : this.host.read(p)) }, target, (p, t) => this.parse(p, t), this.manifests(), this.enabledMods);
  }

  /** The mods' folders switched on: each file of their base is checked with them. */
  private enabledMods: readonly string[] = [];

  /** Switches mods on (their folders; the others off): every check made before no longer holds. */
  setEnabledMods(folders: readonly string[]): void {
    const next = [...new Set(folders)].sort();
    if (next.join("\n") === this.enabledMods.join("\n")) return;
    this.enabledMods = next;
    this.index.clear();
    for (const [p, d] of this.documents) if (d.state === "checked") this.documents.set(p, { path: d.path, text: d.text, version: d.version, state: "parsed", parsed: d.parsed });
  }

  /** The packages' manifests the workspace holds: where a mod's file finds its base and the mods it requires. */
  private manifests(): string[] {
    return this.paths().filter(isManifest);
  }

  resolveImport(from: string, importPath: string): string | undefined {
    const target = this.host.resolve(this.host.normalize(from), importPath);
    // A standard module is no file an editor can open.
    return isStdPath(target) || this.host.read(target) === undefined ? undefined : target;
  }

  scenarioRules(path: string): string[] {
    const text = this.text(path);
    const json = text === undefined ? undefined : readJson(text);
    if (!json || "error" in json) return [];
    const rules = (json.value as { rules?: unknown } | null)?.rules;
    const named = (Array.isArray(rules) ? rules : [rules]).filter((r): r is string => typeof r === "string");
    return named.flatMap((r) => {
      const at = this.host.resolve(this.host.normalize(path), r);
      return this.host.listRules(at) ?? [at];
    });
  }

  diagnostics(path: string): ServiceDiagnostic[] {
    const target = this.host.normalize(path);
    if (isManifest(target)) return guard(() => this.manifestDiagnostics(target), (err) => internalError(path, err));
    return guard(() => {
      const shown = this.analysis(path).diagnostics.map(toServiceDiagnostic);
      // "No rule reads it" holds only of a whole system: a check of a file another one imports sees the
      // file and its imports, not the importer's rules that may read the status or field.
      if (!shown.some((d) => WHOLE_SYSTEM_ONLY.has(d.code)) || !this.importedByOthers(this.host.normalize(path))) return shown;
      return shown.filter((d) => !WHOLE_SYSTEM_ONLY.has(d.code));
    }, (err) => internalError(path, err));
  }

  /**
   * A manifest's own mistakes, as the check of its package finds them: a mod.json's by checking a file
   * of the mod with its base (so a requirement out of range or missing shows too), a system.json's read alone.
   */
  private manifestDiagnostics(path: string): ServiceDiagnostic[] {
    const folder = path.split("/").slice(0, -1).join("/");
    const kind = path.endsWith(MOD_MANIFEST) ? "mod" : "system";
    const file = kind === "mod" ? this.host.listRules(folder)?.[0] : undefined;
    const found = file !== undefined ? this.analysis(file).diagnostics : (() => {
      const read = readManifest(folder || ".", kind, this.host);
      return "diagnostics" in read ? read.diagnostics : [];
    })();
    return found.filter((d) => d.span.file === path).map(toServiceDiagnostic);
  }

  /** Whether another document of the workspace imports `target`. */
  private importedByOthers(target: string): boolean {
    for (const held of this.documents.values()) {
      if (held.path === target) continue;
      const parsed = this.parsedOf(held);
      const file = parsed.file ?? parsed.recovered;
      if (file?.decls.some((d) => d.kind === "import" && this.host.resolve(held.path, d.path) === target)) return true;
    }
    return false;
  }

  completions(path: string, line: number, col: number): Completion[] {
    return guard(() => completionsAt(this, path, line, col), () => []);
  }

  hover(path: string, line: number, col: number): Hover | null {
    return guard(() => hoverAt(this, path, line, col), () => null);
  }

  definition(path: string, line: number, col: number): Location | null {
    return guard(() => definitionAt(this, path, line, col), () => null);
  }

  /** Every use of what the name at the cursor declares or refers to, across the workspace's files. */
  references(path: string, line: number, col: number, includeDeclaration = true): Location[] {
    return guard(() => referencesAt(this, path, line, col, includeDeclaration), () => []);
  }

  /** The places to rewrite to rename what is under the cursor, or why it cannot be. */
  rename(path: string, line: number, col: number, newName: string): RenameResult {
    // The copy the rename is tried on checks with the same mods switched on, so before and after compare alike.
    const scratch = (files: ServiceFiles) => {
      const copy = new Workspace(files, { parsed: (p, text) => (this.documents.get(p)?.text === text ? this.parse(p, text) : undefined) });
      copy.setEnabledMods(this.enabledMods);
      return copy;
    };
    return guard(() => renameAt(this, scratch, path, line, col, newName), renameFailed);
  }

  /** The file's outline: its declarations, with fields and enum members inside. */
  documentSymbols(path: string): DocumentSymbol[] {
    return guard(() => documentSymbolsOf(this.analysis(path)), () => []);
  }

  /** Every name in the file with what it means (a kind, a field, a parameter...), for colouring. */
  semanticNames(path: string): SemanticName[] {
    return guard(() => semanticNamesOf(this.analysis(path)), () => []);
  }

  /** The edits that lay the file out as `rulesmith fmt` does: none when it already is, or does not parse. */
  formatting(path: string): TextEdit[] {
    return guard(() => formattingEdits(path, this.documents.get(path)?.text), () => []);
  }

  /** The loader's parser: a document's own parse while its text is the one read, parsed once. */
  private parse(path: string, text: string): ParseResult {
    const held = this.documents.get(path);
    if (held?.text === text) return this.parsedOf(held);
    if (isStdPath(path)) {
      const kept = this.library.get(path);
      if (kept) return kept;
      const parsed = parseFile(path, text);
      this.library.set(path, parsed);
      return parsed;
    }
    // A text the workspace does not hold: completion's, with the cursor in it.
    return withReadableDeclarations(path, text, parseFile(path, text, { reuse: this.declarations }));
  }

  private parsedOf(held: Document): ParseResult {
    if (held.state !== "changed") return held.parsed;
    const parsed = this.trial?.parsed(held.path, held.text) ?? parseFile(held.path, held.text, { reuse: this.declarations });
    this.documents.set(held.path, { path: held.path, text: held.text, version: held.version, state: "parsed", parsed });
    return parsed;
  }

  /**
   * `path` changed, or (`appeared`) appeared or went: every check that read it, or that would read it now
   * (it asked for the path, or listed its folder), no longer holds.
   */
  private outdate(path: string, appeared: boolean): void {
    for (const [p, d] of this.documents) {
      if (d.state !== "checked") continue;
      const { read, listed } = d.check;
      if (read.has(path) || (appeared && [...listed].some((folder) => path.startsWith(folder.endsWith("/") ? folder : `${folder}/`)))) {
        this.documents.set(p, { path: d.path, text: d.text, version: d.version, state: "parsed", parsed: d.parsed });
      }
    }
  }
}

/** A `system.json` or `mod.json`: read by the checks of mods' files, and answered for with its own diagnostics. */

/** A diagnostic as editors take it: its file and its range in lines and columns. */
export function toServiceDiagnostic(d: Diagnostic): ServiceDiagnostic {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    ...(d.help ? { help: d.help } : {}),
    path: d.span.file,
    range: rangeOf(d.span),
    ...(d.related ? { related: d.related.map((r) => ({ path: r.span.file, range: rangeOf(r.span), message: r.message })) } : {}),
  };
}

/** The one diagnostic of a check that failed inside: a bug, said as one. */
export function internalError(path: string, err: unknown): ServiceDiagnostic[] {
  return [
    {
      code: "E0000",
      severity: catalogue.E0000.severity,
      message: `internal error while checking: ${err instanceof Error ? err.message : String(err)}`,
      help: "this is a bug in rulesmith; please report it with the text that caused it",
      path,
      range: { line: 1, col: 1, endLine: 1, endCol: 1 },
    },
  ];
}

export function renameFailed(err: unknown): RenameResult {
  return { error: `internal error while renaming: ${err instanceof Error ? err.message : String(err)}` };
}

/** An editor asks on every keystroke: a bug must cost one answer, never the editor's worker. */
export function guard<T>(work: () => T, fallback: (err: unknown) => T): T {
  try {
    return work();
  } catch (err) {
    return fallback(err);
  }
}
