// Browser tests of the board following the trace (issue 25, item 4), at 800x600: on a hex, a square and
// a gridless (std/plane) battle, the step slider and buttons move the board through the run, and at a
// middle step the pieces stand where the scenario and the rules put them (worked out here from the
// scenario and the rules, not read from the board); a piece is dead from the step whose trace line
// removes it; each side has its colour and a legend; labels stay readable, the full name shown on
// focus; a plane base shows its arcs on hover, and the templates of the run are drawn; axe finds no
// serious violation on the board. Run with `npm run test:browser`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { openFile, openPage, outlineCurrent, ran, repo, step, text, usePlayground } from "./harness.ts";

const pg = usePlayground("board-steps", { width: 800, height: 600 });
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const PLANE = "rules/plane-duel";
const planeFiles = ["battle.rules", "duel.json", "battle.json"];

interface Line {
  index: number;
  depth: number;
  message: string;
}

/** Runs a scenario as `rulesmith run` does (its own choices, then the first option) and waits for its board. */
async function runScenarioOf(page: Page, rules: string, scenario: string) {
  await openFile(page, rules);
  await page.click("#tab-run");
  await outlineCurrent(page);
  await page.selectOption("#run-target", `scenario:${scenario}`);
  await page.uncheck("#run-ask");
  assert.equal(await ran(page, () => page.click("#run-button")), "passed");
  await page.waitForSelector("#board #board-step");
}

/** The trace as the page lists it: each line's index, depth (its indent) and message. */
async function traceLines(page: Page): Promise<Line[]> {
  const lines = await page.$$eval(".trace-line", (ls) => ls.map((l) => ({ index: Number((l as HTMLElement).dataset["index"]), indent: parseFloat((l as HTMLElement).style.paddingLeft), message: l.querySelector(".trace-message")!.textContent ?? "" })));
  // The indent is 0.4em + 1.1em a level (trace-view.ts).
  return lines.map((l) => ({ index: l.index, depth: Math.round((l.indent - 0.4) / 1.1), message: l.message }));
}

/** Moves the slider to a step and waits for the board to show it. */
async function goToStep(page: Page, n: number) {
  await page.fill("#board-step", String(n));
  await page.waitForSelector(`#board[data-showing="step"][data-step="${n}"]`);
}

/** The pieces the step view shows, by the data the drawing puts on each. */
async function shown(page: Page) {
  return page.$$eval('#board .board-svg[data-which^="step"] .board-piece', (gs) =>
    gs.map((g) => {
      const d = (g as SVGGElement).dataset;
      return { label: d["label"]!, q: d["q"], r: d["r"], x: d["x"], y: d["y"], facing: d["facing"] ?? g.querySelector(".board-facing")?.getAttribute("data-facing") ?? undefined, dead: d["dead"] === "true", side: d["side"] };
    }),
  );
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's critical and serious violations inside the board. */
async function axeOnBoard(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Violation[] }> } }).axe.run("#board", { resultTypes: ["violations"] });
    return result.violations;
  });
  return violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** How many CSS pixels high each piece label on the board is drawn. */
async function labelHeights(page: Page): Promise<number[]> {
  return page.$$eval("#board .board-svg .board-piece text", (ts) => ts.map((t) => t.getBoundingClientRect().height));
}

