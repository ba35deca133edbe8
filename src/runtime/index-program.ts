// The runtime's view of a checked program: declarations indexed by name. Built from the AST alone,
// so a saved program runs without the parser or checker.
import type * as A from "../ast.ts";
import { programStages, sortModifiers, stagesOf } from "../stages.ts";

export interface RuntimeProgram {
  enums: Map<string, A.EnumDecl>;
  kinds: Map<string, A.KindDecl>;
  statuses: Map<string, A.StatusDecl>;
  events: Map<string, A.EventDecl>;
  fns: Map<string, A.FnDecl>;
  values: Map<string, A.ValueDecl>;
  tables: Map<string, A.TableDecl>;
  dice: Map<string, A.DieDecl>;
  stateFields: A.FieldDecl[];
  /** Field declarations by owner (a kind's name, or "state") and field name: range checks on assignment. */
  fields: Map<string, Map<string, A.FieldDecl>>;
  /** Per value, its modifiers in application order: by the value's stages, then `order`, then source order. */
  modifiers: Map<string, A.ModifierDecl[]>;
  /** Per event and timing, handlers in `order`, then source order. */
  triggers: Map<string, A.TriggerDecl[]>;
  /** Statuses to update when an event is emitted. */
  expiries: Map<string, A.StatusDecl[]>;
  examples: A.ExampleDecl[];
}

export function indexProgram(files: A.SourceFile[]): RuntimeProgram {
  const p: RuntimeProgram = {
    enums: new Map(),
    kinds: new Map(),
    statuses: new Map(),
    events: new Map(),
    fns: new Map(),
    values: new Map(),
    tables: new Map(),
    dice: new Map(),
    stateFields: [],
    fields: new Map(),
    modifiers: new Map(),
    triggers: new Map(),
    expiries: new Map(),
    examples: [],
  };
  const push = <T>(m: Map<string, T[]>, key: string, v: T) => m.set(key, [...(m.get(key) ?? []), v]);
  for (const f of files) {
    for (const d of f.decls) {
      switch (d.kind) {
        case "enum":
          p.enums.set(d.name.text, d);
          break;
        case "kind":
          p.kinds.set(d.name.text, d);
          break;
        case "status":
          p.statuses.set(d.name.text, d);
          if (d.expiry) push(p.expiries, d.expiry.event.text, d);
          break;
        case "event":
          p.events.set(d.name.text, d);
          break;
        case "fn":
          p.fns.set(d.name.text, d);
          break;
        case "value":
          p.values.set(d.name.text, d);
          break;
        case "table":
          p.tables.set(d.name.text, d);
          break;
        case "state":
          p.stateFields.push(...d.fields);
          break;
        case "modifier":
          push(p.modifiers, d.target.text, d);
          break;
        case "trigger":
          push(p.triggers, `${d.timing} ${d.event.text}`, d);
          break;
        case "example":
          p.examples.push(d);
          break;
        case "die":
          p.dice.set(d.name.text, d);
          break;
        case "import":
        case "stages":
          break;
      }
    }
  }
  for (const [name, k] of p.kinds) p.fields.set(name, new Map(k.fields.map((f) => [f.name.text, f])));
  p.fields.set("state", new Map(p.stateFields.map((f) => [f.name.text, f])));
  // Sorted once here, so a call only walks its value's list.
  const defaults = programStages(files);
  for (const [value, list] of p.modifiers) {
    const v = p.values.get(value);
    if (v) p.modifiers.set(value, sortModifiers(list, stagesOf(v, defaults)));
  }
  for (const list of p.triggers.values()) list.sort((a, b) => a.order - b.order);
  return p;
}
