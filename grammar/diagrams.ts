// Railroad syntax diagrams of the grammar, generated from the one parser so they never drift from it.
// `npm run diagrams` writes docs/diagrams/index.html plus the scripts and stylesheet it needs, copied
// from chevrotain's package: Chevrotain's default HTML loads them from unpkg, and the page must open
// offline (file://, no network), so every reference is made relative and any remaining http(s) URL
// fails the run.
import { createSyntaxDiagramsCode } from "chevrotain";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { productions } from "./parser.ts";

/** The files the generated page loads, relative to chevrotain's `diagrams/` folder and to the output folder. */
const RESOURCES = ["vendor/railroad-diagrams.js", "src/diagrams_builder.js", "src/diagrams_behavior.js", "src/main.js", "diagrams.css"];

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(repoRoot, "docs", "diagrams");

/** chevrotain's package folder: its `exports` hides package.json, so walk up from the entry point. */
function chevrotainRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.resolve("chevrotain")));
  while (!existsSync(join(dir, "package.json")) || JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name !== "chevrotain") {
    const up = dirname(dir);
    if (up === dir) throw new Error("cannot find the chevrotain package folder");
    dir = up;
  }
  return dir;
}

function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(1);
}

function generate() {
  const source = join(chevrotainRoot(), "diagrams");
  rmSync(outDir, { recursive: true, force: true });
  for (const file of RESOURCES) {
    const from = join(source, file);
    if (!existsSync(from)) fail(`chevrotain does not ship \`${file}\` (looked in ${from})`);
    const to = join(outDir, file);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
  }

  let html = createSyntaxDiagramsCode(productions(), { resourceBase: "./", css: "./diagrams.css" });
  html = html.replace('<meta charset="utf-8">', '<meta charset="utf-8">\n<title>rulesmith grammar: syntax diagrams</title>');

  // The page must open with no network: no absolute URL of any kind may remain.
  const urls = html.match(/\bhttps?:\/\/[^\s'"<>)]*/gi);
  if (urls) fail(`the generated page still refers to the network: ${[...new Set(urls)].join(", ")}`);
  // And every file it loads must be one that was copied next to it.
  for (const [, ref] of html.matchAll(/\b(?:src|href)\s*=\s*['"]([^'"]+)['"]/gi)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref!) || ref!.startsWith("/")) fail(`the generated page loads \`${ref}\`, which is not a relative path`);
    if (!existsSync(join(outDir, ref!))) fail(`the generated page loads \`${ref}\`, which was not copied to ${relative(repoRoot, outDir)}`);
  }

  const page = join(outDir, "index.html");
  writeFileSync(page, html);
  const rules = productions().length;
  console.log(`wrote ${relative(repoRoot, page)}: ${rules} grammar rules, ${RESOURCES.length} local resources`);
}

generate();
