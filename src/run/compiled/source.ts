// Generated JavaScript for a rule's block (see generate.ts): the text of one function and what it
// may reach. The rules never reach the text. Every name, string, span and declaration from the rules
// goes into the constants, and the source names them `c0`, `c1`, ...; temporaries are `t0`, ...; the
// only numbers written into the text are the checker's own slot indices and sizes (`int` refuses
// anything else) and whole-number literals that are safe integers (`number`: `String` of one is
// digits and nothing else). The function is made by `new Function` with the constants and the runtime
// helpers (HELPERS) as its only free variables, so the generated code reaches the frame, the run, the
// constants and those helpers, nothing else: no global is named in any text this file puts together.
import { exact, MAX_RULE_DEPTH } from "../../core/limits.ts";
import { rollValues } from "../rolls-choices-aggregates.ts";
import { checkRange } from "../writes.ts";
import type * as A from "../../core/ast.ts";
import { showExpr } from "../../core/show-expr.ts";
import { Entity, RuleError, valuesEqual, type Value } from "../../core/values.ts";
import type { Compiler, CStmt } from "./compiler.ts";
import { keptIn } from "../../core/kept-values.ts";

/** What generated code may call besides the rules' constants: each a constant too (`Source.h`). */
const HELPERS = Object.freeze({
  Entity,
  safe: Number.isSafeInteger,
  eq: valuesEqual,
  frame: (n: number): (Value | undefined)[] => new Array<Value | undefined>(n),
  // `slice`, not a spread: a spread of a list made by `new Array(n)` (holey, as a copied state's are) takes V8's slow path.
  copy: (xs: Value[]): Value[] => xs.slice(),
  roll: rollValues,
  range: checkRange,
  exact,
  /** The tree-walker's `list`: the value when it is a list, else R0501 naming the expression. */
  list: (v: Value | undefined, e: A.Expr): Value[] => {
    if (Array.isArray(v)) return v;
    throw new RuleError("R0501", `\`${showExpr(e)}\` has no value yet`, e.span);
  },
});
export type HelperName = keyof typeof HELPERS;

/** Thrown while generating for a shape the generator leaves to closures: the block is compiled as closures instead. */
export class NotGenerated extends Error {}

export class Source {
  private readonly constants: unknown[] = [];
  private readonly shared = new Map<unknown, string>();
  private temps = 0;
  private loops = 0;
  /** The generated sources, kept for tests that read them (test/run/compiled/generated-source-safety.test.ts). */
  static readonly made: string[] = [];
  static keep = false;

  /** A constant by its generated name: the same value (a span, a declaration, a string) named once. */
  k(v: unknown): string {
    return keptIn(this.shared, v, () => {
      this.constants.push(v);
      return `c${this.constants.length - 1}`;
    });
  }

  /** A new temporary of the function. */
  temp(): string {
    return `t${this.temps++}`;
  }

  /** A new label, for a block a branch leaves with `break`. */
  label(): string {
    return `b${this.loops++}`;
  }

  /** A new loop counter. */
  loop(): string {
    return `i${this.loops++}`;
  }

  /**
   * A helper, as a constant like any other: one load from the function's closure where `h.name`
   * would load `h` and then its property on every use.
   */
  h(name: HelperName): string {
    return this.k(HELPERS[name]);
  }

  /**
   * A whole number of the rules written into the text as digits: only a safe integer, which `String`
   * writes as digits alone (a negative one in parentheses); anything else is a constant. A literal
   * V8 sees can fold the checks made on it (`typeof 0 === "number"`).
   */
  number(n: number): string {
    if (!Number.isSafeInteger(n) || Object.is(n, -0)) return this.k(n);
    return n < 0 ? `(${String(n)})` : String(n);
  }

