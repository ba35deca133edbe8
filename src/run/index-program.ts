// The runtime's view of a checked program. The checker has resolved every name into ids and slots
// (core/ast.ts, "resolution"); this indexes the declarations by those ids once, so running the rules never
// looks a name up by its text. Built from the AST alone: a saved program runs without the parser or
// checker. The maps by name serve only the edges: reading and writing state JSON, and the schema.
import type * as A from "../core/ast.ts";
import { Die, RuleError } from "../core/values.ts";

type NamedDecl = A.EnumDecl | A.KindDecl | A.StatusDecl | A.EventDecl | A.FnDecl | A.ValueDecl | A.TableDecl | A.ModifierDecl | A.DieDecl;

/** The handlers of one event, each list in `order`, then declaration order. */
export interface Handlers {
  before: A.TriggerDecl[];
  instead: A.TriggerDecl[];
  after: A.TriggerDecl[];
}
import { exclusiveStagesOf, programStages, sortModifiers, stagesOf, wantedStage, type ExclusivePlace } from "../core/stages.ts";
import { pushAll } from "../core/push-all.ts";

export interface RuntimeProgram {
  /** Every named declaration by its resolved id. */
  decls: NamedDecl[];
  enums: Map<string, A.EnumDecl>;
  kinds: Map<string, A.KindDecl>;
  fns: Map<string, A.FnDecl>;
  dice: Map<string, A.DieDecl>;
  statuses: Map<string, A.StatusDecl>;
  /** Events by name: state JSON names the event a status counts down on. */
  events: Map<string, A.EventDecl>;
  stateFields: A.FieldDecl[];
  /** Per value (by id), its modifiers in application order: by the value's stages, then `order`, then source order. */
  modifiers: Map<A.ValueDecl, A.ModifierDecl[]>;
  /** The modifiers in an exclusive stage of their value (`multiply exclusive largest`), with the stage's rule. */
  exclusive: Map<A.ModifierDecl, ExclusivePlace>;
  /** Per event (by id), its handlers. */
  handlers: Map<A.EventDecl, Handlers>;
  /** Per event, the statuses that count down when it has been handled. */
  expiries: Map<A.EventDecl, A.StatusDecl[]>;
  /** One die value per die declaration: dice compare by identity. */
  dieValues: Map<A.DieDecl, Die>;
  examples: A.ExampleDecl[];
}

export function indexProgram(files: A.SourceFile[]): RuntimeProgram {
  const p: RuntimeProgram = {
    decls: [],
    enums: new Map(),
    kinds: new Map(),
    fns: new Map(),
    dice: new Map(),
    statuses: new Map(),
    events: new Map(),
    stateFields: [],
    modifiers: new Map(),
    exclusive: new Map(),
    handlers: new Map(),
    expiries: new Map(),
    dieValues: new Map(),
    examples: [],
  };
  const triggers: A.TriggerDecl[] = [];
  for (const f of files) {
    for (const d of f.decls) {
      switch (d.kind) {
        case "import":
        case "overrides":
          break;
        case "state":
          pushAll(p.stateFields, d.fields);
          break;
        case "trigger":
          triggers.push(d);
          break;
        case "example":
          p.examples.push(d);
          break;
        case "stages":
          break;
        case "extendEnum":
        case "extendKind":
        case "extendTable":
        case "extendValue":
        case "replaceRow":
        case "removal":
          // The checker merges each into the declaration it extends; the resolved tree holds none.
          throw new RuleError("R0501", "an extension was never merged: the program was not checked", d.span);
        default:
          if (d.id === undefined) throw new RuleError("R0501", `\`${d.name.text}\` was never resolved: the program was not checked`, d.span);
          p.decls[d.id] = d;
          if (d.kind === "enum") p.enums.set(d.name.text, d);
          if (d.kind === "kind") p.kinds.set(d.name.text, d);
          if (d.kind === "fn") p.fns.set(d.name.text, d);
          if (d.kind === "status") p.statuses.set(d.name.text, d);
          if (d.kind === "event") p.events.set(d.name.text, d);
          if (d.kind === "die") {
            p.dice.set(d.name.text, d);
            p.dieValues.set(d, new Die(d.name.text, d));
          }
      }
    }
  }
  const resolved = <K extends NamedDecl["kind"]>(ref: A.Ref | undefined, kind: K, span: A.Span) => {
    const d = ref?.to === "decl" ? p.decls[ref.id] : undefined;
    if (d?.kind !== kind) throw new RuleError("R0501", "this rule was never resolved: the program was not checked", span);
    return d as NamedDecl & { kind: K };
  };
  for (const d of p.decls) {
    if (d?.kind === "modifier") {
      const value = resolved(d.targetRef, "value", d.span);
      p.modifiers.set(value, [...(p.modifiers.get(value) ?? []), d]);
    }
    // `until A or B`: each event counts it down.
    for (const x of d?.kind === "status" && d.expiry ? [d.expiry, ...(d.expiry.or ?? [])] : []) {
      const ev = resolved(x.ref, "event", d!.span);
      p.expiries.set(ev, [...(p.expiries.get(ev) ?? []), d as A.StatusDecl]);
    }
  }
  for (const t of triggers) {
    const ev = resolved(t.eventRef, "event", t.span);
    let h = p.handlers.get(ev);
    if (!h) p.handlers.set(ev, (h = { before: [], instead: [], after: [] }));
    h[t.timing].push(t);
  }
  // Sorted once here, so a call only walks its value's list.
  const defaults = programStages(files);
  for (const [value, list] of p.modifiers) {
    const stages = stagesOf(value, defaults);
    const sorted = sortModifiers(list, stages);
    p.modifiers.set(value, sorted);
    const rules = exclusiveStagesOf(value, defaults);
    sorted.forEach((m, i) => {
      const stage = wantedStage(m, stages);
      const rule = rules.get(stage);
      const next = sorted[i + 1];
      // The stage is settled after its last modifier, whether or not that one's condition holds.
      if (rule) p.exclusive.set(m, { stage, rule, last: !next || wantedStage(next, stages) !== stage });
    });
  }
  for (const h of p.handlers.values()) for (const list of [h.before, h.instead, h.after]) list.sort((a, b) => a.order - b.order);
  return p;
}
