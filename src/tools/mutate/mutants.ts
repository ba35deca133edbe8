// The mutants of a checked program: the mistakes an author makes when writing a rule down, one clause at
// a time. Each is found on the AST (src/core/ast-walk.ts) and applied to a copy: only the nodes on the path
// from the file down to the changed node are copied, so the rest of the tree is shared, and the ids and
// slots the checker resolved stay right (a mutant never adds a name or a variable).
//
// The same files always give the same mutants in the same order, so a worker thread that was sent the
// files once regenerates the list and runs mutants by their number.
import type * as A from "../../core/ast.ts";
import { walk, type Node, type NodePath } from "../../core/ast-walk.ts";
import { DEFAULT_STAGES, programStages, stageIndex, stagesOf } from "../../core/stages.ts";

export const OPERATORS = [
  "comparison",
  "constant",
  "negate-condition",
  "drop-condition",
  "drop-conjunct",
  "aggregate",
  "remove-modifier",
  "remove-handler",
  "stage",
  "order",
  "table-cell",
  "status-expiry",
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Mutant {
  /** Its place in the list: what workers are told to run. */
  id: number;
  operator: Operator;
  /** The index of its file in the program's files, and the path from that file to the node replaced. */
  file: number;
  path: NodePath;
  /** What the mutant changes (`undefined`: the node at `path` is removed from its list). */
  replace: (node: unknown) => unknown;
  /** The source it changes, shown as `before` -> `after`. */
  span: A.Span;
  before: string;
  after: string;
  /** The declaration it is in: examples that ran over it are tried first. */
  decl: A.Span;
  /** The expression whose evaluation shows an example ran over the clause; absent: the trace tells (see run.ts). */
  probe?: NodePath;
  /** Without a probe: a trace message that shows an example ran over the clause, besides an entry inside `decl`. */
  traceMatch?: string;
}

const FLIPPED: Partial<Record<A.BinaryOp, A.BinaryOp>> = { "<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==" };
const SWAPS: Record<string, string[]> = { max: ["min", "sum"], min: ["max", "sum"], sum: ["max"] };
/** Declarations whose contents are rules; examples are the check, and data declarations have no clauses. */
const RULE_DECLS = new Set(["fn", "value", "modifier", "trigger", "event", "table", "status", "die"]);

/** Every mutant of the files whose paths `inFile` accepts, in a fixed order. */
export function mutantsOf(files: readonly A.SourceFile[], texts: ReadonlyMap<string, string>, inFile: (path: string) => boolean): Mutant[] {
  const out: Mutant[] = [];
  const stages = programStages(files);
  const values = new Map<string, A.ValueDecl>();
  const modifiers = new Map<string, A.ModifierDecl[]>();
  for (const f of files) {
    for (const d of f.decls) {
      if (d.kind === "value") values.set(d.name.text, d);
      if (d.kind === "modifier") modifiers.set(d.target.text, [...(modifiers.get(d.target.text) ?? []), d]);
    }
  }
  files.forEach((file, fileIndex) => {
    if (!inFile(file.path)) return;
    const text = texts.get(file.path) ?? "";
    const src = (s: A.Span) => text.slice(s.start, s.end);
    const add = (m: Omit<Mutant, "id" | "file">) => out.push({ ...m, id: out.length, file: fileIndex });
    file.decls.forEach((decl, di) => {
      if (!RULE_DECLS.has(decl.kind)) return;
      const at: NodePath = ["decls", di];
      declMutants(file, decl, di, { add, src, values, modifiers, stages });
      walk(decl, (node, _depth, path) => {
        nodeMutants(node, [...at, ...path()], decl.span, { add, src });
      });
    });
  });
  return out;
}

interface Ctx {
  add: (m: Omit<Mutant, "id" | "file">) => void;
  src: (s: A.Span) => string;
}

/** The mutants of one expression or statement: operators, constants, conditions, conjuncts, aggregates. */
function nodeMutants(node: Node, path: NodePath, decl: A.Span, { add, src }: Ctx) {
  const n = node as A.Expr | A.Stmt;
  switch (n.kind) {
    case "binary": {
      const flipped = FLIPPED[n.op];
      if (flipped) {
        add({ operator: "comparison", path, replace: (b) => ({ ...(b as object), op: flipped }), span: n.span, before: src(n.span), after: `${src(n.left.span)} ${flipped} ${src(n.right.span)}`, decl, probe: path });
      }
      if (n.op === "and" || n.op === "or") {
        for (const side of ["left", "right"] as const) {
          const kept = n[side];
          add({ operator: "drop-conjunct", path, replace: (b) => (b as { left: A.Expr; right: A.Expr })[side], span: n.span, before: src(n.span), after: src(kept.span), decl, probe: path });
        }
      }
      return;
    }
    case "int":
      // A negative literal is `neg` of a positive one: the constant is the positive number.
      for (const delta of [1, -1]) {
        if (n.value + delta < 0) continue;
        // A die's sides are written `d20`: the mutant is shown as `d21`.
        const after = src(n.span).replace(String(n.value), String(n.value + delta));
        add({ operator: "constant", path, replace: (i) => ({ ...(i as object), value: n.value + delta }), span: n.span, before: src(n.span), after, decl, probe: path });
      }
      return;
    case "if":
    case "while":
    case "cond":
      conditionMutants(n.condition, [...path, "condition"], decl, { add, src }, n.kind !== "while");
      return;
    case "for":
      if (n.where) whereMutants(n.where, path, decl, { add, src });
      return;
    case "call": {
      const swaps = n.builtin ? SWAPS[n.builtin] : undefined;
      const comp = n.args[0]?.kind === "comprehension" ? n.args[0].comp : undefined;
      if (comp?.where) whereMutants(comp.where, [...path, "args", 0, "comp"], decl, { add, src });
      if (!swaps || !comp?.yield) return;
      for (const to of swaps) {
        add({ operator: "aggregate", path, replace: (c) => ({ ...(c as object), builtin: to }), span: n.callee.span, before: src(n.callee.span), after: to, decl, probe: path });
      }
      return;
    }
    default:
      return;
  }
}

/** A condition negated, and (where it guards something optional) dropped: `if c` runs as `if true`. */
function conditionMutants(c: A.Expr, path: NodePath, decl: A.Span, { add, src }: Ctx, droppable: boolean) {
  add({ operator: "negate-condition", path, replace: (e) => ({ kind: "not", operand: e, span: c.span }), span: c.span, before: src(c.span), after: `not (${src(c.span)})`, decl, probe: path });
  if (droppable) add({ operator: "drop-condition", path, replace: () => ({ kind: "bool", value: true, span: c.span }), span: c.span, before: src(c.span), after: "true", decl, probe: path });
}

/** `where` filters (of a loop, an aggregate, a modifier or a handler): negated, or dropped. */
function whereMutants(where: A.Expr, holder: NodePath, decl: A.Span, ctx: Ctx, key = "where") {
  const path = [...holder, key];
  ctx.add({ operator: "negate-condition", path, replace: (e) => ({ kind: "not", operand: e, span: where.span }), span: where.span, before: ctx.src(where.span), after: `not (${ctx.src(where.span)})`, decl, probe: path });
  ctx.add({
    operator: "drop-condition",
    path: holder,
    replace: (h) => {
      const copy = { ...(h as Record<string, unknown>) };
      delete copy[key];
      return copy;
    },
    span: where.span,
    before: ctx.src(where.span),
    after: "(no condition)",
    decl,
    probe: path,
  });
}

/** The mutants of a declaration as a whole: removed, moved to another stage or order, cells and expiries changed. */
function declMutants(file: A.SourceFile, d: A.Decl, di: number, ctx: Ctx & { values: Map<string, A.ValueDecl>; modifiers: Map<string, A.ModifierDecl[]>; stages: A.StagesDecl | undefined }) {
  const at: NodePath = ["decls", di];
  const { add, src } = ctx;
  switch (d.kind) {
    case "modifier": {
      const first = d.amount ? [...at, "amount"] : d.condition ? [...at, "condition"] : undefined;
      add({ operator: "remove-modifier", path: at, replace: () => undefined, span: d.span, before: firstLine(src(d.span)), after: "(removed)", decl: d.span, ...(first ? { probe: first } : {}) });
      if (d.condition) whereMutants(d.condition, at, d.span, ctx, "condition");
      const value = ctx.values.get(d.target.text);
      const stages = value ? stagesOf(value, ctx.stages) : DEFAULT_STAGES;
      const here = stageIndex(d, stages);
      // Moved past the nearest stage that holds another modifier of the same value, either way: a move
      // to a stage next to its own with nothing between changes nothing.
      const others = (ctx.modifiers.get(d.target.text) ?? []).filter((o) => o !== d).map((o) => stageIndex(o, stages));
      const later = Math.min(...others.filter((i) => i > here));
      const earlier = Math.max(...others.filter((i) => i >= 0 && i < here));
      for (const to of [stages[earlier - 1], stages[later + 1]]) {
        if (to === undefined) continue;
        const span = d.stage?.span ?? d.op.span;
        add({ operator: "stage", path: at, replace: (m) => ({ ...(m as object), stage: { text: to, span } }), span, before: d.stage ? src(d.stage.span) : `${d.op.text} (in stage ${stages[here] ?? "?"})`, after: `in ${to}`, decl: d.span, ...(first ? { probe: first } : {}) });
      }
      const siblings = file.decls.filter((o): o is A.ModifierDecl => o !== d && o.kind === "modifier" && o.target.text === d.target.text && stageIndex(o, stages) === here);
      orderMutant(d, d.order ?? 0, siblings.map((s) => s.order ?? 0), at, ctx, first);
      return;
    }
    case "trigger": {
      add({ operator: "remove-handler", path: at, replace: () => undefined, span: d.span, before: firstLine(src(d.span)), after: "(removed)", decl: d.span });
      if (d.condition) whereMutants(d.condition, at, d.span, ctx, "condition");
      const siblings = file.decls.filter((o): o is A.TriggerDecl => o !== d && o.kind === "trigger" && o.event.text === d.event.text && o.timing === d.timing);
      orderMutant(d, d.order, siblings.map((s) => s.order), at, ctx, undefined);
      return;
    }
    case "table":
      d.rows.forEach((row, ri) => {
        const other = d.rows[ri + 1] ?? d.rows[ri - 1];
        if (!other || src(other.result.span) === src(row.result.span)) return;
        const path = [...at, "rows", ri, "result"];
        add({ operator: "table-cell", path, replace: () => other.result, span: row.result.span, before: src(row.result.span), after: src(other.result.span), decl: d.span, probe: path });
      });
      return;
    case "status": {
      const e = d.expiry;
      if (!e) return;
      const times = e.times ?? 1;
      for (const to of [times + 1, times - 1]) {
        if (to < 1) continue;
        const span = { ...e.event.span, start: d.span.start, line: d.span.line, col: d.span.col };
        add({ operator: "status-expiry", path: [...at, "expiry"], replace: (x) => ({ ...(x as object), times: to }), span, before: firstLine(src(span)), after: `${to} ${e.event.text} event(s)`, decl: d.span, traceMatch: ` is now ${d.name.text}` });
      }
      return;
    }
    default:
      return;
  }
}

/** Moves a modifier or handler from first among its siblings (same value and stage, or same event and timing) to last, or the other way. */
function orderMutant(d: A.ModifierDecl | A.TriggerDecl, order: number, others: number[], at: NodePath, { add, src }: Ctx, probe: NodePath | undefined) {
  if (others.length === 0) return;
  const to = order <= Math.min(...others) ? Math.max(...others) + 1 : Math.min(...others) - 1;
  add({ operator: "order", path: at, replace: (x) => ({ ...(x as object), order: to }), span: d.span, before: `${firstLine(src(d.span))} (order ${order})`, after: `order ${to}`, decl: d.span, ...(probe ? { probe } : {}) });
}

function firstLine(s: string): string {
  const line = s.split("\n")[0]!;
  return line.length < s.length ? `${line} ...` : line;
}

/** The files with one mutant applied: only the objects on its path are new. */
export function applyMutant(files: readonly A.SourceFile[], m: Mutant): A.SourceFile[] {
  const copy = [...files];
  copy[m.file] = replaceAt(files[m.file], m.path, 0, m.replace) as A.SourceFile;
  return copy;
}

/** The files with the node at `path` (in file `file`) replaced. */
export function replaceNode(files: readonly A.SourceFile[], file: number, path: NodePath, replace: (node: unknown) => unknown): A.SourceFile[] {
  return applyMutant(files, { file, path, replace } as Mutant);
}

function replaceAt(holder: unknown, path: NodePath, i: number, replace: (node: unknown) => unknown): unknown {
  const key = path[i]!;
  const child = (holder as Record<string | number, unknown>)[key];
  const next = i === path.length - 1 ? replace(child) : replaceAt(child, path, i + 1, replace);
  if (Array.isArray(holder)) {
    const list = [...holder];
    if (next === undefined) list.splice(key as number, 1);
    else list[key as number] = next;
    return list;
  }
  return { ...(holder as object), [key]: next };
}
