// Modifier stages as data. A value applies its modifiers stage by stage, in the order its own
// `stages [...]` names them, else the program's `stages [...]`, else the default below. The checker
// and the runtime both place modifiers with these functions, so they agree on the order.
import type * as A from "./ast.ts";

/** The five historical stages, plus `compute` just before the bounds. */
export const DEFAULT_STAGES: readonly string[] = ["set", "add", "count", "multiply", "compute", "bounds"];

/** The stage an op falls back to when the value's stages do not name the op itself. */
export const OP_GROUP: Record<A.ModifierOp, string> = {
  set: "set",
  add: "add",
  subtract: "add",
  count: "count",
  multiply: "multiply",
  double: "multiply",
  divide: "multiply",
  compute: "compute",
  atLeast: "bounds",
  atMost: "bounds",
};

/** The program's `stages` declaration: the first one (a second is E0102). */
export function programStages(files: readonly A.SourceFile[]): A.StagesDecl | undefined {
  for (const f of files) for (const d of f.decls) if (d.kind === "stages") return d;
  return undefined;
}

/** The stage names a value's modifiers are sorted by. */
export function stagesOf(v: A.ValueDecl, program: A.StagesDecl | undefined): readonly string[] {
  return (v.stages ?? program?.stages)?.map((n) => n.text) ?? DEFAULT_STAGES;
}

/** The stage a modifier wants: `in STAGE`, else its op's own name, else its op's group. */
export function wantedStage(m: A.ModifierDecl, stages: readonly string[]): string {
  if (m.stage) return m.stage.text;
  const op = m.op.text;
  if (stages.includes(op)) return op;
  return OP_GROUP[op as A.ModifierOp] ?? op;
}

/** Index of the modifier's stage in `stages`, or -1 when the value has no such stage (E0220). */
export function stageIndex(m: A.ModifierDecl, stages: readonly string[]): number {
  return stages.indexOf(wantedStage(m, stages));
}

/**
 * Modifiers in the order they apply: by stage, then `order`, then declaration order (the input's
 * order: load order across files). A modifier in no stage of the value sorts last; the checker has
 * already reported it.
 */
export function sortModifiers(mods: readonly A.ModifierDecl[], stages: readonly string[]): A.ModifierDecl[] {
  const key = (m: A.ModifierDecl) => {
    const i = stageIndex(m, stages);
    return i < 0 ? stages.length : i;
  };
  // Array.prototype.sort is stable, so ties keep declaration order.
  return [...mods].sort((a, b) => key(a) - key(b) || (a.order ?? 0) - (b.order ?? 0));
}

/**
 * How an exclusive stage picks the one modifier that applies per result: `largest` (the one whose
 * result would be largest), `smallest`, or `first` (the first in the stage's order). Ties go to the
 * earlier one.
 */
export const EXCLUSIVE_RULES = ["largest", "smallest", "first"] as const;
export type ExclusiveRule = (typeof EXCLUSIVE_RULES)[number];

/** The value's exclusive stages and their rules: its own, when it declares its stages, else the program's. */
export function exclusiveStagesOf(v: A.ValueDecl, program: A.StagesDecl | undefined): ReadonlyMap<string, ExclusiveRule> {
  const list = (v.stages ? v.exclusive : program?.exclusive) ?? [];
  return new Map(list.filter((x) => (EXCLUSIVE_RULES as readonly string[]).includes(x.rule.text)).map((x) => [x.stage.text, x.rule.text as ExclusiveRule]));
}

/** A modifier's place in an exclusive stage: the stage, its rule, and whether the modifier is the stage's last (where the stage is settled). */
export interface ExclusivePlace {
  stage: string;
  rule: ExclusiveRule;
  last: boolean;
}
