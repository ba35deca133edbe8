// The fuzzer's classes of issue 29, whose outcome is more than "no exception": programs that keep many
// copies of big lists alive (a coded budget error or a clean end, never V8 out of heap), failing
// examples that print huge traces (output bounded), links and special files in a root (nothing outside
// it read or written), control characters in strings, titles, comments and file names (never printed
// raw), and long entity chains in an odds scenario's state (a result or a coded error). Each is an
// Input with a `probe`: files laid in a temporary root and commands run there, in process, by
// scripts/fuzz/probe-run.ts, which checks each class's outcome.
import fc from "fast-check";

/** The classes, each with its own check of the outcome (probe-run.ts). */
export type ProbeClass = "kept-alive" | "loud" | "links" | "controls" | "odds-deep";

/** A link or special file made in the temporary root before the commands run. */
export interface Special {
  path: string;
  /** What it is: a symbolic link to `target` (`{outside}` and `{base}` stand for the folders made, `{fd}` for a descriptor on a deleted file outside), or a FIFO. */
  make: "link" | "fifo";
  target?: string;
}

export interface Probe {
  class: ProbeClass;
  /** Command lines run in process with the temporary root as the working directory. */
  commands: string[][];
  specials?: Special[];
  /** links: for each command, whether it reaches a file outside the root or not a regular file (so must fail with a coded error). */
  refused?: (boolean | null)[];
  /** kept-alive: the engine its examples run on (one per input, to keep inputs short). */
  engine?: "tree" | "compiled";
}

// ---- kept-alive memory ------------------------------------------------------------------------------

/** Ways of making a new list from `big` (a list<int> of 2^k items) that the loop keeps alive. */
const LIST_MAKERS = ["big + []", "[] + big", "filter(x in big where true)", "map(x in big => x + 1)", "sort(x in big => -x)", "rollEach(1000, 6)", "Bag(xs: big).xs", "Bag(xs: big + []).xs", "bag.xs", "kept[0] + big"];
/** Ways of keeping a made list alive. */
const KEEPERS = ["kept = kept + [NEW]", "add NEW to kept", "kept = [NEW] + kept", "add NEW to store", "hold.xs = hold.xs + NEW", "add Bag(xs: NEW) to bags"];
/** Ways of making a long text kept alive. */
const TEXT_MAKERS = ['s + ""', "str(big)", 's + str(len(texts))', "str(kept)"];

export const keptAliveProbe: fc.Arbitrary<{ files: Record<string, string>; probe: Probe }> = fc
  .record({
    engine: fc.constantFrom("tree" as const, "compiled" as const),
    bits: fc.integer({ min: 8, max: 19 }),
    text: fc.boolean(),
    maker: fc.constantFrom(...LIST_MAKERS),
    textMaker: fc.constantFrom(...TEXT_MAKERS),
    keeper: fc.constantFrom(...KEEPERS),
    loop: fc.oneof(fc.constant("while true"), fc.integer({ min: 1, max: 200_000 }).map((n) => `for i in 1..${n}`)),
    inFn: fc.boolean(),
  })
  .map(({ engine, bits, text, maker, textMaker, keeper, loop, inFn }) => {
    const body = text
      ? `let s = "ab"\n  for i in 1..${bits} { s = s + s }\n  let texts = [s]\n  ${loop} { texts = texts + [${textMaker}] }`
      : `${loop} { ${keeper.replace("NEW", maker)} }`;
    const head = `record Bag { xs: list<int> }\nkind Holder { xs: list<int> }\nstate { store: list<list<int>>, bags: list<Bag> }\n`;
    const setup = `let big = [1]\n  for i in 1..${bits} { big = big + big }\n  let kept = [big]\n  let bag = Bag(xs: big)\n  let hold = Holder(xs: [])\n`;
    const work = `${setup}  ${body}`;
    const rules = inFn ? `${head}fn keep() {\n  ${work}\n}\nexample "kept alive" {\n  keep()\n}\n` : `${head}example "kept alive" {\n  ${work}\n  expect len(kept) > 0\n}\n`;
    return { files: { "main.rules": rules }, probe: { class: "kept-alive" as const, commands: [], engine } };
  });

// ---- loud failures ---------------------------------------------------------------------------------

