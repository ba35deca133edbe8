// Whether a rename keeps the rules' meaning. A rename that makes a name clash or capture another
// (two `let d` in one block, a local that now hides a parameter, `Unit` renamed to an existing `Bonus`,
// `best` renamed to the built-in `len`) used to be applied in silence: `check` could even stay clean
// while examples failed. So the rename is tried on a copy of the workspace, and refused, with the
// reason, when the copy has an error the original has not, or when any name spelt as the new one means
// something else than before: an edited name that no longer means the renamed declaration, or an
// untouched one that now does.
import { aggregateNamed, builtinFunction } from "../../core/builtins.ts";
import type { Diagnostic } from "../../core/diagnostics.ts";
import type { Documents } from "./analysis.ts";
import { resolve } from "./navigation.ts";
import { fieldRename } from "./rename-field.ts";
import { freshRename } from "./rename-fresh.ts";
import { fieldOwner } from "./rename-json.ts";
import type { Location, ServiceFiles } from "./service-types.ts";
import { offsetAt } from "./text-position.ts";

/** A workspace holding `files`: the one the rename is tried on. */
export type ScratchWorkspace = (files: ServiceFiles) => Documents;

/** Why renaming the declaration at `declared` (spelt `oldName`) to `newName` by `edits` would change the rules' meaning; undefined when it would not. */
export function renameProblem(docs: Documents, scratch: ScratchWorkspace, declared: Location, oldName: string, newName: string, edits: Location[], quick = true): string | undefined {
  if (newName === oldName) return undefined;
  // A field is read as `x.name`, never where a built-in is called.
  if ((builtinFunction(newName) || aggregateNamed(newName)) && !fieldOwner(docs.analysis(declared.path), declared)) return `\`${newName}\` is a built-in function: a name spelt so would hide it, or be hidden by it`;
  // A new name nothing spells yet needs no trial (rename-fresh.ts).
  // (`quick` false: always tried, the answer the quick one is held to.)
  if (quick && freshRename(docs, oldName, newName, edits)) return undefined;
  // Nor does a kind's field renamed to a name only other things bear (rename-field.ts).
  if (quick && fieldRename(docs, declared, oldName, newName, edits)) return undefined;
  return trialProblem(docs, scratch, declared, oldName, newName, edits);
}

/** The rename tried on a copy of the workspace: what renameProblem answers when it cannot decide at once. */
function trialProblem(docs: Documents, scratch: ScratchWorkspace, declared: Location, oldName: string, newName: string, edits: Location[]): string | undefined {
  const renamed = renamedTexts(docs, edits, oldName.length, newName);
  const files: ServiceFiles = {};
  for (const p of docs.paths()) files[p] = renamed.get(p)?.text ?? docs.text(p)!;
  const after = scratch(files);
  const newDecl = renamed.get(declared.path)?.moved(offsetAt(docs.text(declared.path)!, declared.range.line, declared.range.col));
  // Only a file that spells the new name can clash with it or mean something else by it.
  for (const p of Object.keys(files).sort()) {
    if (!p.endsWith(".rules") || !files[p]!.includes(newName)) continue;
    const added = newErrors(docs.analysis(p).diagnostics, after.analysis(p).diagnostics);
    if (added) return `renaming \`${oldName}\` to \`${newName}\` would give error ${added.code} at ${where(added.span.file, added.span.line, added.span.col)}: ${added.message}`;
    const a = after.analysis(p);
    const edited = renamed.get(p)?.sites ?? new Set<number>();
    for (const site of a.sites) {
      if (site.name.text !== newName) continue;
      const t = resolve(a, site)?.declared;
      const meansRenamed = t !== undefined && t.span.file === declared.path && t.span.start === newDecl;
      const at = where(p, site.name.span.line, site.name.span.col);
      if (edited.has(site.name.span.start) && !meansRenamed) {
        return `renaming \`${oldName}\` to \`${newName}\` would make the \`${newName}\` at ${at} mean ${t ? `the \`${newName}\` declared at ${where(t.span.file, t.span.line, t.span.col)}` : `the built-in \`${newName}\``} instead`;
      }
      if (!edited.has(site.name.span.start) && meansRenamed) {
        return `renaming \`${oldName}\` to \`${newName}\` would make the \`${newName}\` at ${at} mean the renamed \`${oldName}\` instead of what it means now`;
      }
    }
  }
  return undefined;
}

interface Renamed {
  text: string;
  /** The offsets, in the new text, of the names the rename rewrote. */
  sites: Set<number>;
  /** Where an offset of the old text stands in the new one. */
  moved(offset: number): number;
}

/** Each edited file's text with the edits made, and where its offsets moved. */
function renamedTexts(docs: Documents, edits: Location[], oldLength: number, newName: string): Map<string, Renamed> {
  const byPath = new Map<string, number[]>();
  for (const e of edits) {
    const text = docs.text(e.path);
    if (text === undefined) continue;
    const starts = byPath.get(e.path) ?? [];
    starts.push(offsetAt(text, e.range.line, e.range.col));
    byPath.set(e.path, starts);
  }
  const out = new Map<string, Renamed>();
  const delta = newName.length - oldLength;
  for (const [path, starts] of byPath) {
    starts.sort((a, b) => a - b);
    const old = docs.text(path)!;
    let text = "";
    let from = 0;
    for (const s of starts) {
      text += old.slice(from, s) + newName;
      from = s + oldLength;
    }
    text += old.slice(from);
    const moved = (offset: number) => offset + delta * starts.filter((s) => s < offset).length;
    out.set(path, { text, sites: new Set(starts.map(moved)), moved });
  }
  return out;
}

/** An error of `after` whose code `before` has fewer of: what the rename would break. */
function newErrors(before: Diagnostic[], after: Diagnostic[]): Diagnostic | undefined {
  const had = new Map<string, number>();
  for (const d of before) if (d.severity === "error") had.set(d.code, (had.get(d.code) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const d of after) {
    if (d.severity !== "error") continue;
    const n = (seen.get(d.code) ?? 0) + 1;
    seen.set(d.code, n);
    if (n > (had.get(d.code) ?? 0)) return d;
  }
  return undefined;
}

function where(path: string, line: number, col: number): string {
  return `${path}:${line}:${col}`;
}
