// `rulesmith why-not`: why a rule did not fire in a run. The scenario runs once, traced, on a
// tree-walker that watches the one rule: each time its condition is tested (a modifier's or a handler's
// `when`) it is tested conjunct by conjunct, exactly as `and` would (left to right, stopping at the first
// that is not true), so the run goes as it always does and the first false conjunct is known; what that
// conjunct read is then shown, evaluated once more only when that cannot roll, choose, emit or write.
// A table's lookups are recorded with their arguments, and its rows matched again afterwards (patterns
// are constants). The answer is the first time the rule was passed over, or that it never could be:
// its event never happened, its value was never worked out, its table never looked up.
import type * as A from "../../core/ast.ts";
import { isRangePattern } from "../../core/ast.ts";
import { placeIn } from "../../run/tables.ts";
import { walk, type Node } from "../../core/ast-walk.ts";
import { showExpr } from "../../core/show-expr.ts";
import { showValue, valuesEqual, type Value } from "../../core/values.ts";
import type { RuntimeProgram } from "../../run/index-program.ts";
import { Interpreter, type RunOptions } from "../../run/interpreter.ts";
import { frame, type Env } from "../../run/machine.ts";
import type { ScenarioRunner } from "../../run/scenario-runner.ts";
import type { TraceEntry } from "../../run/trace.ts";
import { callReads } from "../odds/compound-calls.ts";
import { findRule, type WatchedRule } from "./find-rule.ts";

/** A value the false conjunct read: the expression as written and what it was. */
export interface Read {
  expr: string;
  value: string;
}

/** Where in the run: the trace entry just before (its 1-based line in `run --trace`), if any. */
export interface TracePlace {
  line: number;
  entry: TraceEntry;
}

export type WhyNotAnswer =
  /** It did fire: how often, and the trace line of the first time. */
  | { kind: "fired"; times: number; first: TracePlace | undefined }
  /** Its condition was tested `considered` times and never held; the first time, `conjunct` was false. */
  | { kind: "false"; considered: number; conjunct: string; at: A.Span; reads: Read[]; place: TracePlace | undefined }
  /** What it hangs on never happened: its event was never emitted, its value never worked out, its table never looked up. */
  | { kind: "never"; what: "event" | "value" | "table"; name: string }
  /** Its event happened, but an earlier `instead of` handler took each emission. */
  | { kind: "replaced"; emissions: number; first: TracePlace | undefined }
  /** A table row: looked up `lookups` times, never by this row; the first time another row came first, or a pattern did not match. */
  | { kind: "row"; lookups: number; args: string[]; matched: number | undefined; pattern: { index: number; arg: string; pattern: string; at: A.Span } | undefined; place: TracePlace | undefined };

export interface WhyNotResult {
  /** The rule as asked about: `modifier highGround`, `on Attacked #2`, `table exchange, row 3`. */
  rule: string;
  /** Where it is declared (a row: the row). */
  source: A.Span;
  answer: WhyNotAnswer;
  /** The run: its result, or the error it stopped with (the answer is then about the run up to there). */
  resultText?: string;
  error?: { message: string; span?: A.Span; code?: string };
  trace: TraceEntry[];
}

/** Why `rule` did not fire in the scenario's run with `seed`, or a problem naming the rule. */
export function whyNot(program: RuntimeProgram, runner: ScenarioRunner, rule: string, seed: string): WhyNotResult | { problem: string } {
  if (!("battle" in runner)) return { problem: "stateProblems" in runner ? "the scenario's state does not match its rules" : runner.error.message };
  const watched = findRule(program, rule);
  if ("problem" in watched) return watched;
  const watch = new Watch(watched);
  const out = runner.battle(seed, { trace: true, finalState: false, makeRun: (p, globals, options) => new WatchingRun(p, globals, options, watch) });
  const result: WhyNotResult = { rule: watched.label, source: watched.kind === "row" ? watched.decl.rows[watched.row]!.span : watched.decl.span, answer: watch.answer(out.trace, program), trace: out.trace };
  if (out.resultText !== undefined) result.resultText = out.resultText;
  if (out.error) result.error = out.error;
  return result;
}

interface FalseTest {
  conjunct: A.Expr;
  reads: Read[];
  traceLength: number;
}

/** What the run saw of the rule. */
class Watch {
  readonly condition: A.Expr | undefined;
  considered = 0;
  held = 0;
  firstFalse: FalseTest | undefined;
  lookups: { args: Value[]; traceLength: number }[] = [];

