// Expressions back as compact source text, for expectation failures and trace messages.
import type * as A from "../ast.ts";

export function showExpr(e: A.Expr): string {
  switch (e.kind) {
    case "int":
    case "bool":
      return String(e.value);
    case "text":
      return JSON.stringify(e.value);
    case "name":
      return e.name;
    case "member":
      return `${showExpr(e.object)}.${e.member.text}`;
    case "index":
      return `${showExpr(e.object)}[${showExpr(e.index)}]`;
    case "call":
      return `${showExpr(e.callee)}(${e.args.map(showArg).join(", ")})`;
    case "list":
      return `[${e.items.map(showExpr).join(", ")}]`;
    case "binary":
      return `${showExpr(e.left)} ${e.op} ${showExpr(e.right)}`;
    case "not":
      return `not ${showExpr(e.operand)}`;
    case "neg":
      return `-${showExpr(e.operand)}`;
    case "has":
      return `${showExpr(e.object)} has ${e.status.text}`;
    case "cond":
      return `if ${showExpr(e.condition)} then ${showExpr(e.then)} else ${showExpr(e.else)}`;
    case "roll":
      return `roll(${e.count ? `${showExpr(e.count)}, ` : ""}${showExpr(e.sides)})`;
    case "choose":
      return `choose ${showExpr(e.question)} from ${showExpr(e.options)}`;
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
