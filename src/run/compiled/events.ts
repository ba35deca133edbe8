// Emissions in the compiled backend: `Events.emit` (src/run/events.ts) step for step, with what it
// looks up on every emission found once per program instead: the event's handlers in order, their rule
// labels, their conditions and bodies as compiled code, the default body's code and the default of the
// event's `result`; with generated code, the handlers and body are one generated function per event
// (generate-event.ts). Generated code calls an event's emitter (`Compiler.emitter`) with the arguments;
// an emission from a closure or from the tree-walker's own cases comes through `emit` and finds the
// same plan. Expiry, `proceed`, `apply` and `clear` are the base class's.
import type * as A from "../../core/ast.ts";
import { Events } from "../events.ts";
import { frame, type Machine } from "../machine.ts";
import { defaultValue } from "../state.ts";
import type { Value } from "../../core/values.ts";
import type { CExpr, Compiler, CStmt } from "./compiler.ts";
import type { CompiledRun } from "./run.ts";
import { eventLine, firesLine } from "../trace.ts";
import { generateEventRun, handlerLabel, writesNoVariable, type EventRun } from "./generate-event.ts";

/** One handler ready to run. */
interface HandlerCode {
  label: string;
  span: A.Span;
  frameSize: number | undefined;
  condition: CExpr | undefined;
  /** The condition writes no variable (it has no comprehension or choice): it reads the emission's values as they are, and a frame is made only for a handler that fires. */
  readsOnly: boolean;
  body: CStmt;
}

/** An event's handlers and body as compiled code: made on the event's first emission, kept with the program. */
export interface EventPlan {
  before: HandlerCode[];
  instead: HandlerCode[];
  after: HandlerCode[];
  body: CStmt | undefined;
  bodyLabel: string;
  /** The `result` an emission starts with: a constant when it is a plain value, else made anew each time (a list, a record). */
  result: (() => Value | undefined) | undefined;
  /** The handlers and body above as one generated function (generate-event.ts); undefined with closures alone, which run them through `runPlanned`. */
  run: EventRun | undefined;
}

/** Where an event's plan lives: filled on its first emission, when its handlers' code may be generated (they may emit it again). */
export interface EventCell {
  readonly ev: A.EventDecl;
  plan?: EventPlan;
}

/** What generated code calls for `emit E(...)`: the arguments in a fresh array. */
export type Emitter = (vm: CompiledRun, args: Value[], span: A.Span) => Value | undefined;

export function emitter(cell: EventCell): Emitter {
  return (vm, args, span) => (vm.events as CompiledEvents).planned(cell, args, span);
}

function makePlan(c: Compiler, ev: A.EventDecl): EventPlan {
  const handlers = c.program.handlers.get(ev);
  const codes = (list: A.TriggerDecl[] | undefined): HandlerCode[] =>
    (list ?? []).map((t) => ({
      label: handlerLabel(t, ev),
      span: t.span,
      frameSize: t.frameSize,
      condition: t.condition ? c.entry(t.condition) : undefined,
      readsOnly: t.condition === undefined || writesNoVariable(t.condition),
      body: c.block(t.body),
    }));
  return {
    before: codes(handlers?.before),
    instead: codes(handlers?.instead),
    after: codes(handlers?.after),
    body: ev.body ? c.block(ev.body) : undefined,
    bodyLabel: `event ${ev.name.text}`,
    result: ev.returns ? resultDefault(c, ev) : undefined,
    run: generateEventRun(c, ev, { before: handlers?.before ?? [], instead: handlers?.instead ?? [], after: handlers?.after ?? [] }),
  };
}

/** The default `result`, as `Events.emit` makes it on every emission; a plain value (not an object) is the same every time. */
function resultDefault(c: Compiler, ev: A.EventDecl): () => Value | undefined {
  const make = () => defaultValue(c.program, { name: ev.name, type: ev.returns!, span: ev.span }, new Set());
  const first = make();
  return typeof first === "object" && first !== null ? make : () => first;
}

export class CompiledEvents extends Events {
  constructor(
    vm: Machine,
    noStatuses: boolean,
    private readonly code: Compiler,
  ) {
    super(vm, noStatuses);
  }

  /** An emission from a closure or the tree-walker's own case: the same plan as generated code's. */
  override emit(ev: A.EventDecl, args: Value[], span: A.Span): Value | undefined {
    return this.planned(this.code.event(ev), args, span);
  }

  /** `Events.emit`, with its handlers and body from the event's plan. */
  planned(cell: EventCell, args: Value[], span: A.Span): Value | undefined {
    const vm = this.vm;
    const ev = cell.ev;
    vm.tick(span);
    if (vm.tracing) vm.note("event", () => eventLine(ev.name.text, args), span);
    const plan = (cell.plan ??= makePlan(this.code, ev));
    vm.depth++;
    const n = ev.params.length;
    // Every caller passes a fresh array of the arguments: it becomes the emission's own when it holds no more.
    const values: (Value | undefined)[] = args.length === n ? args : args.slice(0, n);
    if (plan.result) values[n] = plan.result();
    const seq = ++this.started;
    this.emissions.push({ ev, values });
    // No `finally`: an error ends the run, its message made, naming the rule, when it was thrown.
    if (plan.run) plan.run(values, vm as CompiledRun);
    else this.runPlan(plan, ev, values);
    // Statuses see the arguments as the `before` handlers left them.
    if (this.expiryEvents.has(ev)) this.expire(ev, values.slice(0, n) as Value[], seq);
    this.emissions.pop();
    vm.depth--;
    return ev.returns ? values[n] : undefined;
  }

  /** The plan's handlers and body through closures: what `plan.run` does as one generated function. */
  private runPlan(plan: EventPlan, ev: A.EventDecl, values: (Value | undefined)[]) {
    const vm = this.vm;
    if (plan.before.length > 0) this.runPlanned(plan.before, values, false);
    const replaced = plan.instead.length > 0 ? this.runPlanned(plan.instead, values, true) : false;
    if (!replaced && plan.body) {
      const outer = vm.enter(plan.bodyLabel, ev.span);
      try {
        plan.body(frame(ev.frameSize, values), vm as CompiledRun);
      } finally {
        vm.leave(outer);
      }
    }
    if (plan.after.length > 0) this.runPlanned(plan.after, values, false);
  }

  /** `Events.runHandlers` over compiled handlers: with `onlyFirst` (`instead of`) the first that applies replaces the body. */
  private runPlanned(list: HandlerCode[], values: (Value | undefined)[], onlyFirst: boolean): boolean {
    const vm = this.vm as CompiledRun;
    for (let i = 0; i < list.length; i++) {
      const h = list[i]!;
      // The handler's label while its condition is decided and its trace line written (an error ends the run, so no `finally`).
      const outer = vm.rule;
      vm.rule = h.label;
      vm.tick(h.span);
      // Each handler runs in a frame of its own: the emission's arguments and result as they stand, then its own variables.
      // A condition that only reads sees the same in the values themselves, which nothing changes while it runs.
      let env = h.readsOnly ? undefined : frame(h.frameSize, values);
      const applies = !h.condition || h.condition(env ?? values, vm) === true;
      if (applies && vm.tracing) vm.note("trigger", () => firesLine(h.label), h.span);
      vm.rule = outer;
      if (!applies) continue;
      env ??= frame(h.frameSize, values);
      vm.enter(h.label, h.span);
      try {
        h.body(env, vm);
      } finally {
        vm.leave(outer);
      }
      if (onlyFirst) return true;
    }
    return false;
  }
}
