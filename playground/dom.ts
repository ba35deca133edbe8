// A tiny element builder: the playground's panels are small enough not to need a framework.
import { escapeControls } from "../src/api/report.ts";

type Attrs = Record<string, string | ((e: Event) => void)>;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === "function") node.addEventListener(name.replace(/^on/, ""), value);
    else node.setAttribute(name, value);
  }
  // Text here is often the rules' own (titles, results, failures): a browser obeys U+202E and shows
  // other controls as nothing, so they appear as escapes; line breaks stay for `<pre>` blocks.
  node.append(...children.map((c) => (typeof c === "string" ? escapeControls(c, true) : c)));
  return node;
}
