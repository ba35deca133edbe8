// The extension points (docs/language.md, "Extending a system"), merged once, before any declaration is
// checked. A file that imports a system adds enum members, kind fields and table rows to it, and replaces
// or removes a named modifier, handler or table row, without editing the system's files. The merge writes
// nothing into the parsed tree: the checker reads a merged copy of each extended enum, kind and table
// (in `Symbols`, under the base's own id), and the resolved tree the engines run and `compile` saves holds
// the merged declarations in the base's place, without the extensions and without what was replaced or
// removed (ResolutionTable.mergeInto). So the engines, saved programs, the state's schema and the reference
// see one enum, one kind, one table, as if the base had been written so.
import type * as A from "../core/ast.ts";
import { mayBeLeftOut } from "../core/ast.ts";
import type { Code, RelatedSpan } from "../core/diagnostics.ts";
import { showExpr, showPlace, showTiming, showTypeRef } from "../core/show-expr.ts";
import { isStdPath } from "../core/std-paths.ts";
import { extendStages, stagesOf, type MergedStages } from "./extend-value.ts";
import { idOf, lookupDeclared, lookupName, visibleDecls, type NamedDecl, type Symbols } from "./symbols.ts";

/** What the merge needs of the checker: its reports, its did-you-mean, its lookup (E0105, E0108). */
export interface ExtensionHost {
  report(code: Code, span: A.Span, message: string, help?: string, related?: RelatedSpan[]): void;
  suggest(name: string, span: A.Span, candidates: () => Iterable<string>): string | undefined;
  lookup(name: string, span: A.Span, file: string): NamedDecl | undefined;
  /** True when a name no file here declares is already explained: declared in a file not imported (E0105), or left out for a syntax error. */
  notImported(name: string, span: A.Span, file: string): boolean;
  /** How a conflict names the file a change is in (a mod's name, where files belong to mods); the path in backticks if not given. */
  placeName?: (file: string) => string;
}

export type Extension = A.Decl<"extendEnum" | "extendKind" | "extendTable" | "extendValue" | "replaceRow" | "removal">;

export function isExtension(d: A.Decl): d is Extension {
  return d.kind === "extendEnum" || d.kind === "extendKind" || d.kind === "extendTable" || d.kind === "extendValue" || d.kind === "replaceRow" || d.kind === "removal";
}

/** Who changed a declaration, a row or added a member first: a second file that cannot see it conflicts. */
export interface Change {
  file: string;
  span: A.Span;
}

type Sort = "enum" | "kind" | "table" | "modifier" | "fn" | "value";

