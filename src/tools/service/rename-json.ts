// Renaming a field renames it in the scenario files too. A state field or a kind's field is a key in
// every scenario's `"state"` that holds it; renamed in the rules alone, each of those scenarios stopped
// with E0401 ("is not a field of ...") at its next run. The keys are found by walking each scenario
// whose rules see the field, with the declared types, so a key spelt like the field in another kind, or
// in a record of the same name elsewhere, is left alone.
import type * as A from "../../core/ast.ts";
import { readJson, escapePointer, type JsonPlace } from "../../core/json-text.ts";
import { lookupName } from "../../check/symbols.ts";
import type { Analysis, Documents } from "./analysis.ts";
import type { Location } from "./service-types.ts";
import { rangeOf } from "./text-position.ts";
import { spanAt } from "../../syntax/parse.ts";

/** The keys of scenario files to rewrite when the field declared at `declared` is renamed; none when it is not a field. */
export function scenarioKeyEdits(docs: Documents, declared: Location): Location[] {
  const owner = fieldOwner(docs.analysis(declared.path), declared);
  if (!owner) return [];
  const out: Location[] = [];
  for (const path of docs.paths().filter((p) => p.endsWith(".json")).sort()) {
    const text = docs.text(path)!;
    const json = readJson(text);
    if ("error" in json) continue;
    // A scenario whose rules see the declaration's file: only its state can hold the field.
    const rules = docs.scenarioRules(path).filter((r) => docs.text(r) !== undefined);
    const seeing = rules.find((r) => docs.analysis(r).symbols.visible.get(r)?.has(declared.path));
    if (!seeing) continue;
    const a = docs.analysis(seeing);
    const keys: JsonPlace[] = [];
    const state = (json.value as { state?: unknown }).state;
    walkObject(a, state, "/state", [...a.symbols.stateFields.values()], owner.field, json.at, keys);
    for (const k of keys.sort((x, y) => x.start - y.start)) out.push({ path, range: rangeOf(spanAt(path, text, k.start + 1, k.end - 1)) });
  }
  return out;
}

/** The field declared at `declared`, when a kind, record or the state declares it there. */
export function fieldOwner(a: Analysis, declared: Location): { field: A.FieldDecl } | undefined {
  for (const d of a.file?.decls ?? []) {
    if (d.kind !== "kind" && d.kind !== "state") continue;
    const field = d.fields.find((f) => f.name.span.line === declared.range.line && f.name.span.col === declared.range.col);
    if (field) return { field };
  }
  return undefined;
}

/** Goes through an object holding `fields`, keeping the places of the keys that are `target`. */
function walkObject(a: Analysis, value: unknown, pointer: string, fields: A.FieldDecl[], target: A.FieldDecl, at: Map<string, JsonPlace>, keys: JsonPlace[]) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return;
  // A stack of what is left to walk, not recursion: a state may nest 500 levels.
  const stack: { value: unknown; pointer: string; fields: A.FieldDecl[] }[] = [{ value, pointer, fields }];
  while (stack.length > 0) {
    const here = stack.pop()!;
    if (typeof here.value !== "object" || here.value === null || Array.isArray(here.value)) continue;
    const byName = new Map(here.fields.map((f) => [f.name.text, f]));
    for (const key of Object.keys(here.value)) {
      const field = byName.get(key);
      if (!field) continue;
      const place = `${here.pointer}/${escapePointer(key)}`;
      if (field === target || sameField(field, target)) {
        const k = at.get(place)?.key;
        if (k) keys.push(k);
      }
      for (const item of valuesOfType(a, (here.value as Record<string, unknown>)[key], place, field.type)) stack.push(item);
    }
  }
}

/** The objects of kinds or records inside a value of `type`, each with the fields it holds. */
function valuesOfType(a: Analysis, value: unknown, pointer: string, type: A.TypeRef): { value: unknown; pointer: string; fields: A.FieldDecl[] }[] {
  if (type.name.text === "list" && type.element) {
    if (!Array.isArray(value)) return [];
    return value.flatMap((item, i) => valuesOfType(a, item, `${pointer}/${i}`, type.element!));
  }
  const found = lookupName(a.symbols, type.name.text, a.path);
  if (!("found" in found) || found.found.kind !== "kind") return [];
  return [{ value, pointer, fields: found.found.fields }];
}

function sameField(a: A.FieldDecl, b: A.FieldDecl): boolean {
  return a.name.span.file === b.name.span.file && a.name.span.start === b.name.span.start;
}
