// The interpreter: runs checked rules against a game state. It trusts the checker for types and
// reports everything else that can go wrong (an empty table row, a forced die that cannot fit, a
// runaway loop) as a RuleError with the span that caused it.
import * as A from "../ast.ts";
import { Dice, type RngState } from "./dice.ts";
import type { RuntimeProgram } from "./index-program.ts";
import { showExpr } from "./show-expr.ts";
import { declaredTimer, defaultValue, tallyIn } from "./state.ts";
import type { TraceEntry, TraceKind } from "./trace.ts";
import { copyLists, Die, Entity, RuleError, showValue, Tally, valuesEqual, type StatusTimer, type Value } from "./values.ts";

/** Answers the decision points (`choose`) in the rules. */
export interface Chooser {
  /**
   * Returns the index of the picked option, or undefined to fall back to the default policy.
   * `options` ends with `none` (null) when the rules offer "none" or "stop"; `who` is the shown text
   * of the `by` value, the one who answers, when the rules name one.
   */
  choose(question: string, options: Value[], span: A.Span, who?: string): number | undefined;
}

export interface RunOptions {
  seed: string;
  rngState?: RngState;
  chooser?: Chooser;
  /** Statements and calls allowed before the run stops as runaway. */
  stepBudget?: number;
  trace?: boolean;
}

export const DEFAULT_STEP_BUDGET = 2_000_000;
const MAX_DEPTH = 400;

/**
 * The variables of one running rule, by the slots the checker gave them: parameters first, then every
 * `let`, loop and comprehension variable of its body. Nested blocks share their rule's frame.
 */
type Env = (Value | undefined)[];

/** A frame for a rule whose checker-given size is `size`, with its parameters filled in. */
function frame(size: number | undefined, args: readonly (Value | undefined)[] = []): Env {
  const env: Env = new Array<Value | undefined>(Math.max(size ?? 0, args.length));
  for (let i = 0; i < args.length; i++) env[i] = args[i];
  return env;
}

/**
 * One emission in progress: the event's arguments, then its `result`, in the slots every handler's
 * frame starts with. A `before` handler may change the arguments, and every handler the result.
 */
interface Emission {
  ev: A.EventDecl;
  values: (Value | undefined)[];
}

/** Signals `return` out of a block without using exceptions on the hot path. */
interface Returned {
  value: Value | undefined;
}

export class ExpectationFailed extends Error {
  constructor(
    message: string,
    readonly span: A.Span,
  ) {
    super(message);
  }
}

export class Interpreter {
  readonly trace: TraceEntry[] = [];
  readonly dice: Dice;
  private steps = 0;
  private depth = 0;
  /**
   * Calls of expression-bodied functions, values and tables in progress. They add no trace level, but
   * they can recurse too, so they count against the same MAX_DEPTH as `depth`.
   */
  private nested = 0;
  /** Entities that were given a status while running, so `until`/`for` expiry reaches local ones too. */
  private readonly statusHolders = new Set<Entity>();
  /** Events that count some status down; others skip expiry at once. */
  private readonly expiryEvents = new Set<A.EventDecl>();
  /** Of those, the events that count down statuses not bound to a holder argument: they need the walk over the state. */
  private readonly walkEvents = new Set<A.EventDecl>();
  /** Emissions in progress, innermost last: what `proceed` runs, and what a handler's changes go to. */
  private readonly emissions: Emission[] = [];
  private readonly rules: string[] = [];
  private readonly budget: number;
  private readonly tracing: boolean;
  private readonly scripted: Value[] = [];
  private chooser: Chooser | undefined;

  constructor(
    readonly program: RuntimeProgram,
    /** The state fields' values, in the order of `program.stateFields`. */
    readonly globals: (Value | undefined)[],
    options: RunOptions,
  ) {
    this.dice = new Dice(options.seed, options.rngState);
    this.budget = options.stepBudget ?? DEFAULT_STEP_BUDGET;
    this.tracing = options.trace ?? true;
    this.chooser = options.chooser;
    for (const [event, statuses] of program.expiries) {
      this.expiryEvents.add(event);
      if (statuses.some((d) => !d.expiry?.holder)) this.walkEvents.add(event);
    }
    // A state may arrive holding statuses applied with events of their own.
    this.forEachEntity((e) => {
      for (const t of e.statuses.values()) this.watch(t);
    });
  }

  /** Makes emissions of a timer's event count it down. */
  private watch(t: StatusTimer) {
    if (!t.event) return;
    this.expiryEvents.add(t.event);
    if (!t.holder) this.walkEvents.add(t.event);
  }

