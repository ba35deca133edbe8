// The playground's highlighting is generated from grammar/tokens.ts. Run its Monarch rules the way
// Monaco does (at each position, the first rule that matches wins) over every bundled rules file and
// over every keyword, and check they cut the text exactly where the parser's lexer does, with the
// colour class of the token's category. A keyword added to the grammar needs no editor change.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TokenType } from "chevrotain";
import { describe, expect, it } from "vitest";
import { keywords, lexer } from "../../grammar/tokens.ts";
import { monarchFromGrammar, tokenClass } from "../../grammar/highlighting.ts";

const rules = monarchFromGrammar().tokenizer.root.map(([re, cls]) => [new RegExp(re.source, "y"), cls] as const);

/** Monarch's matching, without Monaco: the first rule matching at the position wins. */
function highlight(text: string): { offset: number; image: string; cls: string }[] {
  const out: { offset: number; image: string; cls: string }[] = [];
  let i = 0;
  while (i < text.length) {
    const hit = rules.map(([re, cls]) => ((re.lastIndex = i), [re.exec(text), cls] as const)).find(([m]) => m !== null && m[0].length > 0);
    const [m, cls] = hit!;
    if (cls !== "white") out.push({ offset: i, image: m![0], cls });
    i += m![0].length;
  }
  return out;
}

/** The lexer's tokens, with the comments it keeps aside, in text order. */
function lexed(text: string): { offset: number; image: string; cls: string }[] {
  const result = lexer.tokenize(text);
  const docs = result.groups["docs"] ?? [];
  return [...result.tokens, ...docs]
    .sort((a, b) => a.startOffset - b.startOffset)
    .map((t) => ({ offset: t.startOffset, image: t.image, cls: tokenClass(t.tokenType as TokenType)! }));
}

function rulesFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? rulesFiles(join(dir, e.name)) : e.name.endsWith(".rules") ? [join(dir, e.name)] : []));
}

describe("playground highlighting from the grammar", () => {
  it("colours every keyword of the grammar as a keyword, and a longer name as a name", () => {
    for (const name of Object.keys(keywords)) {
      expect(highlight(name)[0]?.cls, name).toMatch(/^keyword/);
      expect(highlight(`${name}x`)).toEqual([{ offset: 0, image: `${name}x`, cls: "identifier" }]);
    }
  });

  it.each(rulesFiles("rules"))("cuts %s into the lexer's tokens", (file) => {
    const text = readFileSync(file, "utf8");
    // Line comments are skipped by the lexer but highlighted; leave them out of the comparison.
    expect(highlight(text).filter((t) => t.cls !== "comment")).toEqual(lexed(text));
  });

  it("colours dice, numbers, strings and doc comments by their token", () => {
    const cls = (text: string) => highlight(text).map((t) => t.cls);
    expect(cls("roll 2d6 + 3")).toEqual(["keyword", "number.dice", "operator", "number"]);
    expect(cls('say "hi"')).toEqual(["keyword", "string"]);
    expect(cls("/// doc\n// note")).toEqual(["comment.doc", "comment"]);
    expect(cls("#")).toEqual(["invalid"]);
  });
});
