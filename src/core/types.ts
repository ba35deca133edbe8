// The checker's model of types. `any` stands for "already reported" so one mistake yields one error.

export type Type =
  | { t: "int"; low?: number; high?: number }
  | { t: "bool" }
  | { t: "text" }
  | { t: "void" }
  | { t: "any" }
  /** `id` is the declaration's, when known: two files that cannot see each other may reuse a name. */
  | { t: "enum"; name: string; id?: number }
  | { t: "kind"; name: string; id?: number }
  | { t: "list"; of: Type }
  /**
   * Counts per member of an enum: a face of a custom die, or an army's results counted by icon; or, with
   * `record` (its id), per value of a record whose fields are enums or `bool` (`tally<Magic>`).
   */
  | { t: "tally"; of: string; record?: number }
  /** A reference to a declared die whose faces are tallies of the enum `of`. */
  | { t: "die"; of: string }
  /**
   * A status named as a value, for a built-in that reads one (`statusValue(u, frightened)`): its name at
   * run time. `level`: its first parameter is an `int`, the number its instances combine.
   */
  | { t: "status"; name: string; level: boolean }
  /** `Unit?`: a value of `of`, or `none`. Never nested: `optional` of an optional is the same type. */
  | { t: "optional"; of: Type }
  /** The type of the literal `none`, which fits any optional type. */
  | { t: "none" };

export const INT: Type = { t: "int" };
export const BOOL: Type = { t: "bool" };
export const TEXT: Type = { t: "text" };
export const VOID: Type = { t: "void" };
export const ANY: Type = { t: "any" };
export const NONE: Type = { t: "none" };
export const listOf = (of: Type): Type => ({ t: "list", of });

/** A type that is, or lists or makes optional at any depth, no known type: what `[]` alone gives. */
export function typeUnknown(t: Type): boolean {
  return t.t === "any" || ((t.t === "list" || t.t === "optional") && typeUnknown(t.of));
}
/** `T?`; already-optional types, `none` and `any` stay as they are. */
export const optional = (of: Type): Type => (of.t === "optional" || of.t === "none" || of.t === "any" ? of : { t: "optional", of });

export function typeToString(t: Type): string {
  switch (t.t) {
    case "int":
      return t.low !== undefined ? `int in ${t.low}..${t.high}` : "int";
    case "enum":
    case "kind":
      return t.name;
    case "list":
      return `list<${typeToString(t.of)}>`;
    case "tally":
    case "die":
      return `${t.t}<${t.of}>`;
    case "optional":
      return `${typeToString(t.of)}?`;
    default:
      return t.t;
  }
}

/** Can a value of type `from` be stored where `to` is expected? Ranges are checked at run time. */
export function assignable(from: Type, to: Type): boolean {
  if (from.t === "any" || to.t === "any") return true;
  // `none` and any `T` fit `T?`; a `T?` fits only another optional type.
  if (to.t === "optional") return from.t === "none" || assignable(from.t === "optional" ? from.of : from, to.of);
  if (from.t !== to.t) return false;
  switch (to.t) {
    case "enum":
    case "kind": {
      const f = from as { name: string; id?: number };
      return f.id !== undefined && to.id !== undefined ? f.id === to.id : f.name === to.name;
    }
    case "list":
      return assignable((from as { of: Type }).of, to.of);
    case "tally":
    case "die":
      return (from as { of: string }).of === to.of;
    default:
      return true;
  }
}