/** A handler's place as help names it: `file:line`. */
const place = (s: A.Span) => `${s.file}:${s.line}`;
/** Up to four handlers' places (with their events, for `withEvent`), then how many more. */
const placesOf = (hs: readonly A.TriggerDecl[], withEvent = false) =>
  hs.slice(0, 4).map((h) => `${place(h.span)}${withEvent ? ` (\`${showTiming(h.timing)} ${h.event.text}\`)` : ""}`).join(", ") + (hs.length > 4 ? ` and ${hs.length - 4} more` : "");
/** A pattern as written: `_`, `3`, `2..5`, `..2`, `12..` (an open range is no `_` and no single value). */
const showPattern = (p: A.Pattern): string => {
  if (p.low && p.high) return `${showExpr(p.low)}..${showExpr(p.high)}`;
  if (p.low) return p.open ? `${showExpr(p.low)}..` : showExpr(p.low);
  return p.high ? `..${showExpr(p.high)}` : "_";
};
const showPatterns = (ps: A.Pattern[]) => `(${ps.map(showPattern).join(", ")})`;

export function mergeExtensions(files: A.SourceFile[], s: Symbols, host: ExtensionHost): void {
  new Merge(files, s, host).run();
}

class Merge {
  private readonly members = new Map<A.EnumDecl, { name: A.Name; file: string }[]>();
  private readonly fields = new Map<A.KindDecl, A.FieldDecl[]>();
  private readonly rows = new Map<A.TableDecl, A.TableRow[]>();
  /** Rows added by `extend table`, with the file that added each. */
  private readonly rowAdded = new Map<A.TableRow, Change>();
  /** The row each merged row stands for (a replacement's, the row it replaced): conflicts are found by it. */
  private readonly rowChanged = new Map<A.TableRow, Change>();
  /** Per base modifier or handler, the declaration now in its place (undefined: removed) and who did it. */
  private readonly replaced = new Map<A.Decl, { by: A.Decl | undefined; change: Change }>();
  private readonly handlers = new Map<string, A.TriggerDecl[]>();
  /** The handlers without a name (`on E { ... }`), which nothing can replace or remove. */
  private readonly unnamed: A.TriggerDecl[] = [];
  /** Per extended value, its stages as merged (`extend value`), and who put a stage at each place (`after x`, `before x`, `last`). */
  private readonly stages = new Map<A.ValueDecl, MergedStages>();
  /** Per base function, its extensions in load order (`extend fn`). */
  private readonly extended = new Map<A.FnDecl, A.FnDecl[]>();

  constructor(
    private readonly files: A.SourceFile[],
    private readonly s: Symbols,
    private readonly host: ExtensionHost,
  ) {}

  /** Whether one of two files sees the other: their changes apply in canonical order rather than conflict. */
  private ordered(a: string, b: string): boolean {
    return a === b || !!this.s.visible.get(a)?.has(b) || !!this.s.visible.get(b)?.has(a);
  }

  run() {
    this.collectHandlers();
    for (const f of this.files) {
      for (const d of f.decls) {
        if (d.kind === "extendEnum") this.extendEnum(d, f.path);
        else if (d.kind === "extendKind") this.extendKind(d, f.path);
        else if (d.kind === "extendTable") this.extendTable(d, f.path);
        else if (d.kind === "extendValue") this.extendValue(d, f.path);
        else if (d.kind === "replaceRow" || (d.kind === "removal" && d.what === "row")) this.changeRow(d, f.path);
        else if (d.kind === "removal") this.removeNamed(d, f.path);
        else if (d.kind === "modifier" && d.replaces) this.replaceModifier(d, f.path);
        else if (d.kind === "fn" && d.replaces) this.replaceFn(d, f.path);
        else if (d.kind === "fn" && d.extends) this.extendFn(d, f.path);
        else if (d.kind === "trigger" && d.replaces) this.replaceHandler(d, f.path);
      }
    }
    this.publish();
  }

  /** Named handlers by name: a name given twice where one handler can see the other is E0102. */
  private collectHandlers() {
    for (const f of this.files) for (const d of f.decls) if (d.kind === "trigger" && !d.handlerName && !d.replaces && !d.final) this.unnamed.push(d);
    for (const f of this.files) {
      for (const d of f.decls) {
        if (d.kind !== "trigger") continue;
        if (!d.handlerName) {
          if (d.replaces || d.final) {
            const word = d.replaces ? "replace" : "final";
            this.host.report("E0165", d.span, `\`${word}\` needs a handler with a name: nothing else says which handler it means`, this.nameHelp(d, f.path));
          }
          continue;
        }
        if (d.replaces) continue;
        const same = this.handlers.get(d.handlerName.text) ?? [];
        const prior = same.find((p) => this.ordered(p.span.file, d.span.file));
        if (prior) {
          this.host.report("E0102", d.handlerName.span, `a handler is already named \`${d.handlerName.text}\` at ${showPlace(prior.handlerName!.span)}`, "rename one of them", [{ span: prior.handlerName!.span, message: `the handler \`${d.handlerName.text}\` is first named here` }]);
        } else this.handlers.set(d.handlerName.text, [...same, d]);
      }
    }
  }

  /**
   * E0165's help for a handler without a name: for `replace`, the handlers of its event and timing it
   * could mean, the named ones by their names and the unnamed ones by where they are; else the form to write.
   */
  private nameHelp(d: A.TriggerDecl, file: string): string {
    const timing = showTiming(d.timing);
    const seen = this.s.visible.get(file);
    const others = (hs: Iterable<A.TriggerDecl>) => [...hs].filter((h) => h !== d && h.event.text === d.event.text && h.timing === d.timing && h.span.file !== file && seen?.has(h.span.file));
    const named = others([...this.handlers.values()].flat()).filter((h) => !h.final);
    const unnamed = others(this.unnamed);
    const one = unnamed.length === 1;
    const parts = d.replaces
      ? [
          named.length > 0 ? `name the handler it replaces: ${named.slice(0, 3).map((h) => `\`replace ${timing} ${d.event.text} as ${h.handlerName!.text}\` (${place(h.span)})`).join(", ")}` : undefined,
          unnamed.length > 0 ? `the ${one ? "handler" : "handlers"} of \`${d.event.text}\` at ${placesOf(unnamed)} ${one ? "has" : "have"} no name, so nothing can replace ${one ? "it" : "them"}: name the one you mean with \`as NAME\` in its own file, then write \`replace ${timing} ${d.event.text} as NAME\`` : undefined,
        ].filter((x) => x !== undefined)
      : [];
    return parts.length > 0 ? parts.join("; ") : `name it after its event: \`${timing} ${d.event.text} as NAME\``;
  }

  /**
   * The declaration `name` means in `file`, of the sort an extension needs: E0160 when there is none
   * (with the closest name of that sort), E0161 of another sort, E0162 when it is final or a standard
   * module's.
   */
  private target(name: A.Name, sort: Sort, file: string, verb: string): NamedDecl | undefined {
    const r = lookupDeclared(this.s, name.text, file);
    if (!("found" in r)) {
      if ("missing" in r) {
        if (this.host.notImported(name.text, name.span, file)) return undefined;
        // Not the replacements: a misspelt `replace fn bonu` would suggest itself.
        const help = this.host.suggest(name.text, name.span, () => visibleDecls(this.s, file).filter((d) => d.kind === sort && !(d as { replaces?: true }).replaces && !(d as { extends?: true }).extends).map((d) => d.name.text));
        this.host.report("E0160", name.span, `there is no ${sortWord(sort)} \`${name.text}\` to ${verb}`, help ?? `declare it, or import the file that declares it`);
      } else this.host.lookup(name.text, name.span, file);
      return undefined;
    }
    const d = r.found;
    if (d.kind !== sort) {
      const help = this.host.suggest(name.text, name.span, () => visibleDecls(this.s, file).filter((x) => x.kind === sort).map((x) => x.name.text));
      this.host.report("E0161", name.span, `\`${name.text}\` is ${article(sortWord(d.kind))} ${sortWord(d.kind)}, not ${article(sortWord(sort))} ${sortWord(sort)}: \`${verb}\` here takes ${article(sortWord(sort))} ${sortWord(sort)}`, help, [{ span: d.name.span, message: `\`${name.text}\` is declared here` }]);
      return undefined;
    }
    return this.open(d, name.span, verb) ? d : undefined;
  }

  /** Whether `d` may be changed: not `final`, not a standard module's (whose text every game shares). */
  private open(d: A.Decl & { span: A.Span }, at: A.Span, verb: string): boolean {
    const label = "name" in d ? `\`${d.name.text}\`` : d.kind === "trigger" && d.handlerName ? `the handler \`${d.handlerName.text}\`` : "it";
    if ((d as { final?: true }).final) {
      this.host.report("E0162", at, `${label} is declared \`final\`: no file may ${verb} it`, "change it in its own file, or ask its author to drop `final`", [{ span: d.span, message: `${label} is declared final here` }]);
      return false;
    }
    if (isStdPath(d.span.file)) {
      this.host.report("E0162", at, `${label} is declared in the standard module \`${d.span.file}\`: no file may ${verb} it`, "declare what you need in your own file");
      return false;
    }
    return true;
  }

  private extendEnum(d: A.Decl<"extendEnum">, file: string) {
    const base = this.target(d.target, "enum", file, "extend") as A.EnumDecl | undefined;
    if (!base) return;
    let list = this.members.get(base);
    if (!list) this.members.set(base, (list = base.members.map((name) => ({ name, file: base.span.file }))));
    for (const m of d.members) {
      const prior = list.find((x) => x.name.text === m.text);
      if (!prior) list.push({ name: m, file });
      else if (this.ordered(prior.file, file)) {
        this.host.report("E0102", m.span, `enum \`${base.name.text}\` already has the member \`${m.text}\` (${showPlace(prior.name.span)})`, "rename the new member", [{ span: prior.name.span, message: `\`${m.text}\` is first declared here` }]);
      } else this.conflict(m.span, `both add the member \`${m.text}\` to enum \`${base.name.text}\``, { file: prior.file, span: prior.name.span });
    }
  }

  private extendKind(d: A.Decl<"extendKind">, file: string) {
    const base = this.target(d.target, "kind", file, "extend") as A.KindDecl | undefined;
    if (!base) return;
    let list = this.fields.get(base);
    if (!list) this.fields.set(base, (list = [...base.fields]));
    const kindNamed = (n: string) => {
      const r = lookupName(this.s, n, file);
      return "found" in r && r.found.kind === "kind" ? r.found : undefined;
    };
    for (const f of d.fields) {
      const prior = list.find((x) => x.name.text === f.name.text);
      if (prior && this.ordered(prior.span.file, file)) {
        this.host.report("E0102", f.name.span, `\`${base.name.text}\` already has the field \`${f.name.text}\` (${showPlace(prior.name.span)})`, "rename the new field", [{ span: prior.name.span, message: `\`${f.name.text}\` is first declared here` }]);
        continue;
      }
      if (prior) {
        this.conflict(f.name.span, `both add the field \`${f.name.text}\` to \`${base.name.text}\``, { file: prior.span.file, span: prior.name.span });
        continue;
      }
      if (!mayBeLeftOut(f, kindNamed)) {
        this.host.report("E0163", f.span, `the new field \`${f.name.text}\` of \`${base.name.text}\` must have a default: states and constructions written for \`${base.name.text}\` do not give it`, `give it one, like \`${f.name.text}: ${f.type.name.text}${f.type.range ? ` in ${f.type.range.low}..${f.type.range.high}` : ""} = ...\`, or make it optional (\`${f.type.name.text}?\`)`);
      }
      list.push(f);
    }
  }

  private extendTable(d: A.Decl<"extendTable">, file: string) {
    const base = this.target(d.target, "table", file, "extend") as A.TableDecl | undefined;
    if (!base) return;
    const list = this.rowsOf(base);
    // Two files that add a row of the same patterns, neither seeing the other: which one a call gets
    // would be decided by the order of their names, not by the rules.
    for (const row of d.rows) {
      const key = showPatterns(row.patterns);
      const prior = list.find((r) => this.rowAdded.has(r) && showPatterns(r.patterns) === key);
      const by = prior && this.rowAdded.get(prior)!;
      if (by && !this.ordered(by.file, file)) this.conflict(row.span, `both add a row ${key} to table \`${base.name.text}\``, by);
      this.rowAdded.set(row, { file, span: row.span });
    }
    // Before every row so far: a file's imports come before it, so a mod of a mod specialises it in turn.
    this.rows.set(base, [...d.rows, ...list]);
  }

  /**
   * `extend value v stages [...]`: a stage of `v` named with `exclusive RULE` becomes exclusive (E0164 when
   * a file that does not see this one gave it a rule too); a new stage goes just `after` or `before` the
   * stage named (E0220 when `v` has none), or last. Two files that do not see each other and put a stage in
   * one place, or add one stage, are E0164: nothing orders the two.
   */
  private extendValue(d: A.Decl<"extendValue">, file: string) {
    const base = this.target(d.target, "value", file, "extend") as A.ValueDecl | undefined;
    if (!base) return;
    let merged = this.stages.get(base);
    if (!merged) this.stages.set(base, (merged = stagesOf(base, this.s.stages)));
    extendStages(merged, base, d, file, { host: this.host, ordered: (a, b) => this.ordered(a, b), conflict: (here, what, other) => this.conflict(here, what, other) });
  }

  private rowsOf(t: A.TableDecl): A.TableRow[] {
    let list = this.rows.get(t);
    if (!list) this.rows.set(t, (list = [...t.rows]));
    return list;
  }

  private changeRow(d: A.Decl<"replaceRow"> | A.Decl<"removal">, file: string) {
    const verb = d.kind === "replaceRow" ? "replace" : "remove";
    const base = this.target(d.target, "table", file, `${verb} a row of`) as A.TableDecl | undefined;
    if (!base) return;
    const patterns = d.kind === "replaceRow" ? d.row.patterns : (d.patterns ?? []);
    const key = showPatterns(patterns);
    const list = this.rowsOf(base);
    // A row of what the file extends, not one the file added itself (which it would simply write again).
    const i = list.findIndex((r) => showPatterns(r.patterns) === key && this.rowAdded.get(r)?.file !== file);
    if (i < 0) {
      const own = list.find((r) => showPatterns(r.patterns) === key);
      if (own) {
        this.host.report("E0160", d.kind === "replaceRow" ? d.row.span : d.span, `table \`${base.name.text}\` has no row ${key} to ${verb} but the one this file adds`, `change the row where this file adds it (line ${own.span.line})`, [{ span: own.span, message: "this file adds the row here" }]);
        return;
      }
      const rows = list.map((r) => showPatterns(r.patterns));
      const help = rows.length ? `its rows are ${rows.slice(0, 8).join(", ")}${rows.length > 8 ? ", ..." : ""}: name one with its patterns as written` : undefined;
      this.host.report("E0160", d.kind === "replaceRow" ? d.row.span : d.span, `table \`${base.name.text}\` has no row ${key} to ${verb}`, help, [{ span: base.name.span, message: `\`${base.name.text}\` is declared here` }]);
      return;
    }
    const row = list[i]!;
    const prior = this.rowChanged.get(row);
    if (prior && !this.ordered(prior.file, file)) return this.conflict(d.span, `both change the row ${key} of table \`${base.name.text}\``, prior);
    const change = { file, span: d.span };
    if (d.kind === "replaceRow") {
      list[i] = d.row;
      this.rowChanged.set(d.row, change);
    } else list.splice(i, 1);
    this.rowChanged.set(row, change);
  }

  private replaceModifier(d: A.ModifierDecl, file: string) {
    const base = this.target(d.name, "modifier", file, "replace") as A.ModifierDecl | undefined;
    if (base) this.put(base, d, { file, span: d.span }, `\`${d.name.text}\``);
  }

  /**
   * `replace fn f ...`: every call of `f`, in the base's files too, calls the replacement. It takes the
   * parameters and gives the type `f` does (E0166 otherwise): the base's calls were written for those.
   */
  private replaceFn(d: A.FnDecl, file: string) {
    const base = this.target(d.name, "fn", file, "replace") as A.FnDecl | undefined;
    if (!base || !this.sameShape(base, d, "replace")) return;
    // An extension loaded before it is replaced with the rest, unless its file cannot see this one's.
    const layers = this.extended.get(base) ?? [];
    const unseen = layers.find((x) => !this.ordered(x.span.file, file));
    if (unseen) return this.conflict(d.span, `extend and replace \`${d.name.text}\`: the replacement would drop the extension`, { file: unseen.span.file, span: unseen.span });
    if (!this.put(base, d, { file, span: d.span }, `\`${d.name.text}\``)) return;
    for (const x of layers) this.s.dropped.add(x);
    this.extended.delete(base);
    this.s.standIn.set(base, d);
  }

  /**
   * `extend fn f ...`: every call of `f` calls the extension, whose `previous(...)` calls the version it
   * stands in front of (the base's, or what a file loaded earlier put there). Two files that extend `f`
   * chain in load order, not conflict: each keeps the other's change.
   */
  private extendFn(d: A.FnDecl, file: string) {
    const base = this.target(d.name, "fn", file, "extend") as A.FnDecl | undefined;
    if (!base || !this.sameShape(base, d, "extend")) return;
    // A replacement in a file that cannot see this one: which of the two the other builds on is a guess.
    const replacedBy = this.replaced.get(base)?.change;
    if (replacedBy && !this.ordered(replacedBy.file, file)) return this.conflict(d.span, `replace and extend \`${d.name.text}\`: the extension would build on a replacement its file cannot see`, replacedBy);
    let top: A.Decl = base;
    for (let next = this.s.standIn.get(base); next; next = this.s.standIn.get(next)) top = next;
    this.s.standIn.set(top as A.FnDecl, d);
    this.s.previous.set(d, top as A.FnDecl);
    this.extended.set(base, [...(this.extended.get(base) ?? []), d]);
  }

  /** Whether a replacement or extension of `base` takes its parameters and gives its type (E0166 if not): the base's calls were written for them. */
  private sameShape(base: A.FnDecl, d: A.FnDecl, verb: "replace" | "extend"): boolean {
    const shown = (f: A.FnDecl) => `fn ${f.name.text}(${f.params.map((p) => `${p.name.text}: ${showTypeRef(p.type)}`).join(", ")})${f.returns ? ` -> ${showTypeRef(f.returns)}` : ""}`;
    if (shown(base) === shown(d)) return true;
    const what = verb === "replace" ? "replacement" : "extension";
    this.host.report("E0166", d.name.span, `the ${what} of \`${base.name.text}\` must take the parameters and give the type the function it ${verb}s does: \`${shown(base)}\``, `write it \`${verb} ${shown(base)} ...\`, or declare a function of another name`, [{ span: base.span, message: `\`${base.name.text}\` is declared here` }]);
    return false;
  }

  private replaceHandler(d: A.TriggerDecl, file: string) {
    if (!d.handlerName) return; // E0165, from collectHandlers
    const base = this.handler(d.handlerName, file, "replace");
    if (base) this.put(base, d, { file, span: d.span }, `the handler \`${d.handlerName.text}\``);
  }

  private removeNamed(d: A.Decl<"removal">, file: string) {
    if (d.what === "modifier") {
      const base = this.target(d.target, "modifier", file, "remove") as A.ModifierDecl | undefined;
      if (base) this.put(base, undefined, { file, span: d.span }, `\`${d.target.text}\``);
      return;
    }
    const base = this.handler(d.target, file, "remove");
    if (base) this.put(base, undefined, { file, span: d.span }, `the handler \`${d.target.text}\``);
  }

  /** The named handler `name` means in `file`: one whose file it sees. */
  private handler(name: A.Name, file: string, verb: string): A.TriggerDecl | undefined {
    const seen = this.s.visible.get(file);
    const all = this.handlers.get(name.text) ?? [];
    const here = all.filter((h) => seen?.has(h.span.file));
    if (here.length === 0) {
      const help = this.host.suggest(name.text, name.span, () => [...this.handlers.entries()].filter(([, hs]) => hs.some((h) => seen?.has(h.span.file))).map(([n]) => n));
      // The handlers it may mean that have no name: where they are, so their file can name them.
      const unnamed = this.unnamed.filter((h) => h.span.file !== file && seen?.has(h.span.file));
      const nameOne = unnamed.length > 0 ? `the handlers without a name here, which nothing can ${verb}, are at ${placesOf(unnamed, true)}: name the one you mean with \`as NAME\` in its own file` : "name a handler with `as NAME` after its event";
      this.host.report("E0160", name.span, `there is no handler named \`${name.text}\` to ${verb}`, help ?? (all.length ? `\`${name.text}\` is named in \`${all[0]!.span.file}\`, which this file does not import` : nameOne));
      return undefined;
    }
    // Two handlers of the name in files that do not import each other (a replacement of one is the same
    // handler): which one is meant cannot be told, as for any other name (E0108).
    const named = here.filter((h) => !h.replaces);
    if (named.length > 1) {
      const [a, b] = named as [A.TriggerDecl, A.TriggerDecl];
      const at = (h: A.TriggerDecl) => `${h.span.file}:${h.span.line}:${h.span.col}`;
      this.host.report("E0108", name.span, `\`${name.text}\` could mean the handler declared at ${at(a)} or the one declared at ${at(b)}: this file sees both`, "rename one of them, or import only the file whose handler you mean", [
        { span: a.span, message: `one \`${name.text}\` is declared here` },
        { span: b.span, message: `the other here` },
      ]);
      return undefined;
    }
    const h = named[0] ?? here[0]!;
    return this.open(h, name.span, verb) ? h : undefined;
  }

  /** Puts `by` (undefined: nothing) in `base`'s place, after whatever another file put there; false on a conflict. */
  private put(base: A.Decl, by: A.Decl | undefined, change: Change, label: string): boolean {
    const prior = this.replaced.get(base);
    if (prior && !this.ordered(prior.change.file, change.file)) {
      this.conflict(change.span, `both replace or remove ${label}`, prior.change);
      return false;
    }
    if (prior?.by) this.s.dropped.add(prior.by);
    this.s.dropped.add(base);
    this.replaced.set(base, { by, change });
    return true;
  }

  /** E0164 at `here`, naming the file of the other change and this one. */
  private conflict(here: A.Span, what: string, other: Change) {
    const name = this.host.placeName ?? ((file: string) => `\`${file}\``);
    this.host.report("E0164", here, `${name(here.file)} and ${name(other.file)} ${what}, and neither imports the other, so nothing orders the two`, "keep one of the changes, or import one file from the other to apply them in that order", [{ span: other.span, message: `the change in ${name(other.file)}` }]);
  }

  /** The merged copies, in the symbols for the checker and in the resolution for the resolved tree. */
  private publish() {
    const r = this.s.resolution;
    const swap = (base: NamedDecl, copy: NamedDecl) => {
      this.s.all[idOf(this.s, base) - this.s.firstId] = copy;
      const same = this.s.byName.get(base.name.text);
      if (same) this.s.byName.set(base.name.text, same.map((x) => (x === base ? copy : x)));
      r.alias(copy, base);
      this.s.merged.set(base, copy);
    };
    for (const [base, list] of this.members) {
      const members = list.map((m) => m.name);
      swap(base, { ...base, members });
      r.mergeInto(base, "members", members);
    }
    for (const [base, fields] of this.fields) {
      swap(base, { ...base, fields });
      r.mergeInto(base, "fields", fields);
    }
    for (const [base, rows] of this.rows) {
      swap(base, { ...base, rows });
      r.mergeInto(base, "rows", rows);
    }
    for (const [base, { list }] of this.stages) {
      const stages = list.map((x) => x.name);
      const exclusive = list.flatMap((x) => (x.rule ? [{ stage: x.name, rule: x.rule }] : []));
      swap(base, { ...base, stages, ...(exclusive.length > 0 ? { exclusive } : {}) });
      r.mergeInto(base, "stages", stages);
      if (exclusive.length > 0) r.mergeInto(base, "exclusive", exclusive);
    }
    // The resolved files hold neither the extensions (merged above) nor what was replaced or removed.
    for (const f of this.files) {
      if (!f.decls.some((d) => isExtension(d) || this.s.dropped.has(d))) continue;
      r.mergeInto(f, "decls", f.decls.filter((d) => !isExtension(d) && !this.s.dropped.has(d)));
    }
  }
}

/** A written type as written: `int in 0..4`, `list<Unit>`, `Unit?`. */

/** A declaration's sort in words: `fn` is a function. */
function sortWord(kind: string): string {
  return kind === "fn" ? "function" : kind;
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? "an" : "a";
}
