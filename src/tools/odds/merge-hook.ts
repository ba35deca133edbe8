// The loop hook of `rulesmith odds`: it follows the frames of a tree-walking run and, at the first clean
// loop head (clean-points.ts) after the dice of a state's representative path and at least one more,
// stops the run with the fingerprint of where it stands. Two runs with the same fingerprint have the
// same future, die for die, so the odds merge them into one state of a Markov chain.
//
// The fingerprint is the place (the loop, the call site of every frame), every frame's slots, the whole
// game state, the dice still forced and the choices still scripted, written canonically: entities and
// lists are numbered in the order they are first met, so two states that are the same up to which
// JavaScript objects hold them, with the same sharing, are written the same. A status timer's `since`
// is left out: it matters only to emissions in progress, and at a clean point there are none.
import type * as A from "../../core/ast.ts";
import type { Interpreter } from "../../run/interpreter.ts";
import type { LoopHook } from "../../run/loop-hook.ts";
import type { Env } from "../../run/machine.ts";
import { Die, Entity, Tally, type StatusTimer, type Value } from "../../core/values.ts";
import { instancesOf } from "../../core/statuses.ts";
import { heldValues } from "../../run/status-json.ts";
import { cleanPoints, type CleanPoints } from "./clean-points.ts";
import type { CompoundCalls } from "./compound-calls.ts";
import type { PathDice } from "./path-dice.ts";
import { keptIn } from "../../core/kept-values.ts";

/**
 * Thrown by the hook to end a run at a merge point: the runner catches it as the run's error, and the
 * hook's `stopped` says what it was. Not an Error: one is thrown per run, and an Error's stack trace
 * cost a seventh of the whole enumeration.
 */
export class MergePoint {
  readonly mergePoint = true;
}
const STOP = new MergePoint();

interface Activation {
  fn: A.FnDecl;
  site: A.Span;
  env: Env;
}

export class MergeHook implements LoopHook {
  private readonly stack: Activation[] = [];
  /** The fingerprint the run stopped at, if it did. */
  stopped: string | undefined;
  /** Inside a compound call being worked out: no merge point there, and no compound call within it. */
  private inside = false;

  constructor(
    private readonly dice: PathDice,
    /** The dice of the state's path: the run stops only once it has rolled more. */
    private readonly after: number,
    /** Distributions of pure calls (compound-calls.ts); without them every die is a branch point. */
    private readonly compounds?: CompoundCalls,
  ) {}

  call(fn: A.FnDecl, args: readonly Value[], span: A.Span, vm: Interpreter): { value: Value | undefined } | undefined {
    // Not the scenario's own call (made with the function's span): its paths are the enumeration itself.
    if (this.inside || !this.compounds || span === fn.span || cleanPoints(vm.program).countsRolls) return undefined;
    return this.compounds.draw(fn, vm.program, this.dice, (withState) => callKey(fn, args, withState ? vm : undefined), () => {
      this.inside = true;
      try {
        return vm.call(fn, args as Value[], span);
      } finally {
        this.inside = false;
      }
    });
  }

  enter(fn: A.FnDecl, site: A.Span, env: Env) {
    this.stack.push({ fn, site, env });
  }

  leave() {
    this.stack.pop();
  }

  head(loop: A.Stmt & { kind: "while" }, env: Env, vm: Interpreter) {
    if (this.inside || this.dice.sides.length <= this.after) return;
    const points = cleanPoints(vm.program);
    if (!this.clean(points, loop, env, vm)) return;
    const rolled = points.countsRolls ? `${vm.dice.rolled}:` : "";
    this.stopped = rolled + fingerprint(places(points, loop, this.stack), this.stack, vm, this.dice);
    throw STOP;
  }

  /**
   * Whether the whole stack is clean: the loop stands in the innermost frame, each frame was called
   * from a clean site of the frame below (the first by the scenario), and (a check of the same at run time) no emission, handler
   * or expression-bodied call is in progress: the trace depth counts exactly the frames seen here.
   */
  private clean(points: CleanPoints, loop: A.Stmt & { kind: "while" }, env: Env, vm: Interpreter): boolean {
    const top = this.stack[this.stack.length - 1];
    const at = points.loops.get(loop);
    if (!top || !at || at.owner !== top.fn || top.env !== env) return false;
    if (vm.nested !== 0 || vm.depth !== this.stack.length) return false;
    // The first frame is the scenario's own call, which the runner makes with the function's span.
    if (this.stack[0]!.site !== this.stack[0]!.fn.span) return false;
    for (let i = 1; i < this.stack.length; i++) {
      const site = points.sites.get(this.stack[i]!.site);
      if (!site || site.owner !== this.stack[i - 1]!.fn) return false;
    }
    return true;
  }
}

/** The loop and the call sites below it, as the numbers clean-points.ts gave them. */
function places(points: CleanPoints, loop: A.Stmt & { kind: "while" }, stack: readonly Activation[]): string {
  const ids = [points.loops.get(loop)!.id];
  for (let i = 1; i < stack.length; i++) ids.push(points.sites.get(stack[i]!.site)!.id);
  return ids.join(",");
}

/** A pure call's key: the function, its arguments and (when it reads the state by name) the whole game state, canonically (entities numbered as met, the arguments first). */
function callKey(fn: A.FnDecl, args: readonly Value[], vm: Interpreter | undefined): string {
  const w = new Writer();
  w.out.push(`F${w.declNumber(fn)}|`);
  w.values(args);
  if (vm) for (let i = 0; i < vm.globals.length; i++) w.value(vm.globals[i]);
  return w.out.join("");
}