/** Examples that say long texts many times, then fail; and a scenario whose run says as much. */
export const loudProbe: fc.Arbitrary<{ files: Record<string, string>; probe: Probe }> = fc
  .record({
    examples: fc.integer({ min: 1, max: 12 }),
    bits: fc.integer({ min: 0, max: 19 }),
    says: fc.integer({ min: 1, max: 40_000 }),
    ending: fc.constantFrom("expect false", "expect len(s) == 0", "let xs = [1]\n  let y = xs[5]", "while true { }"),
    commands: fc.subarray([["test", "main.rules"], ["run", "s.json", "--trace"], ["run", "s.json", "--json"], ["test", "main.rules", "--grep", "loud"]], { minLength: 1 }),
  })
  .map(({ examples, bits, says, ending, commands }) => {
    const loud = `let s = "x"\n  for i in 1..${bits} { s = s + s }\n  for i in 1..${says} { say s }`;
    const exs = Array.from({ length: examples }, (_, i) => `example "loud ${i}" {\n  ${loud}\n  ${ending}\n}\n`).join("");
    const main = `state { n: int = 0 }\nfn shout() -> int {\n  ${loud}\n  return 1\n}\n${exs}`;
    return { files: { "main.rules": main, "s.json": JSON.stringify({ rules: "main.rules", run: "shout", state: {} }) }, probe: { class: "loud", commands } };
  });

// ---- links and special files -------------------------------------------------------------------------

/** Where a link leads, and whether following it leaves the root (or reaches no regular file). */
const TARGETS: [string, boolean][] = [
  ["{outside}/secret.rules", true],
  ["../outside/secret.rules", true],
  ["/proc/self/fd/{fd}", true],
  ["/proc/self/root{outside}/secret.rules", true],
  ["/proc/self/cwd/rules/warlords3/battle.rules", true],
  ["/proc/thread-self/fd/{fd}", true],
  ["/dev/zero", true],
  ["/dev/stdin", true],
  ["/proc/self/fd/0", true],
  ["pipe.rules", true],
  ["chain2.rules", true],
  ["loop.rules", true],
  ["missing.rules", true],
  ["ok.rules", false],
  ["{base}/root/ok.rules", false],
];

/** How a command reaches the link: named, imported, as a scenario's rules, or by walking the folder. */
const REACHES = ["check", "import", "test-import", "scenario", "fmt", "fmt-check", "walk", "dir-import", "scenario-link"] as const;

export const linksProbe: fc.Arbitrary<{ files: Record<string, string>; probe: Probe }> = fc
  .record({ target: fc.constantFrom(...TARGETS), reaches: fc.subarray([...REACHES], { minLength: 1, maxLength: 4 }) })
  .map(({ target: [target, out], reaches }) => {
    const specials: Special[] = [
      { path: "link.rules", make: "link", target },
      { path: "pipe.rules", make: "fifo" },
      { path: "chain2.rules", make: "link", target: "chain3.rules" },
      { path: "chain3.rules", make: "link", target: "{outside}/secret.rules" },
      { path: "loop.rules", make: "link", target: "loop.rules" },
      { path: "dirlink", make: "link", target: "{outside}" },
      { path: "s-link.json", make: "link", target: "{outside}/secret.json" },
    ];
    const files: Record<string, string> = {
      "ok.rules": "fn leaked() -> int = 1\n",
      "main.rules": 'import "link.rules"\nfn g() -> int = leaked()\nexample "g" {\n  expect g() == 1\n}\n',
      "dir.rules": 'import "dirlink/secret.rules"\nfn g() -> int = leaked()\n',
      "s.json": JSON.stringify({ rules: "link.rules", run: "leaked", state: {} }),
    };
    const commands: string[][] = [];
    const refused: (boolean | null)[] = [];
    for (const r of reaches) {
      const line = {
        check: ["check", "link.rules"],
        import: ["check", "main.rules"],
        "test-import": ["test", "main.rules"],
        scenario: ["run", "s.json"],
        fmt: ["fmt", "link.rules"],
        "fmt-check": ["fmt", "--check", "link.rules"],
        walk: ["check", "."],
        "dir-import": ["check", "dir.rules"],
        "scenario-link": ["run", "s-link.json"],
      }[r];
      commands.push(line);
      // A walk reports what it found and may skip links; the folder link and the linked scenario always lead out.
      refused.push(r === "walk" ? null : r === "dir-import" || r === "scenario-link" ? true : out);
    }
    return { files, probe: { class: "links", commands, specials, refused } };
  });

// ---- control characters ----------------------------------------------------------------------------

/** Characters a terminal obeys: C0 and C1 controls, DEL, escape sequences, and the reordering marks. */
const CONTROL = fc.constantFrom("\u0000", "\u0007", "\u0008", "\u000b", "\u000c", "\r", "\u001b[2J", "\u001b]0;owned\u0007", "\u001b[31m", "\u007f", "\u0085", "\u009b31m", "\u200e", "\u200f", "\u202e", "\u2066", "\u2069", "\t");
const dirty = fc.array(fc.oneof(CONTROL, fc.constantFrom("a", "b", " ", "x")), { minLength: 1, maxLength: 6 }).map((cs) => cs.join(""));

