// A checked program saved as JSON, so it can run without the parser or checker (the playground's
// worker, or a server that only runs rules). The AST is plain data; this adds a format tag.
//
// A saved program is a file anyone may have edited, so loading trusts nothing in it: the JSON must fit
// the schema of the format (saved-program-schema.ts), and every resolution the checker wrote into it
// (ids, slots, places) must point at something of the right sort, before any of it runs.
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import type * as A from "../core/ast.ts";
import { assertNever } from "../core/ast.ts";
import { walk, type Node } from "../core/ast-walk.ts";
import { builtins, isAggregate } from "../core/builtins.ts";
import { isStdPath } from "../core/std-paths.ts";
import { NODE_DEFINITIONS, NODE_KEYWORD, PROGRAM_FORMAT, PROGRAM_VERSION, RESOLVED_KEYS, SAVED_PROGRAM_SCHEMA_ID, savedProgramSchema, type NodeDefinition } from "./saved-program-schema.ts";

export { PROGRAM_FORMAT, PROGRAM_VERSION };

/**
 * `sees`, for a base with mods: the files each mod file sees as if it imported them (its implied
 * imports), which the loader's check needs, since a mod's files do not import the base's.
 */
export function saveProgram(files: A.SourceFile[], sees?: ReadonlyMap<string, readonly string[]>): string {
  const implied = sees && sees.size > 0 ? { sees: Object.fromEntries([...sees].map(([k, v]) => [k, [...v]])) } : {};
  return JSON.stringify({ format: PROGRAM_FORMAT, version: PROGRAM_VERSION, files, ...implied });
}

/**
 * The genuine standard module loaded as `path` (`<std>/hex.rules`), parsed: what a saved file of that
 * name must be, resolution aside. Only a loader with the parser can give it (the pipeline does).
 */
export type StandardModules = (path: string) => A.SourceFile | undefined;

/**
 * Returns the files, or a plain-words reason the text is not a saved program this version can run.
 * A file named as a standard module must be that module (`standard` gives it; without it, such a file
 * is refused): the runtime leaves standard modules' calls and `say` lines out of the trace, so a game
 * file renamed `<std>/hex.rules` would run unseen.
 */
export function loadProgram(text: string, standard?: StandardModules): { files: A.SourceFile[]; sees?: Map<string, string[]> } | { error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { error: `not JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  const r = raw as { format?: unknown; version?: unknown; files?: unknown };
  if (typeof r !== "object" || r === null || r.format !== PROGRAM_FORMAT) return { error: `not a saved program (no "format": "${PROGRAM_FORMAT}")` };
  if (r.version !== PROGRAM_VERSION) return { error: `saved with format version ${String(r.version)}; this version runs ${PROGRAM_VERSION}: save it again with \`rulesmith compile\`` };
  const shape = shapeProblem(raw);
  if (shape) return { error: `damaged: ${shape}` };
  const files = r.files as A.SourceFile[];
  const naming = namingProblem(files, standard);
  if (naming) return { error: naming };
  const resolution = resolutionProblem(files);
  if (resolution) return { error: `damaged: ${resolution}` };
  const sees = (r as { sees?: Record<string, string[]> }).sees;
  if (sees === undefined) return { files };
  const paths = new Set(files.map((f) => f.path));
  const stray = Object.entries(sees).flatMap(([k, v]) => [k, ...v]).find((p) => !paths.has(p));
  if (stray !== undefined) return { error: `damaged: \`sees\` names \`${stray}\`, no file of the program` };
  return { files, sees: new Map(Object.entries(sees)) };
}

// ---- the shape -------------------------------------------------------------------------------------

/** A node waiting for its own validation, found by the `node` keyword in its parent's. */
interface Pending {
  data: unknown;
  definition: NodeDefinition;
  path: string;
}

interface Validators {
  root: ValidateFunction;
  nodes: Record<NodeDefinition, ValidateFunction>;
}

