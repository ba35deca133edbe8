// Events and statuses at run time: an emission with its handlers (`before`, `instead of`, `on`) and
// `proceed`, changes a handler makes to the emission's arguments and result, statuses applied with a
// timer, and the expiry that counts timers down. A small class rather than free functions, because it
// owns state only this part uses (the emissions in progress, the events that count a status down,
// the entities given a status); it holds the running interpreter as a `Machine` (see machine.ts) to
// evaluate and trace. Emissions are not the hot path of `eval`/`exec`: the one extra field read per
// call into this class costs nothing measurable.
import type * as A from "../core/ast.ts";
import { keptIn } from "../core/kept-values.ts";
import { frame, type Env, type Machine } from "./machine.ts";
import { defaultValue } from "./state.ts";
import { declaredTimer } from "./status-json.ts";
import type { RuntimeProgram } from "./index-program.ts";
import { eventLine, firesLine } from "./trace.ts";
import { Entity, RuleError, showValue, valuesEqual, type ExpiryTrigger, type StatusTimer, type Value } from "../core/values.ts";
import { describeInstance, fromSource, instancesOf, policyOf, setInstances } from "../core/statuses.ts";
import { sourceArg, statusArgValues } from "../constructs/status-args.ts";

/**
 * One emission in progress: the event's arguments, then its `result`, in the slots every handler's
 * frame starts with. A `before` handler may change the arguments, and every handler the result.
 */
export interface Emission {
  ev: A.EventDecl;
  values: (Value | undefined)[];
}

export class Events {
  /** Entities that were given a status while running, so `until`/`for` expiry reaches local ones too. */
  private readonly statusHolders = new Set<Entity>();
  /**
   * Events that count some status down; others skip expiry at once. Both sets start as the program's
   * own (`declaredExpiries`, made once for every run) and are copied only when a run adds to them.
   */
  protected expiryEvents: Set<A.EventDecl>;
  /** Of those, the events that count down statuses not bound to a holder argument: they need the walk over the state. */
  private walkEvents: Set<A.EventDecl>;
  private ownSets = false;
  /** Emissions in progress, innermost last: what `proceed` runs, and what a handler's changes go to. */
  protected readonly emissions: Emission[] = [];
  /** Emissions begun so far in this run: a duration given at `apply` counts only those begun after it. */
  protected started = 0;
  /**
   * Entities that held, when the run began, a status the walk over the state counts down (one timed by
   * an event, not bound to a holder argument). With `statusHolders` these are the only entities that
   * can hold one (only `apply` gives statuses or changes their timers while running), so when none of
   * them holds a status any more the walk is needed only for the order of the trace.
   */
  private readonly initialHolders: Entity[] = [];
  /**
   * By event, the entities that may hold a status it counts down on the walk (one not bound to a
   * holder argument): added as the state arrives and as `apply` gives statuses, dropped when found
   * without one. Only `apply` gives statuses while running, so no other entity can hold one.
   */
  private readonly walkCandidates = new Map<A.EventDecl, Set<Entity>>();

  constructor(
    protected readonly vm: Machine,
    noStatuses = false,
  ) {
    const declared = declaredExpiries(vm.program);
    this.expiryEvents = declared.expiry;
    this.walkEvents = declared.walk;
    // A state may arrive holding statuses applied with events of their own.
    if (!noStatuses) this.forEachEntity((e) => {
      let walked = false;
      for (const head of e.statuses.values()) {
        for (const t of instancesOf(head)) {
          this.watch(t);
          this.candidate(e, t);
          walked ||= (t.event !== undefined && !t.holder) || (t.or?.some((o) => !o.holder) ?? false);
        }
      }
      if (walked) this.initialHolders.push(e);
    });
  }

