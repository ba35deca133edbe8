// The one catalogue of diagnostics. Codes are stable: tests, docs and users refer to them, so a code is
// never reused for a different mistake. Messages are written where they are raised, in plain words,
// with names in backticks; `help` carries the fix when one is known.
import type { Span } from "./ast.ts";

export type Severity = "error" | "warning";

/**
 * Warnings that say no rule of the whole system reads something (W0310, W0311): a check of a file that
 * other files import sees its imports, never its importers, so the editor and the command line keep them
 * only where the whole system was seen.
 */
export const WHOLE_SYSTEM_ONLY: ReadonlySet<string> = new Set(["W0310", "W0311"]);

export const catalogue = {
  E0000: { severity: "error", summary: "an internal error in rulesmith: a bug to report, not a mistake in the rules" },
  E0001: { severity: "error", summary: "a character that cannot start any token" },
  E0002: { severity: "error", summary: "a syntax error" },
  E0003: { severity: "error", summary: "a file that cannot be read or an import that cannot be found" },
  E0004: { severity: "error", summary: "a file outside the folder the rules may read (the root)" },
  E0005: { severity: "error", summary: "a path that is not a regular `.rules` (or `.json`) file: a folder, a device, a FIFO, another kind of file" },
  E0006: { severity: "error", summary: "a file larger than the 8 MB a rules or JSON file may have" },
  E0007: { severity: "error", summary: "a bracket never closed in a large file, where a declaration at column 1 follows it" },
  E0008: { severity: "error", summary: "syntax errors past what a file reports: the rest of a long declaration, or past the first 200 in a file" },
  E0101: { severity: "error", summary: "an unknown name" },
  E0102: { severity: "error", summary: "a name declared twice" },
  E0103: { severity: "error", summary: "an unknown field or member" },
  E0104: { severity: "error", summary: "an unknown type" },
  E0105: { severity: "error", summary: "a name declared in a file that is not imported" },
  E0108: { severity: "error", summary: "a name that could mean two declarations: the file imports both" },
  E0160: { severity: "error", summary: "an `extend`, `replace` or `remove` of something no file it sees declares (a table row: no row with those patterns)" },
  E0161: { severity: "error", summary: "an `extend`, `replace` or `remove` of a declaration of another sort (`extend enum` of a kind)" },
  E0162: { severity: "error", summary: "an `extend`, `replace` or `remove` of a declaration marked `final`, or of a standard module's" },
  E0163: { severity: "error", summary: "a field added by `extend kind` that cannot be left out: existing states and constructions do not give it" },
  E0164: { severity: "error", summary: "two files that do not import one another change the same declaration, row or enum member" },
  E0165: { severity: "error", summary: "a handler that cannot be named: `replace` or `final` on a handler without `as NAME`" },
  E0166: { severity: "error", summary: "a `replace fn` or `extend fn` whose parameters or result type are not those of the function it replaces or extends" },
  E0167: { severity: "error", summary: "`previous(...)` outside an `extend fn`: there is no earlier version to call" },
  E0201: { severity: "error", summary: "a value of the wrong type" },
  E0202: { severity: "error", summary: "a call with the wrong number or names of arguments" },
  E0203: { severity: "error", summary: "something called that is not callable" },
  E0204: { severity: "error", summary: "an assignment to something that cannot be assigned" },
  E0205: { severity: "error", summary: "a `return` that does not fit the function" },
  E0206: { severity: "error", summary: "a statement in the wrong place" },
  E0207: { severity: "error", summary: "a table pattern or field default that is not a constant" },
  E0208: { severity: "error", summary: "a malformed modifier" },
  E0209: { severity: "error", summary: "a malformed aggregate such as `sum(x in xs => x.hp)`" },
  E0210: { severity: "error", summary: "a default value outside the declared range" },
  E0220: { severity: "error", summary: "a modifier in a stage its value does not have, or `extend value` placing a stage next to one it does not have" },
  E0221: { severity: "error", summary: "a division without a rounding, or a rounding where there is no division" },
  E0223: { severity: "error", summary: "an exclusive stage whose rule is not `largest`, `smallest` or `first`, or picks by size on a value with none" },
  E0222: { severity: "error", summary: "a value parameter named `result`, the name its modifiers read the current result by" },
  E0250: { severity: "error", summary: "a record field that would hold an entity: records are plain values" },
  E0240: { severity: "error", summary: "a value that may be `none` used as if it were there" },
  E0241: { severity: "error", summary: "`none` where no optional type says what it stands for" },
  E0242: { severity: "error", summary: "a malformed `choose up to`" },
  E0243: { severity: "error", summary: "an empty list where no type says what its items are" },
  E0230: { severity: "error", summary: "`proceed` outside an `instead of` handler" },
  E0231: { severity: "error", summary: "`proceed` on an event with no default body" },
  E0232: { severity: "error", summary: "an event parameter named `result` on an event with a result type" },
  E0233: { severity: "error", summary: "a duration given at `apply` with no event to count" },
  E0234: { severity: "error", summary: "a status's values misused: values on a status that declares none, or a parameter named `from`" },
  E0235: { severity: "error", summary: "an unknown stacking policy, or `highest` / `sum` on a status with no `int` first parameter" },
  E0236: { severity: "error", summary: "an event named twice in one status's expiry (`until A or A`)" },
  W0301: { severity: "warning", summary: "a table that leaves some inputs uncovered" },
  W0302: { severity: "warning", summary: "a table row that can never match" },
  W0303: { severity: "warning", summary: "an expression whose value is thrown away" },
  W0304: { severity: "warning", summary: "two `set` (or `compute`) modifiers on one value in no fixed order, so the order of declaration decides" },
  W0305: { severity: "warning", summary: "a variable that hides a state field" },
  W0306: { severity: "warning", summary: "a `double` or `multiply` of a tally member that a `count` on the same value has already emptied" },
  W0307: { severity: "warning", summary: "a division of two constants that drops a remainder: numbers are whole" },
  W0309: { severity: "warning", summary: "a comparison with `none` of a value that is never `none`" },
  W0310: { severity: "warning", summary: "a status applied that no rule reads with `has`" },
  W0311: { severity: "warning", summary: "a flag (a `bool` state or entity field) written that no rule reads" },
  W0312: { severity: "warning", summary: "a handler that no example fires" },
  W0313: { severity: "warning", summary: "a choice that no example makes, or an option of it that no example takes" },
  E0401: { severity: "error", summary: "a game state that does not match the declarations" },
  E0403: { severity: "error", summary: "a game state whose `$id`/`$ref` entity references do not fit" },
  E0402: { severity: "error", summary: "a scenario file that is malformed" },
  E0405: { severity: "error", summary: "a game state nested more deeply than a state may be" },
  E0420: { severity: "error", summary: "a `// mutate:` mark of a kind rulesmith does not know" },
  E0421: { severity: "error", summary: "a `// mutate:` mark without its reason" },
  E0422: { severity: "error", summary: "a `// mutate:` mark that names an operator rulesmith does not know" },
  E0423: { severity: "error", summary: "a mutant marked equivalent that an example kills" },
  E0424: { severity: "error", summary: "`rulesmith mutate` on rules whose examples fail, or that have none" },
  E0425: { severity: "error", summary: "`rulesmith odds` on a scenario with more dice paths than `--max-outcomes`" },
  E0426: { severity: "error", summary: "`rulesmith odds` on a scenario whose run fails on some dice path" },
  E0427: { severity: "error", summary: "`rulesmith odds` on a scenario whose chain has more states, or more dice paths from one state, than its budget" },
  E0428: { severity: "error", summary: "`rulesmith odds` on a scenario that with some probability never ends" },
  E0429: { severity: "error", summary: "`rulesmith doc` given no rules, no output folder, or one it cannot write" },
  E0430: { severity: "error", summary: "`rulesmith doc` on rules whose reference would pass its memory budget" },
  E0435: { severity: "error", summary: "`rulesmith why-not` names no modifier, handler, table or table row" },
  E0601: { severity: "error", summary: "a `system.json` or `mod.json` that is not valid: its JSON, a key, a name, a version or a range" },
  E0602: { severity: "error", summary: "a system or mod a mod requires is not loaded, or a folder named as a system or a mod is not one" },
  E0603: { severity: "error", summary: "a system or mod loaded at a version outside the range a mod requires" },
  E0604: { severity: "error", summary: "a mod loaded with a system or mod it declares incompatible" },
  E0605: { severity: "error", summary: "mods that depend on each other in a cycle" },
  E0606: { severity: "error", summary: "`overrides` names no example of the systems the mod extends" },
  E0607: { severity: "error", summary: "a mod changes the outcome of an example of its base (or of another mod) without declaring `overrides`" },
  W0320: { severity: "warning", summary: "a `// mutate:` mark that marks no mutant" },
  R0501: { severity: "error", summary: "a runtime error in the rules" },
  R0502: { severity: "error", summary: "the step budget ran out (a runaway loop or recursion)" },
  R0503: { severity: "error", summary: "a forced die or scripted choice that does not fit" },
  R0504: { severity: "error", summary: "a list, text or tally count grew past the run's resource budget" },
  R0505: { severity: "error", summary: "a whole number outside the exact range (-(2^53 - 1) to 2^53 - 1)" },
  R0506: { severity: "error", summary: "the run made more list items and text characters than its memory budget allows" },
} as const satisfies Record<string, { severity: Severity; summary: string }>;

