// The board following the trace (playground/board-steps.ts, workers/board-timeline.ts): the state at a
// step, read while the run went on, and the pieces that died on the way; the sides and short labels
// the board draws (board-sides.ts); and std/plane bases, templates and terrain read by their types
// (board-plane-model.ts). Expected positions are worked out from the scenario and the rules.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { boardOf, type HexBoard } from "../../playground/board-model.ts";
import type { PlaneBoard, PlanePiece } from "../../playground/board-plane-model.ts";
import { templatesNamed } from "../../playground/board-plane-model.ts";
import { shortLabel } from "../../playground/board-sides.ts";
import { boardAt, followTrace, matchPieces, sidesOf, tracedDeaths, type BoardTimeline } from "../../playground/board-steps.ts";
import { BoardFollower } from "../../playground/workers/board-timeline.ts";
import { nodeHost } from "../../src/api/node-host.ts";
import { compileTexts } from "../../src/api.ts";
import { compile, indexProgram, runScenario, type Scenario } from "../../src/pipeline.ts";

const program = (root: string) => indexProgram(compile([root], nodeHost).program!);

function follow(root: string, scenarioPath: string, seed = "1") {
  const p = program(root);
  const scenario = JSON.parse(readFileSync(scenarioPath, "utf8")) as Scenario;
  const follower = new BoardFollower(p);
  const out = runScenario(p, scenario, { seed, trace: true, traceSink: follower, watchState: follower.watch });
  return { p, out, trace: follower.entries, timeline: follower.finish()!, scenario };
}

const where = (b: PlaneBoard) => Object.fromEntries(b.pieces.map((m) => [m.label, { x: m.x, y: m.y, facing: m.facing, dead: m.dead ?? false }]));

describe("a plane duel followed line by line", () => {
  // The Knights (a 197 by 394 rectangle facing east, front edge 197 from its centre) walk 5 inches a
  // turn until within 1 inch; the Archer (a 98 round base facing west) walks until within 10 inches
  // and shoots. Turn 1: the gap is 2000 - 49 - 197 = 1754, the Knights walk 500 to x 500; the gap is
  // then 1254, the Archer walks 254 west to x 1746 and shoots (a 2). Turn 2: the Knights walk 500 to
  // x 1000; the Archer, 500 away, shoots (a 3). Turn 3: the Knights walk the 400 left to x 1400 and,
  // 100 away, shoot a 6: the Archer, on 1 wound, is removed.
  const { trace, timeline, out } = follow("bench/plane-battle/battle.rules", "bench/plane-battle/duel.json");
  const resolved = followTrace(timeline, trace);
  const lineOf = (message: string, from = 0) => trace.findIndex((e, i) => i >= from && e.message === message);

  test("every line is a step, and the run is the one the CLI runs", () => {
    expect(out.resultText).toBe("red wins");
    expect(timeline.steps).toBe(trace.length);
    expect(timeline.followed).toBeUndefined();
  });

  test("at the start, where the scenario puts them", () => {
    expect(where(boardAt(resolved, 0).board as PlaneBoard)).toEqual({ "Red Knights": { x: 0, y: 0, facing: 90, dead: false }, "Blue Archer": { x: 2000, y: 0, facing: 270, dead: false } });
  });

  test("at the start of turn 2 and of turn 3, where the moves put them", () => {
    const turn2 = lineOf("Turn 2");
    expect(turn2).toBeGreaterThan(0);
    expect(where(boardAt(resolved, turn2).board as PlaneBoard)).toEqual({ "Red Knights": { x: 500, y: 0, facing: 90, dead: false }, "Blue Archer": { x: 1746, y: 0, facing: 270, dead: false } });
    expect(where(boardAt(resolved, lineOf("Turn 3")).board as PlaneBoard)).toEqual({ "Red Knights": { x: 1000, y: 0, facing: 90, dead: false }, "Blue Archer": { x: 1746, y: 0, facing: 270, dead: false } });
  });

  test("the Archer is alive until the line that wounds it has run, then dead where it stood", () => {
    // `wound(Model "Blue Archer")` removes it (the trace's "removed from models" line comes once it is gone).
    const wound = lineOf('wound(Model "Blue Archer")');
    expect(wound).toBeGreaterThan(0);
    expect(trace[wound + 1]!.message).toBe('Model "Blue Archer" removed from models');
    expect(where(boardAt(resolved, wound).board as PlaneBoard)["Blue Archer"]!.dead).toBe(false);
    const after = boardAt(resolved, wound + 1);
    expect(where(after.board as PlaneBoard)).toEqual({ "Red Knights": { x: 1400, y: 0, facing: 90, dead: false }, "Blue Archer": { x: 1746, y: 0, facing: 270, dead: true } });
    expect([...after.died.values()]).toEqual([wound + 1]);
    // And so to the end.
    expect(where(boardAt(resolved, timeline.steps).board as PlaneBoard)["Blue Archer"]!.dead).toBe(true);
  });

  test("each piece has its side, in the order they first appear", () => {
    expect(sidesOf(timeline.start)).toEqual(["red", "blue"]);
  });
});

