// `rulesmith doc`: the HTML reference holds the declarations' real content, every link lands on an
// anchor that exists, every declaration is reachable from the index, and rules text is escaped.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateReference } from "../../src/tools/docgen/index.ts";
import { docHtml, docInline } from "../../src/tools/docgen/html.ts";
import { nodeHost } from "../../src/api/node-host.ts";
import { compile, runExamples } from "../../src/pipeline.ts";
import { memoryHost } from "../support/helpers.ts";
import { runCli } from "../support/run-cli.ts";
import { brokenLinks } from "../support/reference-links.ts";

function reference(files: Record<string, string> | string, title = "Test"): Map<string, string> {
  const compiled = typeof files === "string" ? compile([files], nodeHost) : compile(Object.keys(files), memoryHost(files));
  expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const program = compiled.programs![0]!;
  return generateReference(title, program, compiled.texts, runExamples(program));
}

describe("the reference of warlords3", () => {
  const pages = reference("rules/warlords3", "Warlords 3");

  it("has an index, a stylesheet and a page per file", () => {
    expect([...pages.keys()].sort()).toEqual(["battle.html", "hits.html", "index.html", "missile.html", "roster.html", "rounds.html", "style.css", "units.html"]);
  });

  it("lists a kind's fields with their types, ranges, defaults and docs", () => {
    const units = pages.get("units.html")!;
    expect(units).toContain('<tr id="Unit.hp"><td><code>hp</code></td><td><code>int</code></td><td>0..9</td><td></td><td>Hit points:');
    expect(units).toContain('<tr id="Unit.items"><td><code>items</code></td><td><code>list</code>&lt;<a href="units.html#Bonus"><code>Bonus</code></a>&gt;</td>');
  });

  it("links every declaration from the index, and every link lands on an anchor", () => {
    const index = pages.get("index.html")!;
    for (const name of ["Unit", "Stack", "UnitHit", "combatRound", "missileStrength", "againstFlyers"]) expect(index, name).toMatch(new RegExp(`href="[a-z]+\\.html#${name}"`));
    expect(brokenLinks(pages)).toEqual([]);
    // The index: a search field, and each entry with the first sentence of its doc comment.
    expect(index).toContain('<input type="search" id="search"');
    expect(index).toMatch(/<a href="units.html#Unit">Unit<\/a> — [^<]+\./);
  });

  it("lists an event's handlers in the order they run, and shows examples as worked cases with their result", () => {
    const hits = pages.get("hits.html")!;
    const handlers = hits.slice(hits.indexOf('id="UnitHit"'), hits.indexOf("</section>", hits.indexOf('id="UnitHit"')));
    expect([...handlers.matchAll(/<li><code>on<\/code>.*?order (\d)/g)].map((m) => m[1])).toEqual(["1", "2"]);
    expect(hits).toMatch(/a round where only the attacker rolls under its strength hits the defender<\/code>[\s\S]*?<p class="passed">Passes.<\/p>/);
  });
});

