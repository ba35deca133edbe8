// What every board model reads of a piece besides its position, by declared types, never by a game's
// field names: its label (its first `text` field) and its side. A piece's side is its first field,
// in declaration order, whose type is an enum or another kind of entity (`army: Commander`,
// `side: Side`): shown as the enum member, or as the entity's own name (its first text) when the
// JSON writes it with `"$id"` or refers to it with `"$ref"`.
import type { Ast as A, RuntimeProgram } from "../src/api.ts";

/** The names of the state's shared entities, by their `"$id"`: each one's first text (`"red"` -> `"Red"`). */
export function entityNames(state: unknown): Map<string, string> {
  const names = new Map<string, string>();
  const seen = new Set<unknown>();
  const walk = (v: unknown, depth: number) => {
    if (typeof v !== "object" || v === null || seen.has(v) || depth > 60) return;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    const id = o["$id"];
    if (typeof id === "string" && !names.has(id)) {
      const text = Object.entries(o).find(([k, x]) => k !== "$id" && typeof x === "string");
      names.set(id, text ? (text[1] as string) : id);
    }
    for (const x of Object.values(o)) walk(x, depth + 1);
  };
  walk(state, 0);
  return names;
}

/** A piece's label: its first text field, or its kind and a number. */
export function labelOf(kind: A.KindDecl, o: Record<string, unknown>, n: number): string {
  const field = kind.fields.find((x) => x.type.name.text === "text" && typeof o[x.name.text] === "string");
  return field ? (o[field.name.text] as string) : `${kind.name.text} ${n}`;
}

/** A piece's side, or undefined when its kind has no field that could say it. */
export function sideOf(p: RuntimeProgram, kind: A.KindDecl, o: Record<string, unknown>, names: Map<string, string>): string | undefined {
  const field = kind.fields.find((f) => {
    if (f.type.element || !Object.hasOwn(o, f.name.text)) return false;
    const t = f.type.name.text;
    const other = p.kinds.get(t);
    return p.enums.has(t) || (other !== undefined && !other.record && other !== kind);
  });
  if (!field) return undefined;
  const v = o[field.name.text];
  if (typeof v === "string") return v;
  if (typeof v !== "object" || v === null) return undefined;
  const ref = (v as { $ref?: unknown; $id?: unknown }).$ref ?? (v as { $id?: unknown }).$id;
  if (typeof ref === "string") return names.get(ref) ?? ref;
  const entity = p.kinds.get(field.type.name.text);
  return entity ? labelOf(entity, v as Record<string, unknown>, 0) : undefined;
}

/**
 * A label short enough to stay readable on a small board (the full one is in the piece's title and
 * the caption on hover or focus): the initials of its words, a number kept whole ("Red Archer 2" ->
 * "RA2", "Flame Salamanders" -> "FS"), or the first three characters of a single word.
 */
export function shortLabel(label: string): string {
  const words = label.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  if (words.length === 1) return [...words[0]!].slice(0, 3).join("");
  return words
    .slice(0, 4)
    .map((w) => (/^\d+$/.test(w) ? w : [...w][0]!.toUpperCase()))
    .join("")
    .slice(0, 5);
}