  constructor(readonly rule: WatchedRule) {
    this.condition = rule.kind === "modifier" || rule.kind === "handler" ? rule.decl.condition : undefined;
  }

  answer(trace: TraceEntry[], program: RuntimeProgram): WhyNotAnswer {
    const r = this.rule;
    if (r.kind === "row" || r.kind === "table") return this.tableAnswer(trace, program, r);
    const fired = firings(trace, r.decl.span);
    if (fired.length > 0) return { kind: "fired", times: fired.length, first: place(trace, fired[0]! + 1) };
    if (this.firstFalse) {
      const f = this.firstFalse;
      return { kind: "false", considered: this.considered, conjunct: showExpr(f.conjunct), at: f.conjunct.span, reads: f.reads, place: place(trace, f.traceLength) };
    }
    if (r.kind === "modifier") return { kind: "never", what: "value", name: r.value?.name.text ?? r.decl.target.text };
    const name = r.event?.name.text ?? r.decl.event.text;
    const emissions = trace.flatMap((e, i) => (e.kind === "event" && e.message.startsWith(`event ${name}(`) ? [i] : []));
    if (emissions.length === 0) return { kind: "never", what: "event", name };
    return { kind: "replaced", emissions: emissions.length, first: place(trace, emissions[0]! + 1) };
  }

  private tableAnswer(trace: TraceEntry[], program: RuntimeProgram, r: WatchedRule & { kind: "row" | "table" }): WhyNotAnswer {
    const t = r.decl;
    if (this.lookups.length === 0) return { kind: "never", what: "table", name: t.name.text };
    if (r.kind === "table") {
      const fired = firings(trace, undefined, t.rows);
      return { kind: "fired", times: this.lookups.length, first: place(trace, fired[0] === undefined ? this.lookups[0]!.traceLength : fired[0] + 1) };
    }
    const runner = new Interpreter(program, [], { seed: "why-not", trace: false });
    const matched = this.lookups.map((l) => firstMatch(runner, t, l.args));
    const hits = matched.flatMap((m, i) => (m?.row === r.row ? [i] : []));
    if (hits.length > 0) return { kind: "fired", times: hits.length, first: place(trace, this.lookups[hits[0]!]!.traceLength + 1) };
    const first = this.lookups[0]!;
    const m = matched[0];
    const own = rowMismatch(runner, t, r.row, first.args);
    return {
      kind: "row",
      lookups: this.lookups.length,
      args: first.args.map(showValue),
      matched: m && m.row < r.row ? m.row : undefined,
      pattern: own,
      place: place(trace, first.traceLength),
    };
  }
}

/** Trace entries a rule's firing wrote: a handler's "fires", a modifier's line, a row's lookup. */
function firings(trace: TraceEntry[], span: A.Span | undefined, rows?: A.TableRow[]): number[] {
  const spans = span ? [span] : (rows ?? []).map((r) => r.span);
  const out: number[] = [];
  trace.forEach((e, i) => {
    if ((e.kind === "trigger" || e.kind === "modifier" || e.kind === "table") && spans.some((s) => sameSpan(s, e.span))) out.push(i);
  });
  return out;
}

const sameSpan = (a: A.Span, b: A.Span) => a.file === b.file && a.start === b.start && a.end === b.end;

/** The trace entry before `length` entries were written: where the run stood. */
function place(trace: TraceEntry[], length: number): TracePlace | undefined {
  const entry = trace[Math.min(length, trace.length) - 1];
  return entry ? { line: Math.min(length, trace.length), entry } : undefined;
}

/** The first row of `t` matching `args`, as the runtime picks it. */
function firstMatch(vm: Interpreter, t: A.TableDecl, args: Value[]): { row: number } | undefined {
  const i = t.rows.findIndex((_, k) => rowMismatch(vm, t, k, args) === undefined);
  return i < 0 ? undefined : { row: i };
}