export const controlsProbe: fc.Arbitrary<{ files: Record<string, string>; probe: Probe }> = fc
  .record({
    parts: fc.array(dirty, { minLength: 8, maxLength: 8 }),
    raw: fc.boolean(),
    fileName: fc.oneof(fc.constant("main.rules"), dirty.map((d) => `m${d.replace(/[\u0000/]/g, "")}.rules`)),
    commands: fc.subarray(["check", "test", "run", "run --trace", "run --json", "odds", "schema", "fmt --check", "simulate"], { minLength: 1, maxLength: 4 }),
  })
  .map(({ parts, raw, fileName, commands }) => {
    const [title, say, doc, comment, field, state, result, raw2] = parts as [string, string, string, string, string, string, string, string];
    const q = (s: string) => s.replace(/["\\\n]/g, "");
    const rules =
      `/// ${q(doc)}\nkind Unit { name: text = "${q(field)}", hp: int in 0..9 = 1 }\n// ${q(comment)}\nstate { units: list<Unit>, note: text = "${q(field)}" }\n` +
      `fn play() -> text {\n  say "${q(say)}"\n  for u in units { say u.name }\n  if roll d6 > 3 { return "${q(result)}" + note }\n  return note\n}\n` +
      `example "${q(title)}" {\n  say "${q(say)}"\n  expect play() == "${q(result)}"\n}\n${raw ? `fn bad() -> int = 1 ${raw2}\n` : ""}`;
    const scenario = JSON.stringify({ rules: fileName, run: "play", state: { units: [{ name: state }, { name: `${title}${state}` }], note: state }, seed: say });
    const line = (c: string) => {
      const [cmd, ...flags] = c.split(" ");
      return cmd === "check" || cmd === "test" || cmd === "schema" || cmd === "fmt" ? [cmd!, ...flags, fileName] : cmd === "simulate" ? [cmd, "s.json", "-n", "3", "--workers", "1"] : [cmd!, "s.json", ...flags];
    };
    return { files: { [fileName]: rules, "s.json": scenario }, probe: { class: "controls", commands: commands.map(line) } };
  });

// ---- deep state for odds -----------------------------------------------------------------------------

/** A scenario whose state holds `n` entities linked in a chain (or a cycle, or a tree) by `$ref`, run by `odds` and `run`. */
export const oddsDeepProbe: fc.Arbitrary<{ files: Record<string, string>; probe: Probe }> = fc
  .record({
    // Past 3,000 the recursive merge once overflowed; above 5,000 a merge of the whole state takes seconds.
    n: fc.oneof(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 600, max: 5_000 })),
    shape: fc.constantFrom("forward", "backward", "cycle", "tree", "shuffled"),
    hp: fc.integer({ min: 1, max: 4 }),
    walk: fc.constantFrom("none", "follow", "change-head", "change-tail"),
    maxStates: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
    seed: fc.nat(),
  })
  .map(({ n, shape, hp, walk, maxStates, seed }) => {
    const next = (i: number): number | undefined => {
      if (shape === "forward") return i + 1 < n ? i + 1 : undefined;
      if (shape === "backward") return i > 0 ? i - 1 : undefined;
      if (shape === "cycle") return (i + 1) % n;
      if (shape === "tree") return i > 0 ? (i - 1) >> 1 : undefined;
      // A fixed permutation: each names a later one in a scrambled order, ending somewhere.
      const j = (i * 7919 + seed) % n;
      return j === i ? undefined : j;
    };
    const links = Array.from({ length: n }, (_, i) => {
      const j = next(i);
      return j === undefined ? { $id: `l${i}`, hp: 1 } : { $id: `l${i}`, hp: 1, next: { $ref: `l${j}` } };
    });
    const step = {
      none: "",
      follow: "    let l: Link? = links[0]\n    let k = 0\n    while k < 100000 {\n      let at = l\n      if at != none {\n        l = at.next\n        k += 1\n      } else { k = 100000 }\n    }\n",
      "change-head": "    if roll d6 == 1 { links[0].hp = 1 - links[0].hp }\n",
      "change-tail": `    if roll d6 == 1 { links[${n - 1}].hp = 1 - links[${n - 1}].hp }\n`,
    }[walk];
    const rules = `kind Link { next: Link?, hp: int in 0..9 = 1 }\nstate { links: list<Link>, hp: int in 0..9 }\nfn fight() -> text {\n  while hp > 0 {\n${step}    if roll d6 >= 4 { hp -= 1 }\n  }\n  return "done"\n}\n`;
    const odds = ["odds", "s.json", ...(maxStates === undefined ? [] : ["--max-states", String(maxStates)])];
    return { files: { "g.rules": rules, "s.json": JSON.stringify({ rules: "g.rules", run: "fight", state: { links, hp } }) }, probe: { class: "odds-deep" as const, commands: [odds, ["run", "s.json"]] } };
  });
