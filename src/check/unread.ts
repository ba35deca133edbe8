// Writes that no rule reads (issue 26, item 3): a status applied that nothing tests with `has` (W0310),
// and a flag (a `bool` state field or entity field) assigned that nothing reads (W0311). Both are rules text encoded
// half way: "cannot take any other action" marked on a stand that no action then consults, "its move
// ceases" flagged on a piece that nothing stops from moving again.
//
// A read counts only where a rule makes it: not in an example (an `expect` proves the flag is set, not
// that a rule obeys it), and not in a function that only examples reach. A function is reached by the
// rules when a handler, modifier, value, table, event body or field default calls it, or a function so
// reached does, or when it is an action of its own: it changes the game (assigns outside its locals,
// applies, clears, emits, adds, removes, moves, or calls an action). A query that no rule asks - `fn mayAct(p) = not (p has
// idle)` called only from examples - reads for nobody.
import type * as A from "../core/ast.ts";
import { walk, type Node } from "../core/ast-walk.ts";
import { diag, type Diagnostic } from "../core/diagnostics.ts";
import { showExpr } from "../core/show-expr.ts";
import { isStdPath } from "../core/std-paths.ts";
import { declById, type Symbols } from "./symbols.ts";

const EFFECTS = new Set(["apply", "clear", "emit", "add", "remove", "move"]);

/** W0310 and W0311 for the program's own files (a standard module's writes are its users' business). */
export function unreadWrites(files: readonly A.SourceFile[], s: Symbols): Diagnostic[] {
  const calls = new Map<A.Decl, Set<number>>();
  const callers = new Map<number, A.Decl[]>();
  const effectful = new Set<A.Decl>();
  const decls = files.flatMap((f) => f.decls);
  for (const d of decls) {
    const called = new Set<number>();
    walk(d, (n) => {
      if (n.kind === "call") {
        const ref = s.resolution.get(n, "ref");
        if (ref?.to === "decl") called.add(ref.id);
      } else if (EFFECTS.has(n.kind) || (n.kind === "assign" && writesOutside(s, (n as Extract<A.Stmt, { kind: "assign" }>).target))) effectful.add(d);
    });
    calls.set(d, called);
    for (const id of called) callers.set(id, [...(callers.get(id) ?? []), d]);
  }
  // A function that calls an action is an action too (`battle()` that only calls `round()`).
  for (let grew = true; grew; ) {
    grew = false;
    for (const d of decls) {
      if (effectful.has(d) || ![...(calls.get(d) ?? [])].some((id) => effectful.has(declById(s, id) as A.Decl))) continue;
      effectful.add(d);
      grew = true;
    }
  }
  // The rules' own code, then everything it calls.
  const live = new Set<A.Decl>(decls.filter((d) => d.kind !== "example" && d.kind !== "import" && (d.kind !== "fn" || effectful.has(d))));
  const work = [...live];
  while (work.length) {
    for (const id of calls.get(work.pop()!) ?? []) {
      const callee = declById(s, id);
      if (callee && !live.has(callee)) {
        live.add(callee);
        work.push(callee);
      }
    }
  }

  const readStatuses = new Set<number>();
  const applied = new Map<number, A.Span[]>();
  const readFields = new Set<string>();
  const written = new Map<string, { name: string; spans: A.Span[] }>();
  for (const d of decls) {
    const counts = live.has(d);
    const targets = new Set<Node>();
    // `turns = turns + 1` reads `turns` only to write it: a counter nothing else reads is still unread.
    const ownUpdate = new Set<Node>();
    walk(d, (n) => {
      if (n.kind === "assign") {
        const a = n as Extract<A.Stmt, { kind: "assign" }>;
        targets.add(a.target);
        const own = showExpr(a.target);
        if (fieldKey(s, a.target)) walk(a.value, (v) => void ((v.kind === "name" || v.kind === "member") && showExpr(v as A.Expr) === own && ownUpdate.add(v)));
      }
      const ref = s.resolution.get(n, "ref");
      if (n.kind === "has" && counts && ref?.to === "decl") readStatuses.add(ref.id);
      // `statusValue(u, frightened)` reads the status too.
      if (n.kind === "name" && counts && ref?.to === "decl" && declById(s, ref.id)?.kind === "status") readStatuses.add(ref.id);
      if (n.kind === "apply" && d.kind !== "example" && ref?.to === "decl") {
        const status = (n as Extract<A.Stmt, { kind: "apply" }>).status;
        applied.set(ref.id, [...(applied.get(ref.id) ?? []), status.span]);
      }
      const field = fieldKey(s, n);
      if (!field) return;
      if (targets.has(n)) {
        if (d.kind !== "example") written.set(field.key, { name: field.name, spans: [...(written.get(field.key)?.spans ?? []), field.span] });
      } else if (counts && !ownUpdate.has(n)) readFields.add(field.key);
    });
  }

  const out: Diagnostic[] = [];
  for (const [id, spans] of applied) {
    const status = declById(s, id) as A.StatusDecl | undefined;
    if (!status || readStatuses.has(id) || isStdPath(status.span.file)) continue;
    const name = status.name.text;
    out.push(diag("W0310", status.name.span, `the status \`${name}\` is applied but no rule reads it: no \`has ${name}\` outside the examples and the functions only examples call`, `make the rule it stands for test it (\`if u has ${name} { ... }\`), or remove it`, spans.map((span) => ({ span, message: `\`${name}\` is applied here` }))));
  }
  for (const [key, { name, spans }] of written) {
    if (readFields.has(key)) continue;
    const decl = fieldDecl(s, key);
    // Only a flag: a number or a text written and never read is mostly an outcome the run reports
    // (hit points, a round count), where a flag written is meant for some rule to obey.
    if (!decl || isStdPath(decl.span.file) || decl.type.name.text !== "bool" || decl.type.optional) continue;
    out.push(diag("W0311", decl.name.span, `the field \`${name}\` is written but no rule reads it: nothing outside the examples and the functions only examples call uses its value`, "make the rule it stands for read it, or remove it", spans.map((span) => ({ span, message: `\`${name}\` is written here` }))));
  }
  return out.sort((a, b) => a.span.file.localeCompare(b.span.file) || a.span.start - b.span.start);
}

/** Whether an assignment's target is outside the function's own variables: a state field or an entity's field. */
function writesOutside(s: Symbols, target: A.Expr): boolean {
  if (target.kind === "member") return true;
  const ref = s.resolution.get(target, "ref");
  return target.kind === "name" && ref?.to === "state";
}

/** A state field (`state:NAME`) or an entity's field (`field:KIND:INDEX`) that a node names, if it names one. */
function fieldKey(s: Symbols, n: Node): { key: string; name: string; span: A.Span } | undefined {
  if (n.kind === "name") {
    const e = n as Extract<A.Expr, { kind: "name" }>;
    return s.resolution.get(n, "ref")?.to === "state" ? { key: `state:${e.name}`, name: e.name, span: e.span } : undefined;
  }
  if (n.kind === "member") {
    const e = n as Extract<A.Expr, { kind: "member" }>;
    const f = s.resolution.get(n, "field");
    return f ? { key: `field:${f.kind}:${f.index}`, name: e.member.text, span: e.member.span } : undefined;
  }
  return undefined;
}

function fieldDecl(s: Symbols, key: string): A.FieldDecl | undefined {
  const [where, a, b] = key.split(":");
  if (where === "state") return s.stateFields.get(a!);
  const kind = declById(s, Number(a)) as A.KindDecl | undefined;
  return kind?.kind === "kind" ? kind.fields[Number(b)] : undefined;
}
