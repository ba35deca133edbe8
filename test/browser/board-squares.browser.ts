// Browser tests of the square battlefield board (issue 11, item 4): a scenario whose state holds
// std/square positions shows the grid and each piece's footprint (its size by size squares) with its
// label, for the starting state and after the run; selecting a trace line that lists an area of
// effect's squares highlights exactly those squares. Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openFile, openPage, outlineCurrent, ran, repo, step, usePlayground } from "./harness.ts";

const pg = usePlayground("board-squares");
const SCENARIO = "rules/when-armies-clash/scenarios/casters-vs-regiment.json";

interface Piece {
  name: string;
  at: { x: number; y: number };
  squares?: number;
}
const scenario = JSON.parse(readFileSync(join(repo, SCENARIO), "utf8")) as { state: { units: { pieces: Piece[] }[] } };

async function pieces(which: "before" | "after") {
  return pg.page.$$eval(`.board-svg[data-which="${which === "before" ? "start" : "after the run"}"] .board-piece`, (gs) =>
    gs.map((g) => {
      const d = (g as SVGGElement).dataset;
      return { label: d["label"]!, x: Number(d["x"]), y: Number(d["y"]), size: Number(d["size"]), text: g.querySelector("text")?.textContent ?? "", name: g.getAttribute("aria-label") ?? "" };
    }),
  );
}

/**
 * Runs the battle scenario as `rulesmith run` does (its own choices, then the first option) and waits
 * for its board. Every step runs it itself rather than reading an earlier step's output.
 */
async function runBattle() {
  const { page } = pg;
  await openFile(page, "rules/when-armies-clash/battle.rules");
  await page.click("#tab-run");
  await outlineCurrent(page);
  await page.selectOption("#run-target", `scenario:${SCENARIO}`);
  await page.uncheck("#run-ask");
  assert.equal(await ran(page, () => page.click("#run-button")), "passed");
  await page.waitForSelector("#board");
}

step(pg, "a square battle shows every piece's footprint and label where the scenario puts it", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await runBattle();
  await page.click("#board-before");
  await page.waitForSelector('#board[data-showing="before"]');
  const expected = scenario.state.units.flatMap((u) => u.pieces).map((p) => ({ label: p.name, x: p.at.x, y: p.at.y, size: p.squares ?? 1 }));
  assert.deepEqual(
    (await pieces("before")).map(({ text: _, name: __, ...p }) => p),
    expected,
  );
  // Each footprint carries its label, short enough for one square (initials: "Orcs 1" is "O1"); its full name is its accessible name.
  for (const p of await pieces("before")) assert.ok(p.text.length > 0 && p.text.length <= 5 && p.text[0] === p.label[0] && p.name.startsWith(`${p.label} (`), `${p.label} is labelled, got ${p.text} (${p.name})`);
  // The grid reaches round every piece: the squares of each footprint are drawn cells.
  const cells = new Set(await page.$$eval('.board-svg[data-which="start"] .board-square', (cs) => cs.map((c) => `${(c as SVGElement).dataset["x"]},${(c as SVGElement).dataset["y"]}`)));
  for (const p of expected) assert.ok(cells.has(`${p.x},${p.y}`), `a cell under ${p.label}`);
  await pg.shot("squares-start");
});

step(pg, "after the run the board shows the final state's pieces where they ended", async () => {
  const { page } = pg;
  await runBattle();
  await page.click("#board-after");
  await page.waitForSelector('#board[data-showing="after"]');
  const final = JSON.parse((await page.textContent(".final-state pre")) ?? "{}") as unknown;
  const placed: { label: string; x: number; y: number; size: number }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === "object" && v !== null) {
      const p = v as Partial<Piece>;
      if (typeof p.name === "string" && p.at && typeof p.at.x === "number") placed.push({ label: p.name, x: p.at.x, y: p.at.y, size: p.squares ?? 1 });
      Object.values(v).forEach(walk);
    }
  };
  walk(final);
  const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
  assert.deepEqual((await pieces("after")).map(({ text: _, name: __, ...p }) => p).sort(byLabel), placed.sort(byLabel));
  // The battle moved or removed someone: the two boards differ.
  assert.ok(placed.length > 0);
  assert.notDeepEqual(await pieces("after"), await pieces("before"));
  await pg.shot("squares-after");
});