  /** A checker-given slot, index or size written into the text: a non-negative safe integer, or no generation. */
  int(n: number | undefined): string {
    if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) throw new NotGenerated("not a slot");
    return String(n);
  }

  /**
   * Whether a `return` leaves with its bare value (a function's body written out with its call, see
   * generate-fn.ts) rather than the `{ value }` record a block gives back to its caller.
   */
  bare = false;

  /**
   * What a bare `return` runs before it leaves: a function's call written out with its body puts back
   * its trace level and rule label there (generate-fn.ts), on each way out instead of in a `finally`.
   */
  leaving = "";

  /** `return value;` for this function: `{ value }` from a block, or the bare value after `leaving`. */
  ret(value: string): string {
    if (!this.bare) return `return { value: ${value} };`;
    if (this.leaving === "") return `return ${value};`;
    const t = this.temp();
    return `${t} = ${value};\n${this.leaving}\nreturn ${t};`;
  }

  /**
   * A call's step and one more level of nesting, counted in one test: `vm.overrun` says which ran out
   * (the step budget first, as `tick` then `nest` would). `rule` is the call's label, as text.
   */
  callCheck(rule: string): string {
    return `if (++vm.steps > vm.budget || ++vm.nested + vm.depth > ${MAX_RULE_DEPTH}) vm.overrun(${rule}, span);`;
  }

  /** The function: the constants and helpers bound, the body run with the rule's frame and the run (and, for a function's call, more parameters). */
  finish<F = CStmt>(body: string, params = "env, vm"): F {
    const names = this.constants.map((_, i) => `c${i} = k[${i}]`);
    const temps = Array.from({ length: this.temps }, (_, i) => `t${i}`);
    const text = [
      '"use strict";',
      names.length > 0 ? `const ${names.join(", ")};` : "",
      `return function (${params}) {`,
      temps.length > 0 ? `let ${temps.join(", ")};` : "",
      body,
      "return undefined;",
      "};",
    ].join("\n");
    if (Source.keep) Source.made.push(text);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the text is made above from generated names only
    const factory = new Function("k", "h", text) as (k: unknown[], h: typeof HELPERS) => F;
    return factory(this.constants, HELPERS);
  }
}

/**
 * A callable's cell with its two doors (`f` and `p`, see generate-fn.ts): `make` runs on the first call
 * through either, and its callables take the doors' places, so every later call goes straight to them.
 */
export function lazyCell<F extends (...args: never[]) => unknown, P extends (...args: never[]) => unknown>(make: () => { f: F; p: P }): { f: F; p: P } {
  const ready = () => Object.assign(cell, make());
  const cell = {
    f: ((...args: Parameters<F>) => {
      ready();
      return cell.f(...args);
    }) as F,
    p: ((...args: Parameters<P>) => {
      ready();
      return cell.p(...args);
    }) as P,
  };
  return cell;
}

/**
 * The frame's slots a generated text uses, when it uses the frame by slot only (`env[3]`, never `env`
 * given to a closure or a helper), else undefined: such a text can keep the slots in locals instead.
 */
export function slotsUsed(text: string): number[] | undefined {
  if (/\benv\b(?!\[\d+\])/.test(text)) return undefined;
  return [...new Set([...text.matchAll(/\benv\[(\d+)\]/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
}

/** Slot `n` of a frame kept in a JavaScript local: `sn`, a generated name (as `t0` and `c0`). */
export const local = (slot: number): string => `s${slot}`;

/** The locals of slots `from` .. `to - 1`. */
export const locals = (from: number, to: number): string[] => Array.from({ length: Math.max(0, to - from) }, (_, i) => local(from + i));

/** The text with each slot of the frame read and written as its local. */
export function slotsToLocals(text: string): string {
  return text.replace(/\benv\[(\d+)\]/g, (_, slot: string) => local(Number(slot)));
}

/**
 * What `build` generates on a fresh `Source`, or undefined where generating does not apply, and the
 * caller falls back to closures: a shape the generator refuses, a tree nested too deep to write out,
 * or a host that forbids making functions from text (a content security policy).
 */
export function tryGenerate<F>(build: (g: Source) => F | undefined): F | undefined {
  try {
    return build(new Source());
  } catch (err) {
    if (err instanceof NotGenerated || err instanceof RangeError || err instanceof EvalError || err instanceof SyntaxError) return undefined;
    throw err;
  }
}

/** What `build` generates for the compiler `c`: nothing for one that runs closures alone (RunOptions.generate). */
export function generateFor<F>(c: Compiler, build: (g: Source) => F | undefined): F | undefined {
  return c.generates ? tryGenerate(build) : undefined;
}
