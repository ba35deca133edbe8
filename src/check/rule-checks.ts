// Checks particular to rules rather than to a programming language: modifiers (operations, stages,
// rounding, and the program-wide W0304 and W0306 on their order), tables (constant patterns, coverage,
// the values of a record input) and dice faces. They are what a game's rules get wrong most, and they
// change as the language grows, so they sit apart from the general checks of statements and expressions.
import * as A from "../core/ast.ts";
import { walk } from "../core/ast-walk.ts";
import { didYouMean } from "../core/diagnostics.ts";
import { INT, typeToString, type Type } from "../core/types.ts";
import { showExpr } from "../core/show-expr.ts";
import { neverBothHold, sameConstant } from "./disjoint.ts";
import { domainOf, intClasses, LIMIT, tableCoverage, type ConstPattern, type Key } from "./coverage.ts";
import { exclusiveStagesOf, sortModifiers, stageIndex, stagesOf, wantedStage } from "../core/stages.ts";
import { constInt } from "../constructs/operators/operands.ts";
import { Scope, type Context } from "./resolution.ts";
import { declById, idOf } from "./symbols.ts";
import type { ResolutionTable } from "./resolved-tree.ts";
import { isConstant, isConstantTally, RESULT, Statements } from "./statements.ts";
import { presentWhen } from "./expressions.ts";

/** A table pattern that is not a constant: its row takes no part in the coverage check. */
const INVALID = Symbol("invalid pattern");

export abstract class RuleChecks extends Statements {
  protected override modifier(d: A.ModifierDecl, ctx: Context) {
    this.modifierAt = d;
    try {
      this.modifierChecks(d, ctx);
    } finally {
      this.modifierAt = undefined;
    }
  }

