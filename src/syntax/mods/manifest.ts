// The manifests of packaged rules: `system.json` in a base system's folder, `mod.json` in a mod's. A
// manifest comes from a stranger like a rules file, so every mistake in it is a coded diagnostic (E0601)
// at the key or value that is wrong, as a scenario's are: the JSON is read with positions
// (core/json-text.ts), its shape checked by ajv, and each version and range by npm's `semver`.
import { Ajv, type ErrorObject } from "ajv";
import valid from "semver/functions/valid.js";
import validRange from "semver/ranges/valid.js";
import type { Span } from "../../core/ast.ts";
import { diag, didYouMean, type Diagnostic } from "../../core/diagnostics.ts";
import { escapePointer, readJson } from "../../core/json-text.ts";
import { spanAt } from "../parse.ts";
import type { FileHost } from "../load.ts";

export const SYSTEM_MANIFEST = "system.json";
export const MOD_MANIFEST = "mod.json";

/** Whether a path names a package's manifest (a base system's or a mod's), by its last segment. */
export function isManifest(path: string): boolean {
  const name = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
  return name === SYSTEM_MANIFEST || name === MOD_MANIFEST;
}

/** The dependencies of a mod, by the name of the system or mod, each with its range of versions. */
export type Dependencies = ReadonlyMap<string, { range: string; span: Span; keySpan: Span }>;

export interface Manifest {
  kind: "system" | "mod";
  /** The folder the manifest is in: every `.rules` file below it is the package's. */
  folder: string;
  /** The manifest file itself, where its diagnostics point. */
  path: string;
  name: string;
  version: string;
  title?: string;
  requires: Dependencies;
  optional: Dependencies;
  incompatible: Dependencies;
  /** Where the manifest names the package: the value of "name". */
  nameSpan: Span;
}

const NAME = { type: "string", pattern: "^[a-z0-9]+(?:[-_.][a-z0-9]+)*$", maxLength: 64 };
const RANGES = { type: "object", propertyNames: NAME, additionalProperties: { type: "string", maxLength: 256 } };
const COMMON = { name: NAME, version: { type: "string", maxLength: 64 }, title: { type: "string", maxLength: 200 }, description: { type: "string", maxLength: 2000 } };
const SCHEMAS = {
  system: { type: "object", required: ["name", "version"], additionalProperties: false, properties: COMMON },
  mod: { type: "object", required: ["name", "version", "requires"], additionalProperties: false, properties: { ...COMMON, requires: RANGES, optional: RANGES, incompatible: RANGES } },
} as const;
const KEYS = { system: Object.keys(SCHEMAS.system.properties), mod: Object.keys(SCHEMAS.mod.properties) };

const ajv = new Ajv({ allErrors: true, strict: false, ownProperties: true });
const validators = { system: ajv.compile(SCHEMAS.system), mod: ajv.compile(SCHEMAS.mod) };

export type ManifestRead = { manifest: Manifest; text: string } | { diagnostics: Diagnostic[]; text?: string } | { absent: true };

