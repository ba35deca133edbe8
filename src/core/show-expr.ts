// Expressions back as compact source text, for expectation failures and trace messages.
import type * as A from "./ast.ts";

/** Binding strength of each operator, as in the grammar: higher binds tighter. Typed so `tsc` asks for a new operator's. */
const PRECEDENCE: Record<A.BinaryOp | "not" | "has" | "neg", number> = { or: 1, and: 2, not: 3, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4, has: 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6, neg: 7 };

function precedence(e: A.Expr): number {
  switch (e.kind) {
    case "binary":
      return PRECEDENCE[e.op];
    case "not":
      return PRECEDENCE.not;
    case "has":
      return PRECEDENCE.has;
    case "neg":
      return PRECEDENCE.neg;
    case "cond":
    case "choose":
      return 0;
    default:
      return 8;
  }
}

/** An operand in brackets when it binds looser than its context needs (`right`: also when equal, as operators group left). */
function operand(e: A.Expr, context: number, right = false): string {
  const p = precedence(e);
  return p < context || (right && p === context) ? `(${showExpr(e)})` : showExpr(e);
}

export function showExpr(e: A.Expr): string {
  switch (e.kind) {
    case "int":
    case "bool":
      return String(e.value);
    case "text":
      return JSON.stringify(e.value);
    case "none":
      return "none";
    case "name":
      return e.name;
    case "member":
      return `${operand(e.object, 8)}.${e.member.text}`;
    case "index":
      return `${operand(e.object, 8)}[${showExpr(e.index)}]`;
    case "call":
      return `${showExpr(e.callee)}(${e.args.map(showArg).join(", ")})`;
    case "list":
      return `[${e.items.map(showExpr).join(", ")}]`;
    case "binary": {
      const p = PRECEDENCE[e.op];
      // Comparisons do not chain in the grammar, so both sides of one need brackets at equal strength.
      return `${operand(e.left, p, p === 4)} ${e.op} ${operand(e.right, p, true)}${e.rounding ? ` round ${e.rounding.text}` : ""}`;
    }
    case "not":
      return `not ${operand(e.operand, 3)}`;
    case "neg":
      return `-${operand(e.operand, 7)}`;
    case "has":
      return `${operand(e.object, 5)} has ${e.status.text}${e.source ? ` from ${operand(e.source, 5)}` : ""}`;
    case "cond":
      return `if ${showExpr(e.condition)} then ${showExpr(e.then)} else ${showExpr(e.else)}`;
    case "roll":
      // `roll Footman`, `roll u.dieType`: written as in the source, which takes a name there.
      if (!e.count && startsWithName(e.sides)) return `roll ${showExpr(e.sides)}`;
      return `roll(${e.count ? `${showExpr(e.count)}, ` : ""}${showExpr(e.sides)})`;
    case "choose":
      return `choose ${e.upTo ? `up to ${operand(e.upTo, 7)} ` : ""}${showExpr(e.question)} from ${showExpr(e.options)}${e.orNone ? " or none" : ""}${e.by ? ` by ${operand(e.by, 8)}` : ""}`;
    case "emit":
      return `emit ${e.event.text}(${e.args.map(showArg).join(", ")})`;
  }
}

/** A name and what follows it (`u.dieType`, `dice[0]`): what `roll` takes without brackets. */
function startsWithName(e: A.Expr): boolean {
  switch (e.kind) {
    case "name":
      return true;
    case "member":
    case "index":
      return startsWithName(e.object);
    case "call":
      return startsWithName(e.callee);
    default:
      return false;
  }
}

function showArg(a: A.Arg): string {
  switch (a.kind) {
    case "positional":
      return showExpr(a.value);
    case "named":
      return `${a.name.text}: ${showExpr(a.value)}`;
    case "comprehension": {
      const c = a.comp;
      return `${c.binder.text} in ${showExpr(c.source)}${c.where ? ` where ${showExpr(c.where)}` : ""}${c.yield ? ` => ${showExpr(c.yield)}` : ""}${c.otherwise ? ` else ${showExpr(c.otherwise)}` : ""}`;
    }
  }
}

/** A type as written in the rules: \`list<int>\`, \`int in 1..6?\` (the range before the \`?\`, as the grammar reads it). */
export function showTypeRef(t: A.TypeRef): string {
  const element = t.element ? `<${showTypeRef(t.element)}>` : "";
  const range = t.range ? ` in ${t.range.low}..${t.range.high}` : "";
  return `${t.name.text}${element}${range}${t.optional ? "?" : ""}`;
}

/** A handler's timing as written: `on`, `before`, `instead of`. */
export function showTiming(t: A.TriggerTiming): string {
  return t === "after" ? "on" : t === "before" ? "before" : "instead of";
}

/** A place in a file as messages name it: `file:line:col`. */
export function showPlace(s: { file: string; line: number; col: number }): string {
  return `${s.file}:${s.line}:${s.col}`;
}
