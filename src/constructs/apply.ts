// `apply Status to x [for N [Event(holder)]] [until Event(param: value)]`: a status on an entity, with
// its expiry. The checker makes sure the expiry can match at all: a holder parameter of another kind,
// or a value that can never equal the parameter, would leave the status on forever.
import type * as A from "../core/ast.ts";
import { showExpr } from "../core/show-expr.ts";
import { ANY, assignable, INT, typeToString, type Type } from "../core/types.ts";
import type { Context, Scope } from "../check/resolution.ts";
import type { StatementCheck, StatementConstruct } from "./contexts.ts";
import { checkStatusArgs } from "./status-args.ts";

type Apply = A.Stmt & { kind: "apply" };

export const applyStatement: StatementConstruct<"apply"> = {
  kind: "apply",
  check(s, scope, ctx, k) {
    const status = k.statusName(s.status, ctx);
    if (status) k.resolveRef(s, k.refTo(status));
    checkStatusArgs(s, status, true, scope, ctx, k);
    const target = k.expr(s.target, scope, ctx);
    k.entity(target, s.target.span);
    appliedExpiry(s, target, scope, ctx, k);
  },
  run(s, env, vm) {
    vm.events.apply(s, vm.entity(s.target, env), env);
    return undefined;
  },
  compile(s, c) {
    const span = s.span;
    const target = c.entity(s.target);
    return (env, vm) => {
      vm.tick(span);
      vm.events.apply(s, target(env, vm), env);
      return undefined;
    };
  },
  generate(s, { g, entity }) {
    // The frame is for the duration's and the arguments' expressions: without them, none is passed (and the function's variables can be locals, generate-fn.ts).
    return `vm.tick(${g.k(s.span)});\nvm.events.apply(${g.k(s)}, ${entity(s.target)}, ${s.expiry || s.args ? "env" : "undefined"});`;
  },
};

/** The count is a number, the event exists, a named parameter exists, and the expiry can match at all. */
function appliedExpiry(s: Apply, target: Type, scope: Scope, ctx: Context, k: StatementCheck) {
  const status = k.declOf(k.refOf(s));
  const declared = status?.kind === "status" ? status : undefined;
  const x = s.expiry;
  if (x?.times) k.expectType(k.expr(x.times, scope, ctx), INT, x.times.span, "the number of events");
  const matchType = x?.match ? k.expr(x.match.value, scope, ctx) : ANY;
  if (x && !x.event && declared && !declared.expiry) {
    k.report("E0233", x.span, `\`${s.status.text}\` is declared without an expiry event, so \`for\` has nothing to count`, `name the event: \`for ${x.times ? showExpr(x.times) : "N"} RoundEnds\`, or declare \`status ${s.status.text} until RoundEnds\``);
  }
  const eventName = x?.event ?? declared?.expiry?.event;
  if (!eventName) return;
  const declaredEvent = declared?.expiry ? k.declOf(k.refOf(declared.expiry)) : undefined;
  const ev = x?.event ? k.expectEvent(x.event, ctx.file) : declaredEvent;
  const counted = new Map<A.Decl, A.Name>(ev ? [[ev, eventName]] : []);
  // `until A or B(p)`: each more event as the first, once each.
  for (const o of x?.or ?? []) {
    const other = k.expectEvent(o.event!, ctx.file);
    if (!other) continue;
    const first = counted.get(other);
    if (first) k.report("E0236", o.event!.span, `\`${other.name.text}\` is named twice in this expiry`, "name each event once: one emission counts a status down once");
    else counted.set(other, o.event!);
    expiryEvent(s, o, other, undefined, target, matchTypeOf(o, scope, ctx, k), k);
  }
  if (ev?.kind !== "event") return;
  expiryEvent(s, x, ev, declared, target, matchType, k);
}

function matchTypeOf(x: A.AppliedExpiry, scope: Scope, ctx: Context, k: StatementCheck): Type {
  return x.match ? k.expr(x.match.value, scope, ctx) : ANY;
}

/** One event of an expiry: its reference, and a holder or matched parameter that can match at all. */
function expiryEvent(s: Apply, x: A.AppliedExpiry | undefined, ev: A.EventDecl, declared: A.StatusDecl | undefined, target: Type, matchType: Type, k: StatementCheck) {
  if (x?.event) k.resolveRef(x, k.refTo(ev));
  const holder = x?.event ? x.holder : x?.match ? undefined : declared?.expiry?.holder;
  if (holder) {
    const p = eventParam(ev, holder, x?.event !== undefined, k, true);
    if (!p) return;
    if (x?.event) k.resolve(x, "paramIndex", ev.params.indexOf(p));
    const pt = k.resolveType(p.type, ev.span.file);
    if (x?.holder && pt.t !== "kind" && pt.t !== "any") k.report("E0201", holder.span, `\`${holder.text}\` must be an entity to hold a status, but it is ${typeToString(pt)}`);
    else if (!canEqual(target, pt)) {
      const where = x?.holder ? "" : ` (\`${s.status.text}\` is declared at ${declared!.span.file}:${declared!.span.line}:${declared!.span.col})`;
      k.report("E0201", s.target.span, `\`${s.status.text}\` expires on \`${ev.name.text}(${holder.text})\`, whose \`${holder.text}\` is ${typeToString(pt)}, so it can never expire on ${typeToString(target)}${where}`, `apply it to ${typeToString(pt)}, or name an event about ${typeToString(target)}`);
    }
  }
  if (x?.match) {
    const p = eventParam(ev, x.match.param, true, k);
    if (!p) return;
    k.resolve(x, "paramIndex", ev.params.indexOf(p));
    const pt = k.resolveType(p.type, ev.span.file);
    const vt = matchType;
    if (!canEqual(vt, pt)) k.report("E0201", x.match.value.span, `\`${x.match.param.text}\` of \`${ev.name.text}\` is ${typeToString(pt)} and can never equal ${typeToString(vt)}, so the status would never expire`, `give a value of type ${typeToString(pt)}`);
  }
}

/**
 * A parameter of `ev` by name; E0103 with a suggestion where it is written in this `apply`. In the
 * `E(p)` form a name that is no parameter is most often a value meant to be matched (`MarchEnded(a)`
 * for "when `a`'s march ends"), so with no close parameter name the help shows the `E(param: value)` form.
 */
function eventParam(ev: A.EventDecl, name: A.Name, report: boolean, k: StatementCheck, holder = false): A.Param | undefined {
  const p = ev.params.find((x) => x.name.text === name.text);
  if (p || !report) return p;
  const close = k.suggest(name.text, name.span, () => ev.params.map((x) => x.name.text));
  const first = ev.params[0]?.name.text;
  const matchForm = holder && first ? `\`${ev.name.text}(p)\` names the parameter \`p\` that holds the status; to expire when \`${first}\` is \`${name.text}\`, write \`${ev.name.text}(${first}: ${name.text})\`` : undefined;
  const help = [close, matchForm].filter((x) => x !== undefined).join(" ") || undefined;
  k.report("E0103", name.span, `event \`${ev.name.text}\` has no parameter \`${name.text}\``, help);
  return p;
}

/** Whether a value of one type can ever equal one of the other: either fits where the other is expected. */
function canEqual(a: Type, b: Type): boolean {
  return assignable(a, b) || assignable(b, a);
}
