// The interpreter: runs checked rules against a game state. It trusts the checker for types and
// reports everything else that can go wrong (an empty table row, a forced die that cannot fit, a
// runaway loop) as a RuleError with the span that caused it.
//
// This file holds the core: entry points, bookkeeping (steps, depth, the trace), calls, the dispatch of
// statements and operators to their constructs (src/constructs/, each one's evaluation beside its check
// and its compiled forms) and expressions, the hot path. Its collaborators live in files of their own and get the interpreter as a
// `Machine` (machine.ts): events.ts (emissions, handlers, statuses and their expiry), modifiers.ts,
// tables.ts, rolls-choices-aggregates.ts (dice, choices, the walk of aggregates),
// writes.ts (the checks a statement makes as it changes a value, and `expect`).
import { isStdPath } from "../core/std-paths.ts";
import * as A from "../core/ast.ts";
import { Dice } from "./dice.ts";
import { Events } from "./events.ts";
import type { RuntimeProgram } from "./index-program.ts";
import { frame, type Chooser, type Env, type Returned } from "./machine.ts";
import { ITEMS_PER_STEP, MAX_ALLOCATED, MAX_RULE_DEPTH, MAX_TRACE } from "../core/limits.ts";
import { valueThroughModifiers } from "./modifiers.ts";
import { assignTo, ExpectationFailed } from "./writes.ts";
import { showExpr } from "../core/show-expr.ts";
import { aggregate, choose, dieFaces, perMember, perRecordValue, roll } from "./rolls-choices-aggregates.ts";
import { recordDomain } from "./record-tallies.ts";
import { callBuiltin } from "../core/builtins.ts";
import { tableRow } from "./tables.ts";
import type { LoopHook } from "./loop-hook.ts";
import { DEFAULT_STEP_BUDGET, type RunOptions } from "./run-options.ts";
import { callLine, type TraceEntry, type TraceKind, type TraceSink } from "./trace.ts";
import { RUN_KIT } from "./run-kit.ts";
import { statementConstruct } from "../constructs/statements.ts";
import { operatorConstruct } from "../constructs/operators.ts";
import type { StatementRun } from "../constructs/contexts.ts";
import type { OperatorExpr } from "../constructs/operators/contexts.ts";
import { constructEntity, recordLists, tallyOfCounts } from "./construct.ts";
import { Entity, RuleError, showValue, Tally, type Die, type Value } from "../core/values.ts";
import { keptIn } from "../core/kept-values.ts";

export type { Chooser } from "./machine.ts";

export { DEFAULT_STEP_BUDGET, type RunOptions } from "./run-options.ts";
const MAX_DEPTH = MAX_RULE_DEPTH;

export { ExpectationFailed } from "./writes.ts";

/**
 * Members not marked private are for the parts in other files too: see `Machine`. The compiled backend
 * (src/run/compiled/) extends this class: it keeps this bookkeeping and runs every node it compiles as a
 * closure, and any other node through `exec`/`eval` here, so both engines share one semantics.
 */
export class Interpreter implements StatementRun {
  readonly trace: TraceEntry[] = [];
  /** Where `note` writes: `trace`, or the caller's sink (then `trace` stays empty). */
  private readonly sink: TraceSink;
  readonly dice: Dice;
  /** Steps counted so far: public for generated code, which counts a call's step inline (`overrun`). */
  steps = 0;
  /** List items and text characters made so far: bounded by MAX_ALLOCATED. */
  private allocated = 0;
  /** Characters in the trace's messages so far: bounded by MAX_TRACE. */
  private traced = 0;
  depth = 0;
  /**
   * Calls of expression-bodied functions, values and tables in progress. They add no trace level, but
   * they can recurse too, so they count against the same MAX_DEPTH as `depth`.
   */
  nested = 0;
  /**
   * The innermost rule running ("fn resolve"), undefined outside every rule: errors and the trace name
   * it. Whoever sets it keeps the one before in a local and puts it back when the rule ends (not a
   * stack: one field written twice per rule). A rule ended by an error leaves it set, as the error ends
   * the run; its message is made when it is thrown, naming the rule then running.
   */
  rule: string | undefined = undefined;
  readonly budget: number;
  /** Public for the compiled backend (src/run/compiled/), which skips building a message when it is off. */
  readonly tracing: boolean;
  readonly scripted: Value[] = [];
  readonly chooser: Chooser | undefined;
  readonly events: Events;
  readonly kit = RUN_KIT;
  private readonly loopHook: LoopHook | undefined;