/** The nodes found by the validation in progress, and the JSON path of the value it validates. */
const progress: { found: Pending[]; base: string } = { found: [], base: "" };

let compiled: Validators | undefined;

/** Compiled once, on the first load: a run that loads no saved program pays nothing. */
function validators(): Validators {
  if (compiled) return compiled;
  // Compiled in the playground's worker too: unoptimised code and shared (not inlined) definitions of
  // spans and names compile in a fifth of the time, and validate a large program about as fast.
  const ajv = new Ajv({ discriminator: true, strict: false, code: { optimize: false }, inlineRefs: false });
  // A node's place: noted, and validated later against its own definition (see `shapeProblem`).
  ajv.addKeyword({
    keyword: NODE_KEYWORD,
    schemaType: "string",
    validate: (definition: NodeDefinition, data: unknown, _schema?: unknown, cxt?: { instancePath: string }) => {
      progress.found.push({ data, definition, path: progress.base + (cxt?.instancePath ?? "") });
      return true;
    },
  });
  ajv.addSchema(savedProgramSchema());
  const get = (ref: string) => ajv.getSchema(`${SAVED_PROGRAM_SCHEMA_ID}${ref}`)!;
  compiled = {
    root: get(""),
    nodes: Object.fromEntries(NODE_DEFINITIONS.map((d) => [d, get(`#/definitions/${d}`)])) as Record<NodeDefinition, ValidateFunction>,
  };
  return compiled;
}

/**
 * Where the JSON breaks the format, in plain words with its JSON path; undefined when it fits. Each node
 * is validated on its own, from a stack, in document order: no depth of tree can overflow the stack.
 */
function shapeProblem(raw: unknown): string | undefined {
  const v = validators();
  const stack: Pending[] = [];
  let next: { data: unknown; validate: ValidateFunction; path: string } | undefined = { data: raw, validate: v.root, path: "" };
  while (next) {
    progress.found = [];
    progress.base = next.path;
    if (!next.validate(next.data)) {
      const e = next.validate.errors?.[0];
      return e ? `\`${next.path + e.instancePath || "/"}\` ${describe(e)}` : "it does not fit the saved-program format";
    }
    for (let i = progress.found.length - 1; i >= 0; i--) stack.push(progress.found[i]!);
    const p = stack.pop();
    next = p && { data: p.data, validate: v.nodes[p.definition], path: p.path };
  }
  return undefined;
}

function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required":
      return `has no \`${String(p["missingProperty"])}\``;
    case "additionalProperties":
      return `has \`${String(p["additionalProperty"])}\`, which no node of this kind has`;
    case "discriminator":
      return p["error"] === "mapping" ? `is a node of a kind rulesmith does not write (\`${String(p["tagValue"] ?? p["tag"])}\`)` : `must be a node with a text \`${String(p["tag"])}\``;
    case "const":
      return `must be ${JSON.stringify(p["allowedValue"])}`;
    case "enum":
      return `must be one of ${((p["allowedValues"] as unknown[]) ?? []).map((v) => JSON.stringify(v)).join(", ")}`;
    case "type":
      return `must be ${/^[aeiou]/.test(String(p["type"])) ? "an" : "a"} ${String(p["type"])}`;
    default:
      return e.message ?? "does not fit the saved-program format";
  }
}

// ---- the file names --------------------------------------------------------------------------------

/**
 * What is wrong with the files' names: a span that names a file other than its own that is no game file
 * of the program (the trace and the runtime read a node's file from its span; an extended declaration
 * holds the members, fields and rows of the files that extend it, each spanning its own file), a file
 * named twice, or a file named as a standard module that is not that module's tree.
 */
