// Browser tests of the battlefield board (issue 10, item 5): a scenario whose state holds positions of
// std/hex's `Hex` shows an SVG board of the map, its impassable hexes and every unit at its position
// with its facing, for the starting state and for the state after the run; selecting a trace line
// that names hexes or units highlights them. Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openFile, openPage, outlineCurrent, ran, repo, runTarget, step, usePlayground } from "./harness.ts";

const pg = usePlayground("board");
const SCENARIO = "rules/acks-daw/scenarios/battle.json";

interface Unit {
  name: string;
  at: { q: number; r: number };
  facing: { toward: string; vertex: boolean };
}
const scenario = JSON.parse(readFileSync(join(repo, SCENARIO), "utf8")) as { state: { field: { cols: number; rows: number; impassable: { q: number; r: number }[] }; units: Unit[] } };

async function pieces(which: "before" | "after") {
  return pg.page.$$eval(`.board-svg[data-which="${which === "before" ? "start" : "after the run"}"] .board-piece`, (gs) =>
    gs.map((g) => ({ label: (g as SVGGElement).dataset["label"]!, q: Number((g as SVGGElement).dataset["q"]), r: Number((g as SVGGElement).dataset["r"]), facing: g.querySelector(".board-facing")?.getAttribute("data-facing") ?? null })),
  );
}

/**
 * Runs the battle scenario as `rulesmith run` does (its own choices, then the first option) and waits
 * for its board. Every step runs it itself rather than reading an earlier step's output.
 */
async function runBattle() {
  const { page } = pg;
  await openFile(page, "rules/acks-daw/battle.rules");
  await page.click("#tab-run");
  await outlineCurrent(page);
  await page.selectOption("#run-target", `scenario:${SCENARIO}`);
  await page.uncheck("#run-ask");
  assert.equal(await ran(page, () => page.click("#run-button")), "passed");
  await page.waitForSelector("#board");
}

step(pg, "a hex battle shows its map and every unit where the scenario puts it, facing as it says", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await runBattle();
  await page.click("#board-before");
  await page.waitForSelector('#board[data-showing="before"]');
  const { field, units } = scenario.state;
  assert.equal(await page.$$eval('.board-svg[data-which="start"] .board-hex', (cs) => cs.length), field.cols * field.rows);
  const impassable = await page.$$eval('.board-svg[data-which="start"] .board-hex.impassable', (cs) => cs.map((c) => ({ q: Number((c as SVGElement).dataset["q"]), r: Number((c as SVGElement).dataset["r"]) })));
  assert.deepEqual(impassable.sort((a, b) => a.q - b.q || a.r - b.r), [...field.impassable].sort((a, b) => a.q - b.q || a.r - b.r));
  assert.deepEqual(
    await pieces("before"),
    units.map((u) => ({ label: u.name, q: u.at.q, r: u.at.r, facing: `${u.facing.toward}${u.facing.vertex ? "+vertex" : ""}` })),
  );
  await pg.shot("board-start");
});

step(pg, "after the run the board shows the final state's positions", async () => {
  const { page } = pg;
  await runBattle();
  await page.click("#board-after");
  await page.waitForSelector('#board[data-showing="after"]');
  // Every unit in the final state, wherever the rules moved it (a list of the fallen, say), is drawn.
  const final = JSON.parse((await page.textContent(".final-state pre")) ?? "{}") as unknown;
  const placed: Unit[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === "object" && v !== null) {
      const u = v as Partial<Unit>;
      if (typeof u.name === "string" && u.at && u.facing) placed.push(u as Unit);
      Object.values(v).forEach(walk);
    }
  };
  walk(final);
  const byLabel = (a: { label: string; q: number }, b: { label: string; q: number }) => a.label.localeCompare(b.label) || a.q - b.q;
  assert.deepEqual(
    (await pieces("after")).sort(byLabel),
    placed.map((u) => ({ label: u.name, q: u.at.q, r: u.at.r, facing: `${u.facing.toward}${u.facing.vertex ? "+vertex" : ""}` })).sort(byLabel),
  );
  // The battle moved someone: the two boards differ.
  assert.notDeepEqual(await pieces("after"), await pieces("before"));
  await pg.shot("board-after");
});

step(pg, "selecting a trace line that names hexes and a unit highlights them on the board", async () => {
  const { page } = pg;
  await runBattle();
  const lines = await page.$$eval(".trace-line", (ls) => ls.map((l) => ({ index: (l as HTMLElement).dataset["index"]!, message: l.querySelector(".trace-message")!.textContent ?? "" })));
  const line = lines.find((l) => /^march\(.*Hex\(q: -?\d+, r: -?\d+\)/.test(l.message) && /"[^"]+"/.test(l.message));
  assert.ok(line, "the trace names hexes and a unit");
  const named = [...line.message.matchAll(/Hex\(q: (-?\d+), r: (-?\d+)\)/g)].map((m) => `${m[1]},${m[2]}`);
  const unit = /"([^"]+)"/.exec(line.message)![1]!;
  await page.click(`.trace-line[data-index="${line.index}"]`);
  await page.waitForSelector(".board-svg .highlight");
  const lit = await page.$$eval('.board-svg[data-which="after the run"] .board-hex.highlight', (cs) => cs.map((c) => `${(c as SVGElement).dataset["q"]},${(c as SVGElement).dataset["r"]}`));
  assert.deepEqual(lit.sort(), [...new Set(named)].sort());
  // Every unit is on the starting board (one may have fallen and left the state by the end).
  await page.click("#board-before");
  assert.deepEqual(await page.$$eval('.board-svg[data-which="start"] .board-piece.highlight', (gs) => gs.map((g) => (g as SVGGElement).dataset["label"])), [unit]);
  await pg.shot("board-highlight");
});

step(pg, "a scenario without positions shows no board", async () => {
  const { page } = pg;
  await openFile(page, "rules/warlords3/battle.rules");
  assert.equal(await runTarget(page, "scenario:rules/warlords3/scenarios/battle.json"), "passed");
  assert.equal(await page.$("#board"), null);
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
