// Large broken rules files, the shapes a stranger (or a fuzzer) sends to the language service and the
// CLI (issue 14, large files): the test of their outcomes (test/syntax/broken-large-files.test.ts) and the
// figures of `npm run bench:broken` (scripts/bench-broken.ts) read the same texts. Each is generated
// from a seed, so a run is repeatable; `kb` is the size to reach, roughly.

/** A small deterministic generator (mulberry32): the same seed gives the same file. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lines until the text is `kb` KB long. */
function until(kb: number, line: (i: number) => string, head = ""): string {
  const parts = [head];
  let size = head.length;
  for (let i = 0; size < kb * 1024; i++) {
    const l = line(i) + "\n";
    parts.push(l);
    size += l.length;
  }
  return parts.join("");
}

/** An ordinary declaration, one of a few kinds, for the body of a file. */
function declaration(i: number): string {
  switch (i % 4) {
    case 0:
      return `fn f${i}(a: int) -> int = a + ${i}`;
    case 1:
      return `status s${i}`;
    case 2:
      return `value v${i}(a: int) -> int = a * 2`;
    default:
      return `fn g${i}(a: int) -> int {\n  let b = a + 1\n  return b\n}`;
  }
}

export const SHAPES = {
  /** `kind Unit {` on line 2, never closed, then declarations to the end (the `{` is at 2:11). */
  "unclosed-brace": (kb: number) => until(kb, declaration, "enum Side { a, b }\nkind Unit {\n  hp: int\n\n"),
  /** Random tokens of the language, with line breaks: almost every one is an error. */
  "random-tokens": (kb: number) => {
    const words = ["fn", "kind", "{", "}", "(", ")", "[", "]", "=", "==", "+", "->", ":", ",", ".", "x", "y", "1", "42", '"t"', "if", "else", "let", "return", "state", "status", "enum", "roll", "d6", "and", "not", "for", "in", "while", "event", "on", "say"];
    const next = random(14);
    return until(kb, () => Array.from({ length: 12 }, () => words[Math.floor(next() * words.length)]!).join(" "));
  },
  /** One line: a call with a bad argument after another (`f(1 +, 1 +, ...)`), as in the output-bounds test. */
  "bad-arguments": (kb: number) => `fn f() -> int = g(${"1 +, ".repeat(Math.ceil((kb * 1024) / 5))}1)\n`,
  /** Blocks nested deeper and deeper, never closed: `if` inside `if`, then the declarations to the end. */
  "deep-nesting": (kb: number) => {
    const depth = 400;
    const head = `fn deep(a: int) -> int {\n${Array.from({ length: depth }, (_, i) => `${" ".repeat(i % 40)}if a > ${i} {\n`).join("")}`;
    return until(kb, declaration, head);
  },
} as const;

export type Shape = keyof typeof SHAPES;
export const SHAPE_NAMES = Object.keys(SHAPES) as Shape[];