  constructor(
    readonly program: RuntimeProgram,
    /** The state fields' values, in the order of `program.stateFields`. */
    readonly globals: (Value | undefined)[],
    options: RunOptions,
  ) {
    this.dice = options.dice ?? new Dice(options.seed, options.rngState);
    this.budget = options.stepBudget ?? DEFAULT_STEP_BUDGET;
    this.tracing = options.trace ?? true;
    this.sink = options.traceSink ?? this.trace;
    this.chooser = options.chooser;
    this.loopHook = options.loopHook;
    this.events = this.newEvents(options);
  }

  /** The run's events: the compiled backend's run their handlers compiled (src/run/compiled/events.ts). */
  protected newEvents(options: RunOptions): Events {
    return new Events(this, options.noStatuses === true);
  }

  // ---- entry points ----------------------------------------------------------------------------

  /** Calls a function with already-evaluated arguments: the entry point of a scenario. */
  call(fn: A.FnDecl, args: Value[], span: A.Span): Value | undefined {
    return this.invoke(fn, args, span);
  }

  private invoke(d: A.FnDecl | A.ValueDecl | A.TableDecl, args: Value[], span: A.Span): Value | undefined {
    switch (d.kind) {
      case "fn":
        return this.callFn(d, args, span);
      case "value":
        return this.callValue(d, args, span);
      case "table":
        return this.callTable(d, args, span);
    }
  }

  /** Runs an example's body; throws ExpectationFailed or RuleError when it fails. */
  runExample(ex: A.ExampleDecl) {
    const saved = this.rule;
    this.rule = `example "${ex.title}"`;
    this.execBlock(ex.body, frame(ex.frameSize));
    this.rule = saved;
    const unused = this.dice.unusedForced();
    if (unused.length > 0) throw new ExpectationFailed(`${unused.length} forced dice were never rolled: ${unused.join(", ")}`, ex.span);
    if (this.scripted.length > 0) throw new ExpectationFailed(`${this.scripted.length} scripted choices were never asked for: ${this.scripted.map(showValue).join(", ")}`, ex.span);
  }

  // ---- bookkeeping -----------------------------------------------------------------------------

  tick(span: A.Span) {
    if (++this.steps > this.budget) this.outOfSteps(span);
  }

  private outOfSteps(span: A.Span): never {
    throw new RuleError("R0502", `the step budget of ${this.budget} steps ran out in ${this.ruleName()}: is there a loop or recursion that never ends?`, span);
  }

  private tooDeep(rule: string, span: A.Span): never {
    throw new RuleError("R0502", `rules nested more than ${MAX_DEPTH} deep in ${rule}: is there a recursion that never ends?`, span);
  }

  /**
   * The error of a call whose step and nesting generated code counted in one test, `++vm.steps >
   * vm.budget || ++vm.nested + vm.depth > MAX_DEPTH`: the step budget first, as `tick` then `nest`.
   */
  overrun(rule: string, span: A.Span): never {
    if (this.steps > this.budget) this.outOfSteps(span);
    this.tooDeep(rule, span);
  }

  charge(n: number, span: A.Span) {
    this.steps += n;
    this.tick(span);
    this.steps--;
  }

  copied(n: number, span: A.Span) {
    this.charge(Math.floor(n / ITEMS_PER_STEP), span);
    this.allocate(n, span);
  }

  faces(die: Die): readonly Tally[] {
    return dieFaces(this, die);
  }

  allocate(n: number, span: A.Span) {
    this.allocated += n;
    if (this.allocated > MAX_ALLOCATED) {
      throw new RuleError("R0506", `the run made more than ${MAX_ALLOCATED} list items and text characters in all, its memory budget, in ${this.ruleName()}: does a loop keep copies of a long list or text?`, span);
    }
  }

  private ruleName(): string {
    return this.rule ?? "the scenario";
  }

  /** The message is built only when tracing: simulations run without a trace and skip the cost. */
  note(kind: TraceKind, message: () => string, span: A.Span) {
    // A standard module is a library: its call shows where a game's rule makes it, never its insides.
    if (!this.tracing || isStdPath(span.file)) return;
    const text = message();
    // The trace is part of the budget too: `say` of a long list in a loop must not fill the memory.
    this.traced += text.length;
    if (this.traced > MAX_TRACE) throw new RuleError("R0504", `the trace would hold more than ${MAX_TRACE} characters in ${this.ruleName()}: is there a loop that says or rolls without end?`, span);
    this.sink.push({ depth: this.depth, kind, rule: this.ruleName(), message: text, span });
  }

  /** Rule labels ("fn resolve", "modifier highGround") are made once per declaration, for every run: they depend on the rules alone. */
  private static readonly labels = new WeakMap<object, string>();
  label(decl: object, make: () => string): string {
    return keptIn(Interpreter.labels, decl, make);
  }

