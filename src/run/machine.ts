// What the interpreter's files share: a rule's frame, and `Machine`, the interpreter as its
// collaborating parts see it (events.ts, modifiers.ts, rolls-choices-aggregates.ts, the operators of
// src/constructs/operators/, and the built-ins of core/builtins.ts, which see it as the `LibraryRun` it extends).
//
// TypeScript cannot spread one class over files, so those parts are free functions, and one small
// class for the events, that take the running interpreter as a parameter. A call through that
// parameter costs what a method call costs, and the hot path (eval/exec/frames) stays in
// interpreter.ts as it was, so nothing runs slower for the split. Only types live here, and `frame`:
// every part imports this file and it imports none of them, so they form no cycle. `Chooser` lives here
// because rolls-choices-aggregates.ts asks it; interpreter.ts exports it on, as before.
import type * as A from "../core/ast.ts";
import type { LibraryRun } from "../core/builtins.ts";
import type { Dice } from "./dice.ts";
import type { RuntimeProgram } from "./index-program.ts";
import type { TraceKind } from "./trace.ts";
import type { Value } from "../core/values.ts";

/**
 * The variables of one running rule, by the slots the checker gave them: parameters first, then every
 * `let`, loop and comprehension variable of its body. Nested blocks share their rule's frame.
 */
export type Env = (Value | undefined)[];

/** A frame for a rule whose checker-given size is `size`, with its parameters filled in. */
export function frame(size: number | undefined, args: readonly (Value | undefined)[] = []): Env {
  const env: Env = new Array<Value | undefined>(Math.max(size ?? 0, args.length));
  for (let i = 0; i < args.length; i++) env[i] = args[i];
  return env;
}

/** Answers the decision points (`choose`) in the rules. */
export interface Chooser {
  /**
   * Returns the index of the picked option, or undefined to fall back to the default policy.
   * `options` ends with `none` (null) when the rules offer "none" or "stop"; `who` is the shown text
   * of the `by` value, the one who answers, when the rules name one.
   */
  choose(question: string, options: Value[], span: A.Span, who?: string, at?: ChoicePoint): number | undefined;
  /**
   * Why the last answer was given, for the trace (`by greedy: score 7 vs 5`); a chooser that
   * follows a policy says which and why, a script says nothing.
   */
  explain?(): string | undefined;
}

/** Where a question is asked: the running program and its state, for a policy that weighs the options against them (`greedy`). */
export interface ChoicePoint {
  readonly program: RuntimeProgram;
  readonly globals: readonly (Value | undefined)[];
}

/** Signals `return` out of a block without using exceptions on the hot path. */
export interface Returned {
  value: Value | undefined;
}

/** The running interpreter, as much of it as its parts in other files use. */
export interface Machine extends LibraryRun {
  readonly program: RuntimeProgram;
  /** The state fields' values, in the order of `program.stateFields`. */
  readonly globals: (Value | undefined)[];
  readonly dice: Dice;
  /** The trace level: a rule's body, or an emission's handlers, is one deeper than its caller. */
  depth: number;
  /** The innermost rule running, which errors and the trace name: set by whoever starts a rule, which puts back the one before when it ends. */
  rule: string | undefined;
  /** Answers given by `force choices`, asked for in order before the chooser. */
  readonly scripted: Value[];
  readonly chooser: Chooser | undefined;
  /** Whether the trace is kept: a part skips building a message (and its closure) when it is not. */
  readonly tracing: boolean;
  /** Counts one step against the budget. */
  tick(span: A.Span): void;
  /** Counts `n` more steps against the budget at once (the dice of one roll). */
  charge(n: number, span: A.Span): void;
  /** A list of `n` items just made by copying: a step per ITEMS_PER_STEP items, and `n` items of the memory budget. */
  copied(n: number, span: A.Span): void;
  /** A text of `n` characters just made: `n` of the memory budget (R0506 past MAX_ALLOCATED). */
  allocate(n: number, span: A.Span): void;
  /** Adds a trace entry; the message is built only when tracing. */
  note(kind: TraceKind, message: () => string, span: A.Span): void;
  /** A declaration's rule label, made once. */
  label(decl: object, make: () => string): string;
  /** Enters a rule with a trace level of its own and gives back the rule it was in; `leave` with that, in a `finally`, ends it. */
  enter(rule: string, span: A.Span): string | undefined;
  leave(outer: string | undefined): void;
  eval(e: A.Expr, env: Env): Value | undefined;
  execBlock(b: A.Block, env: Env): Returned | undefined;
  /** The declaration a resolved reference names. */
  decl(ref: A.Ref | undefined): A.Decl;
  list(e: A.Expr, env: Env): Value[];
  /** An enum's members (or a record's values, run/record-tallies.ts) where its name is walked as a list, else undefined. */
  enumAsList(e: A.Expr): Value[] | undefined;
}
