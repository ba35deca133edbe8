// "Why didn't this rule fire?": an editor action (the context menu, F1, ctrl+shift+Y) on a modifier, a
// handler or a table row. It asks the run worker `rulesmith why-not` about the rule declared at the
// cursor's line (`FILE.rules:LINE`, so a row is its own line) in the Run panel's scenario (the one
// chosen, else the system's first) and shows the answer above the trace, each `--> file:line:col` a link
// to that place in the rules.
import { monaco } from "./monaco-features.ts";
import { pathOf } from "./editor.ts";
import { el } from "./dom.ts";
import type { RunClient } from "./run-client.ts";
import type { RunPanel } from "./run-panel.ts";
import type { Files } from "./protocol.ts";

export interface WhyNotHost {
  files(): Files;
  select(span: { file: string; line: number; col: number; endLine: number; endCol: number }): void;
  showRun(): void;
}

export function registerWhyNot(editor: monaco.editor.IStandaloneCodeEditor, panel: RunPanel, client: RunClient, container: HTMLElement, host: WhyNotHost) {
  const answer = el("pre", { id: "why-not", class: "why-not", "aria-live": "polite", hidden: "" });
  container.prepend(answer);
  const show = (text: string, state: string) => {
    answer.hidden = false;
    answer.dataset["state"] = state;
    answer.replaceChildren(...linked(text, host));
  };
  editor.addAction({
    id: "rulesmith.whyNot",
    label: "Why didn't this rule fire?",
    contextMenuGroupId: "navigation",
    keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.KeyY],
    run: async () => {
      const model = editor.getModel();
      const position = editor.getPosition();
      if (!model || !position) return;
      const file = pathOf(model.uri);
      host.showRun();
      if (!file.endsWith(".rules")) return show("Put the cursor on a modifier, a handler or a table row of a .rules file.", "error");
      const scenario = panel.scenarioToAsk();
      if (!scenario) return show("This game system has no scenario to run: why-not needs a run to look at.", "error");
      show(`Running ${scenario.path} to see why…`, "running");
      const reply = await client.request({ type: "why-not", files: host.files(), path: scenario.path, rule: `${file}:${position.lineNumber}`, seed: scenario.seed });
      if (reply.type === "why-not") show(reply.text, reply.failed ? "error" : "done");
      else show(reply.type === "error" ? reply.message : "no answer", "error");
    },
  });
}

/** The answer's text with each `--> file:line:col` made a link to that place. */
function linked(text: string, host: WhyNotHost): (Node | string)[] {
  const out: (Node | string)[] = [];
  let last = 0;
  for (const m of text.matchAll(/--> (\S+?):(\d+):(\d+)/g)) {
    out.push(text.slice(last, m.index! + 4));
    const [file, line, col] = [m[1]!, Number(m[2]), Number(m[3])];
    const a = el("a", { href: "#", class: "why-not-link" }, `${file}:${line}:${col}`);
    a.addEventListener("click", (e) => {
      e.preventDefault();
      host.select({ file, line, col, endLine: line, endCol: col });
    });
    out.push(a);
    last = m.index! + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}