function fingerprint(places: string, stack: readonly Activation[], vm: Interpreter, dice: PathDice): string {
  const w = new Writer();
  w.out.push(places, "|", dice.unusedForced().join(","), "|", String(scriptedLeft(vm)), "|");
  w.values(vm.scripted);
  for (let i = 0; i < vm.globals.length; i++) w.value(vm.globals[i]);
  for (const a of stack) {
    w.out.push("/");
    for (let i = 0; i < a.env.length; i++) w.value(a.env[i]);
  }
  return w.out.join("");
}

/** The scenario's scripted choices not yet asked for: the default policy answers after them. */
function scriptedLeft(vm: Interpreter): number {
  const c = vm.chooser as { left?: () => number } | undefined;
  return typeof c?.left === "function" ? c.left() : -1;
}

/**
 * Writes values canonically; entities and lists by the order they are first met, after that by number.
 * With a stack of its own: a chain of entities, each in a field of the one before, is as long as the
 * state is large. The stack holds what is still to be written, last first: a value, or text as it is.
 */
class Writer {
  readonly out: string[] = [];
  private readonly seen = new Map<object, number>();
  private readonly todo: (Value | undefined | Text)[] = [];

  values(vs: readonly (Value | undefined)[]) {
    this.todo.push(TEXT("]"));
    for (let i = vs.length - 1; i >= 0; i--) this.todo.push(vs[i]);
    this.out.push("[");
    this.drain();
  }

  value(v: Value | undefined) {
    this.todo.push(v);
    this.drain();
  }

  private drain() {
    const todo = this.todo;
    while (todo.length > 0) {
      const v = todo.pop();
      if (v instanceof Text) this.out.push(v.text);
      else this.one(v);
    }
  }

  private one(v: Value | undefined) {
    if (v === undefined) return void this.out.push("u;");
    if (v === null) return void this.out.push("n;");
    switch (typeof v) {
      case "number":
        return void this.out.push(`${v};`);
      case "boolean":
        return void this.out.push(v ? "t;" : "f;");
      case "string":
        return void this.out.push(JSON.stringify(v), ";");
    }
    if (v instanceof Tally) return void this.out.push(`T${v.of}(`, [...v.counts].map(([m, n]) => `${m}:${n}`).join(","), ");");
    if (v instanceof Die) return void this.out.push(`D${this.decl(v.decl)};`);
    // A record never changes: written by what it holds, wherever it is.
    if (v instanceof Entity && v.record) return this.fields("R", v);
    const known = this.seen.get(v);
    if (known !== undefined) return void this.out.push(`#${known};`);
    this.seen.set(v, this.seen.size);
    if (Array.isArray(v)) {
      this.out.push("[");
      this.todo.push(TEXT("]"));
      for (let i = v.length - 1; i >= 0; i--) this.todo.push(v[i]);
      return;
    }
    // Pushed first, written last: the statuses after the fields.
    this.statuses(v);
    this.fields("E", v);
  }

  /** Writes the entity's head now and pushes its fields, sorted (a field set late may sit after the others in one run and not in another). */
  private fields(tag: string, e: Entity) {
    this.out.push(tag, e.kind, e.id === undefined ? "" : `$${JSON.stringify(e.id)}`, "{");
    const keys = Object.keys(e.fields).sort();
    this.todo.push(TEXT("}"));
    for (let i = keys.length - 1; i >= 0; i--) this.todo.push(e.fields[keys[i]!], TEXT(`${keys[i]}:`));
  }

  /** Pushes the entity's statuses, sorted by name, each timer's matched value among them. */
  private statuses(e: Entity) {
    if (e.statuses.size === 0) return;
    // The values a timer holds (a matched argument; an instance's values and source) are fingerprinted as values are.
    const timers = [...e.statuses.keys()].sort().map((name) => ({ text: this.timer(name, e.statuses.get(name)!), held: heldValues(e.statuses.get(name)!) }));
    this.todo.push(TEXT("}"));
    for (let i = timers.length - 1; i >= 0; i--) {
      this.todo.push(TEXT(";"));
      const held = timers[i]!.held;
      for (let j = held.length - 1; j >= 0; j--) this.todo.push(held[j]!, TEXT(","));
      this.todo.push(TEXT(timers[i]!.text));
    }
    this.todo.push(TEXT("S{"));
  }

  private timer(name: string, t: StatusTimer): string {
    const one = (i: StatusTimer) => `${i.left ?? ""},${i.event ? this.decl(i.event) : ""},${i.param ?? ""},${i.holder ? 1 : 0}${i.own ? 1 : 0}${i.once ? 1 : 0},`;
    // Instances (`others`) and their values and sources are state too: two runs that differ there are two states.
    if (!t.others && t.values === undefined && t.source === undefined && !t.or) return `${name}:${one(t)}`;
    return `${name}:${instancesOf(t).map((i) => `${one(i)}${i.values?.length ?? 0}|${i.source === undefined ? 0 : 1}|${(i.or ?? []).map((o) => this.decl(o.event)).join(".")}`).join(";")}`;
  }

  /** A declaration by a number of its own, the same in every run and every fingerprint. */
  declNumber(d: object): number {
    return this.decl(d);
  }

  private decl(d: object): number {
    return keptIn(declNumbers, d, () => ++declCount);
  }
}

/** Text to write as it is, told apart on the writer's stack from a text value (which is written quoted). */
class Text {
  constructor(readonly text: string) {}
}
const TEXT = (text: string) => new Text(text);

const declNumbers = new WeakMap<object, number>();
let declCount = 0;

