// The workspace's index of declarations and their uses: for each rules file, every name in it with the
// declaration it resolves to (references.ts asks it instead of checking every file that spells a name
// again). A file's entry is made from the file's one check and kept while it still holds: the file's
// text is the same, and every other file the check read shows others the same face (its fingerprint:
// its declarations with the bodies no other file can see taken out, spaces and line breaks aside, so an
// edit inside a function's body moves no other file's entry). A declaration is keyed by where it stands
// among its file's declarations, not by its line, so the keys other files hold survive edits above it.
import type * as A from "../../core/ast.ts";
import type { Analysis } from "./analysis.ts";
import { resolve } from "./navigation.ts";
import { sitesOf } from "./sites.ts";

/** One name in a file that resolves to a declaration. */
export interface Use {
  span: A.Span;
  /** It is the declaration's own name. */
  declaration: boolean;
}

/** What the index asks of the workspace that holds it. */
export interface IndexedFiles {
  text(path: string): string | undefined;
  /** The file's one check, as the files stand now. */
  analysis(path: string): Analysis;
  /** The paths the file's current check read (itself included) and the folders it listed. */
  reads(path: string): { read: ReadonlySet<string>; listed: ReadonlySet<string> } | undefined;
  /** The file's declarations as parsed now (recovered ones too), when it is a rules file the workspace holds. */
  parsed(path: string): A.SourceFile | undefined;
  paths(): string[];
}

interface Entry {
  text: string;
  /** The fingerprint, when the entry was made, of each other file its check read (undefined: missing). */
  read: Map<string, string | undefined>;
  /** Each listed folder with the paths below it then: a file appearing there could change an import. */
  listed: Map<string, string>;
  /** The uses, by the key of the declaration they resolve to. */
  uses: Map<string, Use[]>;
  /** Where each of the uses starts. */
  starts: Set<number>;
}

export class ReferenceIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly fingerprints = new Map<string, { text: string; fingerprint: string | undefined }>();
  private readonly keyTables = new WeakMap<A.SourceFile, Map<number, string>>();

  constructor(private readonly files: IndexedFiles) {}

  /** Every entry goes: what a check reads changed in a way no file's text says (the mods switched on). */
  clear(): void {
    this.entries.clear();
  }

  /** The key of the declaration whose name starts at `start` in `file`, one of `among` (the files of a check). */
  keyOf(among: readonly A.SourceFile[], file: string, start: number): string {
    const parsed = among.find((f) => f.path === file);
    return (parsed && this.keyTable(parsed).get(start)) ?? `${file}@${start}`;
  }

  /** Whether a name of `path`, as parsed now, starts at `start`: a place references and rename see. */
  isSite(path: string, start: number): boolean {
    const parsed = this.files.parsed(path);
    return parsed !== undefined && this.keyTable(parsed).has(start);
  }

  /** The uses in `path` of the declaration keyed `key`; the file's entry is made again first if it no longer holds. */
  usesIn(path: string, key: string): readonly Use[] {
    return this.entry(path)?.uses.get(key) ?? [];
  }

  /** Whether the name of `path` starting at `start` resolves to a declaration (a built-in is none). */
  resolves(path: string, start: number): boolean {
    return this.entry(path)?.starts.has(start) ?? false;
  }

  /** Makes `path`'s entry now if it does not hold (an editor's idle time); true when it had to. */
  refresh(path: string): boolean {
    if (this.isCurrent(path)) return false;
    this.entry(path);
    return true;
  }

  /** Whether `path`'s entry holds as the files stand now (for tests: an edit must move exactly the entries it should). */
  isCurrent(path: string): boolean {
    const e = this.entries.get(path);
    return e !== undefined && this.holds(path, e);
  }

  private entry(path: string): Entry | undefined {
    const kept = this.entries.get(path);
    if (kept && this.holds(path, kept)) return kept;
    const text = this.files.text(path);
    if (text === undefined) {
      this.entries.delete(path);
      return undefined;
    }
    const made = this.make(path, text);
    this.entries.set(path, made);
    return made;
  }

  private holds(path: string, e: Entry): boolean {
    if (this.files.text(path) !== e.text) return false;
    for (const [p, fp] of e.read) if (this.fingerprint(p) !== fp) return false;
    for (const [folder, below] of e.listed) if (this.below(folder) !== below) return false;
    return true;
  }

  private make(path: string, text: string): Entry {
    const a = this.files.analysis(path);
    const uses = new Map<string, Use[]>();
    const starts = new Set<number>();
    for (const site of a.sites) {
      const t = resolve(a, site)?.declared;
      if (!t) continue;
      const key = this.keyOf(a.files, t.span.file, t.span.start);
      const list = uses.get(key) ?? [];
      starts.add(site.name.span.start);
      list.push({ span: site.name.span, declaration: site.name.span.file === t.span.file && site.name.span.start === t.span.start });
      uses.set(key, list);
    }
    const reads = this.files.reads(path);
    const read = new Map<string, string | undefined>();
    for (const p of reads?.read ?? []) if (p !== path) read.set(p, this.fingerprint(p));
    const listed = new Map<string, string>();
    for (const folder of reads?.listed ?? []) listed.set(folder, this.below(folder));
    return { text, read, listed, uses, starts };
  }

  /** What of `path` other files can see: its declarations without the bodies nothing outside reads, spaces collapsed. */
  private fingerprint(path: string): string | undefined {
    const text = this.files.text(path);
    if (text === undefined) return undefined;
    const kept = this.fingerprints.get(path);
    if (kept?.text === text) return kept.fingerprint;
    const parsed = path.endsWith(".rules") ? this.files.parsed(path) : undefined;
    const fingerprint = parsed ? parsed.decls.map((d) => text.slice(d.span.start, seenUpTo(d)).replace(/\s+/g, " ")).join("\n") : text;
    this.fingerprints.set(path, { text, fingerprint });
    return fingerprint;
  }

  private below(folder: string): string {
    const prefix = folder.endsWith("/") ? folder : `${folder}/`;
    return this.files
      .paths()
      .filter((p) => p.startsWith(prefix))
      .sort()
      .join("\n");
  }

  /**
   * Each name's key by where it starts: the place of its declaration among the file's, the kind of site,
   * the name and how many such came before it in that declaration. A local's key changes with an edit of
   * its function, but only its own file holds it, and that file's entry is made again.
   */
  private keyTable(file: A.SourceFile): Map<number, string> {
    const kept = this.keyTables.get(file);
    if (kept) return kept;
    const table = new Map<number, string>();
    const decls = file.decls;
    const seen = new Map<string, number>();
    let d = 0;
    for (const site of sitesOf(file)) {
      const start = site.name.span.start;
      while (d + 1 < decls.length && decls[d + 1]!.span.start <= start) d++;
      const base = `${file.path}|${d}|${site.kind}|${site.name.text}`;
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      if (!table.has(start)) table.set(start, `${base}|${n}`);
    }
    this.keyTables.set(file, table);
    return table;
  }
}

/**
 * Where the part of a declaration other files can see ends: before a body no other file reads (a function's,
 * a handler's, an example's, an event's default, a value's base). A function's result type is the one it
 * writes (none written is no result), never one read from its body (src/check/calls.ts).
 */
function seenUpTo(d: A.Decl): number {
  switch (d.kind) {
    case "fn":
    case "trigger":
    case "example":
      return d.body.span.start;
    case "event":
      return d.body ? d.body.span.start : d.span.end;
    case "value":
      return d.base.span.start;
    default:
      return d.span.end;
  }
}
