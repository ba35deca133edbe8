// The HTML pieces of the generated reference: escaping (every text from the rules is escaped, doc
// comments included), links to declarations, and rule source shown with its names linked.
import type { IToken } from "chevrotain";
import { Marked } from "marked";
import type * as A from "../../core/ast.ts";
import { clipShown, escapeControls } from "../../core/diagnostics.ts";
import { lexer } from "../../../grammar/tokens.ts";
import { tokenClass } from "../../../grammar/highlighting.ts";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text from the rules as HTML: markup escaped, and control characters and the marks that reorder text
 * shown as `\u202e`-style escapes (HTML escaping leaves them, and a browser obeys them); line breaks stay.
 */
export function escapeHtml(text: string): string {
  return escapeControls(text, true).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The most characters of a name shown where the reference repeats it (a stage in every modifier's line). */
const NAME_WIDTH = 80;

/** A name as the reference shows it where it repeats: its start and its length when long, escaped. */
export function shownName(name: string): string {
  return escapeHtml(clipShown(name, NAME_WIDTH));
}

/** Where each declared name is documented: its page and anchor. */
export class Links {
  private readonly targets = new Map<string, string>();

  /** `anchor`: the id of the name's place on `page`, the name itself unless it is a member of something (`state.round`). */
  add(name: string, page: string, anchor = name) {
    if (!this.targets.has(name)) this.targets.set(name, `${page}#${encodeURIComponent(anchor)}`);
  }

  href(name: string): string | undefined {
    return this.targets.get(name);
  }

  all(): Map<string, string> {
    return this.targets;
  }

  /** The name, linked to its declaration when the rules declare it. */
  name(name: string): string {
    const href = this.href(name);
    return href ? `<a href="${escapeHtml(href)}"><code>${escapeHtml(name)}</code></a>` : `<code>${escapeHtml(name)}</code>`;
  }

  /** A type as written (`list<Unit>`, `int in 0..9`, `Unit?`), its names linked. */
  type(t: A.TypeRef): string {
    const element = t.element ? `&lt;${this.type(t.element)}&gt;` : "";
    const range = t.range ? ` in ${t.range.low}..${t.range.high}` : "";
    return `${this.name(t.name.text)}${element}${range ? `<code>${range}</code>` : ""}${t.optional ? "<code>?</code>" : ""}`;
  }

  /** Rule source as a code block: each token coloured by its class, each declared name a link. */
  code(source: string): string {
    return `<pre class="source"><code>${this.highlight(source)}</code></pre>`;
  }

  /** Rule source as HTML: escaped, coloured, declared names linked (never inside a string or comment). */
  highlight(source: string): string {
    const lexed = lexer.tokenize(source);
    const tokens: IToken[] = [...lexed.tokens, ...(lexed.groups["docs"] ?? [])].sort((a, b) => a.startOffset - b.startOffset);
    let out = "";
    let pos = 0;
    for (const t of tokens) {
      out += gap(source.slice(pos, t.startOffset));
      const cls = tokenClass(t.tokenType) ?? "";
      const href = cls === "identifier" ? this.href(t.image) : undefined;
      const inner = `<span class="${cls.replace(/\./g, "-")}">${escapeHtml(t.image)}</span>`;
      out += href ? `<a href="${escapeHtml(href)}">${inner}</a>` : inner;
      pos = t.startOffset + t.image.length;
    }
    return out + gap(source.slice(pos));
  }
}

/** Whitespace and `//` comments between tokens, the comments marked. */
function gap(text: string): string {
  return escapeHtml(text).replace(/\/\/[^\n\r]*/g, (c) => `<span class="comment">${c}</span>`);
}

/**
 * Doc comments are markdown (backticks, emphasis, lists, links), rendered by `marked`, a well-kept
 * CommonMark renderer, rather than a parser of our own. What a doc comment holds comes from strangers, so
 * HTML in it is shown as text, never as markup; a link leads only to a web page or an anchor, its other
 * targets (`javascript:`) shown as text; an image is a link that loads only when clicked, as in the
 * playground (inert-markdown.ts). Control characters were escaped before, as everywhere else.
 */
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    link({ href, tokens }) {
      const text = this.parser.parseInline(tokens);
      return SAFE_HREF.test(href) ? `<a href="${escapeHtml(href)}">${text}</a>` : text;
    },
    image: ({ href, text }) => (SAFE_HREF.test(href) ? `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>` : escapeHtml(text)),
  },
});
const SAFE_HREF = /^(https?:\/\/|#)/i;

/** A `///` doc comment as HTML: its markdown rendered, safely (above). */
export function docHtml(doc: string | undefined): string {
  if (!doc) return "";
  return markdown.parse(escapeControls(doc, true)) as string;
}

/** A doc comment inside a line (a field's row, a handler's item): its inline markdown, on one line. */
export function docInline(doc: string | undefined): string {
  if (!doc) return "";
  return markdown.parseInline(escapeControls(doc, true).replace(/\s*\n\s*/g, " ")) as string;
}

export function page(title: string, nav: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<nav>${nav}</nav>
<main>
${body}
</main>
</body>
</html>
`;
}

export const STYLE = `body { font-family: system-ui, sans-serif; margin: 0; display: flex; color: #222; }
nav { position: sticky; top: 0; align-self: flex-start; max-height: 100vh; overflow-y: auto; width: 16rem; padding: 1rem; background: #f4f4f8; min-height: 100vh; box-sizing: border-box; flex-shrink: 0; }
nav ul { list-style: none; padding-left: 0.5rem; }
main { padding: 1rem 2rem; max-width: 60rem; }
section { border-top: 1px solid #ddd; padding-top: 0.5rem; margin-top: 1.5rem; }
h3 .what { color: #666; font-weight: normal; font-size: 0.9em; }
table { border-collapse: collapse; margin: 0.5rem 0; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
pre.source { background: #f8f8f8; padding: 0.5rem; overflow-x: auto; }
.keyword { color: #0000c0; font-weight: bold; } .keyword-constant { color: #800080; }
.string { color: #a31515; } .number, .number-dice { color: #b05800; }
.comment, .comment-doc { color: #2e7d32; font-style: italic; }
.passed { color: #2e7d32; } .failed { color: #c00; }
a { color: #0645ad; } a code { color: inherit; }
code { overflow-wrap: anywhere; }
table { display: block; overflow-x: auto; max-width: 100%; }
section.category { border: 0; margin-top: 0.5rem; }
@media (max-width: 700px) {
  body { display: block; }
  nav { position: static; width: auto; min-height: 0; max-height: 12rem; }
  main { padding: 0.5rem 1rem; }
}
`;
