// A balance roster (docs/balance.md): the entries to pit against each other and how a matchup is made
// of them. A matchup of X against Y is a template scenario whose state gets X's value at the first slot
// (a JSON pointer into the state) and Y's at the second; a run is X's win when the result shows as the
// first of "wins", Y's when the second. Several roster files merge: the first to give the template,
// slots and wins gives them, and every file adds its entries and parameters in order (a homebrew file
// adds one entry to a bundled roster).
import type { Json } from "../../run/state.ts";
import { pointerOf, pointerParts } from "../../core/json-text.ts";

export interface RosterFile {
  /** Where it was read from, for messages; a template scenario path is relative to it. */
  path: string;
  json: unknown;
}

/** A template scenario, as a roster names it: a file (read by the host) or written in the roster. */
export interface Template {
  run: string;
  state: Record<string, Json>;
  seed?: string;
  policies?: string[];
}

export interface Parameter {
  /** The entry it changes and the pointer into that entry's value. */
  entry: string;
  at: string[];
  /** Its value in the roster. */
  value: number;
}

export interface Roster {
  template: Template;
  slots: [string[], string[]];
  wins: [string, string];
  entries: [string, Json][];
  parameters: Map<string, Parameter>;
}

export const ROSTER_KEYS = ["scenario", "run", "state", "seed", "policies", "slots", "wins", "entries", "parameters"];
/** Entries in one roster at most: the matrix has their square of cells. */
export const MAX_ENTRIES = 200;

/**
 * The roster the files make together, or what is wrong with one. `readScenario` reads a template
 * scenario named by a roster (a path relative to that roster's file): its JSON, or a message.
 */
export function readRoster(files: readonly RosterFile[], readScenario: (from: string, path: string) => unknown | { error: string }): Roster | { error: string } {
  let template: Template | undefined;
  let slots: [string[], string[]] | undefined;
  let wins: [string, string] | undefined;
  const entries = new Map<string, Json>();
  const parameters = new Map<string, Parameter>();
  for (const f of files) {
    const bad = (m: string) => ({ error: `${f.path}: ${m}` });
    const r = f.json;
    if (typeof r !== "object" || r === null || Array.isArray(r)) return bad("a roster must be a JSON object");
    const o = r as Record<string, unknown>;
    const unknown = Object.keys(o).find((k) => !ROSTER_KEYS.includes(k));
    if (unknown !== undefined) return bad(`unknown key ${JSON.stringify(unknown)}: a roster has ${ROSTER_KEYS.map((k) => `"${k}"`).join(", ")}`);
    if (template === undefined && ("scenario" in o || "run" in o)) {
      const t = templateOf(f, o, readScenario);
      if ("error" in t) return bad(t.error);
      template = t;
    }
    if (slots === undefined && "slots" in o) {
      if (!Array.isArray(o.slots) || o.slots.length !== 2 || !o.slots.every((s) => typeof s === "string" && (s === "" || s.startsWith("/")))) return bad('"slots" must be two JSON pointers into the state: ["/attacker/units", "/defender/units"]');
      slots = [pointerParts(o.slots[0] as string), pointerParts(o.slots[1] as string)];
    }
    if (wins === undefined && "wins" in o) {
      if (!Array.isArray(o.wins) || o.wins.length !== 2 || !o.wins.every((s) => typeof s === "string")) return bad('"wins" must be the two results that are wins for the first and the second slot: ["Side.attacker", "Side.defender"]');
      wins = [o.wins[0] as string, o.wins[1] as string];
    }
    if ("entries" in o) {
      if (typeof o.entries !== "object" || o.entries === null || Array.isArray(o.entries)) return bad('"entries" must be an object: each entry\'s name and the value it puts at a slot');
      for (const [name, value] of Object.entries(o.entries as Record<string, Json>)) {
        if (entries.has(name)) return bad(`the entry ${JSON.stringify(name)} is in an earlier roster too`);
        entries.set(name, value);
      }
    }
    if ("parameters" in o) {
      if (typeof o.parameters !== "object" || o.parameters === null || Array.isArray(o.parameters)) return bad('"parameters" must be an object: each parameter\'s name and a pointer into this roster, "/entries/NAME/..."');
      for (const [name, at] of Object.entries(o.parameters as Record<string, unknown>)) {
        const p = parameterAt(name, at, o.entries);
        if ("error" in p) return bad(p.error);
        parameters.set(name, p);
      }
    }
  }
  if (template === undefined) return { error: 'no roster names its template scenario: give "scenario" (a scenario file) or "run" and "state"' };
  if (slots === undefined) return { error: 'no roster gives its "slots": where the two entries of a matchup go in the state' };
  if (wins === undefined) return { error: 'no roster gives its "wins": the results that are wins for the first and the second slot' };
  if (entries.size < 2) return { error: `a roster needs at least two entries to pit against each other, not ${entries.size}` };
  if (entries.size > MAX_ENTRIES) return { error: `a roster holds at most ${MAX_ENTRIES} entries, not ${entries.size}` };
  return { template, slots, wins, entries: [...entries], parameters };
}