function namingProblem(files: A.SourceFile[], standard: StandardModules | undefined): string | undefined {
  const seen = new Set<string>();
  const games = new Set(files.filter((f) => !isStdPath(f.path)).map((f) => f.path));
  for (const [i, f] of files.entries()) {
    if (seen.has(f.path)) return `damaged: \`/files/${i}/path\` names \`${f.path}\` a second time`;
    seen.add(f.path);
    const stray = strayFile(f, isStdPath(f.path) ? new Set() : games);
    if (stray !== undefined) return `damaged: a node in \`${f.path}\` says it is in \`${stray}\``;
    if (!isStdPath(f.path)) continue;
    if (!standard) return `refused: \`${f.path}\` is named as a standard module, and only a loader with the parser can check that it is one (load it with \`loadScenario\` or the full API's \`loadSavedProgram\`)`;
    const genuine = standard(f.path);
    if (!genuine) return `damaged: \`${f.path}\` is named as a standard module, and there is no standard module of that name`;
    if (!sameTree(f, genuine)) return `damaged: \`${f.path}\` is named as a standard module but is not that module's text`;
  }
  return undefined;
}

/** The first `file` of a span below `f` that is neither `f`'s own path nor one of `others`; every object is visited from a stack, not by recursion. */
function strayFile(f: A.SourceFile, others: ReadonlySet<string>): string | undefined {
  const stack: unknown[] = [f.decls];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x !== "object" || x === null) continue;
    if (Array.isArray(x)) {
      for (const item of x) stack.push(item);
      continue;
    }
    for (const [key, value] of Object.entries(x)) {
      if (key === "span" && typeof value === "object" && value !== null && (value as A.Span).file !== f.path && !others.has((value as A.Span).file)) return String((value as A.Span).file);
      stack.push(value);
    }
  }
  return undefined;
}

/** Whether the saved tree is the parsed one, the checker's resolution left aside. */
function sameTree(saved: A.SourceFile, parsed: A.SourceFile): boolean {
  const plain = (f: A.SourceFile) => JSON.stringify(f, (key, value: unknown) => (RESOLVED_KEYS.has(key) ? undefined : value));
  try {
    return plain(saved) === plain(parsed);
  } catch {
    return false; // nested too deep to write: no standard module is
  }
}

// ---- the resolution --------------------------------------------------------------------------------

/** The declarations an expression's `ref` may name, by the expression's kind. */
const REFERABLE: Partial<Record<string, readonly A.Decl["kind"][]>> = {
  // A record's name is walked as its values where a tally counts them (`for k in Magic`).
  name: ["enum", "die", "status", "kind"],
  member: ["enum"],
  call: ["fn", "value", "table", "kind", "enum"],
  has: ["status"],
  apply: ["status"],
  clear: ["status"],
  emit: ["event"],
};

/** The declarations the runtime finds by id: each must carry one, and no two the same. */
const NAMED = new Set<A.Decl["kind"]>(["enum", "kind", "status", "event", "fn", "value", "modifier", "die", "table"]);

/**
 * What is wrong with the resolution the checker wrote into the tree, or undefined when every id names a
 * declaration of the sort its place needs, every slot lies in its rule's frame and every place (a state
 * field, a parameter, a field of a kind) exists. One walk of each declaration (src/core/ast-walk.ts).
 */
function resolutionProblem(files: A.SourceFile[]): string | undefined {
  const byId = new Map<number, A.Decl>();
  let stateFields = 0;
  for (const f of files) {
    for (const d of f.decls) {
      if (d.kind === "state") stateFields += d.fields.length;
      if (!NAMED.has(d.kind)) continue;
      if (d.id === undefined) return `${at(d.span)}: the declaration has no id: the program was not checked`;
      if (byId.has(d.id)) return `${at(d.span)}: the id ${d.id} is given to two declarations`;
      byId.set(d.id, d);
    }
  }
  const problems: string[] = [];
  for (const f of files) {
    for (const d of f.decls) {
      new ResolutionCheck(byId, stateFields, (d as A.Framed).frameSize ?? 0, problems, isStdPath(f.path)).decl(d);
      if (problems.length > 0) return problems[0];
    }
  }
  return undefined;
}