  /** `apply S to x [for N E(...) | until E(...)]`: `target` is `x`, already evaluated; the frame is read only for a duration given here (`s.expiry`). */
  apply(s: A.Stmt & { kind: "apply" }, target: Entity, env: Env | undefined) {
    const decl = this.vm.decl(s.ref) as A.StatusDecl;
    // The values and the source first, in the order written, then the duration.
    const given = s.args ? statusArgValues(s.args, decl.params?.length ?? 0, env!, (e, f) => this.vm.eval(e, f)) : undefined;
    const timer = s.expiry ? this.appliedTimer(decl, s.expiry, env!) : declaredTimer(this.vm.program, decl);
    if (given?.values) timer.values = given.values;
    if (given?.source !== undefined) timer.source = given.source;
    const name = decl.name.text;
    const policy = decl.stacking ? policyOf(decl) : "refresh";
    const held = policy === "refresh" ? undefined : target.statuses.get(name);
    if (held) {
      const list = instancesOf(held);
      // `separate`: one instance per source, so the source's own is replaced where it stands.
      const same = policy === "separate" ? list.findIndex((i) => (timer.source === undefined ? i.source === undefined : fromSource(i, timer.source))) : -1;
      if (same >= 0) list[same] = timer;
      else list.push(timer);
      setInstances(target, name, list);
    } else target.statuses.set(name, timer);
    this.statusHolders.add(target);
    this.watch(timer);
    this.candidate(target, timer);
    // Guarded here too: a simulation applies statuses often, and the message's closure is made before `note` looks.
    if (this.vm.tracing) this.vm.note("status", () => `${showValue(target)} is now ${describeInstance(s.status.text, timer)}${s.expiry ? ` (${describeTimer(timer)})` : ""}`, s.span);
  }

  /** `clear S from x`: `target` is `x`, already evaluated; `clear S(from: d) from x` ends only the instances from `d`. */
  clear(s: A.Stmt & { kind: "clear" }, target: Entity, env: Env | undefined) {
    const name = (this.vm.decl(s.ref) as A.StatusDecl).name.text;
    const from = sourceArg(s.args);
    if (!from) {
      if (target.statuses.delete(name) && this.vm.tracing) this.vm.note("status", () => `${showValue(target)} is no longer ${s.status.text}`, s.span);
      return;
    }
    const source = this.vm.eval(from, env!) as Value;
    const held = target.statuses.get(name);
    if (!held) return;
    const list = instancesOf(held);
    const kept = list.filter((i) => !fromSource(i, source));
    if (kept.length === list.length) return;
    setInstances(target, name, kept);
    if (this.vm.tracing) this.vm.note("status", () => `${showValue(target)} is no longer ${s.status.text} from ${showValue(source)}`, s.span);
  }

  /** `proceed`: the checker allows it only in an `instead of` handler, so the innermost emission is its event. */
  proceed() {
    const current = this.emissions[this.emissions.length - 1];
    if (current) this.defaultBody(current);
  }

  /** Makes emissions of a timer's events count it down. */
  private watch(t: StatusTimer) {
    if (t.or) for (const o of t.or) this.watchOne(o);
    this.watchOne(t);
  }

  private watchOne(t: { event?: A.EventDecl; holder?: boolean }) {
    if (!t.event || (this.expiryEvents.has(t.event) && (t.holder || this.walkEvents.has(t.event)))) return;
    if (!this.ownSets) {
      this.expiryEvents = new Set(this.expiryEvents);
      this.walkEvents = new Set(this.walkEvents);
      this.ownSets = true;
    }
    this.expiryEvents.add(t.event);
    if (!t.holder) this.walkEvents.add(t.event);
  }

  /** Indexes `e` under the event that counts `t` down on the walk. */
  private candidate(e: Entity, t: StatusTimer) {
    if (t.or) for (const o of t.or) this.candidateOn(e, o);
    this.candidateOn(e, t);
  }

  private candidateOn(e: Entity, t: { event?: A.EventDecl; holder?: boolean }) {
    if (!t.event || t.holder) return;
    let set = this.walkCandidates.get(t.event);
    if (!set) this.walkCandidates.set(t.event, (set = new Set()));
    set.add(e);
  }