export type Code = keyof typeof catalogue;

/** A second place a diagnostic involves (the first declaration of a duplicate, the other modifier). */
export interface RelatedSpan {
  span: Span;
  message: string;
}

export interface Diagnostic {
  code: Code;
  severity: Severity;
  message: string;
  span: Span;
  help?: string;
  /** Other places the mistake involves, each shown with its own code frame. */
  related?: RelatedSpan[];
}

export function diag(code: Code, span: Span, message: string, help?: string, related?: RelatedSpan[]): Diagnostic {
  const shownRelated = related?.map((r) => ({ ...r, message: shownMessage(r.message) }));
  return { code, severity: catalogue[code].severity, message: shownMessage(message), span, ...(help ? { help: shownMessage(help) } : {}), ...(shownRelated?.length ? { related: shownRelated } : {}) };
}

/** The longest name or value quoted in backticks whole; a longer one keeps its start and its length. */
const QUOTE_WIDTH = 80;
/** The longest message kept; every tool shows it (a terminal clips it further, to MESSAGE_WIDTH). */
const MESSAGE_LIMIT = 2000;

/**
 * A message as every tool may show it: names quoted from the rules shortened (a file of 11,000 errors
 * each quoting a 50,000-character name made a 550 MB answer the language server could not send), and
 * control characters escaped, since rules files are traded between strangers and a message is printed
 * to terminals and pages.
 */