  /** Every entity reachable from the state or given a status while running, once each. */
  private forEachEntity(f: (e: Entity) => void) {
    const seen = new Set<Entity>();
    const visit = (v: Value | undefined) => {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v instanceof Entity && !seen.has(v)) {
        seen.add(v);
        f(v);
        Object.values(v.fields).forEach(visit);
      }
    };
    for (const v of this.globals.values()) visit(v);
    for (const e of this.statusHolders) visit(e);
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
    this.rules.push(`example "${ex.title}"`);
    this.execBlock(ex.body, frame(ex.frameSize));
    this.rules.pop();
    const unused = this.dice.unusedForced();
    if (unused.length > 0) throw new ExpectationFailed(`${unused.length} forced dice were never rolled: ${unused.join(", ")}`, ex.span);
    if (this.scripted.length > 0) throw new ExpectationFailed(`${this.scripted.length} scripted choices were never asked for: ${this.scripted.map(showValue).join(", ")}`, ex.span);
  }

  // ---- bookkeeping -----------------------------------------------------------------------------

  private tick(span: A.Span) {
    if (++this.steps > this.budget) {
      throw new RuleError("R0502", `the step budget of ${this.budget} steps ran out in ${this.rule()}: is there a loop or recursion that never ends?`, span);
    }
  }

  private rule(): string {
    return this.rules[this.rules.length - 1] ?? "the scenario";
  }

  /** The message is built only when tracing: simulations run without a trace and skip the cost. */
  private note(kind: TraceKind, message: () => string, span: A.Span) {
    if (this.tracing) this.trace.push({ depth: this.depth, kind, rule: this.rule(), message: message(), span });
  }

  /** Rule labels ("fn resolve", "modifier highGround") are made once per declaration. */
  private readonly labels = new Map<object, string>();
  private label(decl: object, make: () => string): string {
    let l = this.labels.get(decl);
    if (l === undefined) {
      l = make();
      this.labels.set(decl, l);
    }
    return l;
  }

  private enter(rule: string, span: A.Span) {
    if (++this.depth + this.nested > MAX_DEPTH) throw new RuleError("R0502", `rules nested more than ${MAX_DEPTH} deep in ${rule}: is there a recursion that never ends?`, span);
    this.rules.push(rule);
  }

  private leave() {
    this.depth--;
    this.rules.pop();
  }

  /** Enters an expression-bodied call; the caller decrements `nested` in a `finally`. */
  private nest(rule: string, span: A.Span) {
    if (++this.nested + this.depth > MAX_DEPTH) throw new RuleError("R0502", `rules nested more than ${MAX_DEPTH} deep in ${rule}: is there a recursion that never ends?`, span);
  }

  // ---- declarations as callables ---------------------------------------------------------------

  private callFn(fn: A.FnDecl, args: Value[], span: A.Span): Value | undefined {
    this.tick(span);
    const env = frame(fn.frameSize, args);
    if (fn.body.kind !== "block") {
      this.nest(this.label(fn, () => `fn ${fn.name.text}`), span);
      try {
        return this.eval(fn.body, env);
      } finally {
        this.nested--;
      }
    }
    this.note("call", () => `${fn.name.text}(${args.map(showValue).join(", ")})`, span);
    this.enter(this.label(fn, () => `fn ${fn.name.text}`), span);
    try {
      const r = this.execBlock(fn.body, env);
      if (fn.returns && !r) throw new RuleError("R0501", `\`${fn.name.text}\` ended without returning a value`, fn.body.span);
      return r?.value;
    } finally {
      this.leave();
    }
  }

  private callValue(v: A.ValueDecl, args: Value[], span: A.Span): Value | undefined {
    this.tick(span);
    this.nest(this.label(v, () => `value ${v.name.text}`), span);
    try {
      return this.valueThroughModifiers(v, args);
    } finally {
      this.nested--;
    }
  }

  private valueThroughModifiers(v: A.ValueDecl, args: Value[]): Value | undefined {
    let result = this.eval(v.base, frame(v.frameSize, args));
    for (const m of this.program.modifiers.get(v) ?? []) {
      // Each modifier has its own frame: the value's parameters, then its own comprehension variables.
      const env = frame(m.frameSize, args);
      this.rules.push(this.label(m, () => `modifier ${m.name.text}`));
      try {
        // `result` is the value as it stands when this modifier is reached.
        env[m.resultSlot!] = result;
        if (m.condition && this.eval(m.condition, env) !== true) continue;
        const amount = m.amount ? this.eval(m.amount, env) : undefined;
        const before = result;
        const into = m.into ? this.eval(m.into, env) : undefined;
        const factor = m.factor ? this.eval(m.factor, env) : undefined;
        const rounding = m.rounding?.text as A.Rounding | undefined;
        try {
          result = applyModifier(this.program, m.op.text as A.ModifierOp, result, amount, into ?? factor, rounding);
        } catch (err) {
          // The operation cannot know which modifier it serves: point at the modifier.
          if (err instanceof RuleError && !err.span) throw new RuleError(err.code, err.message, m.span);
          throw err;
        }
        const after = result;
        // A modifier whose condition held is reported even when it changed nothing: it did fire.
        this.note("modifier", () => {
          // `compute` shows its expression: its value is already the result after the arrow.
          const shown = m.op.text === "compute" && m.amount ? showExpr(m.amount) : amount === undefined ? undefined : showValue(amount);
          const how = `${m.op.text}${shown === undefined ? "" : ` ${shown}`}${rounding === undefined ? "" : ` round ${rounding}`}${into === undefined ? "" : ` as ${showValue(into)}`}${factor === undefined ? "" : ` by ${showValue(factor)}`}`;
          return `${v.name.text}: ${showValue(before)} ${valuesEqual(before, after) ? "unchanged" : `-> ${showValue(after)}`} (${how})`;
        }, m.span);
      } finally {
        this.rules.pop();
      }
    }
    return result;
  }

  private callTable(t: A.TableDecl, args: Value[], span: A.Span): Value | undefined {
    this.tick(span);
    this.nest(this.label(t, () => `table ${t.name.text}`), span);
    try {
      return this.tableRow(t, args, span);
    } finally {
      this.nested--;
    }
  }

  private tableRow(t: A.TableDecl, args: Value[], span: A.Span): Value | undefined {
    // Patterns are constants, but a row's result may use the table's inputs: `_ => n * 2`.
    const env = frame(t.frameSize, args);
    for (const row of t.rows) {
      if (this.rowMatches(row, args, env)) {
        const result = this.eval(row.result, env);
        this.rules.push(this.label(t, () => `table ${t.name.text}`));
        this.note("table", () => `${t.name.text}(${args.map(showValue).join(", ")}) -> ${showValue(result)}`, row.span);
        this.rules.pop();
        return result;
      }
    }
    throw new RuleError("R0501", `table \`${t.name.text}\` has no row for (${args.map(showValue).join(", ")})`, span);
  }

  private rowMatches(row: A.TableRow, args: Value[], env: Env): boolean {
    for (let i = 0; i < row.patterns.length; i++) {
      const p = row.patterns[i]!;
      if (!p.low) continue;
      const low = this.eval(p.low, env);
      if (!p.high) {
        if (!valuesEqual(low, args[i])) return false;
        continue;
      }
      const high = this.eval(p.high, env);
      if ((args[i] as number) < (low as number) || (args[i] as number) > (high as number)) return false;
    }
    return true;
  }

  /** `given` holds the named fields by their place among the kind's fields (the checker's `index`). */
  private construct(k: A.KindDecl, given: (Value | undefined)[], span: A.Span): Entity {
    const e = new Entity(k.name.text, {}, k.record === true);
    k.fields.forEach((f, i) => {
      const v = i in given ? given[i] : defaultValue(this.program, f, new Set(), (d) => this.eval(d, frame(0)) as Value);
      // A record is a value: a list put into it is its own copy.
      e.fields[f.name.text] = e.record ? copyLists(v) : v;
      this.checkRange(f, v, i in given ? span : f.span);
    });
    return e;
  }

  /** Runs an emission (section 9's ordering rule) and gives back the event's final `result`. */
  private emit(ev: A.EventDecl, args: Value[], span: A.Span): Value | undefined {
    this.tick(span);
    const name = ev.name.text;
    this.note("event", () => `event ${name}(${args.map(showValue).join(", ")})`, span);
    this.depth++;
    const values: (Value | undefined)[] = args.slice(0, ev.params.length);
    if (ev.returns) values[ev.params.length] = defaultValue(this.program, { name: ev.name, type: ev.returns, span: ev.span }, new Set());
    const emission: Emission = { ev, values };
    this.emissions.push(emission);
    try {
      const handlers = this.program.handlers.get(ev);
      const run = (timing: A.TriggerTiming, onlyFirst: boolean): boolean => {
        for (const t of handlers?.[timing] ?? []) {
          const label = this.label(t, () => `${timing === "after" ? "on" : timing === "instead" ? "instead of" : "before"} ${name}`);
          this.rules.push(label);
          // Each handler runs in a frame of its own: the emission's arguments and result as they stand, then its own variables.
          const env = frame(t.frameSize, values);
          const applies = !t.condition || this.eval(t.condition, env) === true;
          this.rules.pop();
          if (!applies) continue;
          this.rules.push(label);
          this.note("trigger", () => `${label} fires`, t.span);
          this.rules.pop();
          this.enter(label, t.span);
          try {
            this.execBlock(t.body, env);
          } finally {
            this.leave();
          }
          if (onlyFirst) return true;
        }
        return false;
      };
      run("before", false);
      const replaced = run("instead", true);
      if (!replaced) this.defaultBody(emission);
      run("after", false);
      // Statuses see the arguments as the `before` handlers left them.
      if (this.expiryEvents.has(ev)) this.expire(ev, values.slice(0, ev.params.length) as Value[]);
      return ev.returns ? values[ev.params.length] : undefined;
    } finally {
      this.emissions.pop();
      this.depth--;
    }
  }

  private defaultBody({ ev, values }: Emission) {
    if (!ev.body) return;
    this.enter(this.label(ev, () => `event ${ev.name.text}`), ev.span);
    try {
      this.execBlock(ev.body, frame(ev.frameSize, values));
    } finally {
      this.leave();
    }
  }

  /** A handler changed an argument or the result of the innermost emission: every later handler sees it. */
  private changeEmission(slot: number, v: Value | undefined, span: A.Span) {
    const current = this.emissions[this.emissions.length - 1];
    if (!current) return;
    const before = current.values[slot];
    current.values[slot] = v;
    if (valuesEqual(before, v)) return;
    const what = current.ev.params[slot]?.name.text ?? "result";
    this.note("event", () => `${current.ev.name.text}: ${what} ${showValue(before)} -> ${showValue(v)}`, span);
  }

  /**
   * Statuses whose timer counts this event go down by one; at zero they end. A timer bound to a
   * parameter counts only emissions where that argument is the holder (or equals the value fixed at
   * `apply`); the others count on every entity reachable from the state or given a status.
   */
  private expire(ev: A.EventDecl, args: Value[]) {
    const name = ev.name.text;
    if (!this.expiryEvents.has(ev)) return;
    const countDown = (v: Entity, bound: boolean) => {
      const due: string[] = [];
      for (const [s, t] of v.statuses) {
        if (t.event !== ev || !!t.holder !== bound) continue;
        if (t.param !== undefined && (bound ? args[t.param] !== v : !valuesEqual(args[t.param], t.match))) continue;
        due.push(s);
      }
      if (due.length > 1) due.sort((a, b) => (v.statuses.get(a)!.status?.id ?? 0) - (v.statuses.get(b)!.status?.id ?? 0));
      for (const s of due) {
        const t = v.statuses.get(s)!;
        const next = (t.left ?? 1) - 1;
        if (next > 0) {
          t.left = next;
          continue;
        }
        v.statuses.delete(s);
        this.note("status", () => `${showValue(v)} is no longer ${s} (expired on ${name})`, t.status?.span ?? ev.span);
      }
    };
    const held = new Set<Entity>();
    for (const a of args) {
      if (a instanceof Entity && !held.has(a)) {
        held.add(a);
        countDown(a, true);
      }
    }
    if (this.walkEvents.has(ev)) this.forEachEntity((e) => countDown(e, false));
  }

  // ---- statements ------------------------------------------------------------------------------

  private execBlock(b: A.Block, env: Env): Returned | undefined {
    for (const s of b.statements) {
      const r = this.exec(s, env);
      if (r) return r;
    }
    return undefined;
  }

  private exec(s: A.Stmt, env: Env): Returned | undefined {
    this.tick(s.span);
    switch (s.kind) {
      case "let":
        env[s.slot!] = this.eval(s.value, env);
        return undefined;
      case "if":
        if (this.eval(s.condition, env) === true) return this.execBlock(s.then, env);
        return s.else ? this.execBlock(s.else, env) : undefined;
      case "while":
        while (this.eval(s.condition, env) === true) {
          const r = this.execBlock(s.body, env);
          if (r) return r;
          this.tick(s.span);
        }
        return undefined;
      case "for": {
        const from = this.enumAsList(s.from) ?? this.eval(s.from, env);
        const run = (item: Value): Returned | undefined => {
          this.tick(s.span); // every pass counts, so even an empty body cannot run away
          env[s.slot!] = item;
          return this.execBlock(s.body, env);
        };
        if (s.to) {
          const last = this.eval(s.to, env) as number;
          for (let i = from as number; i <= last; i++) {
            const r = run(i);
            if (r) return r;
          }
          return undefined;
        }
        // A copy: the body may move items out of the list it walks.
        for (const item of [...(from as Value[])]) {
          const r = run(item);
          if (r) return r;
        }
        return undefined;
      }
      case "return":
        return { value: s.value ? this.eval(s.value, env) : undefined };
      case "emit": {
        const ev = this.decl(s.ref) as A.EventDecl;
        this.emit(ev, this.args(s.args, env), s.span);
        return undefined;
      }
      case "proceed": {
        // The checker allows `proceed` only in an `instead of` handler: the innermost emission is its event.
        const current = this.emissions[this.emissions.length - 1];
        if (current) this.defaultBody(current);
        return undefined;
      }
      case "apply": {
        const target = this.entity(s.target, env);
        const decl = this.decl(s.ref) as A.StatusDecl;
        const timer = s.expiry ? this.appliedTimer(decl, s.expiry, env) : declaredTimer(this.program, decl);
        target.statuses.set(decl.name.text, timer);
        this.statusHolders.add(target);
        this.watch(timer);
        this.note("status", () => `${showValue(target)} is now ${s.status.text}${s.expiry ? ` (${describeTimer(timer)})` : ""}`, s.span);
        return undefined;
      }
      case "clear": {
        const target = this.entity(s.target, env);
        if (target.statuses.delete((this.decl(s.ref) as A.StatusDecl).name.text)) this.note("status", () => `${showValue(target)} is no longer ${s.status.text}`, s.span);
        return undefined;
      }
      case "add": {
        const item = this.eval(s.item, env) as Value;
        this.list(s.list, env).push(item);
        this.note("move", () => `${showValue(item)} added to ${showExpr(s.list)}`, s.span);
        return undefined;
      }
      case "remove": {
        const item = this.eval(s.item, env) as Value;
        this.take(this.list(s.list, env), item, s.list, s.span);
        this.note("move", () => `${showValue(item)} removed from ${showExpr(s.list)}`, s.span);
        return undefined;
      }
      case "move": {
        const item = this.eval(s.item, env) as Value;
        this.take(this.list(s.source, env), item, s.source, s.span);
        this.list(s.target, env).push(item);
        this.note("move", () => `${showValue(item)} moved from ${showExpr(s.source)} to ${showExpr(s.target)}`, s.span);
        return undefined;
      }
      case "expect":
        this.expect(s.value, env, s.span);
        return undefined;
      case "force": {
        const values = this.eval(s.values, env) as Value[];
        if (s.what.text === "dice") this.dice.force(values as number[], s.span);
        else this.scripted.push(...values);
        return undefined;
      }
      case "say":
        const said = this.eval(s.value, env); // evaluated even when not tracing: it may roll dice
        this.note("say", () => showValue(said), s.span);
        return undefined;
      case "assign": {
        let v = this.eval(s.value, env);
        if (s.op !== "=") {
          const current = this.eval(s.target, env) as number;
          v = s.op === "+=" ? current + (v as number) : current - (v as number);
        }
        this.assign(s.target, v, env, s.span);
        return undefined;
      }
      case "expr":
        this.eval(s.value, env);
        return undefined;
      default:
        return A.assertNever(s);
    }
  }

  /** The timer of `apply S to x for N [E(...)]` or `until E(...)`; the checker made sure the event exists. */
  private appliedTimer(status: A.StatusDecl, x: A.AppliedExpiry, env: Env): StatusTimer {
    let left = 1;
    if (x.times) {
      left = this.eval(x.times, env) as number;
      if (!Number.isInteger(left) || left < 1) throw new RuleError("R0501", `a status cannot last for ${showValue(left)} events`, x.times.span);
    }
    if (!x.event) return { ...declaredTimer(this.program, status, left), once: false };
    const t: StatusTimer = { left, event: this.decl(x.ref) as A.EventDecl, own: true, status };
    const p = x.holder ?? x.match?.param;
    if (p) {
      t.param = x.paramIndex;
      t.paramName = p.text;
    }
    if (x.holder) t.holder = true;
    if (x.match) t.match = this.eval(x.match.value, env);
    return t;
  }

  private expect(e: A.Expr, env: Env, span: A.Span) {
    if (e.kind === "binary" && ["==", "!=", "<", "<=", ">", ">="].includes(e.op)) {
      const left = this.eval(e.left, env);
      const right = this.eval(e.right, env);
      if (compare(e.op, left, right)) return;
      throw new ExpectationFailed(`expected \`${showExpr(e)}\`\n    expected: ${e.op === "==" ? "" : `${e.op} `}${showValue(right)}\n    actual:   ${showValue(left)}`, span);
    }
    if (this.eval(e, env) !== true) throw new ExpectationFailed(`expected \`${showExpr(e)}\` to be true, but it is false`, span);
  }

  private assign(target: A.Expr, v: Value | undefined, env: Env, span: A.Span) {
    switch (target.kind) {
      case "name": {
        const ref = target.ref!;
        if (ref.to === "local") {
          env[ref.slot] = v;
          // An argument or the result of the emission this handler runs in: the emission's value changes.
          if (ref.event) this.changeEmission(ref.slot, v, span);
        }
        else if (ref.to === "state") {
          this.checkRange(this.program.stateFields[ref.index]!, v, span);
          this.globals[ref.index] = v;
        } else throw new RuleError("R0501", "cannot assign to this", target.span);
        return;
      }
      case "member": {
        const obj = this.entity(target.object, env);
        if (target.field) this.checkRange((this.decl({ to: "decl", id: target.field.kind }) as A.KindDecl).fields[target.field.index]!, v, span);
        obj.fields[target.member.text] = v;
        return;
      }
      case "index": {
        const list = this.list(target.object, env);
        const i = this.eval(target.index, env) as number;
        if (i < 0 || i >= list.length) throw new RuleError("R0501", `index ${i} is outside the list of ${list.length}`, target.index.span);
        list[i] = v as Value;
        return;
      }
      default:
        throw new RuleError("R0501", "cannot assign to this", target.span);
    }
  }

  private checkRange(f: A.FieldDecl, v: Value | undefined, span: A.Span) {
    const r = f.type.range;
    if (r && typeof v === "number" && (v < r.low || v > r.high)) {
      throw new RuleError("R0501", `\`${f.name.text}\` would become ${v}, outside its declared range ${r.low}..${r.high}`, span);
    }
  }

  private take(list: Value[], item: Value, listExpr: A.Expr, span: A.Span) {
    const i = list.findIndex((x) => valuesEqual(x, item));
    if (i < 0) throw new RuleError("R0501", `${showValue(item)} is not in ${showExpr(listExpr)}`, span);
    list.splice(i, 1);
  }

  /** The declaration a resolved reference names: an index, never a lookup by name. */
  private decl(ref: A.Ref | undefined): A.Decl {
    return this.program.decls[(ref as { id: number }).id]!;
  }

  private entity(e: A.Expr, env: Env): Entity {
    const v = this.eval(e, env);
    if (v instanceof Entity) return v;
    throw new RuleError("R0501", `\`${showExpr(e)}\` has no value yet`, e.span);
  }

  private list(e: A.Expr, env: Env): Value[] {
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
          case "decl":
            return this.program.dieValues.get(this.decl(ref) as A.DieDecl);
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
        return obj.record ? copyLists(v) : v;
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
        return this.binary(e, env);
      case "not":
        return this.eval(e.operand, env) !== true;
      case "neg":
        return -(this.eval(e.operand, env) as number);
      case "has":
        return this.entity(e.object, env).statuses.has((this.decl(e.ref) as A.StatusDecl).name.text);
      case "cond":
        return this.eval(e.condition, env) === true ? this.eval(e.then, env) : this.eval(e.else, env);
      case "roll":
        return this.roll(e, env);
      case "choose":
        return this.choose(e, env);
      case "emit": {
        const ev = this.decl(e.ref) as A.EventDecl;
        return this.emit(ev, this.args(e.args, env), e.span);
      }
      default:
        return A.assertNever(e);
    }
  }

  private binary(e: A.Expr & { kind: "binary" }, env: Env): Value {
    if (e.op === "and") return this.eval(e.left, env) === true && this.eval(e.right, env) === true;
    if (e.op === "or") return this.eval(e.left, env) === true || this.eval(e.right, env) === true;
    const l = this.eval(e.left, env);
    const r = this.eval(e.right, env);
    // The checker allows `none` here only where a narrowed state field was set back to `none` by a
    // rule called in between: stop rather than compute with nothing.
    if ((l === null || r === null) && e.op !== "==" && e.op !== "!=") {
      const side = l === null ? e.left : e.right;
      throw new RuleError("R0501", `\`${showExpr(side)}\` is none`, side.span);
    }
    switch (e.op) {
      case "+":
        if (typeof l === "number" && typeof r === "number") return l + r;
        if (l instanceof Tally && r instanceof Tally) return addTallies(this.program, l, r);
        if (Array.isArray(l) && Array.isArray(r)) return [...l, ...r];
        return showValue(l) + showValue(r);
      case "-":
        if (l instanceof Tally && r instanceof Tally) return subtractTallies(this.program, l, r);
        return (l as number) - (r as number);
      case "*":
        if (l instanceof Tally || r instanceof Tally) return this.at(e.span, () => scaleTally(this.program, (l instanceof Tally ? l : r) as Tally, (l instanceof Tally ? r : l) as number));
        return (l as number) * (r as number);
      case "/":
      case "%": {
        if (r === 0) throw new RuleError("R0501", `division by zero in \`${showExpr(e)}\``, e.span);
        const rounding = e.rounding?.text as A.Rounding | undefined;
        if (l instanceof Tally) return this.at(e.span, () => divideTally(this.program, l, r as number, rounding ?? "down"));
        if (e.op === "%") return (l as number) % (r as number);
        return rounding ? divide(l as number, r as number, rounding) : Math.trunc((l as number) / (r as number));
      }
      default:
        return compare(e.op, l, r);
    }
  }

  /** Runs a tally operation, pointing an error it raises at the expression. */
  private at<T>(span: A.Span, f: () => T): T {
    try {
      return f();
    } catch (err) {
      if (err instanceof RuleError && !err.span) throw new RuleError(err.code, err.message, span);
      throw err;
    }
  }

  /** An enum's name where a list is walked (`for m in Icon`): its members in declaration order. */
  private enumAsList(e: A.Expr): string[] | undefined {
    if (e.kind !== "name" || e.ref?.to !== "decl") return undefined;
    const d = this.decl(e.ref);
    return d.kind === "enum" ? d.members.map((m) => m.text) : undefined;
  }

  private roll(e: A.Expr & { kind: "roll" }, env: Env): number | Tally {
    const count = e.count ? (this.eval(e.count, env) as number) : 1;
    const sides = this.eval(e.sides, env);
    if (sides instanceof Die) return this.rollDie(sides, e.span);
    if (typeof sides !== "number") throw new RuleError("R0501", `\`${showExpr(e.sides)}\` has no value yet`, e.sides.span);
    if (!Number.isInteger(count) || count < 1 || count > 1000) throw new RuleError("R0501", `cannot roll ${count} dice`, e.span);
    if (count === 1) {
      const r = this.dice.roll(sides, e.span);
      this.note("roll", () => `roll d${sides} -> ${r.value}${r.forced ? " (forced)" : ""}`, e.span);
      return r.value;
    }
    const results = Array.from({ length: count }, () => this.dice.roll(sides, e.span));
    const total = results.reduce((n, r) => n + r.value, 0);
    this.note("roll", () => `roll ${count}d${sides} -> ${results.map((r) => (r.forced ? `${r.value} (forced)` : r.value)).join(" + ")} = ${total}`, e.span);
    return total;
  }

  /** A custom die: a face is picked as a die of that many sides would be, so `force dice` names the face. */
  private rollDie(die: Die, span: A.Span): Tally {
    const name = die.name;
    // Faces are constants: evaluated on the first roll of the die and kept.
    const faces = (die.faces ??= die.decl.faces.map((f) => this.eval(f, frame(0)) as Tally));
    const r = this.dice.roll(faces.length, span, `\`${name}\`, which has ${faces.length} faces`);
    const face = faces[r.value - 1]!;
    this.note("roll", () => `roll ${name} -> face ${r.value} of ${faces.length}: ${showValue(face)}${r.forced ? " (forced)" : ""}`, span);
    return face;
  }

  private choose(e: A.Expr & { kind: "choose" }, env: Env): Value {
    const question = this.eval(e.question, env) as string;
    const listed = this.eval(e.options, env) as Value[];
    const who = e.by ? showValue(this.eval(e.by, env)) : undefined;
    if (e.upTo) return this.chooseUpTo(e, env, question, listed, who);
    // `or none`: `none` is the last option, so the default policy takes it only from an empty list.
    const options = e.orNone ? [...listed, null] : listed;
    if (options.length === 0) throw new RuleError("R0501", `nothing to choose from for "${question}"`, e.options.span);
    return options[this.ask(e, question, options, who)]!;
  }

  /**
   * `choose up to N "q" from xs`: one question per pick, offering what is not yet picked and then
   * `none` to stop. Picks are taken out by position, so equal items can each be picked once. With
   * nothing left to pick it stops without asking.
   */
  private chooseUpTo(e: A.Expr & { kind: "choose" }, env: Env, question: string, listed: Value[], who: string | undefined): Value[] {
    const n = this.eval(e.upTo!, env) as number;
    if (n < 0) throw new RuleError("R0501", `cannot choose up to ${n}: the number of picks cannot be below 0`, e.upTo!.span);
    const left = [...listed];
    const picked: Value[] = [];
    while (picked.length < n && left.length > 0) {
      const index = this.ask(e, question, [...left, null], who, `pick ${picked.length + 1} of up to ${n}`);
      if (index === left.length) break;
      picked.push(...left.splice(index, 1));
    }
    return picked;
  }

  /** One question: a scripted answer, else the chooser, else the first option. Returns the option's index. */
  private ask(e: A.Expr & { kind: "choose" }, question: string, options: Value[], who: string | undefined, pick?: string): number {
    let index: number | undefined;
    let how = "default: the first option";
    if (this.scripted.length > 0) {
      const wanted = this.scripted.shift()!;
      index = options.findIndex((o) => valuesEqual(o, wanted));
      if (index < 0) throw new RuleError("R0503", `the scripted choice ${showValue(wanted)} is not one of the options for "${question}": ${options.map(showValue).join(", ")}`, e.span);
      how = "scripted";
    } else if (this.chooser) {
      index = this.chooser.choose(question, options, e.span, who);
      if (index !== undefined && (index < 0 || index >= options.length || !Number.isInteger(index))) {
        throw new RuleError("R0503", `the chooser picked option ${index} of ${options.length} for "${question}"`, e.span);
      }
      if (index !== undefined) how = "chosen";
    }
    const picked = options[index ?? 0]!;
    const about = [...(who === undefined ? [] : [`asked of ${who}`]), ...(pick === undefined ? [] : [pick])];
    this.note("choice", () => `"${question}"${about.length > 0 ? ` (${about.join(", ")})` : ""} -> ${showValue(picked)} (${how})`, e.span);
    return index ?? 0;
  }

  /** Arguments in parameter order: a named argument carries the place the checker found for it. */
  private args(args: A.Arg[], env: Env): Value[] {
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
      if (e.ref) return this.perMember(this.decl(e.ref) as A.EnumDecl, first.comp, env);
      return this.aggregate(e.builtin!, first.comp, env, e.span);
    }
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
          for (const [m, n] of counts) if (n < 0) throw new RuleError("R0501", `a count cannot be negative, but \`${m}\` is ${n}`, e.span);
          return tallyIn(d, counts);
        }
        case "kind":
          return this.construct(d, this.args(e.args, env), e.span);
        default:
          throw new RuleError("R0501", `a ${d.kind} cannot be called`, e.callee.span);
      }
    }
    if (e.builtin !== undefined) return this.builtin(e.builtin, this.args(e.args, env), e.span);
    throw new RuleError("R0501", "this call was never resolved: the program was not checked", e.callee.span);
  }

  private builtin(name: string, a: Value[], span: A.Span): Value {
    const n = a as number[];
    switch (name) {
      case "min":
        return Math.min(n[0]!, n[1]!);
      case "max":
        return Math.max(n[0]!, n[1]!);
      case "abs":
        return Math.abs(n[0]!);
      case "clamp":
        return Math.min(Math.max(n[0]!, n[1]!), n[2]!);
      case "chance": {
        const r = this.dice.roll(100, span);
        const hit = r.value <= n[0]!;
        this.note("roll", () => `chance ${n[0]}%: d100 -> ${r.value}${r.forced ? " (forced)" : ""}, ${hit ? "success" : "failure"}`, span);
        return hit;
      }
      case "len":
        return (a[0] as Value[]).length;
      case "contains":
        return (a[0] as Value[]).some((x) => valuesEqual(x, a[1]));
      case "str":
        return showValue(a[0]);
      case "rollCount":
        return this.dice.rolled;
      case "last": {
        const list = a[0] as Value[];
        if (list.length === 0) throw new RuleError("R0501", "`last` of an empty list", span);
        return list[list.length - 1]!;
      }
      default:
        throw new RuleError("R0501", `there is no built-in \`${name}\``, span);
    }
  }

  /** `Icon(m in Icon => t[m] / 2 round down)`: a tally with one count per member. */
  private perMember(en: A.EnumDecl, c: A.Comprehension, env: Env): Tally {
    const counts = new Map<string, number>();
    for (const m of en.members) {
      env[c.slot!] = m.text;
      const n = this.eval(c.yield!, env) as number;
      if (n < 0) throw new RuleError("R0501", `a count cannot be negative, but \`${m.text}\` is ${n}`, c.yield!.span);
      counts.set(m.text, n);
    }
    return tallyIn(en, counts);
  }

  private aggregate(name: string, c: A.Comprehension, env: Env, span: A.Span): Value {
    const source = this.enumAsList(c.source) ?? this.list(c.source, env);
    const slot = c.slot!;
    const matching: Value[] = [];
    for (const item of source) {
      env[slot] = item;
      if (!c.where || this.eval(c.where, env) === true) {
        matching.push(item);
        if (name === "first" || name === "any") break;
      }
    }
    const yields = () =>
      matching.map((item) => {
        env[slot] = item;
        return this.eval(c.yield!, env) as number;
      });
    switch (name) {
      case "count":
        return matching.length;
      case "sum":
        return yields().reduce((a, b) => a + b, 0);
      case "any":
        return matching.length > 0;
      case "all":
        return matching.length === source.length;
      case "filter":
        return matching;
      case "first":
      case "min":
      case "max": {
        if (matching.length === 0) {
          if (c.otherwise) return this.eval(c.otherwise, env) as Value;
          throw new RuleError("R0501", `\`${name}\` found no item in \`${showExpr(c.source)}\`; add \`else value\` for that case`, span);
        }
        if (name === "first") return matching[0]!;
        // A loop, not Math.min(...ys): spreading a long list overflows the call stack.
        let best = Number.NaN;
        for (const y of yields()) if (Number.isNaN(best) || (name === "min" ? y < best : y > best)) best = y;
        return best;
      }
      default:
        throw new RuleError("R0501", `\`${name}\` is not an aggregate`, span);
    }
  }
}