  /** Enters a rule with a trace level of its own and gives back the rule it was in, for `leave`. */
  enter(rule: string, span: A.Span): string | undefined {
    if (++this.depth + this.nested > MAX_DEPTH) this.tooDeep(rule, span);
    const outer = this.rule;
    this.rule = rule;
    return outer;
  }

  /** Ends the rule `enter` entered; `outer` is what `enter` gave back. */
  leave(outer: string | undefined) {
    this.depth--;
    this.rule = outer;
  }

  /** Enters an expression-bodied call; the caller decrements `nested` in a `finally`. */
  nest(rule: string, span: A.Span) {
    if (++this.nested + this.depth > MAX_DEPTH) this.tooDeep(rule, span);
  }

  // ---- declarations as callables ---------------------------------------------------------------

  private callFn(fn: A.FnDecl, args: Value[], span: A.Span): Value | undefined {
    this.tick(span);
    const answered = this.loopHook?.call?.(fn, args, span, this);
    if (answered) return answered.value;
    const env = frame(fn.frameSize, args);
    if (fn.body.kind !== "block") {
      this.nest(this.label(fn, () => `fn ${fn.name.text}`), span);
      try {
        return this.eval(fn.body, env);
      } finally {
        this.nested--;
      }
    }
    // A standard module's function is traced like a built-in: not at all (its insides neither: `note`).
    if (!isStdPath(fn.span.file)) this.note("call", () => callLine(fn.name.text, args), span);
    const outer = this.enter(this.label(fn, () => `fn ${fn.name.text}`), span);
    this.loopHook?.enter(fn, span, env);
    try {
      const r = this.execBlock(fn.body, env);
      if (fn.returns && !r) throw new RuleError("R0501", `\`${fn.name.text}\` ended without returning a value`, fn.body.span);
      return r?.value;
    } finally {
      this.loopHook?.leave();
      this.leave(outer);
    }
  }

  callValue(v: A.ValueDecl, args: Value[], span: A.Span): Value | undefined {
    this.tick(span);
    this.nest(this.label(v, () => `value ${v.name.text}`), span);
    try {
      return valueThroughModifiers(this, v, args);
    } finally {
      this.nested--;
    }
  }

  callTable(t: A.TableDecl, args: Value[], span: A.Span): Value | undefined {
    this.tick(span);
    this.nest(this.label(t, () => `table ${t.name.text}`), span);
    try {
      return tableRow(this, t, args, span);
    } finally {
      this.nested--;
    }
  }

  // ---- statements ------------------------------------------------------------------------------

  execBlock(b: A.Block, env: Env): Returned | undefined {
    for (const s of b.statements) {
      const r = this.exec(s, env);
      if (r) return r;
    }
    return undefined;
  }

  /** One statement: its step, then its construct's evaluation (src/constructs/). */
  protected exec(s: A.Stmt, env: Env): Returned | undefined {
    this.tick(s.span);
    const construct = statementConstruct(s);
    if (!construct) throw new RuleError("R0501", `a \`${s.kind}\` statement was never resolved: the program was not checked`, s.span);
    return construct.run(s, env, this);
  }

  loopHead(s: A.Stmt & { kind: "while" }, env: Env) {
    this.loopHook?.head(s, env, this);
  }

  /** `target = v`, with the declared range of a field checked (writes.ts). */
  assign(target: A.Expr, v: Value | undefined, env: Env, span: A.Span) {
    assignTo(this, target, v, env, span);
  }

  /** The declaration a resolved reference names: an index, never a lookup by name. */
  decl(ref: A.Ref | undefined): A.Decl {
    return this.program.decls[(ref as { id: number }).id]!;
  }

  entity(e: A.Expr, env: Env): Entity {
    const v = this.eval(e, env);
    if (v instanceof Entity) return v;
    throw new RuleError("R0501", `\`${showExpr(e)}\` has no value yet`, e.span);
  }

  list(e: A.Expr, env: Env): Value[] {
    const v = this.eval(e, env);
    if (Array.isArray(v)) return v;
    throw new RuleError("R0501", `\`${showExpr(e)}\` has no value yet`, e.span);
  }

  // ---- expressions -----------------------------------------------------------------------------

