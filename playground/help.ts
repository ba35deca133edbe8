// The Help dialog: how to start, the keyboard shortcuts, and the language reference (docs/language.md,
// bundled, so it works offline and matches this build). The reference is loaded when Help first opens
// and rendered as `rulesmith doc` renders doc comments (the public API's `markdownHtml`: raw HTML and
// unsafe links shown as text), with a table of contents and a search that keeps the sections matching.
import { markdownHtml } from "../src/api.ts";
import { el } from "./dom.ts";

const SHORTCUTS: [string, string][] = [
  ["Ctrl+Enter", "run the example or scenario chosen in the Run tab"],
  ["Ctrl+S", "edits save as you type: it says so (Download and Export save files to your computer)"],
  ["Ctrl+Z", "in the editor: undo; elsewhere: bring back the file deleted last (History keeps every one)"],
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

/** docs/language.md split at its headings (down to ###). */
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

/** A heading's anchor as GitHub makes it, which the reference's own links (`#13-example`) use. */
function slug(title: string): string {
  return title.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, "").trim().replace(/\s/g, "-");
}

/** A heading's text, its inline markdown (`code`) rendered; "13. ..." is a number, not a list. */
function headingHtml(title: string): string {
  return markdownHtml(title.replace(/^(\d+)\./, "$1\\.")).trim().replace(/^<p>|<\/p>$/g, "");
}

export function setUpHelp(button: HTMLElement, dialog: HTMLDialogElement) {
  let built: Promise<void> | undefined;
  button.addEventListener("click", async () => {
    built ??= build(dialog);
    await built;
    dialog.showModal();
  });
}

async function build(dialog: HTMLDialogElement) {
  const { default: reference } = await import("../docs/language.md?raw");
  const parts = sections(reference);
  const toc = el("ul", { class: "help-toc" });
  const body = el("div", { class: "help-reference" });
  const found = el("span", { id: "help-found", class: "notice", "aria-live": "polite" });
  const search = el("input", { id: "help-search", type: "search", placeholder: "search the reference", "aria-label": "search the language reference" });
  const shown: { section: HTMLElement; entry?: HTMLElement; text: string }[] = [];
  for (const s of parts) {
    const id = `ref-${slug(s.title)}`;
    const heading = el(s.level <= 2 ? "h3" : "h4", { id });
    heading.innerHTML = headingHtml(s.title);
    const content = el("div", { class: "help-text" });
    // Safe as HTML: markdownHtml escapes raw HTML and drops links that are not http(s) or #anchors.
    content.innerHTML = markdownHtml(s.lines.join("\n"));
    const section = el("section", { class: "help-section" }, heading, content);
    body.append(section);
    let entry: HTMLElement | undefined;
    if (s.level <= 2) {
      const link = el("a", { href: `#${id}`, onclick: (e: Event) => jump(e, id) });
      link.innerHTML = headingHtml(s.title);
      entry = el("li", {}, link);
      toc.append(entry);
    }
    shown.push({ section, ...(entry ? { entry } : {}), text: `${s.title}\n${s.lines.join("\n")}`.toLowerCase() });
  }
  // The reference's own links name headings (`#13-example`): scroll there, leave the address alone.
  body.addEventListener("click", (e) => {
    const a = (e.target as HTMLElement).closest("a");
    const href = a?.getAttribute("href");
    if (href?.startsWith("#")) jump(e, `ref-${decodeURIComponent(href.slice(1))}`);
  });
  search.addEventListener("input", () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    let n = 0;
    for (const x of shown) {
      const match = words.every((w) => x.text.includes(w));
      x.section.hidden = !match;
      if (x.entry) x.entry.hidden = words.length > 0 && !match;
      if (match) n++;
    }
    found.textContent = words.length ? `${n} of ${shown.length} sections` : "";
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
    el("section", { "aria-labelledby": "help-reference", id: "help-language" }, el("h3", { id: "help-reference" }, "Language reference"), el("div", { class: "help-search" }, search, found), toc, body),
  );
}

/** Scrolls the dialog to a heading without changing the page's hash (a share link lives there). */
function jump(e: Event, id: string) {
  e.preventDefault();
  document.getElementById(id)?.scrollIntoView({ block: "start" });
}