step(pg, "selecting a trace line that lists an area's squares highlights exactly those squares", async () => {
  const { page } = pg;
  await runBattle();
  const lines = await page.$$eval(".trace-line", (ls) => ls.map((l) => ({ index: (l as HTMLElement).dataset["index"]!, message: l.querySelector(".trace-message")!.textContent ?? "" })));
  // `castArea(caster, spell, [squares])`: an area spell cast, the squares of its area listed in the line.
  const line = lines.find((l) => /^castArea\(Piece "[^"]+", .*\[Square\(x: -?\d+, y: -?\d+\)(, Square\(x: -?\d+, y: -?\d+\))+\]\)$/.test(l.message));
  assert.ok(line, "the trace lists an area's squares");
  const area = /\[(Square[^\]]*)\]\)$/.exec(line.message)![1]!;
  const caster = /^castArea\(Piece "([^"]+)"/.exec(line.message)![1]!;
  const named = new Set([...area.matchAll(/Square\(x: (-?\d+), y: (-?\d+)\)/g)].map((m) => `${m[1]},${m[2]}`));
  assert.ok(named.size >= 4, "an area of several squares");
  await page.click(`.trace-line[data-index="${line.index}"]`);
  await page.waitForSelector('.board-svg[data-which="after the run"] .board-square-lit');
  const lit = await page.$$eval('.board-svg[data-which="after the run"] .board-square-lit', (cs) => cs.map((c) => `${(c as SVGElement).dataset["x"]},${(c as SVGElement).dataset["y"]}`));
  assert.deepEqual(lit.sort(), [...named].sort());
  // The same squares on the starting board.
  await page.click("#board-before");
  const litBefore = await page.$$eval('.board-svg[data-which="start"] .board-square-lit', (cs) => cs.map((c) => `${(c as SVGElement).dataset["x"]},${(c as SVGElement).dataset["y"]}`));
  assert.deepEqual(litBefore.sort(), [...named].sort());
  // The caster the line names is lit too.
  assert.deepEqual(await page.$$eval('.board-svg[data-which="start"] .board-piece.highlight', (gs) => gs.map((g) => (g as SVGGElement).dataset["label"])), [caster]);
  await pg.shot("squares-highlight");
});

/** WCAG's relative luminance of a computed CSS colour, `rgb(r, g, b)`. */
function luminance(css: string): number {
  const [r, g, b] = css.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

step(pg, "in a dark system theme the grid is dark and the board's buttons stay readable", async () => {
  const { page } = pg;
  await runBattle();
  await page.emulateMedia({ colorScheme: "dark" });
  try {
    await page.waitForFunction(() => document.querySelector(".monaco-editor")!.classList.contains("vs-dark"));
    const square = await page.$eval(".board-square", (c) => getComputedStyle(c).fill);
    const body = await page.$eval("body", (b) => getComputedStyle(b).backgroundColor);
    assert.ok(luminance(square) < 0.05 && contrast(square, body) < 1.5, `a grid square (${square}) on the dark page (${body})`);
    const buttons = await page.$$(".board-switch button");
    assert.ok(buttons.length >= 2, "the start / after-the-run switch");
    for (const b of buttons) {
      const [fg, bg] = await b.evaluate((e) => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]);
      assert.ok(contrast(fg!, bg!) >= 4.5, `button text ${fg} on ${bg}`);
    }
    await pg.shot("squares-dark");
  } finally {
    await page.emulateMedia({ colorScheme: "light" });
  }
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
