// Declarations written back as the source that declares them, without their bodies: what hover shows in
// a `rules` code block and what completion shows beside a name.
import * as A from "../../core/ast.ts";
import type { NamedDecl } from "../../check/symbols.ts";
import { showExpr, showTypeRef } from "../../core/show-expr.ts";
import type { BuiltinFunction } from "../../core/builtins.ts";
import { typeToString } from "../../core/types.ts";

export { showTypeRef };

export function showField(f: A.FieldDecl): string {
  return `${f.name.text}: ${showTypeRef(f.type)}${f.default ? ` = ${showExpr(f.default)}` : ""}`;
}

function showParams(ps: A.Param[]): string {
  return `(${ps.map((p) => `${p.name.text}: ${showTypeRef(p.type)}`).join(", ")})`;
}

/** One line: what completion shows beside the name. */
export function header(d: NamedDecl): string {
  switch (d.kind) {
    case "enum":
      return `enum ${d.name.text}`;
    case "kind":
      return `${d.record ? "record" : "kind"} ${d.name.text}`;
    case "status": {
      const e = d.expiry;
      if (!e) return `status ${d.name.text}`;
      const holder = e.holder ? `(${e.holder.text})` : "";
      return `status ${d.name.text} ${e.times !== undefined ? `for ${e.times}` : "until"} ${e.event.text}${holder}`;
    }
    case "event":
      return `event ${d.name.text}${showParams(d.params)}`;
    case "fn":
      return `fn ${d.name.text}${showParams(d.params)}${d.returns ? ` -> ${showTypeRef(d.returns)}` : ""}`;
    case "value":
      return `value ${d.name.text}${showParams(d.params)} -> ${showTypeRef(d.returns)}${d.stages ? ` stages [${d.stages.map((x) => x.text).join(", ")}]` : ""}`;
    case "modifier":
      return `modifier ${d.name.text} for ${d.target.text}${d.condition ? ` when ${showExpr(d.condition)}` : ""}${d.stage ? ` in ${d.stage.text}` : ""}${d.order !== undefined ? ` order ${d.order}` : ""} : ${d.op.text}${d.amount ? ` ${showExpr(d.amount)}` : ""}${d.rounding ? ` round ${d.rounding.text}` : ""}${d.into ? ` as ${showExpr(d.into)}` : ""}${d.factor ? ` by ${showExpr(d.factor)}` : ""}`;
    case "table":
      return `table ${d.name.text}${showParams(d.params)} -> ${showTypeRef(d.returns)}`;
    case "die":
      return `die ${d.name.text} of ${d.faceType.text} (${d.faces.length} faces)`;
    default:
      return A.assertNever(d);
  }
}

/** The declaration without bodies, but with the members and fields that say what it holds. */
export function signature(d: NamedDecl): string {
  if (d.kind === "enum") return `enum ${d.name.text} { ${d.members.map((m) => m.text).join(", ")} }`;
  if (d.kind === "kind") return `${d.record ? "record" : "kind"} ${d.name.text} {\n${d.fields.map((f) => `  ${showField(f)}\n`).join("")}}`;
  return header(d);
}

export function builtinSignature(name: string, b: BuiltinFunction): string {
  const result = b.returns(b.params.map((p) => p.type));
  return `fn ${name}(${b.params.map((p) => `${p.name}: ${typeToString(p.type)}`).join(", ")}) -> ${typeToString(result)}`;
}

export function aggregateSignature(name: string): string {
  return `${name}(x in items ...)`;
}