  /**
   * The entities the walk would count down on this emission of `ev`, found through the index instead of
   * the walk, when the walk's order cannot show: each was given its status while running (so the walk
   * reaches it, whatever the state holds now) and at most one of them loses a status now (a countdown
   * that does not end is not traced). Undefined when the walk is needed for its order or its reach.
   */
  private dueWithoutWalk(ev: A.EventDecl, args: Value[], seq: number): Entity[] | undefined {
    const set = this.walkCandidates.get(ev);
    const due: Entity[] = [];
    if (!set) return due;
    let ending = 0;
    for (const e of set) {
      const names = dueStatuses(e, ev, args, seq, false);
      if (names === undefined) {
        if (!holdsWalkTimer(e, ev)) set.delete(e);
        continue;
      }
      if (!this.statusHolders.has(e)) return undefined;
      due.push(e);
      if (names.some((s) => instancesOf(e.statuses.get(s)!).some((i) => (i.left ?? 1) <= 1)) && ++ending > 1) return undefined;
    }
    return due;
  }

  /** Every entity reachable from the state or given a status while running, once each. */
  private forEachEntity(f: (e: Entity) => void) {
    const seen = new Set<Entity>();
    const globals = this.vm.globals;
    for (let i = 0; i < globals.length; i++) visitEntities(globals[i], seen, f);
    for (const e of this.statusHolders) visitEntities(e, seen, f);
  }

  /** Runs an emission (section 9's ordering rule) and gives back the event's final `result`. */
  emit(ev: A.EventDecl, args: Value[], span: A.Span): Value | undefined {
    this.vm.tick(span);
    const name = ev.name.text;
    if (this.vm.tracing) this.vm.note("event", () => eventLine(name, args), span);
    this.vm.depth++;
    // Every caller passes a fresh array of the arguments: it becomes the emission's own when it holds no more.
    const values: (Value | undefined)[] = args.length === ev.params.length ? args : args.slice(0, ev.params.length);
    if (ev.returns) values[ev.params.length] = defaultValue(this.vm.program, { name: ev.name, type: ev.returns, span: ev.span }, new Set());
    const emission: Emission = { ev, values };
    const seq = ++this.started;
    this.emissions.push(emission);
    try {
      const handlers = this.vm.program.handlers.get(ev);
      if (handlers && handlers.before.length > 0) this.runHandlers(ev, handlers.before, values, false);
      const replaced = handlers && handlers.instead.length > 0 ? this.runHandlers(ev, handlers.instead, values, true) : false;
      if (!replaced) this.defaultBody(emission);
      if (handlers && handlers.after.length > 0) this.runHandlers(ev, handlers.after, values, false);
      // Statuses see the arguments as the `before` handlers left them.
      if (this.expiryEvents.has(ev)) this.expire(ev, values.slice(0, ev.params.length) as Value[], seq);
      return ev.returns ? values[ev.params.length] : undefined;
    } finally {
      this.emissions.pop();
      this.vm.depth--;
    }
  }

  /** One timing's handlers, in order; with `onlyFirst` (`instead of`) the first that applies replaces the body. */
  private runHandlers(ev: A.EventDecl, list: A.TriggerDecl[], values: (Value | undefined)[], onlyFirst: boolean): boolean {
    const labels = handlerLabels(list, ev);
    for (let i = 0; i < list.length; i++) {
      const t = list[i]!;
      const label = labels[i]!;
      // The handler's label while its condition is decided and its trace line written (an error ends the run, so no `finally`).
      const outer = this.vm.rule;
      this.vm.rule = label;
      // A step per handler considered, its `when` true or not: 100,000 handlers of one event are work.
      this.vm.tick(t.span);
      // Each handler runs in a frame of its own: the emission's arguments and result as they stand, then its own variables.
      const env = frame(t.frameSize, values);
      const applies = !t.condition || this.vm.eval(t.condition, env) === true;
      if (applies && this.vm.tracing) this.vm.note("trigger", () => firesLine(label), t.span);
      this.vm.rule = outer;
      if (!applies) continue;
      this.vm.enter(label, t.span);
      try {
        this.vm.execBlock(t.body, env);
      } finally {
        this.vm.leave(outer);
      }
      if (onlyFirst) return true;
    }
    return false;
  }

  private defaultBody({ ev, values }: Emission) {
    if (!ev.body) return;
    const outer = this.vm.enter(this.vm.label(ev, () => `event ${ev.name.text}`), ev.span);
    try {
      this.vm.execBlock(ev.body, frame(ev.frameSize, values));
    } finally {
      this.vm.leave(outer);
    }
  }

