// Text being typed rarely parses, but the declarations around the cursor usually do. The parser keeps
// the declarations that parse (syntax/parse.ts `recovered`); for completion, the declaration at the
// cursor is cut out of the file and mended, so that it parses too if that can be done without guessing.
import { tokenMatcher, type IToken, type TokenType } from "chevrotain";
import { parser } from "../../../grammar/parser.ts";
import * as T from "../../../grammar/tokens.ts";
import { parseFile, type ParseResult } from "../../syntax/parse.ts";
import { lineStartOf } from "./text-position.ts";

/** An identifier that stands in for the word at the cursor, so the text around it can parse and check. */
export const CURSOR = "__rulesmith_cursor__";

/** Where the grammar can go next after `tokens`, read from `rule`; empty when the tokens do not fit it. */
export function nextTokens(rule: string, tokens: IToken[]) {
  return parser.computeContentAssist(rule, tokens);
}

/** Tokens that only ever begin a declaration: where one appears, the declaration before it has ended. */
const declarationStarts: Set<TokenType> = (() => {
  const firsts = (rule: string) => new Set(nextTokens(rule, []).map((p) => p.nextTokenType));
  const inStatements = firsts("statement");
  return new Set([...firsts("declaration")].filter((t) => !inStatements.has(t)));
})();

export interface Chunk {
  start: number;
  end: number;
  /** Where the declaration's first token starts. */
  first: number;
}

/**
 * The file cut into declarations, whatever their brackets: an unclosed `{` must not swallow the rest
 * of the file. Each chunk runs from the end of the previous declaration's last token, so it holds the
 * doc comments above its own declaration.
 */
export function declarationChunks(text: string): Chunk[] {
  const tokens = T.lexer.tokenize(text).tokens;
  const chunks: Chunk[] = [{ start: 0, end: text.length, first: tokens[0]?.startOffset ?? 0 }];
  tokens.forEach((t, i) => {
    if (i === 0 || !declarationStarts.has(t.tokenType)) return;
    const boundary = tokens[i - 1]!.endOffset! + 1;
    chunks[chunks.length - 1]!.end = boundary;
    chunks.push({ start: boundary, end: text.length, first: t.startOffset });
  });
  return chunks;
}

/**
 * The chunk a cursor at `offset` belongs to: the declaration whose text comes before it. Blank space
 * after a declaration still belongs to it: `fn f() -> int = <cursor>` is writing `f`, whatever follows.
 */
export function chunkAt(chunks: Chunk[], offset: number): Chunk {
  let found = chunks[0]!;
  for (const c of chunks) if (c.first < offset) found = c;
  return found;
}

const blank = (s: string) => s.replace(/[^\r\n]/g, " ");

/** Whether `chunkText`, standing at `start` of a file of its own, parses. */
function parsesAt(path: string, text: string, start: number, chunkText: string): boolean {
  return parseFile(path, blank(text.slice(0, start)) + chunkText).file !== undefined;
}

/**
 * `parsed`, or, when the parser kept no declaration at all (brackets nested too deeply to read), the
 * text read again with each declaration that does not parse on its own blanked out: completion still
 * offers the names the other declarations declare.
 */
export function withReadableDeclarations(path: string, text: string, parsed: ParseResult): ParseResult {
  if (parsed.file || parsed.recovered) return parsed;
  let out = text;
  for (const c of declarationChunks(text)) {
    if (!parsesAt(path, text, c.start, text.slice(c.start, c.end))) out = out.slice(0, c.start) + blank(text.slice(c.start, c.end)) + out.slice(c.end);
  }
  const readable = parseFile(path, out);
  const file = readable.file ?? readable.recovered;
  return file ? { recovered: file, diagnostics: parsed.diagnostics } : parsed;
}

/**
 * The text with CURSOR in place of the word at the cursor (`start`..`end`), and the cursor's declaration
 * mended so that it parses if that can be done without guessing: as typed; cut at the cursor with its
 * open brackets closed; or cut at the start of the cursor's line, keeping only what the cursor is a
 * member of (`u.stack.`). The text before the cursor keeps its positions.
 */
export function textWithCursor(path: string, text: string, start: number, end: number): string {
  const marked = text.slice(0, start) + CURSOR + text.slice(end);
  const cursorEnd = start + CURSOR.length;
  const chunk = chunkAt(declarationChunks(marked), start);
  const chain = memberChainStart(T.lexer.tokenize(marked.slice(chunk.start, start)).tokens);
  const chainStart = chain === undefined ? start : chunk.start + chain;
  const lineStart = Math.max(chunk.start, lineStartOf(marked, chainStart));
  const candidates = [
    marked.slice(chunk.start, chunk.end),
    marked.slice(chunk.start, cursorEnd) + closers(marked.slice(chunk.start, start)),
    marked.slice(chunk.start, lineStart) + marked.slice(chainStart, cursorEnd) + closers(marked.slice(chunk.start, lineStart)),
  ];
  const mended = candidates.find((c) => parsesAt(path, marked, chunk.start, c));
  if (mended === undefined) return marked;
  return marked.slice(0, chunk.start) + mended + marked.slice(chunk.end);
}

const OPENERS = new Map<TokenType, string>([
  [T.LParen, ")"],
  [T.LBracket, "]"],
  [T.LBrace, "}"],
]);
const CLOSERS = new Set<TokenType>([T.RParen, T.RBracket, T.RBrace]);

/** The brackets left open in `text`, closed innermost first. */
function closers(text: string): string {
  const open: string[] = [];
  for (const t of T.lexer.tokenize(text).tokens) {
    const closer = OPENERS.get(t.tokenType);
    if (closer) open.push(closer);
    else if (CLOSERS.has(t.tokenType)) open.pop();
  }
  return open.length ? ` ${open.reverse().join(" ")}` : "";
}

/**
 * Where the expression the cursor is a member of starts: the `u.stack` of `u.stack.<cursor>`, with
 * calls and indexes (`units[0].`). Undefined when the tokens before the cursor do not end in `.`.
 */
export function memberChainStart(tokens: IToken[]): number | undefined {
  const dot = tokens.length - 1;
  if (tokens[dot]?.tokenType !== T.Dot) return undefined;
  let first = dot;
  let k = dot - 1;
  while (k >= 0) {
    if (CLOSERS.has(tokens[k]!.tokenType)) {
      k = matchingOpener(tokens, k);
      if (k < 0) break;
      first = k--;
      const prior = tokens[k]?.tokenType;
      if (prior === undefined) break;
      if (tokenMatcher(tokens[k]!, T.Name) || CLOSERS.has(prior)) continue;
      break;
    }
    if (!tokenMatcher(tokens[k]!, T.AnyName)) break;
    first = k--;
    if (tokens[k]?.tokenType !== T.Dot) break;
    k--;
  }
  return first === dot ? undefined : tokens[first]!.startOffset;
}

function matchingOpener(tokens: IToken[], close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    const t = tokens[i]!.tokenType;
    if (CLOSERS.has(t)) depth++;
    else if (OPENERS.has(t) && --depth === 0) return i;
  }
  return -1;
}