/** `an \`enum\``, `a \`kind\``. */
function an(sort: string): string {
  return `${/^[aeiou]/.test(sort) ? "an" : "a"} \`${sort}\``;
}

function at(span: A.Span): string {
  return `at ${span.file}:${span.line}:${span.col}`;
}

/** The checks of one declaration: its frame is the only one its slots may use. */
class ResolutionCheck {
  constructor(
    private readonly byId: Map<number, A.Decl>,
    private readonly stateFields: number,
    private readonly frame: number,
    private readonly problems: string[],
    /** In a standard module, whose tree is the genuine one: its ids may name only its own kind of declaration, never the game's. */
    private readonly std: boolean,
  ) {}

  decl(d: A.Decl) {
    switch (d.kind) {
      case "kind":
      case "state":
        d.fields.forEach((f) => this.type(f.type));
        break;
      case "status":
        d.params?.forEach((p) => this.type(p.type));
        for (const x of d.expiry ? [d.expiry, ...(d.expiry.or ?? [])] : []) {
          const ev = this.named(x.ref, ["event"], d.span);
          if (ev?.kind === "event" && x.holderIndex !== undefined) this.place(x.holderIndex, ev.params.length, d.span, "parameter", ev.name.text);
        }
        break;
      case "event":
      case "fn":
      case "value":
      case "table":
        d.params.forEach((p) => this.type(p.type));
        if (d.returns) this.type(d.returns);
        if (d.params.length > this.frame) this.fail(d.span, `its frame of ${this.frame} slot(s) cannot hold its ${d.params.length} parameter(s)`);
        break;
      case "trigger":
        this.named(d.eventRef, ["event"], d.span);
        break;
      case "modifier":
        this.named(d.targetRef, ["value"], d.span);
        if (d.resultSlot !== undefined) this.slot(d.resultSlot, d.span);
        break;
      case "import":
      case "overrides":
      case "enum":
      case "die":
      case "example":
      case "stages":
        break;
      case "extendEnum":
      case "extendKind":
      case "extendTable":
      case "extendValue":
      case "replaceRow":
      case "removal":
        return this.fail(d.span, "an extension, which the checker merges into the declaration it extends: a saved program holds the merged declaration");
      default:
        return assertNever(d);
    }
    walk(d, (n) => {
      this.node(n);
      return this.problems.length === 0;
    });
  }

  /** One node below the declaration; what it holds is walked after it. */
  private node(n: Node) {
    const x = n as Node & { span: A.Span; ref?: A.Ref; slot?: number; type?: A.TypeRef };
    if (x.slot !== undefined) this.slot(x.slot, x.span);
    if (x.kind === "let" && x.type) this.type(x.type);
    if (x.ref) this.ref(x.kind, x.ref, x.span);
    switch (x.kind) {
      case "member": {
        const m = x as unknown as A.Expr & { kind: "member" };
        if (m.field) {
          const k = this.named({ to: "decl", id: m.field.kind }, ["kind"], m.span);
          if (k?.kind === "kind") this.place(m.field.index, k.fields.length, m.span, "field", k.name.text);
        }
        break;
      }
      case "call": {
        const c = x as unknown as A.Expr & { kind: "call" };
        if (c.builtin !== undefined && !Object.hasOwn(builtins, c.builtin) && !isAggregate(c.builtin)) this.fail(c.span, `\`${c.builtin}\` is no function of the standard library`);
        this.namedArgs(c.args, c.ref, c.span);
        break;
      }
      case "emit":
        this.namedArgs((x as unknown as { args: A.Arg[] }).args, x.ref, x.span);
        break;
      case "apply": {
        const a = x as unknown as A.Stmt & { kind: "apply" };
        if (a.args) this.namedArgs(a.args, x.ref, x.span);
        for (const e of a.expiry ? [a.expiry, ...(a.expiry.or ?? [])] : []) {
          const ev = e.ref ? this.named(e.ref, ["event"], e.span) : this.declaredExpiry(x.ref);
          if (e.paramIndex !== undefined && ev?.kind === "event") this.place(e.paramIndex, ev.params.length, e.span, "parameter", ev.name.text);
        }
        break;
      }
      case "clear": {
        const c = x as unknown as A.Stmt & { kind: "clear" };
        if (c.args) this.namedArgs(c.args, x.ref, x.span);
        break;
      }
      case "comprehension": {
        const c = (x as unknown as { comp: A.Comprehension }).comp;
        if (c.slot !== undefined) this.slot(c.slot, x.span);
        break;
      }
    }
  }