  /** A handler changed an argument or the result of the innermost emission: every later handler sees it. */
  changeEmission(slot: number, v: Value | undefined, span: A.Span) {
    const current = this.emissions[this.emissions.length - 1];
    if (!current) return;
    const before = current.values[slot];
    current.values[slot] = v;
    if (valuesEqual(before, v)) return;
    const what = current.ev.params[slot]?.name.text ?? "result";
    this.vm.note("event", () => `${current.ev.name.text}: ${what} ${showValue(before)} -> ${showValue(v)}`, span);
  }

  /**
   * Statuses whose timer counts this event go down by one; at zero they end. A timer bound to a
   * parameter counts only emissions where that argument is the holder (or equals the value fixed at
   * `apply`); the others count on every entity reachable from the state or given a status.
   */
  protected expire(ev: A.EventDecl, args: Value[], seq: number) {
    if (!this.expiryEvents.has(ev)) return;
    // Each entity among the arguments once, where it first stands: no set for the two or three arguments an event has.
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (a instanceof Entity && args.indexOf(a) === i) this.countDown(a, ev, args, seq, true);
    }
    if (!this.walkEvents.has(ev)) return;
    const initiallyHeld = this.initialHolders.some((e) => e.statuses.size > 0);
    // Without a trace, the order entities are counted down in is not seen (each touches its own
    // statuses only), and the walk would reach no other holder than those given a status while running:
    // count those down, not every entity in the state.
    if (!initiallyHeld && !this.vm.tracing) {
      for (const e of this.statusHolders) this.countDown(e, ev, args, seq, false);
      return;
    }
    // The index answers most emissions: the walk over a large state runs only when its order or its
    // reach can show in what happens (two statuses ending at once, or a status the state came with).
    const direct = this.dueWithoutWalk(ev, args, seq);
    if (direct) {
      for (const e of direct) this.countDown(e, ev, args, seq, false);
      return;
    }
    if (initiallyHeld || this.anyHeld(this.statusHolders)) this.forEachEntity((e) => this.countDown(e, ev, args, seq, false));
  }

  /** Counts down the statuses of `v` this emission of `ev` is due for (see `expire`); at zero they end. A method, not a closure made per emission. */
  private countDown(v: Entity, ev: A.EventDecl, args: Value[], seq: number, bound: boolean) {
    // Most entities hold no status: the walk over the state visits them all on every such emission.
    if (v.statuses.size === 0) return;
    const due = dueStatuses(v, ev, args, seq, bound);
    if (due === undefined) return;
    // In declaration order; statuses applied in that order (the common case) are already, and keep it (the sort is stable).
    if (due.length > 1 && !inDeclarationOrder(v, due)) due.sort((a, b) => statusId(v, a) - statusId(v, b));
    for (const s of due) {
      const t = v.statuses.get(s)!;
      if (!t.others) {
        const next = (t.left ?? 1) - 1;
        if (next > 0) {
          t.left = next;
          continue;
        }
        // The last one: a fresh map for the entity, cheaper than the delete that empties one (V8 shrinks its table then, in a call into the runtime).
        if (v.statuses.size === 1) v.statuses = new Map();
        else v.statuses.delete(s);
        // Guarded here too: the message's closure is made before `note` looks.
        if (this.vm.tracing) this.vm.note("status", () => `${showValue(v)} is no longer ${describeInstance(s, t)} (expired on ${ev.name.text})`, t.status?.span ?? ev.span);
        continue;
      }
      // Several instances: each counts down on its own, and those at zero end, oldest first.
      const kept: StatusTimer[] = [];
      const ended: StatusTimer[] = [];
      for (const i of instancesOf(t)) {
        if (!dueOn(i, v, ev, args, seq, bound)) kept.push(i);
        else if ((i.left ?? 1) > 1) {
          i.left = (i.left ?? 1) - 1;
          kept.push(i);
        } else ended.push(i);
      }
      if (ended.length === 0) continue;
      setInstances(v, s, kept);
      if (this.vm.tracing) for (const i of ended) this.vm.note("status", () => `${showValue(v)} is no longer ${describeInstance(s, i)} (expired on ${ev.name.text})`, i.status?.span ?? ev.span);
    }
  }

  /** Whether any of these holds a status now: if none does, the expiry walk over the state would count nothing down. */
  private anyHeld(holders: Iterable<Entity>): boolean {
    for (const e of holders) if (e.statuses.size > 0) return true;
    return false;
  }

  /** The timer of `apply S to x for N [E(...)]` or `until E(...)`; the checker made sure the event exists. */
  private appliedTimer(status: A.StatusDecl, x: A.AppliedExpiry, env: Env): StatusTimer {
    let left = 1;
    if (x.times) {
      left = this.vm.eval(x.times, env) as number;
      if (!Number.isInteger(left) || left < 1) throw new RuleError("R0501", `a status cannot last for ${showValue(left)} events`, x.times.span);
    }
    if (!x.event) return { ...declaredTimer(this.vm.program, status, left), once: false, since: this.started };
    const t: StatusTimer = { left, event: this.vm.decl(x.ref) as A.EventDecl, own: true, status, since: this.started };
    this.trigger(t, x, env);
    // `until A or B(p: v)`: each more event read as the first, its value fixed now too.
    if (x.or) t.or = x.or.map((o) => this.trigger({ event: this.vm.decl(o.ref) as A.EventDecl }, o, env));
    return t;
  }

  /** The parameter an expiry's event is matched on: the holder, or a value fixed at `apply`. */
  private trigger<T extends ExpiryTrigger | StatusTimer>(t: T, x: A.AppliedExpiry, env: Env): T {
    const p = x.holder ?? x.match?.param;
    if (p) {
      t.param = x.paramIndex;
      t.paramName = p.text;
    }
    if (x.holder) t.holder = true;
    if (x.match) t.match = this.vm.eval(x.match.value, env);
    return t;
  }

}

