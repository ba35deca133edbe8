// `rulesmith doc` over a folder of several systems (issue 26, item 6): one reference each, as `check`
// and `test` take such a folder, and a wrong command line is E0429, never an internal error.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogue } from "../../src/core/diagnostics.ts";
import { runCli } from "../support/run-cli.ts";
import { brokenLinks } from "../support/reference-links.ts";


describe("rulesmith doc on a folder of systems", () => {
  it("writes a reference per system in a folder of its own, the same as naming it alone, and an index linking them", async () => {
    const all = mkdtempSync(join(tmpdir(), "doc-systems-"));
    const r = await runCli(["doc", "rules", "--out", all]);
    // The bundled rules' few warnings are printed (When Armies Clash's W0310s); no error.
    expect(r.stderr).not.toMatch(/^error/m);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote \d+ file\(s\) to .* \(5 systems, a folder each\): open .*index\.html\n$/);
    expect(readdirSync(all).sort()).toEqual(["acks-daw", "dragon-dice", "index.html", "skirmish-plane", "style.css", "warlords3", "when-armies-clash"]);
    const index = readFileSync(join(all, "index.html"), "utf8");
    for (const s of ["acks-daw", "dragon-dice", "skirmish-plane", "warlords3", "when-armies-clash"]) {
      expect(index).toContain(`<a href="${s}/index.html">rules/${s}</a>`);
      expect(existsSync(join(all, s, "index.html")), s).toBe(true);
    }
    // Every link of every page lands on a page and an id that exists (issue 28: 987 links to state fields did not).
    for (const s of ["acks-daw", "dragon-dice", "skirmish-plane", "warlords3", "when-armies-clash"]) {
      const pages = new Map(readdirSync(join(all, s)).filter((f) => f.endsWith(".html")).map((f) => [f, readFileSync(join(all, s, f), "utf8")] as const));
      const broken = brokenLinks(pages);
      expect(broken.length, `${s}: ${broken.slice(0, 5).join(", ")}`).toBe(0);
    }
    expect(readFileSync(join(all, "dragon-dice", "index.html"), "utf8")).toContain("<h2>Statuses</h2>");
    // A system that imports a standard module: its pages are named below its own folder, the module's `std-hex.html`.
    expect(readdirSync(join(all, "acks-daw")).filter((f) => f.endsWith(".html")).slice(0, 3)).toEqual(["aura.html", "battle.html", "blink.html"]);
    expect(existsSync(join(all, "acks-daw", "std-hex.html"))).toBe(true);
    const one = mkdtempSync(join(tmpdir(), "doc-one-"));
    expect((await runCli(["doc", "rules/warlords3", "--out", one])).code).toBe(0);
    for (const page of readdirSync(one)) expect(readFileSync(join(all, "warlords3", page), "utf8"), page).toBe(readFileSync(join(one, page), "utf8"));
  });

  it("calls a command line it cannot act on E0429, with a line of help, and exits 1", async () => {
    expect(catalogue.E0429.severity).toBe("error");
    const noOut = await runCli(["doc", "rules/warlords3"]);
    expect(noOut.code).toBe(1);
    expect(noOut.stderr).toMatch(/^error\[E0429\]: name the rules and the output folder/);
    const dir = mkdtempSync(join(tmpdir(), "doc-wrong-"));
    writeFileSync(join(dir, "taken"), "a file, not a folder");
    const onFile = await runCli(["doc", "rules/warlords3", "--out", join(dir, "taken")]);
    expect(onFile.code).toBe(1);
    expect(onFile.all).not.toContain("internal error");
    expect(onFile.stderr).toMatch(/^error\[E0429\]: cannot write the reference to `.*taken`: EEXIST\n  help: /);
  });
});
