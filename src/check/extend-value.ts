// `extend value NAME stages [...]` (docs/language.md section 25): a file that sees a value adds stages to
// its stage list, at a place it names, and makes stages exclusive. Merged once with the other extensions
// (extensions.ts): the value's merged stage list is what the checker and the engines see.
import type * as A from "../core/ast.ts";
import { DEFAULT_STAGES } from "../core/stages.ts";
import { showPlace } from "../core/show-expr.ts";
import type { Change, ExtensionHost } from "./extensions.ts";
import type { Symbols } from "./symbols.ts";

/** A stage of an extended value as merged: its name, its rule if exclusive, who added it or changed its rule. */
export interface MergedStage {
  name: A.Name;
  rule?: A.Name;
  added?: Change;
  ruleChanged?: Change;
}

/** A value's stages as merged, and who put a stage at each place (`after x`, `before x`, `last`). */
export interface MergedStages {
  list: MergedStage[];
  placed: Map<string, Change>;
}

/** What the merge of one `extend value` needs of the whole merge: reports, and the order between files. */
export interface StageMerge {
  host: ExtensionHost;
  /** Whether one of two files sees the other: their changes apply in order rather than conflict. */
  ordered(a: string, b: string): boolean;
  conflict(here: A.Span, what: string, other: Change): void;
}

/** The stages an extension starts from: the value's own, else the program's, else the default ones. */
export function stagesOf(base: A.ValueDecl, program: Symbols["stages"]): MergedStages {
  // A value without stages of its own has the program's, or the default ones: those are the ones it extends.
  const own = base.stages ?? program?.stages;
  const names = own ?? DEFAULT_STAGES.map((text) => ({ text, span: base.name.span }));
  const rules = (base.stages ? base.exclusive : program?.exclusive) ?? [];
  const list = names.map((name): MergedStage => {
    const rule = rules.find((x) => x.stage.text === name.text)?.rule;
    return rule ? { name, rule } : { name };
  });
  return { list, placed: new Map() };
}

/** One `extend value`'s changes to the merged stages of `base`, each checked against the changes before it. */
export function extendStages(merged: MergedStages, base: A.ValueDecl, d: A.Decl<"extendValue">, file: string, ctx: StageMerge): void {
  const { list, placed } = merged;
  const v = `\`${base.name.text}\``;
  const seen = new Set<string>();
  for (const x of d.stages) {
    const name = x.stage.text;
    if (seen.has(name)) {
      ctx.host.report("E0102", x.stage.span, `the stage \`${name}\` is named twice in this \`extend value\``, "name each stage once");
      continue;
    }
    seen.add(name);
    const change = { file, span: x.stage.span };
    const prior = list.find((y) => y.name.text === name);
    const anchor = x.after ?? x.before;
    if (prior) {
      if (prior.added && !ctx.ordered(prior.added.file, file)) {
        ctx.conflict(x.stage.span, `both add the stage \`${name}\` to ${v}`, prior.added);
        continue;
      }
      if (anchor || !x.rule) {
        const why = anchor ? "a stage keeps its place: a mod adds stages and makes them exclusive, but does not move them" : `to make it exclusive write \`${name} exclusive largest\` (or \`smallest\`, \`first\`)`;
        // A default stage was written nowhere: no place to show.
        const at = prior.added?.span ?? (prior.name.span === base.name.span ? undefined : prior.name.span);
        const whence = at ? showPlace(at) : "one of the default stages";
        ctx.host.report("E0102", x.stage.span, `${v} already has the stage \`${name}\` (${whence})`, `${why}; a new stage needs a name of its own`, at ? [{ span: at, message: `the stage \`${name}\`` }] : []);
        continue;
      }
      if (prior.ruleChanged && !ctx.ordered(prior.ruleChanged.file, file)) {
        ctx.conflict(x.stage.span, `both make the stage \`${name}\` of ${v} exclusive`, prior.ruleChanged);
        continue;
      }
      prior.rule = x.rule;
      prior.ruleChanged = change;
      continue;
    }
    let at = list.length;
    if (anchor) {
      const i = list.findIndex((y) => y.name.text === anchor.text);
      if (i < 0) {
        const stages = list.map((y) => `\`${y.name.text}\``).join(", ");
        const help = ctx.host.suggest(anchor.text, anchor.span, () => list.map((y) => y.name.text));
        ctx.host.report("E0220", anchor.span, `${v} has no stage \`${anchor.text}\` to put \`${name}\` ${x.after ? "after" : "before"}; its stages are ${stages}`, help);
        continue;
      }
      at = x.after ? i + 1 : i;
    }
    const key = anchor ? `${x.after ? "after" : "before"} \`${anchor.text}\`` : "last";
    const other = placed.get(key);
    if (other && !ctx.ordered(other.file, file)) {
      ctx.conflict(x.stage.span, `both put a new stage of ${v} ${anchor ? `just ${key}` : "after its last"}`, other);
      continue;
    }
    placed.set(key, change);
    list.splice(at, 0, { name: x.stage, ...(x.rule ? { rule: x.rule } : {}), added: change });
  }
}
