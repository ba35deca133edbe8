// Monaco's JSON language for scenario files: each file gets the JSON Schema its rules give it (made
// in the language worker, workers/scenario-check.ts), so typing in "state" completes field names and
// enum members and hovering a key shows its declaration's doc comment. Problems are not Monaco's to
// report: the rules checker marks them with the messages `rulesmith run` prints, so each is said once.
import { jsonDefaults } from "./monaco-features.ts";
import { uriOf } from "./editor.ts";

export class ScenarioSchemas {
  private readonly schemas = new Map<string, Record<string, unknown>>();

  set(path: string, schema: Record<string, unknown>) {
    const text = JSON.stringify(schema);
    if (JSON.stringify(this.schemas.get(path)) === text) return; // unchanged: keep the JSON worker as it is
    this.schemas.set(path, schema);
    jsonDefaults.setDiagnosticsOptions({
      validate: false,
      allowComments: false,
      enableSchemaRequest: false,
      schemas: [...this.schemas].map(([p, s]) => ({ uri: `rulesmith-schema://scenario/${encodeURIComponent(p)}`, fileMatch: [uriOf(p).toString()], schema: s })),
    });
  }
}
