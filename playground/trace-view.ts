// A trace as clickable lines: each names the rule that fired and selects its source when clicked.
import { escapeControls } from "../src/api/report.ts";
import type { TraceEntry } from "../src/api.ts";
import type { SourceSpan } from "./editor.ts";

/** More lines than this slow the page without helping anyone read them. */
export const TRACE_LINE_LIMIT = 5000;

export function renderTrace(list: HTMLElement, trace: readonly TraceEntry[], select: (span: SourceSpan) => boolean, keepLast = false) {
  list.replaceChildren();
  const shown = trace.length <= TRACE_LINE_LIMIT ? trace : keepLast ? trace.slice(-TRACE_LINE_LIMIT) : trace.slice(0, TRACE_LINE_LIMIT);
  const offset = keepLast ? trace.length - shown.length : 0;
  if (shown.length < trace.length) {
    const note = document.createElement("li");
    note.className = "trace-note";
    note.textContent = `showing ${keepLast ? "the last" : "the first"} ${shown.length} of ${trace.length} trace lines`;
    list.append(note);
  }
  const fragment = document.createDocumentFragment();
  shown.forEach((entry, i) => {
    const li = document.createElement("li");
    li.className = `trace-line trace-${entry.kind}`;
    li.dataset["index"] = String(offset + i);
    li.dataset["span"] = `${entry.span.file}:${entry.span.line}:${entry.span.col}-${entry.span.endLine}:${entry.span.endCol}`;
    li.style.paddingLeft = `${0.4 + Math.min(entry.depth, 30) * 1.1}em`;
    li.title = escapeControls(`${entry.kind} in ${entry.rule} @ ${entry.span.file}:${entry.span.line}:${entry.span.col}: click to select the source`);
    const message = document.createElement("span");
    message.className = "trace-message";
    // Messages hold texts from the rules and the state: a U+202E in one would reverse the line on screen.
    message.textContent = escapeControls(entry.message);
    const where = document.createElement("span");
    where.className = "trace-where";
    // The file and line are what a reader scans for; the full rule name is in the tooltip.
    where.textContent = escapeControls(`${entry.span.file.split("/").pop()}:${entry.span.line}`);
    li.append(message, where);
    // Focusable: Tab reaches the trace, the arrow keys walk it, Enter selects the source.
    li.tabIndex = 0;
    li.addEventListener("click", () => {
      const previous = list.querySelector(".trace-line.selected");
      previous?.classList.remove("selected");
      previous?.removeAttribute("aria-current");
      li.classList.add("selected");
      li.setAttribute("aria-current", "true");
      select(entry.span);
      list.dispatchEvent(new CustomEvent("trace-select", { detail: { index: offset + i, entry } }));
    });
    li.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        li.click();
      } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const next = e.key === "ArrowDown" ? li.nextElementSibling : li.previousElementSibling;
        if (next instanceof HTMLElement && next.classList.contains("trace-line")) next.focus();
      }
    });
    fragment.append(li);
  });
  list.append(fragment);
}

/** A clickable `file:line:col` that selects the span in the editor. */
export function spanLink(span: SourceSpan, select: (span: SourceSpan) => boolean): HTMLElement {
  const a = document.createElement("a");
  a.href = "#";
  a.className = "span-link";
  a.textContent = `${span.file}:${span.line}:${span.col}`;
  a.addEventListener("click", (e) => {
    e.preventDefault();
    select(span);
  });
  return a;
}
