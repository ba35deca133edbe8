// Large generated rules files for the parser and checker benchmarks and for the tests that compare a
// big file with its parts: the bundled Dragon Dice program as one file (imports dropped, files in the
// loader's order), then copies of it whose every top-level declaration is renamed (`name` ->
// `name_2`), so the copies check together as one program. Copies leave out `state` and `stages`,
// which a program has once.
import { readFileSync } from "node:fs";
import { lexer } from "../grammar/tokens.ts";
import { parseFile } from "../src/syntax/parse.ts";
import type * as A from "../src/core/ast.ts";
import { compile } from "../src/pipeline.ts";
import { nodeHost } from "../src/api/node-host.ts";

/** The bundled program as one text, imports dropped; it checks on its own. */
export function bundledProgramText(root = "rules/dragon-dice"): string {
  const compiled = compile([root], nodeHost);
  const system = compiled.systems.find((s) => s.files.length > 1) ?? compiled.systems[0]!;
  const texts = system.files.map((f) => {
    const text = compiled.texts.get(f.path) ?? readFileSync(f.path, "utf8");
    return cut(text, f.decls.filter((d) => d.kind === "import"));
  });
  return texts.join("\n");
}

/** `text` without the declarations `drop` (each replaced by as many spaces, so lines keep their numbers). */
function cut(text: string, drop: A.Decl[]): string {
  let out = text;
  for (const d of drop) out = out.slice(0, d.span.start) + out.slice(d.span.start, d.span.end).replace(/[^\n\r]/g, " ") + out.slice(d.span.end);
  return out;
}

/** The names the top-level declarations of `file` declare. */
function declaredNames(file: A.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const d of file.decls) if ("name" in d && d.name && typeof d.name === "object") names.add(d.name.text);
  return names;
}

/** Declarations a copy shares with the base rather than repeating: types, dice, the state, the stage order. */
const SHARED = new Set<A.Decl["kind"]>(["kind", "enum", "die", "state", "stages", "import"]);

/** Names that stand as a binder somewhere (a parameter, `let`, `for`, a comprehension): a local of that name must keep it. */
function binderNames(tokens: { image: string }[]): Set<string> {
  const names = new Set<string>();
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1]?.image;
    const next = tokens[i + 1]?.image;
    if (prev === "let" || prev === "for" || next === "in" || (next === ":" && (prev === "(" || prev === ","))) names.add(t.image);
  });
  return names;
}

/**
 * Copy `n` (n >= 2) of `base`: every top-level function, value, event, status, modifier, table and
 * trigger again, renamed with the suffix `_n`; the types, dice, `state` and `stages` stay shared with
 * the base; example titles get the suffix. A declaration whose name is also a local somewhere is left
 * out, so a renamed name never meets a local that should keep it.
 */
export function renamedCopy(base: string, n: number): string {
  const parsed = parseFile("base.rules", base);
  const file = parsed.file;
  if (!file) throw new Error(`the base text does not parse: ${parsed.diagnostics[0]?.message}`);
  const binders = binderNames(lexer.tokenize(base).tokens);
  const dropped = file.decls.filter((d) => SHARED.has(d.kind) || ("name" in d && typeof d.name === "object" && binders.has(d.name.text)));
  const kept = file.decls.filter((d) => !dropped.includes(d));
  const names = new Set([...declaredNames({ path: "", decls: kept })].filter((x) => !binders.has(x)));
  const text = cut(base, dropped);
  const tokens = lexer.tokenize(text).tokens;
  let out = "";
  let at = 0;
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1]?.image;
    const next = tokens[i + 1]?.image;
    let image = t.image;
    if (names.has(image) && prev !== "." && next !== ":") image = `${image}_${n}`;
    else if (prev === "example" && image.startsWith('"')) image = `${image.slice(0, -1)} (${n})"`;
    out += text.slice(at, t.startOffset) + image;
    at = t.endOffset! + 1;
  });
  return out + text.slice(at);
}

/** A text of at least `bytes` bytes: the base program, then renamed copies. */
export function largeRulesText(bytes: number, base = bundledProgramText()): string {
  const parts = [base];
  let size = base.length;
  for (let n = 2; size < bytes; n++) {
    const copy = renamedCopy(base, n);
    parts.push(copy);
    size += copy.length + 1;
  }
  return parts.join("\n");
}

/** Parts of the bundled rules cut at declaration boundaries so the text is about `bytes` long (for small sizes). */
export function rulesPrefix(bytes: number, base = bundledProgramText()): string {
  const file = parseFile("base.rules", base).file!;
  const end = file.decls.find((d) => d.span.end >= bytes)?.span.end ?? base.length;
  return base.slice(0, end);
}

/** A text of about `lines` lines: the base program, then a renamed copy cut after the declaration that reaches that line. */
export function rulesOfLines(lines: number, base = bundledProgramText()): string {
  const text = largeRulesText(base.length + 1, base);
  const file = parseFile("big.rules", text).file!;
  const end = file.decls.find((d) => d.span.endLine >= lines)?.span.end ?? text.length;
  return text.slice(0, end) + "\n";
}