step(pg, "a hex battle: after the first march's lines the unit stands on the hex it marched to; the rest where the scenario put them", async () => {
  const { page } = pg;
  await openPage(page, pg.url);
  await runScenarioOf(page, "rules/acks-daw/battle.rules", "rules/acks-daw/scenarios/battle.json");
  const lines = await traceLines(page);
  const march = lines.find((l) => l.message.startsWith("march("))!;
  const m = /^march\(Unit "([^"]+)", Hex\(q: (-?\d+), r: (-?\d+)\), Facing\(toward: (\w+), vertex: (true|false)\)\)$/.exec(march.message);
  assert.ok(m, march.message);
  // The step once the march and every line under it have run: the next line at its depth or above.
  const end = lines.find((l) => l.index > march.index && l.depth <= march.depth)!.index;
  await goToStep(page, end);
  const units = (JSON.parse(readFileSync(join(repo, "rules/acks-daw/scenarios/battle.json"), "utf8")) as { state: { units: { name: string; at: { q: number; r: number }; facing: { toward: string; vertex: boolean } }[] } }).state.units;
  const expected = units.map((u) => (u.name === m[1] ? { label: u.name, q: m[2], r: m[3], facing: `${m[4]}${m[5] === "true" ? "+vertex" : ""}` } : { label: u.name, q: String(u.at.q), r: String(u.at.r), facing: `${u.facing.toward}${u.facing.vertex ? "+vertex" : ""}` }));
  assert.deepEqual(
    (await shown(page)).map((p) => ({ label: p.label, q: p.q, r: p.r, facing: p.facing })),
    expected,
  );
  // The step line names the march's last line; the buttons walk one step each way.
  assert.match((await page.textContent("#board-step-text")) ?? "", new RegExp(`^step ${end} of ${lines.length}: `));
  await page.click("#board-next");
  await page.waitForSelector(`#board[data-step="${end + 1}"]`);
  await page.click("#board-prev");
  await page.click("#board-prev");
  await page.waitForSelector(`#board[data-step="${end - 1}"]`);
  await page.click("#board-first");
  await page.waitForSelector('#board[data-step="0"]');
  assert.deepEqual(
    (await shown(page)).map((p) => ({ label: p.label, q: Number(p.q), r: Number(p.r) })),
    units.map((u) => ({ label: u.name, q: u.at.q, r: u.at.r })),
  );
  await pg.shot("hex-step");
});

step(pg, "a hex battle: a unit is drawn dead from the step whose line removes it, in its side's colour until then", async () => {
  const { page } = pg;
  const lines = await traceLines(page);
  // `Unit "X" removed from units` is traced once it is gone: the step of that line shows it dead, the one before alive.
  const removed = lines.find((l) => /^Unit "[^"]+" removed from units$/.test(l.message))!;
  const name = /^Unit "([^"]+)"/.exec(removed.message)![1]!;
  await goToStep(page, removed.index - 1);
  const before = (await shown(page)).find((p) => p.label === name)!;
  assert.equal(before.dead, false);
  await goToStep(page, removed.index);
  const after = (await shown(page)).find((p) => p.label === name)!;
  assert.equal(after.dead, true);
  // Where it last stood, and with its side kept.
  assert.deepEqual({ q: after.q, r: after.r, side: after.side }, { q: before.q, r: before.r, side: before.side });
  // Two sides, two colours, named in the legend with the dead.
  const sides = await page.$$eval("#board .board-legend li[data-side]", (ls) => ls.map((l) => ({ side: (l as HTMLElement).dataset["side"], colour: getComputedStyle(l.querySelector(".board-swatch")!).backgroundColor })));
  assert.deepEqual(
    sides.map((s) => s.side),
    ["Red", "Blue"],
  );
  assert.notEqual(sides[0]!.colour, sides[1]!.colour);
  const fills = await page.$$eval('#board .board-piece:not(.dead)[data-side="Red"] circle, #board .board-piece:not(.dead)[data-side="Blue"] circle', (cs) => cs.map((c) => `${(c.parentNode as SVGGElement).dataset["side"]} ${getComputedStyle(c).fill}`));
  assert.equal(new Set(fills).size, 2, `one fill a side: ${[...new Set(fills)].join(", ")}`);
  assert.ok(await page.$("#board .board-legend li[data-dead]"));
  for (const h of await labelHeights(page)) assert.ok(h >= 9, `a label ${h.toFixed(1)} px high`);
  assert.deepEqual(await axeOnBoard(page), []);
  await pg.shot("hex-dead");
});