  eval(e: A.Expr, env: Env): Value | undefined {
    switch (e.kind) {
      case "int":
      case "text":
      case "bool":
        return e.value;
      case "none":
        return null;
      case "name": {
        const ref = e.ref;
        switch (ref?.to) {
          case "local":
            return env[ref.slot];
          case "state":
            return this.globals[ref.index];
          case "decl": {
            // A status named as a value (`statusValue(u, frightened)`) is its name.
            const d = this.decl(ref);
            return d.kind === "status" ? d.name.text : this.program.dieValues.get(d as A.DieDecl);
          }
          default:
            throw new RuleError("R0501", `\`${e.name}\` was never resolved: the program was not checked`, e.span);
        }
      }
      case "member": {
        // `Side.attacker`: an enum member is its name at run time.
        if (e.ref) return e.member.text;
        const obj = this.eval(e.object, env);
        if (obj instanceof Tally) return obj.get(e.member.text);
        if (obj === null) throw new RuleError("R0501", `\`${showExpr(e.object)}\` is none`, e.object.span);
        if (!(obj instanceof Entity)) throw new RuleError("R0501", `\`${showExpr(e.object)}\` has no value yet`, e.object.span);
        const v = obj.fields[e.member.text];
        if (v === undefined) throw new RuleError("R0501", `\`${showExpr(e)}\` has no value yet`, e.span);
        return obj.record ? recordLists(this, v, e.span) : v;
      }
      case "index": {
        const obj = this.eval(e.object, env);
        if (obj instanceof Tally) return obj.get(this.eval(e.index, env) as string);
        if (!Array.isArray(obj)) throw new RuleError("R0501", `\`${showExpr(e.object)}\` has no value yet`, e.object.span);
        const list = obj;
        const i = this.eval(e.index, env) as number;
        if (i < 0 || i >= list.length) throw new RuleError("R0501", `index ${i} is outside \`${showExpr(e.object)}\`, which holds ${list.length}`, e.index.span);
        return list[i];
      }
      case "call":
        return this.evalCall(e, env);
      case "list":
        return e.items.map((i) => this.eval(i, env) as Value);
      case "binary":
      case "not":
      case "neg":
      case "has":
        return this.operator(e, env);
      case "cond":
        return this.eval(e.condition, env) === true ? this.eval(e.then, env) : this.eval(e.else, env);
      case "roll":
        return roll(this, e, env);
      case "choose":
        return choose(this, e, env);
      case "emit": {
        const ev = this.decl(e.ref) as A.EventDecl;
        return this.events.emit(ev, this.args(e.args, env), e.span);
      }
      default:
        return A.assertNever(e);
    }
  }

  /** An operator: its construct's evaluation (src/constructs/operators/). */
  private operator(e: OperatorExpr, env: Env): Value | undefined {
    const construct = operatorConstruct(e);
    if (!construct) throw new RuleError("R0501", `the operator of \`${showExpr(e)}\` was never resolved: the program was not checked`, e.span);
    return construct.run(e, env, this);
  }

  /** An enum's name where a list is walked (`for m in Icon`): its members in declaration order; a record's, its values. */
  enumAsList(e: A.Expr): Value[] | undefined {
    if (e.kind !== "name" || e.ref?.to !== "decl") return undefined;
    const d = this.decl(e.ref);
    if (d.kind === "kind") return recordDomain(d, (r) => this.decl(r));
    return d.kind === "enum" ? d.members.map((m) => m.text) : undefined;
  }

  /** Arguments in parameter order: a named argument carries the place the checker found for it. */
  args(args: A.Arg[], env: Env): Value[] {
    const out: Value[] = new Array<Value>(args.length);
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a.kind === "positional") out[i] = this.eval(a.value, env) as Value;
      else if (a.kind === "named") out[a.index!] = this.eval(a.value, env) as Value;
    }
    return out;
  }

  private evalCall(e: A.Expr & { kind: "call" }, env: Env): Value | undefined {
    const first = e.args[0];
    if (first?.kind === "comprehension") {
      // `Icon(m in Icon => ...)`: a per-member map builds a tally.
      if (e.ref) {
        const d = this.decl(e.ref);
        return d.kind === "kind" ? perRecordValue(this, d, first.comp, env) : perMember(this, d as A.EnumDecl, first.comp, env);
      }
      return aggregate(this, e.builtin!, first.comp, env, e.span);
    }
    // `max(a.size, b.size)`: a built-in resolved to the enum whose members it orders.
    if (e.builtin !== undefined) return callBuiltin(this, e.builtin, this.args(e.args, env), e.span, e.ref ? (this.decl(e.ref) as A.EnumDecl).members : undefined);
    if (e.ref) {
      const d = this.decl(e.ref);
      switch (d.kind) {
        case "fn":
        case "value":
        case "table":
          return this.invoke(d, this.args(e.args, env), e.span);
        case "enum": {
          const counts = new Map<string, number>();
          for (const a of e.args) if (a.kind === "named") counts.set(a.name.text, this.eval(a.value, env) as number);
          return tallyOfCounts(d, counts, e.span);
        }
        case "kind":
          return constructEntity(this, d, this.args(e.args, env), e.span, (x) => this.eval(x, frame(0)) as Value);
        default:
          throw new RuleError("R0501", `a ${d.kind} cannot be called`, e.callee.span);
      }
    }
    throw new RuleError("R0501", "this call was never resolved: the program was not checked", e.callee.span);
  }
}
