// The reference of several systems at once (`rulesmith doc rules/`): one reference each, in a folder of
// its own named for the system, and an index page that links them. One system keeps the flat layout.
import type * as A from "../../core/ast.ts";
import type { ExampleResult } from "../../pipeline.ts";
import { escapeHtml, page, STYLE } from "./html.ts";
import { generateReference } from "./index.ts";

export interface DocumentedSystem {
  /** The system's name as `check` and `test` print it: its folder, or its only file. */
  name: string;
  files: A.SourceFile[];
}

/**
 * Every page to write, by its path below the output folder. `title` is the one reference's title, or
 * with several systems the index's; each system's own reference is titled with its name.
 */
export function generateReferences(title: string, systems: readonly DocumentedSystem[], texts: Map<string, string>, results: ExampleResult[]): Map<string, string> {
  if (systems.length === 1) return generateReference(title, systems[0]!.files, texts, results);
  const out = new Map<string, string>([["style.css", STYLE]]);
  const folders = folderNames(systems.map((s) => s.name));
  const links: string[] = [];
  systems.forEach((s, i) => {
    const folder = folders[i]!;
    for (const [name, content] of generateReference(s.name, s.files, texts, results)) out.set(`${folder}/${name}`, content);
    links.push(`<li><a href="${escapeHtml(`${folder}/index.html`)}">${escapeHtml(s.name)}</a> (${s.files.length} file${s.files.length === 1 ? "" : "s"})</li>`);
  });
  const list = `<ul>${links.join("\n")}</ul>`;
  out.set("index.html", page(title, `<p><strong>${escapeHtml(title)}</strong></p>`, `<h1>${escapeHtml(title)}</h1>\n<p>${systems.length} systems, a reference each:</p>\n${list}`));
  return out;
}

/** A folder per system, from the last part of its name (`rules/duel` is `duel`), made safe and unique. */
function folderNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((n) => {
    const base = (n.split("/").pop() ?? "").replace(/\.rules$/, "").replace(/[^A-Za-z0-9_-]/g, "_") || "system";
    let name = base;
    for (let k = 2; used.has(name); k++) name = `${base}-${k}`;
    used.add(name);
    return name;
  });
}