describe("the reference of a small system", () => {
  const RULES = `/// A fighter. <script>alert("x")</script> & more
kind Fighter {
  /// Attack, <b>not</b> bold.
  attack: int in 0..10 = 2
}

value power(f: Fighter) -> int = f.attack

/// Declared first, applies second.
modifier doubled for power : multiply 2
modifier plusOne for power : add 1

event Strike(f: Fighter)
on Strike order 2 { say "second" }
before Strike { say "first" }
on Strike order 1 { say "also first of the after handlers" }

table bonus(n: int) -> int {
  0..2 => 1
  _ => 0
}

example "power" {
  expect power(Fighter()) == 6
}

example "wrong on purpose" {
  expect power(Fighter()) == 7
}
`;
  const pages = reference({ "game.rules": RULES });
  const game = pages.get("game.html")!;

  it("escapes doc comments and code: no markup from the rules reaches the page", () => {
    expect(game).toContain('<p>A fighter. &lt;script&gt;alert("x")&lt;/script&gt; &amp; more</p>');
    expect(game).toContain("Attack, &lt;b&gt;not&lt;/b&gt; bold.");
    expect(game).not.toContain("<script");
    expect(game).not.toContain("<b>");
  });

  it("renders a doc comment's markdown, with HTML as text, links only to web pages and images as links (issue 28)", () => {
    expect(docHtml("Uses `a < b`, **bold** and [a page](https://example.com/rules).\n\n- one\n- two")).toBe(
      '<p>Uses <code>a &lt; b</code>, <strong>bold</strong> and <a href="https://example.com/rules">a page</a>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    );
    expect(docHtml("[x](javascript:alert(1)) ![pic](https://example.com/p.png) <img src=x onerror=alert(1)>")).toBe('<p>x <a href="https://example.com/p.png">pic</a> &lt;img src=x onerror=alert(1)&gt;</p>\n');
    expect(docInline("a\n`b`")).toBe("a <code>b</code>");
  });

  it("lists a value's modifiers in the order they apply, not the order they are written", () => {
    const section = game.slice(game.indexOf('id="power"'), game.indexOf("</section>", game.indexOf('id="power"')));
    expect([...section.matchAll(/<li><a href="game.html#(\w+)">/g)].map((m) => m[1])).toEqual(["plusOne", "doubled"]);
  });

  it("lists handlers before, then after by order", () => {
    const section = game.slice(game.indexOf('id="Strike"'), game.indexOf("</section>", game.indexOf('id="Strike"')));
    expect([...section.matchAll(/<li><code>(on|before)<\/code>.*?:(\d+)\)/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual(["before 15", "on 16", "on 14"]);
  });

  it("shows a table's rows and each example's result", () => {
    expect(game).toContain('<tr><td><code><span class="number">0</span></code><code>..</code><code><span class="number">2</span></code></td><td><code><span class="number">1</span></code></td></tr>');
    expect(game).toContain('<tr><td><code>_</code></td>');
    expect(game).toMatch(/wrong on purpose[\s\S]*?<p class="failed">Fails: /);
    expect(brokenLinks(pages)).toEqual([]);
  });
});

describe("rulesmith doc", () => {
  it("writes the reference to the named folder", async () => {
    const out = mkdtempSync(join(tmpdir(), "doc-"));
    const { code, stdout } = await runCli(["doc", "rules/warlords3", "--out", out]);
    expect(code).toBe(0);
    expect(stdout).toBe(`wrote 8 file(s) to ${out}: open ${join(out, "index.html")}\n`);
    expect(existsSync(join(out, "style.css"))).toBe(true);
    expect(readFileSync(join(out, "index.html"), "utf8")).toContain("<title>rules/warlords3</title>");
  });
});

describe("what the reference repeats, and what it shows (issue 29, items 5 and 9)", () => {
  it("lists the program's stages once and links them: 15,000 values and a 50,000-character stage name end cleanly", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rulesmith-doc-stages-"));
    const name = `s${"q".repeat(50_000)}`;
    const values = Array.from({ length: 15_000 }, (_, i) => `value v${i}() -> int = ${i}\n`).join("");
    writeFileSync(join(dir, "stages.rules"), `stages [set, add, ${name}]\nmodifier m for v1 in ${name} : add 1\n${values}`);
    const r = await runCli(["doc", "stages.rules", "--out", "ref"], { cwd: dir });
    expect(r.all).not.toContain("internal error");
    expect(r.code).toBe(0);
    const page = readFileSync(join(dir, "ref", "stages.html"), "utf8");
    // Every value links to the one list; the long name appears whole only where it is declared and used.
    expect(page.split(`<a href="stages.html#stages">the program's stages</a>`).length - 1).toBe(15_000);
    expect(page).toContain(`<code>${name.slice(0, 80)}... (50001 characters)</code>`);
    expect(page.length).toBeLessThan(20_000_000);
    expect(page).toContain(`<h3 id="stages"><code>stages</code>`);
  });

  it("shows control characters and reordering marks from the rules as escapes, not raw", () => {
    const pages = reference({ "main.rules": '/// Reads \u202eright to left\u202c.\nkind Unit { hp: int }\nexample "bell \u0007" { say "\u001b[2J"  expect 1 == 1 }\n' });
    const html = [...pages.values()].join("\n");
    expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(html).toContain("Reads \\u202eright to left\\u202c.");
    expect(html).toContain("bell \\u0007");
    expect(html).toContain("\\u001b[2J");
  });
});