function shownMessage(text: string): string {
  // Every pair of backticks in turn: a pattern for long quotes alone would pair a short quote's closing
  // backtick with the next one's opening, and cut the plain words between them.
  const short = text.replace(/`([^`]*)`/g, (whole, quoted: string) => (quoted.length <= QUOTE_WIDTH ? whole : `\`${quoted.slice(0, QUOTE_WIDTH - 20)}...\` (${quoted.length} characters)`));
  return escapeControls(short.length > MESSAGE_LIMIT ? `${short.slice(0, MESSAGE_LIMIT - 3)}...` : short);
}

/**
 * Text from a rules file or a state made safe to print: control characters (but tab), and the marks
 * that reorder text on screen, written as escapes (`\u001b`), so no file can move the cursor, retitle
 * or clear a terminal, colour its output, or make a line read otherwise than it is.
 */
export function escapeControls(text: string, keepLineBreaks = false): string {
  if (!CONTROLS.test(text)) return text;
  // Source shown as a block (a page's code, with its lines) keeps its line breaks.
  return text.replace(CONTROLS_ALL, keepLineBreaks ? (c) => (c === "\n" || c === "\r" ? c : escaped(c)) : escaped);
}
/** The characters JSON.stringify leaves as they are but a terminal obeys: C1 controls, DEL and the reordering marks. */
const WIDE_CONTROLS = "\\u007f-\\u009f\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069";
const CONTROLS = new RegExp(`[\\u0000-\\u0008\\u000a-\\u001f${WIDE_CONTROLS}]`);
const CONTROLS_ALL = new RegExp(CONTROLS.source, "g");
const JSON_CONTROLS = new RegExp(`[${WIDE_CONTROLS}]`, "g");
const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * JSON text (from JSON.stringify, which escapes the C0 controls itself) made safe to print the same way:
 * the other controls written as JSON's own `\u` escapes, so the text still parses to the same values.
 */