  /** The event a status's declared expiry counts, if it has one. */
  private declaredExpiry(statusRef: A.Ref | undefined): A.Decl | undefined {
    const s = statusRef?.to === "decl" ? this.byId.get(statusRef.id) : undefined;
    const r = s?.kind === "status" ? s.expiry?.ref : undefined;
    return r?.to === "decl" ? this.byId.get(r.id) : undefined;
  }

  private namedArgs(args: A.Arg[], callee: A.Ref | undefined, span: A.Span) {
    const d = callee?.to === "decl" ? this.byId.get(callee.id) : undefined;
    // A status's `from:` is the place after its parameters.
    const places = d?.kind === "status" ? (d.params?.length ?? 0) + 1 : d && "params" in d ? d.params.length : d?.kind === "kind" ? d.fields.length : undefined;
    if (places === undefined || !d || !("name" in d)) return;
    for (const a of args) if (a.kind === "named" && a.index !== undefined) this.place(a.index, places, a.span, d.kind === "kind" ? "field" : "parameter", d.name.text);
  }

  private ref(kind: string, r: A.Ref, span: A.Span) {
    switch (r.to) {
      case "local":
        if (kind !== "name") return this.fail(span, "a variable is read where none can be");
        return this.slot(r.slot, span);
      case "state":
        if (kind !== "name" || this.std) return this.fail(span, "a state field is read where none can be");
        return this.place(r.index, this.stateFields, span, "state field");
      case "decl":
        return void this.named(r, REFERABLE[kind] ?? [], span);
      default:
        return assertNever(r);
    }
  }

  /** A written type's `ref`, and its element's: an enum or a kind. */
  private type(t: A.TypeRef) {
    for (let at: A.TypeRef | undefined = t; at; at = at.element) if (at.ref) this.named(at.ref, ["enum", "kind"], at.span);
  }

  private named(r: A.Ref | undefined, sorts: readonly A.Decl["kind"][], span: A.Span): A.Decl | undefined {
    if (r === undefined) return undefined;
    const d = r.to === "decl" ? this.byId.get(r.id) : undefined;
    if (d && this.std && !isStdPath(d.span.file)) {
      this.fail(span, `an id names \`${"name" in d ? d.name.text : d.kind}\` of ${d.span.file}, where a standard module can name only its own declarations`);
      return undefined;
    }
    if (d && sorts.includes(d.kind)) return d;
    const wanted = sorts.map(an).join(" or ") || "no declaration";
    this.fail(span, r.to === "decl" ? `the id ${r.id} names ${d ? an(d.kind) : "no declaration"}, where ${wanted} belongs` : `a variable or state field stands where ${wanted} belongs`);
    return undefined;
  }

  private slot(slot: number, span: A.Span) {
    if (slot >= this.frame) this.fail(span, `slot ${slot} is outside its rule's frame of ${this.frame} slot(s)`);
  }

  /** `i` must be one of the `count` places (`noun`s of `owner`) there are. */
  private place(i: number, count: number, span: A.Span, noun: string, owner?: string) {
    if (i >= count) this.fail(span, `there is no ${noun} number ${i}${owner ? ` of \`${owner}\`` : ""}: there are ${count}`);
  }

  private fail(span: A.Span, message: string) {
    this.problems.push(`${at(span)}: ${message}`);
  }
}