function templateOf(f: RosterFile, o: Record<string, unknown>, readScenario: (from: string, path: string) => unknown): Template | { error: string } {
  let t: Record<string, unknown> = o;
  if ("scenario" in o) {
    if (typeof o.scenario !== "string") return { error: '"scenario" must name a scenario file, relative to the roster' };
    const read = readScenario(f.path, o.scenario);
    if (typeof read === "object" && read !== null && "error" in read && typeof (read as { error: unknown }).error === "string") return read as { error: string };
    if (typeof read !== "object" || read === null || Array.isArray(read)) return { error: `the scenario ${JSON.stringify(o.scenario)} must be a JSON object` };
    t = { ...(read as Record<string, unknown>), ...Object.fromEntries(["run", "state", "seed", "policies"].filter((k) => k in o).map((k) => [k, o[k]])) };
  }
  if (typeof t.run !== "string") return { error: '"run" must name the function to run' };
  if (typeof t.state !== "object" || t.state === null || Array.isArray(t.state)) return { error: '"state" must be an object' };
  if ("seed" in t && typeof t.seed !== "string") return { error: '"seed" must be a string' };
  if ("policies" in t && !(Array.isArray(t.policies) && t.policies.every((p) => typeof p === "string"))) return { error: '"policies" must be a list of policies such as "random"' };
  return {
    run: t.run,
    state: t.state as Record<string, Json>,
    ...(typeof t.seed === "string" ? { seed: t.seed } : {}),
    ...(Array.isArray(t.policies) ? { policies: t.policies as string[] } : {}),
  };
}

function parameterAt(name: string, at: unknown, entries: unknown): Parameter | { error: string } {
  const parts = typeof at === "string" ? pointerParts(at) : undefined;
  if (!parts || parts[0] !== "entries" || parts.length < 2) return { error: `the parameter ${JSON.stringify(name)} must be a pointer into this roster's entries: "/entries/NAME/..."` };
  const value = valueAt(entries, parts.slice(1));
  if (typeof value !== "number" || !Number.isInteger(value)) return { error: `the parameter ${JSON.stringify(name)} must point at a whole number in this roster's entries: ${JSON.stringify(at)} does not` };
  return { entry: parts[1]!, at: parts.slice(2), value };
}

function valueAt(root: unknown, parts: readonly string[]): unknown {
  let v = root;
  for (const p of parts) {
    if (typeof v !== "object" || v === null || !Object.hasOwn(v, p)) return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}

/**
 * A copy of `root` with `value` at `parts` (the place must exist, but for the last part of an object),
 * or a message. JSON is copied through a round trip: it holds no functions, cycles or prototypes.
 */
export function withValueAt(root: Json, parts: readonly string[], value: Json): { json: Json } | { error: string } {
  return placeAt(JSON.parse(JSON.stringify(root)) as Json, parts, value);
}

/**
 * `value` put at `parts` in `root`, which is changed in place (it must be the caller's own copy), or a
 * message; at the empty pointer `value` is the whole result.
 */
export function placeAt(root: Json, parts: readonly string[], value: Json): { json: Json } | { error: string } {
  if (parts.length === 0) return { json: value };
  let v: unknown = root;
  for (const p of parts.slice(0, -1)) {
    if (typeof v !== "object" || v === null || !Object.hasOwn(v, p)) return { error: `nothing at ${pointerOf(parts)}` };
    v = (v as Record<string, unknown>)[p];
  }
  const last = parts[parts.length - 1]!;
  if (typeof v !== "object" || v === null || (Array.isArray(v) && !Object.hasOwn(v, last))) return { error: `nothing at ${pointerOf(parts)}` };
  Object.defineProperty(v, last, { value, enumerable: true, writable: true, configurable: true });
  return { json: root };
}