export function escapeJsonControls(json: string): string {
  return json.replace(JSON_CONTROLS, escaped);
}

/**
 * Text from the rules or a state as printed in a line of its own kind (a trace line, an example's title,
 * a result): at most `width` characters of it, then `... (N characters)`, with control characters escaped.
 */
export function clipShown(text: string, width: number): string {
  const head = escapeControls(text.length > width ? text.slice(0, width) : text);
  return text.length <= width && head.length <= width ? head : `${head.slice(0, width)}... (${text.length} characters)`;
}

export function hasErrors(ds: readonly Diagnostic[]): boolean {
  return ds.some((d) => d.severity === "error");
}

/** Sort by file, then position, so output is stable whatever order the checks ran in. */
export function sortDiagnostics(ds: Diagnostic[]): Diagnostic[] {
  return [...ds].sort(
    (a, b) => (a.span.file < b.span.file ? -1 : a.span.file > b.span.file ? 1 : 0) || a.span.start - b.span.start || a.code.localeCompare(b.code),
  );
}

/**
 * Edit distance for "did you mean": insertions, deletions, substitutions and swaps of two neighbouring
 * letters each cost 1 (optimal string alignment), ignoring case. Swaps matter: `clmap` is one slip
 * from `clamp`, and plain Levenshtein would count it as two and miss the suggestion for short names.
 */
/**
 * The edit distance of `a` and `b` (insertions, deletions, substitutions and swaps of neighbours, case
 * ignored), or any number at least `bound` once it must reach `bound`: a name is compared with every
 * name in scope, and a file of many unknown names in a program of many declarations made the full
 * table for each pair the checker's largest cost. Three rows, and a stop when a whole row is past the bound.
 */
function editDistance(x: string, y: string, bound: number): number {
  if (Math.abs(x.length - y.length) >= bound) return bound;
  let before = new Array<number>(y.length + 1).fill(0);
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  let row = new Array<number>(y.length + 1).fill(0);
  let prevLeast = 0;
  for (let i = 1; i <= x.length; i++) {
    row[0] = i;
    let least = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      row[j] = best;
      if (best < least) least = best;
    }
    // Every later cell comes from this row or the one before (a swap reaches back two), plus 0 or more:
    // once both rows are past the bound, so is the answer.
    if (least >= bound && prevLeast >= bound) return bound;
    prevLeast = least;
    [before, prev, row] = [prev, row, before];
  }
  return prev[y.length]!;
}

/** The closest candidate within a distance that scales with the name's length, if any. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  const x = name.toLowerCase();
  for (const c of candidates) {
    const d = editDistance(x, c.toLowerCase(), bestDistance);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const c = closest(name, candidates);
  return c === undefined ? undefined : `did you mean \`${c}\`?`;
}

/**
 * Rust-style rendering: `error[E0101]: ...`, `--> file:line:col`, a code frame, a caret, then a `note:`
 * with its own `-->` and code frame for each related place, then `help:`. `textOf` gives the text of
 * another file, for a related place outside the diagnostic's own file.
 */