/** `for 6 RoundEnds`, `until TurnStarts(player: Player "Red")`: how a status applied with a duration lasts. */
function describeTimer(t: StatusTimer): string {
  const about = t.paramName === undefined ? "" : t.holder ? `(${t.paramName})` : `(${t.paramName}: ${showValue(t.match)})`;
  const event = `${t.event?.name.text ?? "clear"}${about}`;
  return t.own && t.left === 1 ? `until ${event}` : `for ${t.left ?? 1} ${event}`;
}

function compare(op: string, l: Value | undefined, r: Value | undefined): boolean {
  switch (op) {
    case "==":
      return valuesEqual(l, r);
    case "!=":
      return !valuesEqual(l, r);
    case "<":
      return (l as number) < (r as number);
    case "<=":
      return (l as number) <= (r as number);
    case ">":
      return (l as number) > (r as number);
    case ">=":
      return (l as number) >= (r as number);
    default:
      return false;
  }
}

function addTallies(_p: RuntimeProgram, a: Tally, b: Tally): Tally {
  return a.map((m, n) => n + b.get(m));
}

/** Member by member; a count stops at 0. */
function subtractTallies(p: RuntimeProgram, a: Tally, b: Tally): Tally {
  return a.map((m, n) => Math.max(0, n - b.get(m)));
}

