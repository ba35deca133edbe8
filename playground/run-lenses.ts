// ▶ beside what can run: a ▶ in the editor's glyph margin at each `example` (a click runs it), and
// above the editor a button that runs all the open file's examples or, for a scenario file, runs the
// scenario. They come from the Run panel's outline (the same list the Run tab shows) and run through
// the Run panel. Glyphs rather than code lenses: a lens is a line of its own that comes and goes as
// the outline is read again, moving the text under the reader's pointer.
import { monaco } from "./monaco-features.ts";
import { pathOf } from "./editor.ts";
import type { RunPanel } from "./run-panel.ts";
import { el } from "./dom.ts";

export function registerRunLenses(editor: monaco.editor.IStandaloneCodeEditor, panel: RunPanel, bar: HTMLElement, showRun: () => void) {
  editor.updateOptions({ glyphMargin: true });
  const glyphs = editor.createDecorationsCollection();
  const button = el("button", { id: "run-file", class: "run-file", hidden: "" });
  bar.append(button);
  let action: () => void = () => undefined;
  button.addEventListener("click", () => action());

  const update = () => {
    const model = editor.getModel();
    const path = model ? pathOf(model.uri) : "";
    const examples = panel.examplesIn(path);
    glyphs.set(
      examples.map((ex) => ({
        range: new monaco.Range(ex.line, 1, ex.line, 1),
        options: { glyphMarginClassName: "run-glyph", glyphMarginHoverMessage: { value: `Run the example "${ex.title.replace(/[\\`*_[\]<>]/g, "")}"` } },
      })),
    );
    if (examples.length > 0) {
      button.textContent = `▶ Run all ${examples.length} example${examples.length === 1 ? "" : "s"} in this file`;
      action = () => {
        showRun();
        void panel.runFile(path);
      };
      button.hidden = false;
    } else if (panel.hasScenario(path)) {
      button.textContent = "▶ Run this scenario";
      action = () => {
        showRun();
        void panel.runTarget(`scenario:${path}`);
      };
      button.hidden = false;
    } else button.hidden = true;
  };

  editor.onMouseDown((e) => {
    if (e.target.type !== monaco.editor.MouseTargetType.GUTTER_GLYPH_MARGIN || !e.target.position) return;
    const model = editor.getModel();
    const ex = model ? panel.examplesIn(pathOf(model.uri)).find((x) => x.line === e.target.position!.lineNumber) : undefined;
    if (!ex) return;
    showRun();
    void panel.runTarget(`example:${ex.title}`);
  });
  editor.onDidChangeModel(update);
  panel.onOutline = update;
  update();
}
