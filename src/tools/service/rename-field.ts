// The rename of a kind's field to a name other things already bear, decided without a trial. A field of
// a kind is read only as `x.f` on a value of the kind, and given only as `K(f: ...)` to the kind itself
// (check/expressions.ts, check/calls.ts: the field is looked up among the fields of the one kind the value
// has): never as a bare name, never by a value of another kind. So when the kind has no field spelt as
// the new name yet, and every place the new name is spelt already means a declaration (a field of another
// kind, a function, a variable...), the renamed field meets none of them: what each name meant before it
// still means after, and nothing clashes. When that cannot be shown here, rename-safety.ts tries the
// rename on a copy. test/tools/rename-field.test.ts holds this to the answer of the trial.
import type { Documents } from "./analysis.ts";
import { inCommentOrString, knownWord, leftAlone, spelt } from "./rename-fresh.ts";
import type { Location } from "./service-types.ts";

/** Whether renaming the kind's field declared at `declared` from `oldName` to `newName` by `edits` surely keeps the rules' meaning. False says only "try it". */
export function fieldRename(docs: Documents, declared: Location, oldName: string, newName: string, edits: readonly Location[]): boolean {
  if (knownWord(oldName) || knownWord(newName)) return false;
  const site = docs.analysis(declared.path).sites.find((s) => s.kind === "field" && s.name.span.line === declared.range.line && s.name.span.col === declared.range.col);
  // A state field is a name in every rule's scope: a rename of one is tried.
  if (site?.kind !== "field" || !site.owner) return false;
  const owner = site.owner.name.text;
  if (site.owner.fields.some((f) => f.name.text === newName)) return false;
  // The rename also renames the field's keys in scenario JSON, where the new name may already be a key.
  if (docs.paths().some((p) => !p.endsWith(".rules") && docs.text(p)!.includes(newName))) return false;
  for (const [p, text, at] of spelt(docs, newName)) {
    if (inCommentOrString(text, at)) continue;
    // A name that means nothing yet (a mistake, a built-in) could come to mean the renamed field.
    if (!docs.index.resolves(p, at)) return false;
  }
  // A field of that name the kind has already, from its own declaration, an extension or a mod's
  // replacement, would clash (any kind of the same name counts, to be sure).
  for (const p of docs.paths()) {
    if (!p.endsWith(".rules") || !docs.text(p)!.includes(newName)) continue;
    for (const s of docs.analysis(p).sites) {
      if (s.name.text !== newName) continue;
      if ((s.kind === "field" && s.owner?.name.text === owner) || (s.kind === "addedField" && s.owner === owner)) return false;
    }
  }
  return leftAlone(docs, oldName, edits);
}
