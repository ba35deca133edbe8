// `rulesmith doc`: a static HTML reference of a rules system, generated from its declarations and
// their `///` comments, like a game's generated unit help. One page per source file, an index of
// every declaration, and a stylesheet; every link is relative, so the pages open offline.
import type * as A from "../../core/ast.ts";
import type { ExampleResult } from "../../pipeline.ts";
import { indexProgram } from "../../run/index-program.ts";
import { isStdPath } from "../../core/std-paths.ts";
import { escapeHtml, Links, page, STYLE } from "./html.ts";
import { declarationSection, type Context } from "./sections.ts";

type Section = NonNullable<ReturnType<typeof declarationSection>>;

/**
 * The memory budget of a reference: the characters of its pages, all told. Its pages are built in
 * memory, and a file of thousands of declarations can repeat what they share; past the budget the
 * reference stops with ReferenceTooLarge (E0430 on the command line) rather than V8 with a string too
 * long to make.
 */
export const MAX_REFERENCE = 64_000_000;

/** Thrown by generateReference when its pages would pass MAX_REFERENCE characters. */
export class ReferenceTooLarge extends Error {
  readonly code = "E0430";
  constructor(
    readonly file: string,
    budget = MAX_REFERENCE,
  ) {
    super(`the reference would be more than ${budget} characters of pages, its memory budget: stopped at \`${file}\``);
  }
}

/** The reference's files by name (`index.html`, `style.css`, one `.html` per source file). */
export function generateReference(title: string, files: A.SourceFile[], texts: Map<string, string>, results: ExampleResult[], budget = MAX_REFERENCE): Map<string, string> {
  const pages = pageNames(files.map((f) => f.path));
  const pageOf = (file: string) => pages.get(file) ?? "index.html";
  const links = new Links();
  for (const f of files) {
    for (const d of f.decls) {
      if ("name" in d) links.add(d.name.text, pageOf(f.path));
      // A state field's row in the state's table (sections.ts fieldsTable).
      if (d.kind === "state") for (const field of d.fields) links.add(field.name.text, pageOf(f.path), `state.${field.name.text}`);
    }
  }
  const program = indexProgram(files);
  const byExample = new Map<A.ExampleDecl, ExampleResult>();
  // By place, looked up once per example: a find per example was quadratic in the examples.
  const byPlace = new Map(results.map((r) => [`${r.span.start}:${r.span.file}`, r]));
  for (const ex of program.examples) {
    const r = byPlace.get(`${ex.span.start}:${ex.span.file}`);
    if (r) byExample.set(ex, r);
  }
  const ctx: Context = { links, program, files, texts, results: byExample, pageOf };
  const out = new Map<string, string>([["style.css", STYLE]]);
  const nav = navigation(title, files, pageOf);
  const toc: TocEntry[] = [];
  let size = STYLE.length;
  for (const f of files) {
    // Counted as each section is made, so one file's page cannot pass the budget before it is checked.
    let pageSize = size;
    const sections: Section[] = [];
    for (const d of f.decls) {
      const s = declarationSection(ctx, d);
      if (!s) continue;
      pageSize += s.html.length;
      if (pageSize > budget) throw new ReferenceTooLarge(f.path, budget);
      sections.push(s);
    }
    for (const s of sections) toc.push({ category: s.what, title: s.title, summary: s.summary, href: `${pageOf(f.path)}#${encodeURIComponent(s.id)}` });
    const body = `<h1>${escapeHtml(f.path)}</h1>\n${sections.map((s) => s.html).join("\n")}`;
    const made = page(`${f.path} - ${title}`, nav, body);
    // Each page repeats the navigation: counted with it.
    size += made.length;
    if (size > budget) throw new ReferenceTooLarge(f.path, budget);
    out.set(pageOf(f.path), made);
  }
  const index = page(title, nav, indexBody(title, toc));
  if (size + index.length > budget) throw new ReferenceTooLarge("index.html", budget);
  out.set("index.html", index);
  return out;
}

/**
 * The index's search: a field that keeps the entries whose name or summary holds what is typed, and the
 * categories that still have one. The script is this file's own text; nothing from the rules is in it.
 */
const SEARCH = `<p><label>Search <input type="search" id="search" autocomplete="off"></label></p>
<script>
document.getElementById("search").addEventListener("input", (e) => {
  const q = e.target.value.trim().toLowerCase();
  for (const section of document.querySelectorAll("section.category")) {
    let shown = 0;
    for (const li of section.querySelectorAll("li")) {
      const hit = q === "" || li.textContent.toLowerCase().includes(q);
      li.hidden = !hit;
      if (hit) shown++;
    }
    section.hidden = shown === 0;
  }
});
</script>`;

/** The order categories are listed in on the index. */
const CATEGORIES = ["the game state", "the program's stages", "kind", "record", "enum", "status", "event", "value", "modifier", "function", "table", "die", "example"];

interface TocEntry {
  category: string;
  title: string;
  /** The first sentence of its doc comment, as HTML. */
  summary: string;
  href: string;
}

function indexBody(title: string, toc: TocEntry[]): string {
  const parts = [`<h1>${escapeHtml(title)}</h1>`, SEARCH];
  for (const category of CATEGORIES) {
    const entries = toc.filter((t) => t.category === category);
    if (entries.length === 0) continue;
    const heading = category === "the game state" ? "State" : category === "the program's stages" ? "Stages" : `${category[0]!.toUpperCase()}${category.slice(1)}${category.endsWith("s") ? "es" : "s"}`;
    parts.push(`<section class="category"><h2>${escapeHtml(heading)}</h2>\n<ul>${entries.map((e) => `<li><a href="${escapeHtml(e.href)}">${escapeHtml(e.title)}</a>${e.summary ? ` — ${e.summary}` : ""}</li>`).join("\n")}</ul></section>`);
  }
  return parts.join("\n");
}

function navigation(title: string, files: A.SourceFile[], pageOf: (file: string) => string): string {
  const items = files.map((f) => `<li><a href="${escapeHtml(pageOf(f.path))}">${escapeHtml(f.path)}</a></li>`).join("\n");
  return `<p><a href="index.html"><strong>${escapeHtml(title)}</strong></a></p>\n<ul>${items}</ul>`;
}

/**
 * A page name per source file, from its path below the game's files' common folder: `units/heavy.rules`
 * is `units-heavy.html`; a standard module's is `std-hex.html`, and its path (`<std>/hex.rules`) takes no
 * part in finding the common folder, which would otherwise be none and name every page by its whole path.
 */
function pageNames(paths: string[]): Map<string, string> {
  const own = paths.filter((p) => !isStdPath(p));
  const split = own.map((p) => p.split("/"));
  let common = 0;
  while (split.length > 0 && split.every((s) => s.length > common + 1 && s[common] === split[0]![common])) common++;
  const used = new Set(["index.html", "style.css"]);
  const out = new Map<string, string>();
  for (const p of paths) {
    const below = isStdPath(p) ? ["std", ...p.split("/").slice(1)] : p.split("/").slice(common);
    const base = below.join("-").replace(/\.rules$/, "").replace(/[^A-Za-z0-9_-]/g, "_") || "file";
    let name = `${base}.html`;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}.html`;
    used.add(name);
    out.set(p, name);
  }
  return out;
}
