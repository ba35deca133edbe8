// What a statement's construct module sees of the engines: one interface per engine, which the checker,
// the interpreter, the closure compiler and the generator each pass in. Types only: a construct module
// imports values from core alone, so check/ and run/ can both import the table of constructs
// (statements.ts) without the checker reaching the runtime or either reaching the other.
import type * as A from "../core/ast.ts";
import type { Code } from "../core/diagnostics.ts";
import type { Type } from "../core/types.ts";
import type { Entity, Value } from "../core/values.ts";
import type { Context, Scope } from "../check/resolution.ts";
import type { Env, Machine, Returned } from "../run/machine.ts";
import type { Events } from "../run/events.ts";
import type { RunKit } from "../run/run-kit.ts";
import type { CExpr, CStmt } from "../run/compiled/compiler.ts";
import type { CompiledRun } from "../run/compiled/run.ts";
import type { Source } from "../run/compiled/source.ts";
import type { RuntimeProgram } from "../run/index-program.ts";

export type StmtKind = A.Stmt["kind"];
export type StmtOf<K extends StmtKind> = Extract<A.Stmt, { kind: K }>;

/** The checker, as a statement's check rule uses it (src/check/statements.ts makes it). */
export interface StatementCheck {
  report(code: Code, span: A.Span, message: string, help?: string): void;
  /** Diagnostics reported so far: a rule compares counts to tell whether a part reported. */
  reported(): number;
  expr(e: A.Expr, scope: Scope, ctx: Context): Type;
  /** A condition: a `bool`. */
  condition(e: A.Expr, scope: Scope, ctx: Context): void;
  block(b: A.Block, scope: Scope, ctx: Context): void;
  /** A scope inside `outer`, sharing its frame. */
  inner(outer: Scope): Scope;
  /** `scope` with the names the condition shows present (`holds`) or absent narrowed, for the statements of `region`. */
  narrowBy(scope: Scope, condition: A.Expr, holds: boolean, region: A.Stmt[], ctx: Context): Scope;
  resolveType(t: A.TypeRef, file: string): Type;
  expectType(actual: Type, expected: Type, span: A.Span, what: string): void;
  constantInRange(e: A.Expr, t: Type, what: string): void;
  /** The type of an enum's name walked as a list (`for m in Icon`), else undefined. */
  enumSource(e: A.Expr, scope: Scope, ctx: Context): Type | undefined;
  maybeNone(e: A.Expr, what: string): void;
  /** E0201 unless an entity. */
  entity(t: Type, span: A.Span): void;
  isStateField(name: string, file: string): boolean;
  /** The checker's resolution of a node (a slot, a reference), kept beside the parsed tree. */
  resolve(node: object, key: "slot" | "paramIndex" | "index", value: number): void;
  resolveRef(node: object, value: A.Ref): void;
  /** The resolved reference of a node, as `resolveRef` set it. */
  refOf(node: object): A.Ref | undefined;
  declOf(ref: A.Ref | undefined): A.Decl | undefined;
  refTo(d: A.Decl): A.Ref;
  expectEvent(name: A.Name, file: string): A.EventDecl | undefined;
  statusName(name: A.Name, ctx: Context): A.StatusDecl | undefined;
  /** The did-you-mean for an unknown name among `candidates`, within the check's budget. */
  suggest(name: string, span: A.Span, candidates: () => Iterable<string>): string | undefined;
  /** Arguments matched to parameters (E0202, E0201 as a call's); their types in parameter order. */
  args(args: A.Arg[], params: { name: string; type: Type }[], what: string, span: A.Span, scope: Scope, ctx: Context): Type[];
  /** An emission's event and arguments. */
  emitArgs(s: A.Stmt & { kind: "emit" }, scope: Scope, ctx: Context): void;
  /** E0204 for what cannot be changed: a record's field, a tally, a parameter, a value that is no place. */
  assignableTarget(e: A.Expr, scope: Scope | undefined, s: A.Stmt): void;
  /** E0204 when `e` is inside a record; whether it reported. */
  insideRecord(e: A.Expr, s: A.Stmt): boolean;
  /** The item fits the list's items. */
  listItem(item: Type, list: Type, itemSpan: A.Span, listSpan: A.Span): void;
}

/** The tree-walking interpreter, as a statement's evaluation uses it (src/run/interpreter.ts). */
export interface StatementRun extends Machine {
  readonly events: Events;
  /** What the statements share with the compiled backend: list changes, `expect`, ranges. */
  readonly kit: RunKit;
  entity(e: A.Expr, env: Env): Entity;
  /** Arguments in parameter order. */
  args(args: A.Arg[], env: Env): Value[];
  assign(target: A.Expr, v: Value | undefined, env: Env, span: A.Span): void;
  /** Before each test of a `while`: the odds tool's observer, when one is installed. */
  loopHead(s: A.Stmt & { kind: "while" }, env: Env): void;
  execBlock(b: A.Block, env: Env): Returned | undefined;
}

/** The closure compiler, as a statement's `compile` uses it (src/run/compiled/statements.ts). */
export interface StatementCompile {
  readonly program: RuntimeProgram;
  readonly kit: RunKit;
  expr(e: A.Expr): CExpr;
  block(b: A.Block): CStmt;
  /** The value as a list, or R0501 naming the expression. */
  list(e: A.Expr): (env: Env, vm: CompiledRun) => Value[];
  /** The value as an entity, or R0501 naming the expression. */
  entity(e: A.Expr): (env: Env, vm: CompiledRun) => Entity;
  /** An enum's members where its name is walked as a list, else undefined. */
  enumMembers(e: A.Expr): Value[] | undefined;
  /** The emission, or undefined when its reference is no event's (the tree-walker reports it). */
  emit(s: A.Stmt & { kind: "emit" }): CExpr | undefined;
  /** The tree-walker's own case for the statement, its parts compiled: it counts its own step. */
  tree(s: A.Stmt): CStmt;
}

/**
 * The generator, as a statement's `generate` uses it (src/run/compiled/generate.ts): text of one
 * JavaScript function, every value from the rules a constant (`g.k`), see source.ts.
 */
export interface StatementGenerate {
  readonly program: RuntimeProgram;
  readonly kit: RunKit;
  readonly g: Source;
  expr(e: A.Expr): string;
  block(b: A.Block): string;
  /** The value as an entity, R0501 naming it when it is none. */
  entity(e: A.Expr): string;
  /** The value as a list, R0501 naming it when it is none. */
  list(e: A.Expr): string;
  enumMembers(e: A.Expr): Value[] | undefined;
  /** The emission's call, or undefined when its reference is no event's. */
  emit(s: A.Stmt & { kind: "emit" }): string | undefined;
}

/**
 * One statement's semantics, in one module: how the checker checks it, how the tree-walker runs it
 * (after counting its step), its closure (which counts its own step) and, optionally, its generated code
 * (which counts its own step too; without it, or when it gives undefined, generated code calls the closure).
 */
export interface StatementConstruct<K extends StmtKind> {
  readonly kind: K;
  check(s: StmtOf<K>, scope: Scope, ctx: Context, k: StatementCheck): void;
  run(s: StmtOf<K>, env: Env, vm: StatementRun): Returned | undefined;
  compile(s: StmtOf<K>, c: StatementCompile): CStmt;
  generate?(s: StmtOf<K>, g: StatementGenerate): string | undefined;
}
