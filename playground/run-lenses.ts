// ▶ above what can run: "Run all examples in this file" at the top of a `.rules` file, "Run" above each
// `example`, and "Run this scenario" at the top of a scenario `.json`. They come from the Run panel's
// outline (the same list the Run tab shows), and a click runs through the Run panel.
import { monaco } from "./monaco-features.ts";
import { LANGUAGE_ID, pathOf } from "./editor.ts";
import type { RunPanel } from "./run-panel.ts";

export function registerRunLenses(panel: RunPanel, showRun: () => void) {
  const changed = new monaco.Emitter<monaco.languages.CodeLensProvider>();
  const runAll = monaco.editor.registerCommand("rulesmith.runFileExamples", (_a, file: string) => {
    showRun();
    void panel.runFile(file);
  });
  const runOne = monaco.editor.registerCommand("rulesmith.runTarget", (_a, key: string) => {
    showRun();
    void panel.runTarget(key);
  });
  const at = (line: number) => ({ startLineNumber: line, startColumn: 1, endLineNumber: line, endColumn: 1 });
  const rules: monaco.languages.CodeLensProvider = {
    onDidChange: changed.event,
    provideCodeLenses(model) {
      const file = pathOf(model.uri);
      const examples = panel.examplesIn(file);
      if (examples.length === 0) return { lenses: [], dispose() {} };
      const lenses: monaco.languages.CodeLens[] = [{ range: at(1), command: { id: "rulesmith.runFileExamples", title: `▶ Run all ${examples.length} examples in this file`, arguments: [file] } }];
      for (const ex of examples) lenses.push({ range: at(ex.line), command: { id: "rulesmith.runTarget", title: "▶ Run", tooltip: `run "${ex.title}" (ctrl+enter runs the Run tab's choice)`, arguments: [`example:${ex.title}`] } });
      return { lenses, dispose() {} };
    },
  };
  const json: monaco.languages.CodeLensProvider = {
    onDidChange: changed.event,
    provideCodeLenses(model) {
      const path = pathOf(model.uri);
      if (!panel.hasScenario(path)) return { lenses: [], dispose() {} };
      return { lenses: [{ range: at(1), command: { id: "rulesmith.runTarget", title: "▶ Run this scenario", arguments: [`scenario:${path}`] } }], dispose() {} };
    },
  };
  monaco.languages.registerCodeLensProvider(LANGUAGE_ID, rules);
  monaco.languages.registerCodeLensProvider("json", json);
  panel.onOutline = () => {
    changed.fire(rules);
    changed.fire(json);
  };
  return [runAll, runOne];
}
