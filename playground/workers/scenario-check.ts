// A scenario `.json` file in the editor: its diagnostics, exactly those `rulesmith run` reports before
// running (invalid JSON, unknown keys, a state value its declaration forbids, a "run" that is not a
// function), at the key or value they are about; and the JSON Schema of the whole file, the state's
// part derived from the declarations by src/run/schema.ts as `rulesmith schema` prints it, for Monaco's
// JSON language to complete field and enum names and to describe them on hover.
import { compile, indexProgram, loadScenario, memoryFileHost, readJson, stateSchema, toServiceDiagnostic, type ServiceDiagnostic } from "../../src/api.ts";
import type { Files } from "../protocol.ts";

export interface ScenarioCheck {
  diagnostics: ServiceDiagnostic[];
  /** Undefined when the rules cannot be found or do not check: the editor keeps the schema it had. */
  schema?: Record<string, unknown>;
}

export function checkScenario(files: Files, path: string): ScenarioCheck {
  const host = memoryFileHost(files);
  const loaded = loadScenario(path, host);
  const diagnostics = loaded.diagnostics.map(toServiceDiagnostic);
  const schema = scenarioSchema(files, path, loaded.ready?.program);
  return { diagnostics, ...(schema ? { schema } : {}) };
}

type Program = ReturnType<typeof indexProgram>;

/** The scenario file's schema: its keys, "run" as one of the functions it may name, "state" from the declarations. */
function scenarioSchema(files: Files, path: string, ready: Program | undefined): Record<string, unknown> | undefined {
  const program = ready ?? programOf(files, path);
  if (!program) return undefined;
  const { $schema, title, definitions, ...state } = stateSchema(program);
  const runnable = [...program.fns.values()].filter((f) => f.params.length === 0);
  return {
    $schema,
    type: "object",
    properties: {
      rules: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }], description: "the .rules file or folder to load, relative to this file" },
      run: { enum: runnable.map((f) => f.name.text), markdownEnumDescriptions: runnable.map((f) => f.doc ?? ""), description: "the function without parameters to run" },
      seed: { type: "string", description: "the seed the dice roll from: the same seed gives the same run" },
      state: { ...state, description: String(title) },
      choices: { type: "array", description: "answers to the rules' decision points, in the order they are asked" },
    },
    required: ["rules", "run", "state"],
    additionalProperties: false,
    definitions,
  };
}

/** The program a scenario names even when its state is wrong (then `loadScenario` has none ready). */
function programOf(files: Files, path: string): Program | undefined {
  const json = readJson(files[path] ?? "");
  if ("error" in json) return undefined;
  const rules = (json.value as { rules?: unknown } | null)?.rules;
  const names = typeof rules === "string" ? [rules] : Array.isArray(rules) && rules.every((r) => typeof r === "string") ? (rules as string[]) : undefined;
  if (!names || names.length === 0) return undefined;
  const host = memoryFileHost(files);
  const roots = names.map((r) => host.resolve(host.normalize(path), r));
  if (roots.some((r) => r.endsWith(".json"))) return undefined;
  const compiled = compile(roots, host);
  const only = compiled.programs?.length === 1 ? compiled.programs[0] : undefined;
  if (!only || compiled.diagnostics.some((d) => d.severity === "error")) return undefined;
  return indexProgram(only);
}
