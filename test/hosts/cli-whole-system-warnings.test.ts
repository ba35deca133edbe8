// W0310/W0311 say no rule of the whole system reads a status or a flag. A file named alone is checked with
// what it imports, not with the files that import it, so the CLI keeps those warnings only when the check
// of the file's folder finds them too.
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.ts";

describe("warnings about what no rule reads, for a file named alone", () => {
  it("are not printed when a file of its folder that imports it reads the status", async () => {
    // rounds.rules imports units.rules, which applies a status that only missile.rules (an importer of both) reads.
    const alone = await runCli(["check", "rules/warlords3/rounds.rules"]);
    expect([alone.code, alone.stdout + alone.stderr]).toEqual([0, expect.not.stringContaining("W0310")]);
    expect(alone.stdout).toContain("no errors");
  });

  it("are printed when the folder's check finds them too", async () => {
    const alone = await runCli(["check", "rules/when-armies-clash/spells.rules"]);
    const folder = await runCli(["check", "rules/when-armies-clash"]);
    const spellbound = /warning\[W0310\]: the status `spellbound`/;
    expect(alone.stdout + alone.stderr).toMatch(spellbound);
    expect(folder.stdout + folder.stderr).toMatch(spellbound);
  });
});