describe("a hex battle followed: the first march", () => {
  const { trace, timeline, scenario } = follow("rules/acks-daw", "rules/acks-daw/scenarios/battle.json");
  const resolved = followTrace(timeline, trace);
  test("once the march's lines have run, the unit is on the hex it marched to, facing as it says, and the rest where they started", () => {
    const march = trace.findIndex((e) => e.message.startsWith("march("));
    const m = /^march\(Unit "([^"]+)", Hex\(q: (-?\d+), r: (-?\d+)\), Facing\(toward: (\w+), vertex: (true|false)\)\)$/.exec(trace[march]!.message)!;
    expect(m).not.toBeNull();
    let end = march + 1;
    while (trace[end]!.depth > trace[march]!.depth) end++;
    const board = boardAt(resolved, end).board as HexBoard;
    const units = (scenario.state as { units: { name: string; at: { q: number; r: number }; army: { $ref?: string; $id?: string } }[] }).units;
    const expected = units.map((u) => (u.name === m[1] ? { label: u.name, at: { q: Number(m[2]), r: Number(m[3]) } } : { label: u.name, at: u.at }));
    expect(board.pieces.map((p) => ({ label: p.label, at: p.at }))).toEqual(expected);
    expect(board.pieces.find((p) => p.label === m[1])!.facing).toEqual({ toward: m[4], vertex: m[5] === "true" });
    // Sides are the commanders' names, read through "$ref".
    expect(sidesOf(board)).toEqual(["Red", "Blue"]);
  });
});

describe("a hex battle followed: a destroyed unit still held in another's list is dead from the line that removes it", () => {
  const { trace, timeline } = follow("rules/acks-daw", "rules/acks-daw/scenarios/battle.json");
  const resolved = followTrace(timeline, trace);
  test("the Harpies", () => {
    const removed = trace.findIndex((e) => e.message === 'Unit "Harpies" removed from units');
    expect(removed).toBeGreaterThan(0);
    const harpies = (step: number) => (boardAt(resolved, step).board as HexBoard).pieces.filter((p) => p.label === "Harpies");
    expect(harpies(removed - 1).map((p) => p.dead ?? false)).toEqual([false]);
    expect(harpies(removed).map((p) => p.dead ?? false)).toEqual([true]);
    expect(harpies(removed)[0]!.at).toEqual(harpies(removed - 1)[0]!.at);
    expect(harpies(timeline.steps).map((p) => p.dead)).toEqual([true]);
  });
});

test("a removal followed, in the same call, by the piece added elsewhere is a move, not a death", () => {
  const lines = [
    { depth: 1, message: "joinStand(Piece \"Knight\", Piece \"War mages\")" },
    { depth: 2, message: 'Piece "Knight" removed from u.pieces' },
    { depth: 2, message: 'Piece "Knight" added to stand.solos' },
    { depth: 1, message: "kill(Piece \"Orcs 1\")" },
    { depth: 2, message: 'Piece "Orcs 1" removed from u.pieces' },
    { depth: 1, message: 'Piece "Orcs 1" added to reserve' },
  ];
  expect(tracedDeaths(lines)).toEqual([
    { step: 2, key: "Piece\u0000Knight", dead: false },
    { step: 4, key: "Piece\u0000Orcs 1", dead: true },
    { step: 5, key: "Piece\u0000Orcs 1", dead: false },
  ]);
});

test("when the last piece leaves the state, it is drawn dead on an empty board, not left standing", () => {
  const rules = `import "std/plane"
kind M {
  name: text
  base: Base
}
state {
  ms: list<M>
}
fn go() {
  let m = ms[0]
  say "before"
  ms = []
  say "after " + m.name
}
`;
  const p = indexProgram(compileTexts({ "last.rules": rules }).program!);
  const follower = new BoardFollower(p);
  const scenario = { rules: "last.rules", run: "go", state: { ms: [{ name: "Lone", base: { at: { x: 100, y: 200 }, shape: "circle", width: 98, facing: 0 } }] } } as unknown as Scenario;
  runScenario(p, scenario, { seed: "1", trace: true, traceSink: follower, watchState: follower.watch });
  const trace = follower.entries;
  const resolved = followTrace(follower.finish()!, trace);
  // Emptied by an assignment, which the trace does not list: only the state shows it gone.
  const removed = trace.findIndex((e) => e.message === "after Lone");
  expect(removed).toBeGreaterThan(0);
  expect((boardAt(resolved, removed - 1).board as PlaneBoard).pieces.map((m) => [m.label, m.dead ?? false])).toEqual([["Lone", false]]);
  expect((boardAt(resolved, removed).board as PlaneBoard).pieces.map((m) => [m.label, m.x, m.y, m.dead ?? false])).toEqual([["Lone", 100, 200, true]]);
});