export function formatDiagnostic(d: Diagnostic, sourceText: string | undefined, textOf?: (file: string) => string | undefined): string {
  const out = [`${d.severity}[${d.code}]: ${clipped(d.message)}`, ...located(d.span, sourceText)];
  for (const r of d.related ?? []) {
    out.push(`  note: ${clipped(r.message)}`, ...located(r.span, r.span.file === d.span.file ? sourceText : textOf?.(r.span.file)));
  }
  if (d.help) out.push(`  help: ${clipped(d.help)}`);
  return out.join("\n");
}

/** The most characters of a message or help line shown: a name quoted from a huge line stays readable. */
const MESSAGE_WIDTH = 400;
/** The most characters of source shown in a code frame, `...` marks included. */
export const FRAME_WIDTH = 120;

function clipped(text: string): string {
  return text.length <= MESSAGE_WIDTH ? text : `${text.slice(0, MESSAGE_WIDTH - 3)}...`;
}

/** `--> file:line:col` and, when the text is known, the line with carets under the span. */
function located(span: Span, sourceText: string | undefined): string[] {
  // A file's name is the author's too: a name holding ESC could drive the terminal like any text.
  const out = [`  --> ${escapeControls(span.file)}:${span.line}:${span.col}`];
  const line = lineOf(sourceText, span.line);
  if (line !== undefined) {
    const gutter = String(span.line).length;
    const pad = " ".repeat(gutter);
    const width = span.endLine === span.line ? Math.max(1, span.endCol - span.col) : Math.max(1, line.length - span.col + 1);
    const shown = frameWindow(line, span.col - 1, width);
    // Escaped, the line is longer where it held control characters: the carets move with it.
    const text = escapeControls(shown.text);
    const caretAt = escapeControls(shown.text.slice(0, shown.caretAt)).length;
    const caretWidth = escapeControls(shown.text.slice(shown.caretAt, shown.caretAt + shown.caretWidth)).length;
    out.push(`${pad} |`, `${span.line} | ${text}`, `${pad} | ${" ".repeat(caretAt)}${"^".repeat(caretWidth)}`);
  }
  return out;
}

/** Line `n` (from 1) of `text`, split as the lexer splits (`\r\n`, `\r` or `\n`), without splitting the whole text. */
function lineOf(text: string | undefined, n: number): string | undefined {
  if (text === undefined) return undefined;
  const breaks = /\r\n?|\n/g;
  let start = 0;
  for (let i = 1; i < n; i++) {
    const m = breaks.exec(text);
    if (!m) return undefined;
    start = m.index + m[0].length;
  }
  breaks.lastIndex = start;
  const end = breaks.exec(text)?.index ?? text.length;
  return text.slice(start, end);
}

/**
 * At most FRAME_WIDTH characters of a line around a range starting at `from` (0-based) and `width`
 * long, with `...` where the line was cut; a short line is shown whole. Carets under a range wider
 * than the window stop at its edge.
 */
export function frameWindow(line: string, from: number, width: number): { text: string; caretAt: number; caretWidth: number } {
  if (line.length <= FRAME_WIDTH) return { text: line, caretAt: from, caretWidth: width };
  const room = FRAME_WIDTH - 6; // two `...` marks at most
  // A short range is centred; a range wider than the window starts near its left edge, after a little context.
  const lead = width < room - 20 ? Math.floor((room - width) / 2) : Math.min(from, 10);
  let start = Math.max(0, Math.min(from - lead, line.length - room));
  const end = Math.min(line.length, start + room);
  start = Math.max(0, end - room);
  const head = start > 0 ? "..." : "";
  const tail = end < line.length ? "..." : "";
  const caretAt = head.length + Math.max(0, from - start);
  const caretWidth = Math.max(1, Math.min(from + width, end) - Math.max(from, start));
  return { text: `${head}${line.slice(start, end)}${tail}`, caretAt, caretWidth };
}