  private modifierChecks(d: A.ModifierDecl, ctx: Context) {
    const target = this.lookup(d.target.text, d.target.span, ctx.file);
    if (!target || target.kind !== "value") {
      if (target) this.report("E0208", d.target.span, `a modifier changes a \`value\`, but \`${d.target.text}\` is a ${target.kind}`);
      else if (!this.declared(d.target.text)) {
        if (!this.notImported(d.target.text, d.target.span, ctx.file)) this.report("E0101", d.target.span, `unknown value \`${d.target.text}\``, this.suggest(d.target.text, d.target.span, () => this.namesOf(ctx.file, "value")));
      }
      return;
    }
    const op = d.op.text;
    if (!(A.modifierOps as readonly string[]).includes(op)) {
      this.report("E0208", d.op.span, `unknown modifier operation \`${op}\``, didYouMean(op, A.modifierOps) ?? `use one of ${A.modifierOps.map((o) => `\`${o}\``).join(", ")}`);
      return;
    }
    this.s.resolution.set(d, "targetRef", { to: "decl", id: idOf(this.s, target) });
    this.s.modifiersByValue.set(target.name.text, [...(this.s.modifiersByValue.get(target.name.text) ?? []), d]);
    const valueType = this.resolveType(target.returns, ctx.file);
    // `result` sits in its own scope over the parameters: a parameter of that name is E0222 at the value.
    const outer = new Scope(this.paramScope(target.params, ctx.file, d));
    this.s.resolution.set(d, "resultSlot", outer.declare(RESULT, { type: valueType, span: target.name.span, mutable: false }));
    this.modifierStage(d, target);
    this.modifierRounding(d);
    if (d.condition) this.condition(d.condition, outer, ctx);
    // The amount, `as` and `by` are worked out only when the `when` held, so they see its narrowing, as an `if`'s body does.
    const scope = this.narrow(outer, d.condition ? presentWhen(d.condition, true) : [], [], ctx);
    if (d.into && op !== "count") this.report("E0208", d.into.span, `only \`count\` takes \`as\``);
    if (d.factor && (op !== "multiply" || valueType.t !== "tally")) {
      this.report("E0208", d.factor.span, "only `multiply` of one member of a tally takes `by`", valueType.t === "tally" ? undefined : "a number is multiplied without `by`: `multiply 3`");
    }
    if (op === "count" && !d.into) this.report("E0208", d.op.span, "`count` needs `as`: what the counted results become", this.countHelp(d, valueType));
    if (op === "compute") {
      // The general form: any expression of the value's own type, over `result` and the parameters.
      if (d.amount) this.expectType(this.expr(d.amount, scope, ctx), valueType, d.amount.span, "the computed result");
      else this.report("E0208", d.op.span, "`compute` needs the new result", `write \`compute ${RESULT}\` and change it`);
      return;
    }
    if (valueType.t === "tally") return this.tallyModifier(d, op, valueType, scope, ctx);
    if (op === "count") {
      if (valueType.t !== "any") this.report("E0208", d.op.span, `\`count\` moves results between members of a tally, but \`${d.target.text}\` is ${typeToString(valueType)}`);
      return;
    }
    if (op === "double") {
      if (d.amount) this.report("E0208", d.amount.span, "`double` takes no amount");
    } else if (!d.amount) {
      this.report("E0208", d.op.span, `\`${op}\` needs an amount`, `write \`${op} 1\``);
      return;
    }
    if (op !== "set" && valueType.t !== "int" && valueType.t !== "any") {
      this.report("E0208", d.op.span, `\`${op}\` works on numbers, but \`${d.target.text}\` is ${typeToString(valueType)}`, "any value takes `set` and `compute`");
    }
    if (d.amount) this.expectType(this.expr(d.amount, scope, ctx), op === "set" ? valueType : INT, d.amount.span, "the modifier's amount");
  }

  /** E0220: the stage a modifier falls in must be one of its value's stages. */
  protected modifierStage(d: A.ModifierDecl, target: A.ValueDecl) {
    const stages = stagesOf(target, this.s.stages);
    if (stageIndex(d, stages) >= 0) return;
    const wanted = wantedStage(d, stages);
    const list = stages.map((x) => `\`${x}\``).join(", ");
    const message = d.stage
      ? `\`${d.target.text}\` has no stage \`${wanted}\`; its stages are ${list}`
      : `\`${d.op.text}\` belongs to the stage \`${wanted}\`, which \`${d.target.text}\` does not have; its stages are ${list}`;
    const help = d.stage ? this.suggest(wanted, d.stage.span, () => stages) : undefined;
    // A bound placed in another stage is no longer a bound: for those, adding the stage comes first.
    const inFirst = `name the stage with \`in\`, like \`in ${stages[0] ?? wanted}\``;
    const addIt = `add \`${wanted}\` to the stages`;
    this.report("E0220", d.stage?.span ?? d.op.span, message, help ?? (wanted === "bounds" ? `${addIt} (last, so the bounds hold whatever the others do), or ${inFirst}` : `${inFirst}, or ${addIt}`));
  }

  /** E0221: `divide` says how it rounds; nothing else takes a rounding. */
  protected modifierRounding(d: A.ModifierDecl) {
    if (d.op.text === "divide" && !d.rounding) {
      this.report("E0221", d.op.span, "`divide` needs a rounding: `round down`, `round up` or `round nearest`", `write \`divide ${d.amount ? showExpr(d.amount) : "2"} round down\``);
    } else if (d.rounding && d.op.text !== "divide") {
      this.report("E0221", d.rounding.span, `only \`divide\` takes a rounding, not \`${d.op.text}\``);
    } else if (d.rounding) this.roundingMode(d.rounding);
  }

  /** `write \`count Icon.maneuver as Icon.save\``, in the value's own enum and with the member already named. */
  protected countHelp(d: A.ModifierDecl, valueType: Type): string {
    if (valueType.t !== "tally") return "write `count Icon.a as Icon.b`";
    const members = this.enumMembers(valueType.of);
    const from = d.amount?.kind === "member" && members.includes(d.amount.member.text) ? d.amount.member.text : members[0] ?? "a";
    const to = members.find((m) => m !== from) ?? "b";
    return `write \`count ${valueType.of}.${from} as ${valueType.of}.${to}\``;
  }

  protected override die(d: A.DieDecl, ctx: Context) {
    const of = this.enumName({ name: d.faceType, span: d.faceType.span }, ctx.file);
    if (d.faces.length === 0) this.report("E0201", d.facesSpan, `the die \`${d.name.text}\` needs at least one face`);
    for (const face of d.faces) {
      const t = this.expr(face, new Scope(), ctx);
      if (of) this.expectType(t, { t: "tally", of }, face.span, "a face");
      // Built with the die's own enum, not a function that returns a tally: faces are read once and kept.
      const constant = isConstantTally(face, this.isEnum);
      if (!constant && t.t !== "any") this.report("E0207", face.span, "a die face must be a constant tally, like `Icon(melee: 2)`");
    }
  }

  /** Modifiers of a tally change one member's count, so they name it: `double Icon.save`, `count Icon.a as Icon.b`. */
  protected tallyModifier(d: A.ModifierDecl, op: string, valueType: Type & { t: "tally" }, scope: Scope, ctx: Context) {
    const member = (e: A.Expr | undefined, what: string) => {
      const first = this.enumMembers(valueType.of)[0] ?? "member";
      if (!e) return this.report("E0208", d.op.span, `\`${op}\` on a tally needs ${what}`, op === "count" ? this.countHelp(d, valueType) : `write \`${op} ${valueType.of}.${first}\``);
      this.expectType(this.expr(e, scope, ctx), this.tallyKeyType(valueType), e.span, `the member \`${op}\` changes`);
    };
    switch (op) {
      case "set":
      case "add":
      case "subtract":
        if (d.amount) this.expectType(this.expr(d.amount, scope, ctx), valueType, d.amount.span, "the modifier's amount");
        else this.report("E0208", d.op.span, `\`${op}\` needs an amount`, `write \`${op} ${valueType.of}(member: 1)\``);
        return;
      case "divide":
        if (d.amount) this.expectType(this.expr(d.amount, scope, ctx), INT, d.amount.span, "what every count is divided by");
        else this.report("E0208", d.op.span, "`divide` needs an amount", "write `divide 2 round down`");
        return;
      case "double":
        return member(d.amount, "the member whose count doubles");
      case "multiply":
        return this.tallyMultiply(d, valueType, scope, ctx, member);
      case "count":
        // A bare `count` is already reported for its missing `as`, with the whole form as help.
        if (d.amount || d.into) member(d.amount, "the member to count");
        if (d.into) member(d.into, "the member it counts as");
        return;
      default:
        this.report("E0208", d.op.span, `\`${op}\` works on numbers, but \`${d.target.text}\` is ${typeToString(valueType)}`, "a tally takes `set`, `add`, `subtract`, `count`, `double`, `multiply`, `divide` or `compute`");
    }
  }

  /** `multiply 2` scales every count; `multiply Icon.m by 2` scales one member's. */
  protected tallyMultiply(d: A.ModifierDecl, valueType: Type & { t: "tally" }, scope: Scope, ctx: Context, member: (e: A.Expr | undefined, what: string) => void) {
    if (d.factor) {
      member(d.amount, "the member whose count is multiplied");
      this.expectType(this.expr(d.factor, scope, ctx), INT, d.factor.span, "the factor");
      return;
    }
    if (!d.amount) {
      this.report("E0208", d.op.span, "`multiply` on a tally needs a factor", `write \`multiply 2\`, or \`multiply ${valueType.of}.${this.enumMembers(valueType.of)[0] ?? "member"} by 2\` for one member`);
      return;
    }
    const t = this.expr(d.amount, scope, ctx);
    if (t.t === "enum" || (t.t === "kind" && valueType.record !== undefined)) {
      const named = d.amount.kind === "member" ? d.amount.member.text : this.enumMembers(valueType.of)[0] ?? "member";
      this.report("E0208", d.op.span, "`multiply` on a tally needs `by` and a factor", `write \`multiply ${valueType.of}.${named} by 3\``);
      return;
    }
    this.expectType(t, INT, d.amount.span, "the factor");
  }

  /**
   * `count Icon.a as Icon.b` runs before `double Icon.a`, so when both apply the doubling finds nothing:
   * almost always a rule text whose order was never fixed, so say so.
   */
  protected checkCountBeforeScale() {
    for (const [value, mods] of this.s.modifiersByValue) {
      const before = this.runsBefore(value, mods);
      const member = (m: A.ModifierDecl) => (m.amount?.kind === "member" ? showExpr(m.amount) : undefined);
      const counts = mods.filter((m) => m.op.text === "count" && member(m) !== undefined);
      for (const scale of mods.filter((m) => (m.op.text === "double" || m.op.text === "multiply") && member(m) !== undefined)) {
        const c = counts.find((x) => member(x) === member(scale) && before(x, scale) && !neverBothHold(x.condition, scale.condition, this.isEnum));
        if (!c) continue;
        const counted = [{ span: c.amount!.span, message: `\`${c.name.text}\` counts \`${member(c)}\` as ${c.into ? `\`${showExpr(c.into)}\`` : "another member"} first` }];
        this.report("W0306", scale.amount!.span, `\`${scale.name.text}\` finds no \`${member(scale)}\` in \`${value}\` when \`${c.name.text}\` also applies: \`count\` runs before \`${scale.op.text}\` and has moved them`, "give them conditions that cannot both hold, or scale the member they are counted as", counted);
      }
    }
  }

  /** The value some modifiers change: the one their targets resolved to. */
  protected targetValue(mods: A.ModifierDecl[]): A.ValueDecl | undefined {
    const ref = mods[0] ? this.s.resolution.get(mods[0], "targetRef") : undefined;
    const v = ref?.to === "decl" ? declById(this.s, ref.id) : undefined;
    return v?.kind === "value" ? v : undefined;
  }

  /** Whether `a` applies before `b` on the value, in the order the runtime sorts them (src/core/stages.ts). */
  protected runsBefore(value: string, mods: A.ModifierDecl[]): (a: A.ModifierDecl, b: A.ModifierDecl) => boolean {
    const v = this.targetValue(mods);
    const sorted = v ? sortModifiers(mods, stagesOf(v, this.s.stages)) : mods;
    return (a, b) => sorted.indexOf(a) < sorted.indexOf(b);
  }

  /**
   * Two `set` (or two `compute` that ignore `result`) modifiers on one value: which wins depends on declaration order, which
   * the rule text rarely fixes. Different stages or different `order`s fix it in the rules.
   */
  protected checkSetModifierOrder() {
    for (const [value, mods] of this.s.modifiersByValue) {
      const v = this.targetValue(mods);
      const stages = v?.kind === "value" ? stagesOf(v, this.s.stages) : [];
      const ordered = (a: A.ModifierDecl, b: A.ModifierDecl) => stageIndex(a, stages) !== stageIndex(b, stages) || (a.order ?? 0) !== (b.order ?? 0);
      // In an exclusive stage that picks by size, one of the two applies whatever their order.
      const exclusive = v?.kind === "value" ? exclusiveStagesOf(v, this.s.stages) : new Map<string, string>();
      const bySize = (m: A.ModifierDecl) => exclusive.get(wantedStage(m, stages)) !== undefined && exclusive.get(wantedStage(m, stages)) !== "first";
      for (const op of ["set", "compute"]) {
        // A later `compute` that reads `result` builds on what came before, as an `add` does; only one
        // that ignores `result` makes an earlier one's work disappear.
        const same = mods.filter((m) => m.op.text === op);
        same.forEach((m, i) => {
          if ((op === "compute" && readsResult(m, this.s.resolution)) || bySize(m)) return;
          // Only a pair that can apply together, with different results, in no fixed order depends on declaration order.
          const earlier = same.slice(0, i).find((x) => !ordered(x, m) && !neverBothHold(x.condition, m.condition, this.isEnum) && !(op === "set" && sameConstant(x.amount, m.amount, this.isEnum)));
          if (!earlier) return;
          // Files that do not import one another (two mods of one system) have no order but their paths'.
          const [x, y] = [earlier.span.file, m.span.file];
          if (x !== y && !this.s.visible.get(x)?.has(y) && !this.s.visible.get(y)?.has(x)) {
            this.report("E0164", m.op.span, `\`${y}\` and \`${x}\` both put a \`${op}\` modifier on \`${value}\` (\`${m.name.text}\` and \`${earlier.name.text}\`) in the same stage and order, and neither imports the other, so nothing orders the two`, "give one of them an `order`, or import one file from the other", [{ span: earlier.op.span, message: `\`${earlier.name.text}\` in \`${x}\`` }]);
            return;
          }
          this.report("W0304", m.op.span, `\`${value}\` has two \`${op}\` modifiers (\`${earlier.name.text}\` and \`${m.name.text}\`); when both apply, the one declared later wins`, "give them an `order` (the higher applies later, so wins), or conditions that cannot both hold", [{ span: earlier.op.span, message: `\`${earlier.name.text}\` also ${op === "set" ? "sets" : "computes"} \`${value}\`` }]);
        });
      }
    }
  }

  protected override table(d: A.TableDecl, ctx: Context) {
    const scope = this.paramScope(d.params, ctx.file, d);
    const paramTypes = d.params.map((p) => scope.get(p.name.text)!.type);
    const returns = this.resolveType(d.returns, ctx.file);
    const rows: ConstPattern[][] = [];
    // A row whose patterns are already reported cannot be placed, so coverage would only guess.
    let rowsKnown = true;
    for (const row of d.rows) {
      // A row `extend table` added names what its own file sees.
      if (row.span.file !== ctx.file) ctx = { ...ctx, file: row.span.file };
      this.expectType(this.expr(row.result, scope, ctx), returns, row.result.span, "the table's result");
      if (row.patterns.length !== d.params.length) {
        this.report("E0202", row.span, `this row has ${row.patterns.length} pattern(s) but \`${d.name.text}\` takes ${d.params.length} input(s)`);
        rowsKnown = false;
        continue;
      }
      const patterns = row.patterns.map((p, i) => this.pattern(p, paramTypes[i]!, ctx));
      if (patterns.includes(INVALID)) rowsKnown = false;
      else rows.push(patterns as ConstPattern[]);
    }
    if (!rowsKnown) return;
    // A record input is enumerated only when every record pattern for it could be written out field by field.
    // An unbounded `int` input is tried in classes of values its rows' bounds cut out (`..2`, `3..11`, `12..`).
    const classes = paramTypes.map((t, i) => (t.t === "int" && t.low === undefined ? intClasses(rows.map((r) => r[i])) : undefined));
    const unfolded = (p: ConstPattern) => p !== undefined && "low" in p && typeof p.low === "string" && p.low.startsWith(UNFOLDED);
    const domains = paramTypes.map((t, i) => classes[i]?.domain ?? (rows.some((r) => unfolded(r[i])) ? undefined : this.domain(t)));
    const coverage = tableCoverage(domains, rows);
    if (coverage && coverage.uncoveredCount > 0) {
      const show = (tuple: Key[]) => tuple.map((v, i) => `${d.params[i]!.name.text} ${classes[i]?.label(v as number) ?? `= ${showKey(v, paramTypes[i]!)}`}`).join(", ");
      const more = coverage.uncoveredCount > coverage.uncovered.length ? ` and ${coverage.uncoveredCount - coverage.uncovered.length} more` : "";
      this.report("W0301", d.name.span, `table \`${d.name.text}\` says nothing for ${coverage.uncovered.map(show).join("; ")}${more}`, "add a row for these inputs, or a final row of `_` patterns");
    }
    for (const i of coverage?.unreachable ?? []) {
      this.report("W0302", d.rows[i]!.span, `this row of \`${d.name.text}\` never applies: earlier rows take every input it matches`);
    }
    for (const i of coverage?.impossible ?? []) {
      const inputs = d.params.map((p, j) => `\`${p.name.text}\` is ${typeToString(paramTypes[j]!)}`).join(", ");
      this.report("W0302", d.rows[i]!.span, `this row of \`${d.name.text}\` never applies: no possible input matches it`, `compare its patterns with the inputs: ${inputs}`);
    }
  }

  /** A row pattern as a constant; INVALID when it is not one (already reported). */
  protected pattern(p: A.Pattern, t: Type, ctx: Context): ConstPattern | typeof INVALID {
    if (!A.isRangePattern(p)) {
      if (!p.low) return undefined;
      const value = this.constant(p.low, t, ctx);
      return value === undefined ? INVALID : { low: value, high: value };
    }
    // `..2` and `12..`: the missing bound is as far as numbers go.
    const low = p.low ? this.constant(p.low, t, ctx) : -Infinity;
    const high = p.high ? this.constant(p.high, t, ctx) : Infinity;
    if (t.t !== "int" && t.t !== "enum" && t.t !== "any") {
      this.report("E0207", p.span, "a range pattern needs a number or an enum input");
      return INVALID;
    }
    if (low === undefined || high === undefined) return INVALID;
    if (t.t !== "enum") return { low, high };
    // `Size.small..Size.medium`: the members from one to the other, in declared order.
    const members = this.enumMembers(t.name);
    const from = low === -Infinity ? 0 : members.indexOf(String(low));
    const to = high === Infinity ? members.length - 1 : members.indexOf(String(high));
    return { among: members.slice(from, to + 1) };
  }

  protected constant(e: A.Expr, t: Type, ctx: Context): Key | undefined {
    // `s, s => 4`: a name (a parameter's, as often as not) is never a pattern; one error, not E0101 too.
    if (e.kind === "name") {
      this.report("E0207", e.span, `a table pattern must be a constant, but \`${e.name}\` is a name`, "rows match constants (a number, `true`/`false`, text, an enum member, a record like `Hex(q: 0, r: 0)`) or `_`; a condition on the inputs, like `s >= 2 * t`, belongs in a `fn` that calls the table");
      return undefined;
    }
    const ty = this.expr(e, new Scope(), ctx);
    this.expectType(ty, t, e.span, "this pattern");
    const n = constInt(e);
    if (n !== undefined) return n;
    if (e.kind === "bool" || e.kind === "text") return e.value;
    if (e.kind === "member" && e.object.kind === "name" && this.isEnum(e.object.name)) return e.member.text;
    // `Hex(q: 0, r: 0)`: matched by equality at run time; for coverage, keyed by every field's value.
    if (e.kind === "call" && e.callee.kind === "name" && this.isRecord(e.callee.name) && isConstant(e, (n) => this.declKindOf(n))) {
      return this.recordKey(e) ?? UNFOLDED + showExpr(e);
    }
    this.report("E0207", e.span, "a table pattern must be a constant: a number, `true`/`false`, text, an enum member, a record like `Hex(q: 0, r: 0)` or `_`");
    return undefined;
  }

  /** A table input's possible values; a record's are every combination of its fields' values, when all are finite. */
  protected domain(t: Type, depth = 0): Key[] | undefined {
    if (t.t !== "kind" || !this.isRecord(t.name)) return domainOf(t, this.enumMembers);
    const k = this.typeDecl(t.name, t.id) as A.KindDecl;
    if (depth > 8) return undefined;
    let combos: string[][] = [[]];
    for (const f of k.fields) {
      const ft = this.resolveType(f.type, k.span.file);
      const values = this.domain(ft, depth + 1)?.map((v) => showKey(v, ft));
      if (!values || combos.length * values.length > LIMIT) return undefined;
      combos = combos.flatMap((c) => values.map((v) => [...c, `${f.name.text}: ${v}`]));
    }
    return combos.map((c) => `${k.name.text}(${c.join(", ")})`);
  }

  /**
   * A constant record written out in full, as `domain` writes its values: every field in declaration
   * order, defaults filled in. Undefined when a field's value cannot be written so (a list, a tally).
   */
  protected recordKey(e: A.Expr & { kind: "call" }): string | undefined {
    const k = e.callee.kind === "name" ? this.typeDecl(e.callee.name, undefined) : undefined;
    if (k?.kind !== "kind") return undefined;
    const parts: string[] = [];
    for (const f of k.fields) {
      const a = e.args.find((x): x is A.Arg & { kind: "named" } => x.kind === "named" && x.name.text === f.name.text);
      const given = a?.value ?? f.default;
      const v = given ? this.foldKey(given) : f.type.name.text === "bool" ? "false" : undefined;
      if (v === undefined) return undefined;
      parts.push(`${f.name.text}: ${v}`);
    }
    return `${k.name.text}(${parts.join(", ")})`;
  }

  protected foldKey(e: A.Expr): string | undefined {
    const n = constInt(e);
    if (n !== undefined) return String(n);
    if (e.kind === "bool") return String(e.value);
    if (e.kind === "text") return JSON.stringify(e.value);
    if (e.kind === "member" && e.object.kind === "name" && this.isEnum(e.object.name)) return `${e.object.name}.${e.member.text}`;
    if (e.kind === "call" && e.callee.kind === "name" && this.isRecord(e.callee.name)) return this.recordKey(e);
    return undefined;
  }
}

/** Marks a record pattern that could not be written out field by field: its input is not enumerated. */
const UNFOLDED = "\u0000";

function showKey(v: Key, t: Type): string {
  // A record's key is already written as rules text, `Hex(q: 0, r: 1)`.
  return t.t === "enum" ? `${t.name}.${String(v)}` : t.t === "kind" ? String(v) : typeof v === "string" ? JSON.stringify(v) : String(v);
}

/** Whether a modifier's amount reads the value's current `result`. */
function readsResult(m: A.ModifierDecl, resolution: ResolutionTable): boolean {
  let reads = false;
  walk(m.amount, (n) => {
    const e = n as A.Expr;
    const eRef = resolution.get(e, "ref");
    if (e.kind === "name" && eRef?.to === "local" && eRef.slot === resolution.get(m, "resultSlot")) reads = true;
    return !reads;
  });
  return reads;
}