/** Every count times `n`. */
function scaleTally(p: RuntimeProgram, t: Tally, n: number): Tally {
  if (n < 0) throw new RuleError("R0501", `a count cannot be negative, but scaling \`${showValue(t)}\` by ${n} would make it so`);
  return t.map((_, c) => c * n);
}

/** Every count divided by `n`, rounded. */
function divideTally(p: RuntimeProgram, t: Tally, n: number, rounding: A.Rounding): Tally {
  if (n === 0) throw new RuleError("R0501", `division by zero: \`${showValue(t)}\` divided by 0`);
  if (n < 0) throw new RuleError("R0501", `a count cannot be negative, but dividing \`${showValue(t)}\` by ${n} would make it so`);
  return t.map((_, c) => divide(c, n, rounding));
}

/**
 * Whole-number division with an explicit rounding: `down` toward minus infinity, `up` toward plus
 * infinity, `nearest` to the closer whole number, a half away from zero. Integer arithmetic, so no
 * floating-point error decides a half.
 */
export function divide(a: number, b: number, rounding: A.Rounding): number {
  if (b === 0) throw new RuleError("R0501", `division by zero: ${a} divided by 0`);
  const q = Math.trunc(a / b);
  const r = a - q * b;
  if (r === 0) return q;
  const exactSign = Math.sign(a) * Math.sign(b);
  switch (rounding) {
    case "down":
      return exactSign < 0 ? q - 1 : q;
    case "up":
      return exactSign > 0 ? q + 1 : q;
    case "nearest":
      return 2 * Math.abs(r) >= Math.abs(b) ? q + exactSign : q;
    default:
      return A.assertNever(rounding);
  }
}

