// The one walk every board model makes of a game state: by the program's declared types (a field's
// type says what its value is), never by a game's field names. Bounded in depth and pieces, and each
// object is seen once, so a state from a shared link cannot make it loop or run long.
import type { Ast as A, RuntimeProgram } from "../src/api.ts";

export interface StateVisitor {
  /** A value the model reads whole (a list of polygons, say): true when it did, so the walk goes no deeper. */
  value?(type: A.TypeRef, value: unknown, path: string): boolean;
  /** An entity or record: "skip" keeps the walk out of its fields (a position, a map, a template). */
  object(kind: A.KindDecl, o: Record<string, unknown>, path: string): "skip" | void;
  /** True once the model has all it will draw. */
  full(): boolean;
}

const MAX_DEPTH = 40;

export function walkState(p: RuntimeProgram, state: unknown, visitor: StateVisitor): void {
  if (typeof state !== "object" || state === null) return;
  const seen = new Set<unknown>();
  const visit = (type: A.TypeRef, value: unknown, path: string, depth: number): void => {
    if (value === null || value === undefined || depth > MAX_DEPTH || visitor.full()) return;
    if (visitor.value?.(type, value, path)) return;
    if (type.name.text === "list" && type.element && Array.isArray(value)) {
      value.forEach((v, i) => visit(type.element!, v, `${path}/${i}`, depth + 1));
      return;
    }
    const kind = p.kinds.get(type.name.text);
    if (!kind || typeof value !== "object" || Array.isArray(value) || seen.has(value)) return;
    seen.add(value);
    const o = value as Record<string, unknown>;
    if (visitor.object(kind, o, path) === "skip") return;
    for (const field of kind.fields) if (Object.hasOwn(o, field.name.text)) visit(field.type, o[field.name.text], `${path}/${field.name.text}`, depth + 1);
  };
  const root = state as Record<string, unknown>;
  for (const field of p.stateFields) if (Object.hasOwn(root, field.name.text)) visit(field.type, root[field.name.text], `/${field.name.text}`, 0);
}