step(pg, "a square battle: once the Knight has moved into the War mages' space it stands on their square", async () => {
  const { page } = pg;
  await runScenarioOf(page, "rules/when-armies-clash/battle.rules", "rules/when-armies-clash/scenarios/casters-vs-regiment.json");
  const lines = await traceLines(page);
  // moveIntoStand: the solo moves to the nearest square of the stand's space within its speed; the
  // War mages' space is the one square they stand on.
  const move = lines.find((l) => l.message === 'moveIntoStand(Unit "Knight", Piece "Knight", Piece "War mages")')!;
  const end = lines.find((l) => l.index > move.index && l.depth <= move.depth)!.index;
  await goToStep(page, end);
  const pieces = (JSON.parse(readFileSync(join(repo, "rules/when-armies-clash/scenarios/casters-vs-regiment.json"), "utf8")) as { state: { units: { pieces: { name: string; at: { x: number; y: number } }[] }[] } }).state.units.flatMap((u) => u.pieces);
  const mages = pieces.find((p) => p.name === "War mages")!;
  const expected = pieces.map((p) => ({ label: p.name, x: String(p.name === "Knight" ? mages.at.x : p.at.x), y: String(p.name === "Knight" ? mages.at.y : p.at.y) }));
  const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
  assert.deepEqual((await shown(page)).map((p) => ({ label: p.label, x: p.x, y: p.y })).sort(byLabel), expected.sort(byLabel));
  // At the start the Knight is where the scenario put it.
  await goToStep(page, 0);
  const knight = pieces.find((p) => p.name === "Knight")!;
  const start = (await shown(page)).find((p) => p.label === "Knight")!;
  assert.deepEqual({ x: start.x, y: start.y, dead: start.dead, side: start.side }, { x: String(knight.at.x), y: String(knight.at.y), dead: false, side: "red" });
  for (const h of await labelHeights(page)) assert.ok(h >= 9, `a label ${h.toFixed(1)} px high`);
  assert.deepEqual(await axeOnBoard(page), []);
  await pg.shot("square-step");
});

/** The plane battle's rules and scenarios, uploaded as a new game system. */
async function addPlaneGame(page: Page) {
  await page.click("#new-file");
  await page.fill("#new-file-path", `${PLANE}/battle.rules`);
  await page.click("#new-file-form button[type=submit]");
  await page.waitForFunction((p) => window.__rulesmith.activePath() === p, `${PLANE}/battle.rules`);
  await page.setInputFiles(
    "#upload-input",
    planeFiles.map((f) => ({ name: f, mimeType: f.endsWith(".json") ? "application/json" : "text/plain", buffer: readFileSync(join(repo, "bench/plane-battle", f)) })),
  );
  await page.waitForFunction((p) => window.__rulesmith.text(p) !== undefined, `${PLANE}/battle.json`);
  assert.equal(await text(page, `${PLANE}/battle.rules`), readFileSync(join(repo, "bench/plane-battle/battle.rules"), "utf8"));
}

step(pg, "a plane duel: at the start of turn 2 the bases stand where their moves put them, to scale and facing", async () => {
  const { page } = pg;
  await addPlaneGame(page);
  await runScenarioOf(page, `${PLANE}/battle.rules`, `${PLANE}/duel.json`);
  const lines = await traceLines(page);
  // Turn 1: the Knights (197 wide, 394 deep, facing east: front edge 197 ahead of the centre) are
  // 2000 - 49 - 197 = 1754 from the Archer (98 across); they walk their 500 to x 500, closing to 1254.
  // The Archer walks until within its range of 1000: 254 west, to x 1746, and shoots.
  const turn2 = lines.find((l) => l.message === "Turn 2")!.index;
  await goToStep(page, turn2);
  assert.deepEqual(
    (await shown(page)).map(({ label, x, y, facing, dead, side }) => ({ label, x, y, facing, dead, side })),
    [
      { label: "Red Knights", x: "500", y: "0", facing: "90", dead: false, side: "red" },
      { label: "Blue Archer", x: "1746", y: "0", facing: "270", dead: false, side: "blue" },
    ],
  );
  // To scale: the rectangle 197 by 394 units, the circle 98 across, both in the board's units.
  const sizes = await page.$$eval('#board .board-svg[data-which^="step"] .board-piece', (gs) => gs.map((g) => [(g as SVGGElement).dataset["shape"], (g as SVGGElement).dataset["width"], (g as SVGGElement).dataset["depth"]]));
  assert.deepEqual(sizes, [
    ["rectangle", "197", "394"],
    ["circle", "98", "98"],
  ]);
  const knightsBox = await page.$eval('#board .board-piece[data-label="Red Knights"] .board-base', (b) => {
    const box = (b as SVGGraphicsElement).getBBox();
    return { width: box.width, height: box.height };
  });
  // Facing east, the 394 depth runs along x and the 197 width along y.
  assert.ok(Math.abs(knightsBox.width - 394) < 1 && Math.abs(knightsBox.height - 197) < 1, `the Knights' base is ${knightsBox.width} by ${knightsBox.height}`);
  await pg.shot("plane-turn-2");
});