/**
 * On a tally, `double`, `multiply ... by` and `count` change the named members only; `subtract`,
 * `divide` and a bare `multiply N` change every member. `other` is `count`'s target member, or
 * `multiply`'s factor.
 */
function applyTallyModifier(p: RuntimeProgram, op: A.ModifierOp, t: Tally, amount: Value | undefined, other: Value | undefined, rounding: A.Rounding | undefined): Value | undefined {
  switch (op) {
    case "set":
    case "compute":
      return amount;
    case "add":
      return addTallies(p, t, amount as Tally);
    case "subtract":
      return subtractTallies(p, t, amount as Tally);
    case "divide":
      return divideTally(p, t, amount as number, rounding ?? "down");
    case "double":
      return t.with(amount as string, t.get(amount as string) * 2);
    case "multiply": {
      if (other === undefined) return scaleTally(p, t, amount as number);
      const factor = other as number;
      if (factor < 0) throw new RuleError("R0501", `a count cannot be negative, but \`multiply ${String(amount)} by ${factor}\` would make it so`);
      return t.with(amount as string, t.get(amount as string) * factor);
    }
    case "count": {
      // The counted results become the other member: they are not counted twice.
      const from = amount as string;
      const to = other as string;
      if (from === to) return t;
      return t.with(to, t.get(to) + t.get(from)).with(from, 0);
    }
    default:
      throw new RuleError("R0501", `\`${op}\` cannot change a tally`);
  }
}

function applyModifier(p: RuntimeProgram, op: A.ModifierOp, current: Value | undefined, amount: Value | undefined, other?: Value, rounding?: A.Rounding): Value | undefined {
  if (current instanceof Tally) return applyTallyModifier(p, op, current, amount, other, rounding);
  const c = current as number;
  const a = amount as number;
  switch (op) {
    case "set":
    case "compute":
      return amount;
    case "add":
      return c + a;
    case "subtract":
      return c - a;
    case "divide":
      return divide(c, a, rounding ?? "down");
    case "multiply":
      return c * a;
    case "double":
      return c * 2;
    case "count":
      throw new RuleError("R0501", "`count` moves results between members of a tally");
    case "atLeast":
      return Math.max(c, a);
    case "atMost":
      return Math.min(c, a);
    default:
      return A.assertNever(op);
  }
}