/** The first pattern of row `k` that `args` do not match, or undefined when the row matches. */
function rowMismatch(vm: Interpreter, t: A.TableDecl, k: number, args: Value[]): { index: number; arg: string; pattern: string; at: A.Span } | undefined {
  const row = t.rows[k]!;
  const env = frame(t.frameSize, args);
  for (let i = 0; i < row.patterns.length; i++) {
    const p = row.patterns[i]!;
    if (!p.low && !p.high) continue;
    const range = isRangePattern(p);
    const a = placeIn(vm, t, i, args[i]);
    const ok = range ? (!p.low || a >= placeIn(vm, t, i, vm.eval(p.low, env))) && (!p.high || a <= placeIn(vm, t, i, vm.eval(p.high, env))) : valuesEqual(vm.eval(p.low!, env), args[i]);
    if (!ok) {
      const shown = range ? `${p.low ? showExpr(p.low) : ""}..${p.high ? showExpr(p.high) : ""}` : showExpr(p.low!);
      return { index: i, arg: showValue(args[i]), pattern: shown, at: range ? p.span : p.low!.span };
    }
  }
  return undefined;
}

/** The tree-walker, watching one rule: its condition tested conjunct by conjunct, its table's lookups recorded. */
class WatchingRun extends Interpreter {
  constructor(program: RuntimeProgram, globals: (Value | undefined)[], options: RunOptions, private readonly watch: Watch) {
    super(program, globals, options);
  }

  override eval(e: A.Expr, env: Env): Value | undefined {
    return e === this.watch.condition ? this.test(e, env) : super.eval(e, env);
  }

  override callTable(t: A.TableDecl, args: Value[], span: A.Span): Value | undefined {
    if (t === this.watch.rule.decl) this.watch.lookups.push({ args: [...args], traceLength: this.trace.length });
    return super.callTable(t, args, span);
  }

  /** `a and b and c` as the runtime tests it (left to right, to the first not true), noting the first false one. */
  private test(condition: A.Expr, env: Env): boolean {
    this.watch.considered++;
    for (const c of conjuncts(condition)) {
      if (super.eval(c, env) === true) continue;
      if (!this.watch.firstFalse) this.watch.firstFalse = { conjunct: c, reads: this.reads(c, env), traceLength: this.trace.length };
      return false;
    }
    this.watch.held++;
    return true;
  }

  /** What a false conjunct read, when reading it again changes nothing (no dice, choices, events or writes); the trace is kept as it was. */
  private reads(c: A.Expr, env: Env): Read[] {
    if (!readsOnly(this.program, c)) return [];
    const length = this.trace.length;
    try {
      return leaves(c).map((e) => ({ expr: showExpr(e), value: showValue(super.eval(e, env)) }));
    } catch {
      return [];
    } finally {
      this.trace.length = length;
    }
  }
}

function conjuncts(e: A.Expr): A.Expr[] {
  return e.kind === "binary" && e.op === "and" ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/** The reads a condition is made of: names, fields, calls and `has` tests below its operators, each once. */
function leaves(e: A.Expr): A.Expr[] {
  const out: A.Expr[] = [];
  const seen = new Set<string>();
  const visit = (x: A.Expr) => {
    switch (x.kind) {
      case "binary":
        visit(x.left);
        visit(x.right);
        return;
      case "not":
      case "neg":
        visit(x.operand);
        return;
      case "cond":
        visit(x.condition);
        visit(x.then);
        visit(x.else);
        return;
      case "int":
      case "text":
      case "bool":
      case "none":
        return;
      case "member":
        if (x.ref) return; // an enum member: a constant
        break;
    }
    const shown = showExpr(x);
    if (!seen.has(shown)) seen.add(shown), out.push(x);
    // What a test or a call was given is read too: `u` of `u has diseased`, `target` of `inReach(target, s)`.
    if (x.kind === "has") visit(x.object);
    if (x.kind === "call") for (const a of x.args) if (a.kind !== "comprehension") visit(a.value);
  };
  visit(e);
  return out;
}

/** Whether evaluating `e` again can change nothing: no roll, choice or emission, and only calls that write nothing. */
function readsOnly(program: RuntimeProgram, e: A.Expr): boolean {
  let ok = true;
  walk(e, (node: Node) => {
    const x = node as A.Expr;
    if (x.kind === "roll" || x.kind === "choose" || x.kind === "emit") ok = false;
    if (x.kind === "call" && x.ref?.to === "decl") {
      const d = program.decls[x.ref.id];
      if (d?.kind === "fn" && callReads(program, d) === "impure") ok = false;
    }
    if (x.kind === "call" && (x.builtin === "chance" || x.builtin === "rollEach")) ok = false;
    return ok;
  });
  return ok;
}