step(pg, "a plane duel: the Archer is dead from the step whose line wounds it; a base shows its arcs on hover and its full name on focus", async () => {
  const { page } = pg;
  const lines = await traceLines(page);
  // On the step view a trace line clicked moves the board to the step that line ends: "Turn 3", after turn 2's moves.
  const turn3 = lines.find((l) => l.message === "Turn 3")!.index;
  await page.click(`.trace-line[data-index="${turn3}"]`);
  await page.waitForSelector(`#board[data-showing="step"][data-step="${turn3 + 1}"]`);
  assert.deepEqual(
    (await shown(page)).map((p) => [p.label, p.x]),
    [
      ["Red Knights", "1000"],
      ["Blue Archer", "1746"],
    ],
  );
  const wound = lines.find((l) => l.message === 'wound(Model "Blue Archer")')!.index;
  await goToStep(page, wound);
  assert.equal((await shown(page)).find((p) => p.label === "Blue Archer")!.dead, false);
  await goToStep(page, wound + 1);
  assert.match((await page.textContent("#board-step-text")) ?? "", /: wound\(Model "Blue Archer"\)$/);
  const archer = (await shown(page)).find((p) => p.label === "Blue Archer")!;
  assert.deepEqual({ x: archer.x, y: archer.y, facing: archer.facing, dead: archer.dead, side: archer.side }, { x: "1746", y: "0", facing: "270", dead: true, side: "blue" });
  // Turn 3: the Knights walked the last 400 to x 1400, 100 from the Archer, and shot.
  assert.equal((await shown(page)).find((p) => p.label === "Red Knights")!.x, "1400");
  // Arcs: hidden until the base is hovered, then four.
  const arcs = '#board .board-piece[data-label="Red Knights"] .board-arcs';
  assert.equal(await page.$eval(arcs, (a) => getComputedStyle(a).display), "none");
  await page.hover('#board .board-piece[data-label="Red Knights"] .board-base');
  await page.waitForFunction((s) => getComputedStyle(document.querySelector(s)!).display !== "none", arcs);
  assert.deepEqual(await page.$$eval(`${arcs} .board-arc`, (as) => as.map((a) => (a as SVGElement).dataset["arc"])), ["front", "right", "rear", "left"]);
  await pg.shot("plane-arcs");
  // Focus (Tab reaches each piece): the caption names it in full.
  await page.focus('#board .board-piece[data-label="Blue Archer"]');
  assert.match((await page.textContent("#board-caption")) ?? "", /^Blue Archer \(Model, blue\), dead at \(1746, 0\)/);
});

step(pg, "a plane battle: its blasts are drawn, its labels are readable at 800x600, and axe finds no serious violation on the board", async () => {
  const { page } = pg;
  await runScenarioOf(page, `${PLANE}/battle.rules`, `${PLANE}/battle.json`);
  await page.click("#board-after");
  await page.waitForSelector('#board[data-showing="after"]');
  const final = JSON.parse((await page.textContent(".final-state pre")) ?? "{}") as { blasts: { pieces: { spine: { x: number; y: number }[]; radius: number }[] }[] };
  assert.ok(final.blasts.length > 0, "seed 1 throws a blast");
  const drawn = await page.$$eval('#board .board-svg[data-which="after the run"] .board-template circle', (cs) => cs.map((c) => ({ x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")), r: Number(c.getAttribute("r")) })));
  assert.deepEqual(
    drawn,
    final.blasts.flatMap((b) => b.pieces.map((p) => ({ x: p.spine[0]!.x, y: p.spine[0]!.y, r: p.radius }))),
  );
  // The terrain too.
  assert.equal(await page.$$eval('#board .board-svg[data-which="after the run"] .board-terrain', (ts) => ts.length), 1);
  for (const h of await labelHeights(page)) assert.ok(h >= 9, `a label ${h.toFixed(1)} px high`);
  await goToStep(page, 10);
  for (const h of await labelHeights(page)) assert.ok(h >= 9, `a label ${h.toFixed(1)} px high`);
  assert.deepEqual(await axeOnBoard(page), []);
  await pg.shot("plane-battle");
});

step(pg, "no uncaught errors reached the page", () => {
  assert.deepEqual(pg.pageErrors, []);
});
