// The VS Code extension's TextMate grammar is generated from grammar/tokens.ts. Tokenize every bundled
// rules file with VS Code's own TextMate engine (vscode-textmate on the Oniguruma regex library) and
// check it cuts the text exactly where the parser's lexer does, with the colour of the token's
// category, as the playground's highlighting is checked (test/playground/highlighting.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import type { TokenType } from "chevrotain";
import { beforeAll, describe, expect, it } from "vitest";
import * as oniguruma from "vscode-oniguruma";
import * as textmate from "vscode-textmate";
import { keywords, lexer } from "../../grammar/tokens.ts";
import { tokenClass } from "../../grammar/highlighting.ts";
import { parseFile } from "../../src/syntax/parse.ts";
import { sitesOf } from "../../src/tools/service/sites.ts";
import { classOfScope, SCOPE_NAME, textmateFromGrammar } from "../../editors/vscode/textmate.mts";

let grammar: textmate.IGrammar;

beforeAll(async () => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p) => new oniguruma.OnigScanner(p), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async (scope) => (scope === SCOPE_NAME ? textmate.parseRawGrammar(JSON.stringify(textmateFromGrammar()), "rules.tmLanguage.json") : null),
  });
  grammar = (await registry.loadGrammar(SCOPE_NAME))!;
});

/** VS Code's tokens for `text`, line by line, as offsets into the whole text with a colour class. */
function highlight(text: string): { offset: number; image: string; cls: string }[] {
  const out: { offset: number; image: string; cls: string }[] = [];
  let state = textmate.INITIAL;
  let lineStart = 0;
  for (const line of text.split("\n")) {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) {
      const scope = t.scopes.at(-1)!;
      if (scope === SCOPE_NAME) continue; // whitespace between tokens
      const image = line.slice(t.startIndex, t.endIndex);
      out.push({ offset: lineStart + t.startIndex, image, cls: scope === "invalid.illegal.rules" ? "invalid" : (classOfScope(scope) ?? scope) });
    }
    state = r.ruleStack;
    lineStart += line.length + 1;
  }
  return out;
}

function lexed(text: string): { offset: number; image: string; cls: string }[] {
  const result = lexer.tokenize(text);
  return [...result.tokens, ...(result.groups["docs"] ?? [])]
    .sort((a, b) => a.startOffset - b.startOffset)
    .map((t) => ({ offset: t.startOffset, image: t.image, cls: tokenClass(t.tokenType as TokenType)! }));
}

function rulesFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? rulesFiles(join(dir, e.name)) : e.name.endsWith(".rules") ? [join(dir, e.name)] : []));
}

/** The offsets where the parser reads a keyword as a name (a field, parameter, member, argument, variable, type). */
function keywordsAsNames(path: string, text: string): Set<number> {
  const parsed = parseFile(path, text);
  const file = parsed.file ?? parsed.recovered!;
  return new Set(sitesOf(file).filter((s) => s.name.text in keywords).map((s) => s.name.span.start));
}

describe("the VS Code TextMate grammar from the grammar", () => {
  it.each([...rulesFiles("rules"), ...rulesFiles("mods")])("cuts %s into the lexer's tokens, with a keyword used as a name coloured as a name", (file) => {
    const text = readFileSync(file, "utf8");
    const names = keywordsAsNames(file, text);
    const expected = lexed(text).map((t) => (names.has(t.offset) ? { ...t, cls: "identifier" } : t));
    expect(highlight(text).filter((t) => t.cls !== "comment")).toEqual(expected);
  });

  it("colours `to`, `by`, `from`, `die` and `modifier` as names where the rules use them so, and `none` as a constant (issue 28)", () => {
    // The places the issue counted (75; the parser reads 72 such names in rules/ now): each a name to VS Code too.
    let places = 0;
    for (const file of rulesFiles("rules")) {
      const text = readFileSync(file, "utf8");
      const names = keywordsAsNames(file, text);
      for (const t of highlight(text)) {
        if (["to", "by", "from", "die", "modifier"].includes(t.image) && names.has(t.offset)) {
          expect(t.cls, `${file} at ${t.offset}`).toBe("identifier");
          places++;
        }
        if (t.image === "none" && !names.has(t.offset)) expect(t.cls, `${file} at ${t.offset}`).toBe("keyword.constant");
      }
    }
    expect(places).toBeGreaterThan(60);
    const cls = (text: string) => highlight(text).map((t) => `${t.image}:${t.cls}`);
    expect(cls("fn relocate(u: Unit, to: Hex) { u.at = to }")).toEqual(["fn:keyword", "relocate:identifier", "(:delimiter.bracket", "u:identifier", "::delimiter", "Unit:identifier", ",:delimiter", "to:identifier", "::delimiter", "Hex:identifier", "):delimiter.bracket", "{:delimiter.bracket", "u:identifier", ".:delimiter", "at:identifier", "=:operator", "to:identifier", "}:delimiter.bracket"]);
    expect(cls("modifier m: Save multiply Icon.save by 3")).toEqual(["modifier:keyword", "m:identifier", "::delimiter", "Save:identifier", "multiply:identifier", "Icon:identifier", ".:delimiter", "save:identifier", "by:keyword", "3:number"]);
    expect(cls('return choose "which?" from sides')).toEqual(["return:keyword", "choose:keyword", '"which?":string', "from:keyword", "sides:identifier"]);
    expect(cls("let die = d6 + modifier")).toEqual(["let:keyword", "die:identifier", "=:operator", "d6:number.dice", "+:operator", "modifier:identifier"]);
    expect(cls("if by.hp == none { return none }")).toEqual(["if:keyword", "by:identifier", ".:delimiter", "hp:identifier", "==:operator", "none:keyword.constant", "{:delimiter.bracket", "return:keyword", "none:keyword.constant", "}:delimiter.bracket"]);
  });

  it("colours every keyword as a keyword, and a longer name as a name", () => {
    for (const name of Object.keys(keywords)) {
      expect(highlight(name)[0]?.cls, name).toMatch(/^keyword/);
      expect(highlight(`${name}x`), name).toEqual([{ offset: 0, image: `${name}x`, cls: "identifier" }]);
      expect(highlight(`x${name}`), name).toEqual([{ offset: 0, image: `x${name}`, cls: "identifier" }]);
    }
  });

  it("colours dice, numbers, strings, comments and stray characters by their token", () => {
    const cls = (text: string) => highlight(text).map((t) => t.cls);
    expect(cls("roll 2d6 + 3")).toEqual(["keyword", "number.dice", "operator", "number"]);
    expect(cls('say "hi" // note')).toEqual(["keyword", "string", "comment"]);
    expect(cls("/// doc")).toEqual(["comment.doc"]);
    expect(cls("#")).toEqual(["invalid"]);
  });
});

describe("the extension's manifest", () => {
  it("contributes the generated grammar and the language configuration for .rules files", () => {
    const manifest = JSON.parse(readFileSync("editors/vscode/package.json", "utf8"));
    expect(manifest.contributes.languages).toEqual([{ id: "rules", aliases: ["Rules", "rules"], extensions: [".rules"], configuration: "./language-configuration.json" }]);
    expect(manifest.contributes.grammars).toEqual([{ language: "rules", scopeName: SCOPE_NAME, path: "./syntaxes/rules.tmLanguage.json" }]);
    const config = JSON.parse(readFileSync("editors/vscode/language-configuration.json", "utf8"));
    expect(config.comments).toEqual({ lineComment: "//" });
  });
});