/** The statuses of `v` this emission of `ev` counts down (bound to a holder argument or not), in `v`'s order; undefined when none. */
function dueStatuses(v: Entity, ev: A.EventDecl, args: Value[], seq: number, bound: boolean): string[] | undefined {
  // Most entities hold no status: the walk over the state visits them all on every such emission.
  if (v.statuses.size === 0) return undefined;
  // Made only when a status is due: most countdowns find none.
  let due: string[] | undefined;
  // Keys, then each one's timer: no [name, timer] pair made per status.
  for (const s of v.statuses.keys()) {
    const t = v.statuses.get(s)!;
    if (t.others ? !t.others.some((i) => dueOn(i, v, ev, args, seq, bound)) && !dueOn(t, v, ev, args, seq, bound) : !dueOn(t, v, ev, args, seq, bound)) continue;
    (due ??= []).push(s);
  }
  return due;
}

/** Whether this emission of `ev` counts one instance down: its own event, or one of its `or` events. */
function dueOn(t: StatusTimer, v: Entity, ev: A.EventDecl, args: Value[], seq: number, bound: boolean): boolean {
  // "Until the caster's next turn", applied during that caster's turn start: not this one.
  if (t.since !== undefined && seq <= t.since) return false;
  if (triggers(t, v, ev, args, bound)) return true;
  if (t.or) for (const o of t.or) if (triggers(o, v, ev, args, bound)) return true;
  return false;
}

function triggers(t: ExpiryTrigger | StatusTimer, v: Entity, ev: A.EventDecl, args: Value[], bound: boolean): boolean {
  if (t.event !== ev || !!t.holder !== bound) return false;
  return t.param === undefined || (bound ? args[t.param] === v : valuesEqual(args[t.param], t.match));
}

/** Whether `v` still holds a status `ev` counts down on the walk, due now or later. */
function holdsWalkTimer(v: Entity, ev: A.EventDecl): boolean {
  for (const head of v.statuses.values()) {
    for (const t of instancesOf(head)) {
      if (t.event === ev && !t.holder) return true;
      if (t.or?.some((o) => o.event === ev && !o.holder)) return true;
    }
  }
  return false;
}

function statusId(v: Entity, s: string): number {
  return v.statuses.get(s)!.status?.id ?? 0;
}

function inDeclarationOrder(v: Entity, due: string[]): boolean {
  for (let i = 1; i < due.length; i++) if (statusId(v, due[i - 1]!) > statusId(v, due[i]!)) return false;
  return true;
}

