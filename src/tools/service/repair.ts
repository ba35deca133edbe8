// Text being typed rarely parses, but the declarations around the cursor usually do. The service reads
// a file declaration by declaration: a declaration that does not parse is blanked out with spaces, so
// every other one keeps its exact position and still yields names, types and docs.
import { tokenMatcher, type IToken, type TokenType } from "chevrotain";
import { parser } from "../../../grammar/parser.ts";
import * as T from "../../../grammar/tokens.ts";
import { parseFile, type ParseResult } from "../../syntax/parse.ts";
import { DeclarationCache } from "../../syntax/reuse.ts";
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
 * An editor asks again on every keystroke, mostly about files that have not changed since: their
 * parses are kept, one cache for diagnostics, completion, hover and definition. The AST is never
 * changed after it is built but for the checker's resolution, which every check writes afresh, so
 * sharing one is safe. Kept by path, then by text (a string keeps its hash, so an unchanged text is
 * found at once); the least recently used entries go first.
 */
/** Texts kept per path: the one being typed, the last check's, and the cursor-mended ones of completion. */
const PER_PATH = 4;

function remembered<T>(size: number, compute: (path: string, text: string) => T): (path: string, text: string) => T {
  const known = new Map<string, Map<string, T>>();
  let count = 0;
  return (path, text) => {
    const byText = known.get(path);
    const hit = byText?.get(text);
    if (hit !== undefined) {
      // Used again: move it (and its path) to the back of the eviction order.
      byText!.delete(text);
      byText!.set(text, hit);
      known.delete(path);
      known.set(path, byText!);
      return hit;
    }
    const value = compute(path, text);
    while (count >= size) count -= evictOldest(known);
    const texts = known.get(path) ?? new Map<string, T>();
    // An edited file leaves a trail of old texts: keep only its last few (a large file's AST is large).
    if (texts.size >= PER_PATH) {
      texts.delete(texts.keys().next().value!);
      count--;
    }
    known.delete(path);
    known.set(path, texts.set(text, value));
    count++;
    return value;
  };
}

/** Drops the oldest entry of the least recently used path; how many entries went (0 or 1). */
function evictOldest<T>(known: Map<string, Map<string, T>>): number {
  const [path, byText] = known.entries().next().value!;
  const text = byText.keys().next().value;
  if (text === undefined) {
    known.delete(path);
    return 0;
  }
  byText.delete(text);
  if (byText.size === 0) known.delete(path);
  return 1;
}

/** The declarations of the files read, so an edited file re-parses only the declarations that changed. */
const declarations = new DeclarationCache();

export const parseRemembered: (path: string, text: string) => ParseResult = remembered(128, (path, text) => parseFile(path, text, { reuse: declarations }));

/** The text with every declaration that does not parse blanked out; the text itself when it all parses. */
export const readableText: (path: string, text: string) => string = remembered(64, (path, text) => {
  if (parseRemembered(path, text).file) return text;
  let out = text;
  for (const c of declarationChunks(text)) {
    if (!parsesAt(path, text, c.start, text.slice(c.start, c.end))) out = out.slice(0, c.start) + blank(text.slice(c.start, c.end)) + out.slice(c.end);
  }
  return out;
});

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