describe("matching pieces from one board to the next", () => {
  const piece = (label: string, x: number): PlanePiece => ({ path: "", kind: "Model", label, x, y: 0, shape: "circle", width: 98, depth: 98, facing: 0 });
  test("two of one name: each goes to the nearest, so the one that died is the one that vanished", () => {
    expect(matchPieces([piece("Goblin", 0), piece("Goblin", 1000)], [piece("Goblin", 990)])).toEqual([1]);
    const t: BoardTimeline = {
      steps: 3,
      start: { grid: "plane", unitsPerInch: 100, pieces: [piece("Goblin", 0), piece("Goblin", 1000)], templates: [], terrain: [] },
      changes: [{ step: 2, board: { grid: "plane", unitsPerInch: 100, pieces: [piece("Goblin", 1010)], templates: [], terrain: [] } }],
    };
    const r = followTrace(t);
    expect(boardAt(r, 1).board.pieces).toHaveLength(2);
    expect((boardAt(r, 2).board.pieces as PlanePiece[]).map((p) => [p.x, p.dead ?? false])).toEqual([
      [1010, false],
      [0, true],
    ]);
    expect(boardAt(r, 3).step).toBe(2);
  });
  test("a piece that comes back is alive again", () => {
    const b = (pieces: PlanePiece[]) => ({ grid: "plane" as const, unitsPerInch: 100, pieces, templates: [], terrain: [] });
    const r = followTrace({ steps: 4, start: b([piece("A", 0)]), changes: [{ step: 1, board: b([]) }, { step: 3, board: b([piece("A", 50)]) }] });
    expect((boardAt(r, 2).board.pieces as PlanePiece[]).map((p) => p.dead)).toEqual([true]);
    expect((boardAt(r, 3).board.pieces as PlanePiece[]).map((p) => [p.x, p.dead ?? false])).toEqual([[50, false]]);
  });
});

describe("what the plane board reads", () => {
  test("bases, terrain and the templates in the state, by their std/plane types", () => {
    const p = program("bench/plane-battle/battle.rules");
    const scenario = JSON.parse(readFileSync("bench/plane-battle/battle.json", "utf8")) as Scenario;
    const out = runScenario(p, scenario, { seed: "1", trace: false });
    const board = boardOf(p, out.state) as PlaneBoard;
    expect(board.grid).toBe("plane");
    expect(board.terrain).toEqual([
      [
        [1100, 300],
        [1400, 350],
        [1350, 650],
        [1050, 600],
      ],
    ]);
    // The one blast of seed 1: a disc of radius 150 (3 inches across) on a model's centre.
    expect(board.templates.length).toBe((out.state!["blasts"] as unknown[]).length);
    expect(board.templates[0]![0]!.radius).toBe(150);
    expect(board.pieces.every((m) => m.side === "red" || m.side === "blue")).toBe(true);
    const knights = (scenario.state as { models: { name: string; base: { shape: string } }[] }).models.filter((m) => m.base.shape === "rectangle").map((m) => m.name);
    expect(board.pieces.filter((m) => m.shape === "rectangle").every((m) => knights.includes(m.label) && m.width === 197 && m.depth === 394)).toBe(true);
  });
  test("templates named in a trace line, as the trace shows them", () => {
    expect(templatesNamed("throwAt(Template(pieces: [Piece(spine: [Point(x: 10, y: -20)], radius: 150)]))")).toEqual([[{ spine: [[10, -20]], radius: 150 }]]);
    expect(templatesNamed("t = Template(pieces: [Piece(spine: [Point(x: 0, y: 0), Point(x: 5, y: 5), Point(x: 0, y: 9)], radius: 0), Piece(spine: [Point(x: 1, y: 1)], radius: 3)])")).toEqual([
      [
        {
          spine: [
            [0, 0],
            [5, 5],
            [0, 9],
          ],
          radius: 0,
        },
        { spine: [[1, 1]], radius: 3 },
      ],
    ]);
    expect(templatesNamed("no template here")).toEqual([]);
  });
});

test("short labels: initials, numbers kept, one word cut to three", () => {
  expect(["Red Archer 2", "Flame Salamanders", "Ogre", "Orcs 12", "  "].map(shortLabel)).toEqual(["RA2", "FS", "Ogr", "O12", "?"]);
});
