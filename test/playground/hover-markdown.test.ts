// Hover and completion docs come from `///` comments, written by whoever wrote the rules (a share link
// carries anyone's). The markdown given to Monaco must load nothing: no image (Monaco renders one as
// `<img src>`, fetched as soon as the hover opens) and no HTML. Checked without a browser by rendering
// with the markdown parser Monaco itself uses, as Monaco does when `supportHtml` is off.
import { describe, expect, it } from "vitest";
import { inertMarkdown, withoutImages } from "../../playground/hover-markdown.ts";
import { completions, hover } from "../../src/tools/service/index.ts";

// Monaco's own copy of `marked` (it has no type declarations: imported by a name TypeScript does not resolve).
const MARKED = "monaco-editor/base/common/marked/marked.js";
type Marked = { parse(md: string, options?: object): string; use(ext: object): void };
const { Marked: MarkedClass } = (await import(MARKED)) as { Marked: new () => Marked };
const parser = new MarkedClass();
// Monaco with `supportHtml: false` renders an HTML token as nothing.
parser.use({ renderer: { html: () => "" } });
const render = (md: string) => parser.parse(md, { async: false });

const DOC = [
  "/// Tracks ![pixel](https://example.com/p.png) and \\![escaped](https://example.com/e.png),",
  "/// [![linked](https://example.com/l.png)](https://example.com) ![ref][r] `code ![c](x)`",
  "/// <img src=\"https://example.com/h.png\">",
  "///",
  "/// [r]: https://example.com/r.png",
  "kind Unit { hp: int }",
  "fn f(u: Unit) -> int = u.hp",
].join("\n");

describe("hover markdown", () => {
  it("shows an image in a doc comment as text and a link, never as an image, and drops HTML", () => {
    const h = hover({ "main.rules": DOC }, "main.rules", 7, 10);
    expect(h?.markdown).toContain("![pixel](https://example.com/p.png)");
    // What Monaco would render without the sanitising: three images fetched from example.com.
    expect(render(h!.markdown).match(/<img src="https:\/\/example.com\/[plr].png"/g)).toHaveLength(3);
    const content = inertMarkdown(h!.markdown);
    expect([content.supportHtml, content.isTrusted]).toEqual([false, false]);
    const html = render(content.value);
    expect(html).not.toContain("<img");
    expect(html).toContain('&#33;<a href="https://example.com/p.png">pixel</a>');
    expect(html).toContain("<pre><code");
  });

  it("sanitises completion documentation the same way", () => {
    const items = completions({ "main.rules": `${DOC}\nfn g() -> int = f(U)` }, "main.rules", 8, 19);
    const unit = items.find((c) => c.label === "Unit");
    expect(unit?.documentation).toContain("![pixel]");
    expect(render(inertMarkdown(unit!.documentation!).value)).not.toContain("<img");
  });

  it("leaves markdown without images as it was", () => {
    const md = "```rules\nfn f(u: Unit) -> int\n```\n\nThe *current* hit points, see [the rules](https://example.com/rules) (`hp != 0`).";
    expect(withoutImages(md)).toBe(md);
  });
});
