// Editors speak in 1-based lines and columns, the parser in offsets; both count line breaks as the
// lexer does (`\r\n`, `\r` or `\n`) and columns in UTF-16 code units, as Monaco and Chevrotain do.
import type { Span } from "../../core/ast.ts";

/** 1-based, `endCol` exclusive: the convention of an AST `Span`. */
export interface Range {
  line: number;
  col: number;
  endLine: number;
  endCol: number;
}

export function rangeOf(span: Span): Range {
  return { line: span.line, col: span.col, endLine: span.endLine, endCol: span.endCol };
}

/** The offset of a line and column, clamped to the text: editors may ask about a position just past the end. */
export function offsetAt(text: string, line: number, col: number): number {
  let lineStart = 0;
  const breaks = /\r\n?|\n/g;
  for (let l = 1; l < line; l++) {
    const m = breaks.exec(text);
    if (!m) return text.length;
    lineStart = m.index + m[0].length;
  }
  const next = breaks.exec(text);
  const lineEnd = next ? next.index : text.length;
  return Math.min(lineEnd, lineStart + Math.max(0, Math.floor(col) - 1));
}

/** Where the line holding `offset` starts. */
export function lineStartOf(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && text[i - 1] !== "\n" && text[i - 1] !== "\r") i--;
  return i;
}

const NAME_CHAR = /[A-Za-z0-9_]/;

/** The name-like word around `offset`: the one being typed, or hovered. Empty when there is none. */
export function wordAround(text: string, offset: number): { start: number; end: number } {
  let start = offset;
  while (start > 0 && NAME_CHAR.test(text[start - 1]!)) start--;
  let end = offset;
  while (end < text.length && NAME_CHAR.test(text[end]!)) end++;
  return { start, end };
}

/** Whether `offset` is inside a `//` comment or a text literal, where neither names nor keywords belong. */
export function inCommentOrText(text: string, offset: number): boolean {
  const before = text.slice(lineStartOf(text, offset), offset).replace(/"(?:[^"\\\r\n]|\\.)*"/g, "");
  return before.includes("//") || before.includes('"');
}
