// Source spans: where a token or a stretch of text stands, as 1-based lines and columns plus offsets.
import type { IToken } from "chevrotain";
import type * as A from "../../core/ast.ts";

export function spanAt(file: string, text: string, start: number, end: number): A.Span {
  const from = position(text, start);
  const to = position(text, end);
  return { file, line: from.line, col: from.col, endLine: to.line, endCol: to.col, start, end };
}

/** 1-based line and column of an offset, counting `\r\n`, `\r` and `\n` as line breaks like the lexer does. */
function position(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  const breaks = /\r\n?|\n/g;
  for (let m = breaks.exec(text); m && m.index < offset; m = breaks.exec(text)) {
    line++;
    lineStart = m.index + m[0].length;
  }
  return { line, col: offset - lineStart + 1 };
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