/** The manifest of kind `kind` in `folder`, checked; `absent` when the folder has none. */
export function readManifest(folder: string, kind: "system" | "mod", host: FileHost): ManifestRead {
  const path = host.normalize(`${folder}/${kind === "system" ? SYSTEM_MANIFEST : MOD_MANIFEST}`);
  const refused = host.refuse?.(path, "json");
  const text = refused ? undefined : host.read(path);
  if (text === undefined) {
    if (refused) return { diagnostics: [diag(refused.code, spanAt(path, "", 0, 0), refused.message, refused.help)] };
    return { absent: true };
  }
  const file = manifestFile(kind);
  const json = readJson(text);
  if ("error" in json) return { diagnostics: [diag("E0601", spanAt(path, text, json.error.start, json.error.end), `\`${file}\` is not valid JSON: ${json.error.message}`)], text };
  // The value at a JSON pointer, or its key; `opening`, or a pointer to nothing, gives the opening of the
  // (nearest enclosing) object: where a missing key belongs.
  const place = (pointer: string, key = false, opening = false): Span => {
    let p = pointer;
    while (!json.at.has(p) && p !== "") p = p.slice(0, p.lastIndexOf("/"));
    const at = json.at.get(p)!;
    const found = p === pointer && !opening;
    const range = found && key && at.key ? at.key : found ? at : { start: at.start, end: at.start + 1 };
    return spanAt(path, text, range.start, range.end);
  };
  const validate = validators[kind];
  if (!validate(json.value)) return { diagnostics: (validate.errors ?? []).flatMap((e) => shapeProblem(e, kind, place)), text };
  const raw = json.value as { name: string; version: string; title?: string } & Partial<Record<"requires" | "optional" | "incompatible", Record<string, string>>>;
  const diagnostics: Diagnostic[] = [];
  if (valid(raw.version) === null) diagnostics.push(diag("E0601", place("/version"), `\`${raw.version}\` is not a version`, "write a semantic version: MAJOR.MINOR.PATCH, such as `1.0.0`"));
  const dependencies = (key: "requires" | "optional" | "incompatible"): Dependencies => {
    const out = new Map<string, { range: string; span: Span; keySpan: Span }>();
    for (const [name, range] of Object.entries(raw[key] ?? {})) {
      const at = `/${key}/${escapePointer(name)}`;
      if (validRange(range) === null) diagnostics.push(diag("E0601", place(at), `\`${range}\` is not a range of versions`, "write a range as npm does: `>=1.0.0 <2`, `^1.2.0`, `1.x`, or `*` for any version"));
      else if (name === raw.name) diagnostics.push(diag("E0601", place(at, true), `the mod \`${name}\` names itself in "${key}"`));
      else out.set(name, { range, span: place(at), keySpan: place(at, true) });
    }
    return out;
  };
  const requires = dependencies("requires");
  const optional = dependencies("optional");
  const incompatible = dependencies("incompatible");
  for (const [name, dep] of incompatible) {
    if (requires.has(name) || optional.has(name)) diagnostics.push(diag("E0601", dep.keySpan, `\`${name}\` is both a dependency and incompatible`, "name it in one of \"requires\", \"optional\" and \"incompatible\""));
  }
  if (kind === "mod" && requires.size === 0 && diagnostics.length === 0) diagnostics.push(diag("E0601", place("/requires"), "a mod requires at least the system it extends", 'name it with a range of versions: `"requires": { "my-game": ">=1.0.0 <2" }`'));
  if (diagnostics.length > 0) return { diagnostics, text };
  const manifest: Manifest = { kind, folder: host.normalize(folder), path, name: raw.name, version: valid(raw.version)!, requires, optional, incompatible, nameSpan: place("/name") };
  if (raw.title !== undefined) manifest.title = raw.title;
  return { manifest, text };
}

export function manifestFile(kind: "system" | "mod"): string {
  return kind === "system" ? SYSTEM_MANIFEST : MOD_MANIFEST;
}

/** One diagnostic for one of ajv's complaints, at the key or value it is about. */
function shapeProblem(e: ErrorObject, kind: "system" | "mod", place: (pointer: string, key?: boolean, opening?: boolean) => Span): Diagnostic[] {
  const file = manifestFile(kind);
  const at = e.instancePath;
  const named = at === "" ? `\`${file}\`` : `"${at.slice(1).split("/").join(".")}"`;
  switch (e.keyword) {
    case "additionalProperties": {
      const key = (e.params as { additionalProperty: string }).additionalProperty;
      const help = didYouMean(key, KEYS[kind]) ?? `\`${file}\` has only ${KEYS[kind].map((k) => `"${k}"`).join(", ")}`;
      return [diag("E0601", place(`${at}/${escapePointer(key)}`, true), `unknown key "${key}" in \`${file}\``, help)];
    }
    case "required": {
      const key = (e.params as { missingProperty: string }).missingProperty;
      const help = key === "requires" ? 'a mod names the system it extends: `"requires": { "my-game": ">=1.0.0 <2" }`' : key === "version" ? 'give it a version: `"version": "1.0.0"`' : 'give it a name: `"name": "my-game"`';
      return [diag("E0601", place(at, false, true), `\`${file}\` has no "${key}"`, help)];
    }
    case "propertyNames": {
      const name = (e.params as { propertyName: string }).propertyName;
      return [diag("E0601", place(`${at}/${escapePointer(name)}`, true), `\`${name}\` is not the name of a system or mod`, "names are lower-case letters and digits, joined by `-`, `_` or `.`")];
    }
    case "pattern":
      // propertyNames reports its key once more, as a pattern of the key itself: the complaint above says it.
      if (e.propertyName !== undefined) return [];
      return [diag("E0601", place(at), `${named} must be lower-case letters and digits, joined by \`-\`, \`_\` or \`.\``, "such as `dragon-dice`")];
    case "type":
      return [diag("E0601", place(at), `${named} must be ${(e.params as { type: string }).type === "object" ? "an object" : `a ${(e.params as { type: string }).type}`}`)];
    case "maxLength":
      return [diag("E0601", place(at), `${named} is longer than ${(e.params as { limit: number }).limit} characters`)];
    default:
      return [diag("E0601", place(at), `${named} ${e.message ?? "is not valid"}`)];
  }
}