/** The events that count down statuses as declared (`status S until E`), per program: every run starts from them. */
const declaredSets = new WeakMap<RuntimeProgram, { expiry: Set<A.EventDecl>; walk: Set<A.EventDecl> }>();
function declaredExpiries(program: RuntimeProgram): { expiry: Set<A.EventDecl>; walk: Set<A.EventDecl> } {
  return keptIn(declaredSets, program, expiriesOf);
}

function expiriesOf(program: RuntimeProgram): { expiry: Set<A.EventDecl>; walk: Set<A.EventDecl> } {
  const sets = { expiry: new Set<A.EventDecl>(), walk: new Set<A.EventDecl>() };
  for (const [event, statuses] of program.expiries) {
    sets.expiry.add(event);
    const unbound = (x: A.StatusExpiry) => !x.holder && x.ref?.to === "decl" && program.decls[x.ref.id] === event;
    if (statuses.some((d) => d.expiry && (unbound(d.expiry) || d.expiry.or?.some(unbound)))) sets.walk.add(event);
  }
  return sets;
}

/** The rule labels (`on UnitHit`) of one timing's handlers of an event, made once per list: they depend on the rules alone. */
const labelsOf = new WeakMap<A.TriggerDecl[], string[]>();
function handlerLabels(list: A.TriggerDecl[], ev: A.EventDecl): string[] {
  return keptIn(labelsOf, list, () => list.map((t) => `${t.timing === "after" ? "on" : t.timing === "instead" ? "instead of" : "before"} ${ev.name.text}`));
}

/** `for 6 RoundEnds`, `until TurnStarts(player: Player "Red")`: how a status applied with a duration lasts. */
function describeTimer(t: StatusTimer): string {
  const one = (x: ExpiryTrigger | StatusTimer) => `${x.event?.name.text ?? "clear"}${x.paramName === undefined ? "" : x.holder ? `(${x.paramName})` : `(${x.paramName}: ${showValue(x.match)})`}`;
  const event = [t, ...(t.or ?? [])].map(one).join(" or ");
  return t.own && t.left === 1 ? `until ${event}` : `for ${t.left ?? 1} ${event}`;
}

/** Whether any entity reachable from the state holds a status an event counts down: `RunOptions.noStatuses` for its copies when not. */
export function stateHoldsTimedStatus(globals: readonly (Value | undefined)[]): boolean {
  let held = false;
  const seen = new Set<Entity>();
  const look = (e: Entity) => {
    for (const t of e.statuses.values()) held ||= instancesOf(t).some((i) => i.event !== undefined);
  };
  for (const g of globals) visitEntities(g, seen, look);
  return held;
}

/**
 * Depth first, each entity before what its fields hold, in field order. A plain loop over the fields
 * (they are a prototype-free map: `for in` sees only their own) rather than `Object.values`, since
 * every run walks its state at least once: no array or closure per entity.
 */
function visitEntities(v: Value | undefined, seen: Set<Entity>, f: (e: Entity) => void, depth = 0) {
  if (depth > MAX_VISIT_DEPTH) return visitDeep(v, seen, f);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) visitEntities(v[i], seen, f, depth + 1);
  } else if (v instanceof Entity && !seen.has(v)) {
    seen.add(v);
    f(v);
    const fields = v.fields;
    for (const k in fields) visitEntities(fields[k], seen, f, depth + 1);
  }
}

/** How deep visitEntities recurses before the rest of that branch is walked with a stack of its own. */
const MAX_VISIT_DEPTH = 200;

/**
 * The same walk, in the same order, with a stack of its own: a chain of entities, each in a field of
 * the one before, is as long as the state is large. Children are pushed last first, so each is
 * walked, with all it holds, before the next.
 */
function visitDeep(root: Value | undefined, seen: Set<Entity>, f: (e: Entity) => void) {
  const stack: (Value | undefined)[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
    } else if (v instanceof Entity && !seen.has(v)) {
      seen.add(v);
      f(v);
      const values = Object.values(v.fields);
      for (let i = values.length - 1; i >= 0; i--) stack.push(values[i]);
    }
  }
}
