// The Help dialog: how to start, the keyboard shortcuts, and the language reference (docs/language.md,
// bundled, so it works offline and matches this build). The reference is shown as text with its
// headings as a table of contents: every character goes in as text, never as HTML.
import reference from "../docs/language.md?raw";
import { el } from "./dom.ts";

const SHORTCUTS: [string, string][] = [
  ["Ctrl+Enter", "run the example or scenario chosen in the Run tab"],
  ["Ctrl+S", "edits save as you type: it says so (Download and Export save files to your computer)"],
  ["Ctrl+Space", "complete a name (in scenario files: a field, an enum member, a function)"],
  ["F12 / Ctrl+click", "go to a name's declaration"],
  ["Alt+Left", "go back to where the cursor was before F12 (or a problem, a reference, a trace line)"],
  ["Shift+F12", "find every reference to the name, in every file"],
  ["F2", "rename the name at its declaration and every use, across files"],
  ["Ctrl+Shift+O", "go to a declaration of the file (its outline)"],
  ["Ctrl+G", "go to a line"],
  ["F1", "the command palette: every editor command"],
  ["F8 / Shift+F8", "next / previous problem in the file"],
  ["Ctrl+F", "find in the file"],
  ["Ctrl+/", "comment or uncomment the lines"],
  ["Ctrl+M", "let Tab move the focus out of the editor (again: Tab indents)"],
  ["Tab, arrows, Enter", "in the panels: move between controls, walk the trace, follow a line to its rule"],
  ["arrows on a splitter", "resize the panes"],
];

const START = [
  "The files on the left are the bundled games. Open one; the Problems tab checks it as you type, with the messages `rulesmith check` prints.",
  "The Run tab runs an example (a test the rules carry) or a scenario (a .json state and a function). Click a trace line to see the rule that fired.",
  "The Simulate tab runs a scenario many times and shows how often each outcome comes up, or each count's distribution.",
  "New game starts a game of your own: a kind, the state, a rule, an example and a scenario to change.",
  "Edits stay in this browser. Share link and Export carry them elsewhere; Reset goes back to the bundled rules. History keeps what Reset, links, imports and deletes replaced, to restore.",
];

interface Section {
  title: string;
  level: number;
  lines: string[];
}

/** docs/language.md split at its headings. */
function sections(markdown: string): Section[] {
  const out: Section[] = [];
  let inCode = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) inCode = !inCode;
    const heading = !inCode && /^(#{1,3}) (.*)$/.exec(line);
    if (heading) out.push({ title: heading[2]!, level: heading[1]!.length, lines: [] });
    else if (out.length) out[out.length - 1]!.lines.push(line);
  }
  return out;
}

function slug(title: string, i: number): string {
  return `ref-${i}-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
}

export function setUpHelp(button: HTMLElement, dialog: HTMLDialogElement) {
  let built = false;
  button.addEventListener("click", () => {
    if (!built) {
      build(dialog);
      built = true;
    }
    dialog.showModal();
  });
}

function build(dialog: HTMLDialogElement) {
  const parts = sections(reference);
  const toc = el("ul", { class: "help-toc" });
  const body = el("div", { class: "help-reference" });
  parts.forEach((s, i) => {
    const id = slug(s.title, i);
    if (s.level <= 2) toc.append(el("li", {}, el("a", { href: `#${id}`, onclick: (e: Event) => jump(e, id) }, s.title)));
    body.append(el(s.level <= 2 ? "h3" : "h4", { id }, s.title), el("pre", { class: "help-text" }, s.lines.join("\n").trim()));
  });
  dialog.replaceChildren(
    el(
      "div",
      { class: "help-head" },
      el("h2", { id: "help-title" }, "Help"),
      el("button", { id: "help-close", "aria-label": "close help", onclick: () => dialog.close() }, "Close"),
    ),
    el("section", { "aria-labelledby": "help-start" }, el("h3", { id: "help-start" }, "Getting started"), el("ol", {}, ...START.map((t) => el("li", {}, t)))),
    el(
      "section",
      { "aria-labelledby": "help-keys" },
      el("h3", { id: "help-keys" }, "Shortcuts"),
      el("table", { class: "help-shortcuts" }, ...SHORTCUTS.map(([k, what]) => el("tr", {}, el("th", {}, el("kbd", {}, k)), el("td", {}, what)))),
    ),
    el("section", { "aria-labelledby": "help-reference", id: "help-language" }, el("h3", { id: "help-reference" }, "Language reference"), toc, body),
  );
}

/** Scrolls the dialog to a heading without changing the page's hash (a share link lives there). */
function jump(e: Event, id: string) {
  e.preventDefault();
  document.getElementById(id)?.scrollIntoView({ block: "start" });
}
