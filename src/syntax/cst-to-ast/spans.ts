// Source spans: where a token or a stretch of text stands, as 1-based lines and columns plus offsets.
import type { IToken } from "chevrotain";
import type * as A from "../../core/ast.ts";

export function spanAt(file: string, text: string, start: number, end: number): A.Span {
  const starts = lineStartsOf(text);
  const from = position(starts, start);
  const to = position(starts, end);
  return { file, line: from.line, col: from.col, endLine: to.line, endCol: to.col, start, end };
}

/**
 * The offsets where the lines of the last text asked about start. A scenario with thousands of bad
 * values asks for thousands of spans in one text: each found by a binary search in this index, made
 * once, rather than by scanning the text from its start (which made reporting quadratic).
 */
let lastText: string | undefined;
let lastStarts: number[] = [0];

function lineStartsOf(text: string): number[] {
  if (text === lastText) return lastStarts;
  const starts = [0];
  // `\r\n`, `\r` and `\n` are line breaks, as the lexer counts them.
  const breaks = /\r\n?|\n/g;
  for (let m = breaks.exec(text); m; m = breaks.exec(text)) starts.push(m.index + m[0].length);
  lastText = text;
  lastStarts = starts;
  return starts;
}

/** 1-based line and column of an offset: the last line that starts at or before it. */
function position(starts: readonly number[], offset: number): { line: number; col: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    // A line starts after its break: an offset inside a `\r\n` still belongs to the line before.
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, col: offset - starts[lo]! + 1 };
}

export function tokenSpan(file: string, t: IToken): A.Span {
  return {
    file,
    line: t.startLine ?? 1,
    col: t.startColumn ?? 1,
    endLine: t.endLine ?? t.startLine ?? 1,
    endCol: (t.endColumn ?? t.startColumn ?? 0) + 1,
    start: t.startOffset,
    end: (t.endOffset ?? t.startOffset) + 1,
  };
}
