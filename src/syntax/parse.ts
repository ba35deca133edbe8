// Syntax phase: lex and parse one file with the grammar, then turn the CST into the typed AST.
// A file with syntax errors has no clean AST, but the parser recovers: the declarations that parsed
// cleanly are still built (`recovered`), so the checker can report the mistakes in them too.
// The CST-to-AST builder is a chain of classes in `build-ast/`: `cst-reader.ts`, `expressions.ts`,
// `statements.ts`, `declarations.ts`; spans are in `syntax/cst-to-ast/spans.ts`.
import type { CstNode, IToken } from "chevrotain";
import { parser } from "../../grammar/parser.ts";
import { lexer } from "../../grammar/tokens.ts";
import { errorToken, foreignOperatorHelp, syntaxHelp } from "../../grammar/messages.ts";
import type * as A from "../core/ast.ts";
import { walk } from "../core/ast-walk.ts";
import { declarationStarts, parseByDeclaration, readAroundError } from "./by-declaration.ts";
import { RECOVERY_TOKENS, withoutUnclosed } from "./unclosed.ts";
import { bracketsTooDeep } from "./bracket-depth.ts";
import { SyntaxErrorBudget } from "./syntax-error-budget.ts";
import { isToken } from "./cst-to-ast/cst-reader.ts";
import type { DeclarationCache } from "./reuse.ts";
import { DeclarationBuilder } from "./cst-to-ast/declarations.ts";
import { FastParser, fastParser } from "./fast-parser/declarations.ts";
import { fastLex } from "./fast-parser/lexer.ts";
import { spanAt, tokenSpan } from "./cst-to-ast/spans.ts";
import { diag, type Diagnostic } from "../core/diagnostics.ts";
import { pushAll } from "../core/push-all.ts";

export { spanAt, tokenSpan };

export interface ParseResult {
  /** The whole file; undefined when there is any lexical or syntax error. */
  file?: A.SourceFile;
  /**
   * When there are errors: every declaration that parsed cleanly, and in `broken` the names of the
   * declarations dropped for an error. Nothing runs from it; it is only checked.
   */
  recovered?: A.SourceFile;
  diagnostics: Diagnostic[];
}

/**
 * How deeply statements and expressions may nest. The parser, checker and interpreter all recurse over
 * the tree, so a machine-made file nested thousands deep would overflow the stack; no rule text comes
 * near this.
 */
export const MAX_NESTING = 500;

/**
 * `whole` reads the file in one piece, never declaration by declaration: the tests compare the two.
 * `reuse` keeps the declarations read, and gives out again those whose text is unchanged since the
 * last read of the same path (the language service reads a file again on every keystroke).
 */
export function parseFile(path: string, text: string, options?: { whole?: boolean; reuse?: DeclarationCache }): ParseResult {
  try {
    return parseUnguarded(path, text, options?.whole === true, options?.reuse);
  } catch (err) {
    // The parser recurses once per bracket or block: only absurd nesting gets here.
    if (!(err instanceof RangeError)) throw err;
    const span = spanAt(path, text, 0, Math.min(1, text.length));
    return { diagnostics: [diag("E0002", span, "this file nests brackets, blocks or expressions too deeply to read")] };
  }
}

function parseUnguarded(path: string, text: string, whole: boolean, reuse: DeclarationCache | undefined): ParseResult {
  const lexed = (fastParser.enabled ? fastLex(text) : undefined) ?? lexer.tokenize(text);
  const diagnostics: Diagnostic[] = [];
  for (const e of lexed.errors) {
    const span = spanAt(path, text, e.offset, e.offset + Math.max(1, e.length));
    diagnostics.push(lexError(span, text.slice(e.offset)));
  }
  const unsafe = unsafeNumbers(path, lexed.tokens);
  pushAll(diagnostics, unsafe);
  const tooDeep = bracketsTooDeep(path, lexed.tokens);
  if (tooDeep) return { diagnostics: [...diagnostics, tooDeep] };
  const docs = docComments(lexed.groups["docs"]);
  const builder = new DeclarationBuilder(path, docs);
  const out: Reading = { path, text, builder, kept: [], broken: [], diagnostics, blockComments: new Set(), otherErrors: [...lexed.errors.map((e) => e.offset), ...unsafe.map((d) => d.span.start)], budget: new SyntaxErrorBudget(path, text) };
  // A parse tree takes about 3 KB per token, and error recovery's work grows faster than the tokens it
  // reads: a large file is never read in one piece (see MAX_PIECE_TOKENS and RECOVERY_TOKENS).
  if (whole || (diagnostics.length > 0 && lexed.tokens.length <= RECOVERY_TOKENS)) {
    // Lexical errors or too large numbers: the whole file in one piece.
    readWhole(out, lexed.tokens);
  } else {
    // The fast path: declaration by declaration. Around a declaration with an error, as many as it
    // takes are read as a whole, so its diagnostics and recovery are those of the whole-file parse.
    let tokens = lexed.tokens;
    let starts = tokens.length === 0 ? [] : declarationStarts(tokens);
    // A long piece whose brackets do not balance is cut again at column-1 declarations (unclosed.ts).
    const unclosed = withoutUnclosed(path, tokens, starts);
    if (unclosed) {
      pushAll(diagnostics, unclosed.diagnostics);
      // Each part's own tokens: names are read from them alone, so many parts cost no more than one.
      for (const d of unclosed.dropped) pushAll(out.broken, declaredNames(path, tokens.slice(d.from, d.to), d.start, d.end));
      ({ tokens, starts } = unclosed);
    }
    const oversized = withoutOversized(path, tokens, starts);
    if (oversized) {
      pushAll(diagnostics, oversized.diagnostics);
      ({ tokens, starts } = oversized);
    }
    const build = (node: CstNode) => {
      const built = buildDeclaration(builder, node);
      return built && "decl" in built ? built.decl : undefined;
    };
    // Reuse goes by the text between declarations, which a dropped declaration no longer matches.
    const pieces = reuse && !oversized && !unclosed ? { text, reader: reuse.reader(path) } : undefined;
    const fast = fastParser.enabled ? fastReader(path, docs, tokens) : undefined;
    for (let s = 0; s < starts.length; ) {
      const read = parseByDeclaration(tokens, starts, s, build, pieces, fast);
      pushAll(out.kept, read.decls);
      if (read.rest === undefined) break;
      // Once the file has spent its syntax errors or its recovery work, nothing more is recovered: a piece with an
      // error is read alone (and left out), so the parse stops at its error.
      if (out.budget.over) {
        readWhole(out, tokens.slice(starts[read.rest], starts[read.rest + 1] ?? tokens.length));
        s = read.rest + 1;
      } else s = readAroundError(tokens, starts, read.rest, (window, lastPieceAt) => readWhole(out, window, lastPieceAt), RECOVERY_TOKENS);
    }
  }
  if (diagnostics.length > 0) return { recovered: { path, decls: out.kept, broken: out.broken }, diagnostics };
  return { file: { path, decls: out.kept }, diagnostics };
}

/** The fast parser over `tokens`: a piece's declarations, or undefined (a syntax error, or nested too deeply) where Chevrotain reads it. */
function fastReader(path: string, docs: Map<number, string>, tokens: IToken[]): (from: number, to: number) => A.Decl[] | undefined {
  const fast = new FastParser(path, docs);
  return (from, to) => {
    const decls = fast.declarations(tokens, from, to);
    return decls?.every((d) => !reachesDepth(d, MAX_NESTING - 1)) ? decls : undefined;
  };
}

/**
 * The most tokens read in one piece. Chevrotain's tree takes about 3 KB per token (a node per level of
 * expression precedence, each with its location) and lives until its piece is read: one declaration of
 * 5 MB took 4 GB and died. A declaration longer than this is refused (E0002), and a file longer than
 * this is read declaration by declaration even around errors, in windows of at most this many tokens;
 * no real declaration comes near it.
 */
export const MAX_PIECE_TOKENS = 250_000;

/** The tokens without the declarations longer than MAX_PIECE_TOKENS, their starts, and an E0002 for each; undefined when there are none. */
function withoutOversized(path: string, tokens: IToken[], starts: number[]): { tokens: IToken[]; starts: number[]; diagnostics: Diagnostic[] } | undefined {
  // Nearly always none: then nothing is copied.
  if (!starts.some((from, s) => (starts[s + 1] ?? tokens.length) - from > MAX_PIECE_TOKENS)) return undefined;
  const diagnostics: Diagnostic[] = [];
  const kept: IToken[] = [];
  const keptStarts: number[] = [];
  for (let s = 0; s < starts.length; s++) {
    const from = starts[s]!;
    const to = starts[s + 1] ?? tokens.length;
    if (to - from <= MAX_PIECE_TOKENS) {
      keptStarts.push(kept.length);
      for (let i = from; i < to; i++) kept.push(tokens[i]!);
      continue;
    }
    const first = tokens[from]!;
    const span = tokenSpan(path, first);
    diagnostics.push(diag("E0002", span, `this declaration is ${to - from} tokens long, more than the ${MAX_PIECE_TOKENS} a declaration may have, so it is not read`, "split it into smaller declarations (a long function into functions it calls, a long table into tables)"));
  }
  return diagnostics.length > 0 ? { tokens: kept, starts: keptStarts, diagnostics } : undefined;
}

/** What reading a file gathers, piece after piece. */
interface Reading {
  path: string;
  text: string;
  builder: DeclarationBuilder;
  kept: A.Decl[];
  broken: A.Name[];
  diagnostics: Diagnostic[];
  /** The `/*` already reported. */
  blockComments: Set<number>;
  /** Where the lexical errors and too large numbers stand. */
  otherErrors: number[];
  /** How many syntax errors the file still reports (syntax-error-budget.ts). */
  budget: SyntaxErrorBudget;
}

/**
 * Parses `tokens` as a whole file and adds what it finds to `out`. With `lastPieceAt`, only when the
 * parse ends in a declaration that starts there and reads cleanly (see `readAroundError`); false, and
 * nothing added, when it does not.
 */
function readWhole(out: Reading, tokens: IToken[], lastPieceAt?: number): boolean {
  const { path, text, builder, diagnostics } = out;
  // Past RECOVERY_TOKENS (one long declaration, read alone), or once the file has spent its budget of
  // syntax errors or of recovery work, recovery is off: the parse stops at the first error, and so does its cost.
  const recovering = out.budget.recover(tokens.length);
  let cst: CstNode | undefined;
  if (recovering) {
    parser.input = tokens;
    cst = parser.file();
  } else cst = parser.fileWithoutRecovery(tokens);
  // Without recovery, an error gives no tree at all.
  const nodes = (cst?.children["declaration"] ?? []).filter((n): n is CstNode => !isToken(n));
  if (lastPieceAt !== undefined) {
    const last = nodes[nodes.length - 1];
    const ends = last !== undefined && last.location?.startOffset === lastPieceAt && !containsRecovered(last);
    if (!ends || parser.errors.some((e) => !(e.token.startOffset < lastPieceAt))) return false;
  }
  const reportedAt = new Set<number>();
  if (!recovering && !out.budget.spent && parser.errors.length > 0) out.budget.unrecovered(tokens, diagnostics);
  for (const e of parser.errors) {
    // After an error the parser resumes and may stop again at the very same token: say it once.
    if (reportedAt.has(e.token.startOffset)) continue;
    reportedAt.add(e.token.startOffset);
    if (!out.budget.take(e.token, diagnostics)) break;
    const t = errorToken(e, tokens);
    const span = Number.isNaN(t.startOffset) || t.tokenType?.name === "EOF" ? eofSpan(path, text, e) : tokenSpan(path, t);
    // `/*` lexes as two operators; the errors it causes are better explained once, as what it is.
    const opener = out.budget.blockCommentBefore(span.start + 1);
    if (opener >= 0 && text.indexOf("\n", opener) >= span.start - 1 && /^[/*]/.test(text.slice(span.start, span.start + 1))) {
      if (!out.blockComments.has(opener)) diagnostics.push(diag("E0002", spanAt(path, text, opener, opener + 2), "block comments are not part of the language", "start each comment line with `//`"));
      out.blockComments.add(opener);
      continue;
    }
    diagnostics.push(diag("E0002", span, e.message, syntaxHelp(t, tokens)));
  }
  // Where each error stands, so the declaration it belongs to can be left out. A parse error is
  // raised at the token the parser could not take: inside the declaration, or just after its last
  // token (the first token of the next declaration). Errors between declarations belong to none.
  const errorOffsets = [...out.otherErrors, ...parser.errors.filter((e) => (e.context?.ruleStack?.length ?? 0) > 1).map((e) => e.token.startOffset)].map((o) => (Number.isNaN(o) ? text.length : o));
  nodes.forEach((node, i) => {
    const start = node.location?.startOffset ?? 0;
    const next = nodes[i + 1]?.location?.startOffset ?? Infinity;
    const faulty = errorOffsets.some((o) => o > start && o <= next);
    const built = faulty || containsRecovered(node) ? undefined : buildDeclaration(builder, node);
    if (built && !("error" in built)) out.kept.push(built.decl);
    else {
      if (built && "error" in built) diagnostics.push(built.error);
      pushAll(out.broken, declaredNames(path, tokens, start, Math.min(next, (node.location?.endOffset ?? start) + 1)));
    }
  });
  // Tokens the parser skipped between declarations may hold whole declarations: their names too.
  pushAll(out.broken, skippedNames(path, tokens, nodes));
  return true;
}

/** The text of each `///` comment, by its line. */
function docComments(tokens: IToken[] | undefined): Map<number, string> {
  const docs = new Map<number, string>();
  for (const t of tokens ?? []) docs.set(t.startLine ?? 0, t.image.replace(/^\/\/\/ ?/, ""));
  return docs;
}

/** Whether the parser filled in part of `node` to recover: such a declaration is not what was written. */
function containsRecovered(node: CstNode): boolean {
  if (node.recoveredNode) return true;
  return Object.values(node.children).some((cs) => cs?.some((c) => (isToken(c) ? c.isInsertedInRecovery === true : containsRecovered(c))));
}

/** One declaration's AST, or the reason it is not kept: nested too deeply (E0002), or a tree the parser only half built. */
function buildDeclaration(builder: DeclarationBuilder, node: CstNode): { decl: A.Decl } | { error: Diagnostic } | undefined {
  let decl: A.Decl;
  try {
    decl = builder.declaration(node);
  } catch (err) {
    // A declaration next to a syntax error can lack a token the parser pretended was there.
    if (err instanceof RangeError) throw err;
    return undefined;
  }
  const deepest = reachesDepth(decl, MAX_NESTING - 1) ? deepestNode({ path: "", decls: [decl] }) : undefined;
  if (deepest) return { error: diag("E0002", deepest, `this is nested more than ${MAX_NESTING} levels deep`, "split it with `let` or a helper `fn`") };
  return { decl };
}

/** Declaration words that a name follows; the name of a dropped declaration is still known. */
const NAMING_WORDS = new Set(["enum", "kind", "status", "event", "fn", "value", "modifier", "table", "die"]);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The names a run of tokens declares, read from the tokens alone: `fn NAME`, `kind NAME` and the
 * like at the top, and the fields of a `state { name: ... }` block. A use of one of them elsewhere is
 * then not reported as unknown: the declaration's own syntax error has already been reported.
 */
function declaredNames(path: string, tokens: IToken[], start: number, end: number): A.Name[] {
  const inside = tokens.filter((t) => t.startOffset >= start && t.startOffset < end);
  const names: A.Name[] = [];
  let depth = 0;
  inside.forEach((t, i) => {
    const next = inside[i + 1];
    if (t.image === "{") depth++;
    else if (t.image === "}") depth = Math.max(0, depth - 1);
    else if (depth === 0 && NAMING_WORDS.has(t.image) && next && NAME.test(next.image) && !NAMING_WORDS.has(next.image)) names.push({ text: next.image, span: tokenSpan(path, next) });
    else if (depth === 1 && inside[0]?.image === "state" && NAME.test(t.image) && startsField(inside[i - 1], t)) names.push({ text: t.image, span: tokenSpan(path, t) });
  });
  return names;
}

/** A field starts after `{`, after `,`, or on a line of its own. */
function startsField(before: IToken | undefined, t: IToken): boolean {
  return before !== undefined && (before.image === "{" || before.image === "," || (before.endLine ?? 0) < (t.startLine ?? 0));
}

/** Names declared by tokens that lie in no declaration the parser built. */
function skippedNames(path: string, tokens: IToken[], nodes: CstNode[]): A.Name[] {
  // Declarations come in text order, so one pass over the tokens finds those outside all of them.
  let n = 0;
  const covered = (o: number) => {
    while (n < nodes.length && (nodes[n]!.location?.endOffset ?? -1) < o) n++;
    return n < nodes.length && o >= (nodes[n]!.location?.startOffset ?? 0);
  };
  const names: A.Name[] = [];
  let runStart: number | undefined;
  const flush = (end: number) => {
    if (runStart !== undefined) pushAll(names, declaredNames(path, tokens, runStart, end));
    runStart = undefined;
  };
  for (const t of tokens) {
    if (covered(t.startOffset)) flush(t.startOffset);
    else runStart ??= t.startOffset;
  }
  flush(Infinity);
  return names;
}

/**
 * Whether a node below `decl` (itself at depth 0) stands `depth` nodes deep, as `walk` counts depth. Only
 * then can `deepestNode` find anything (its discounts only lower a depth), so the common case costs one
 * pass that makes no garbage instead of a walk.
 */
function reachesDepth(decl: A.Decl, depth: number): boolean {
  const values: unknown[] = [decl];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop();
    const at = depths.pop()!;
    if (typeof value !== "object" || value === null) continue;
    if (Array.isArray(value)) {
      for (const v of value) (values.push(v), depths.push(at));
      continue;
    }
    const isNode = typeof (value as { kind?: unknown }).kind === "string";
    if (isNode && at >= depth) return true;
    const below = isNode ? at + 1 : at;
    const record = value as Record<string, unknown>;
    for (const key in record) if (key !== "span" && key !== "ref" && Object.hasOwn(record, key)) (values.push(record[key]), depths.push(below));
  }
  return false;
}

/**
 * The span of the first node nested deeper than MAX_NESTING. An `else if` chain is not nesting: each
 * `if` of the chain sits in the `else` block of the one before (two levels in the tree), so those two
 * levels are taken off for every link, and a chain of thousands of branches is as deep as one `if`.
 */
function deepestNode(file: A.SourceFile): A.Span | undefined {
  let found: A.Span | undefined;
  // The walk visits parents before children, depth first: `path` holds the discount of each node on
  // the way down to the one visited, indexed by depth.
  const path: number[] = [];
  const links = new Set<object>();
  walk(file.decls, (node, depth) => {
    if (found) return false;
    const discount = (depth > 0 ? path[depth - 1]! : 0) + (links.has(node) ? 1 : 0);
    path[depth] = discount;
    const s = node as A.Stmt;
    if (s.kind === "if" && s.else?.statements.length === 1 && s.else.statements[0]!.kind === "if") links.add(s.else).add(s.else.statements[0]!);
    if (depth - discount + 1 > MAX_NESTING) found = (node as unknown as { span: A.Span }).span;
  });
  return found;
}

/**
 * E0002 at every whole number too large to be exact (above 2^53 - 1, `Number.MAX_SAFE_INTEGER`): read as
 * a JavaScript number it would be rounded, or be `Infinity`. Its declaration is left out, so it never runs.
 */
function unsafeNumbers(path: string, tokens: IToken[]): Diagnostic[] {
  return tokens
    // Up to 15 digits a number is always exact: most tokens are ruled out by their length alone.
    .filter((t) => t.image.length > 15 && (t.tokenType.name === "Integer" || t.tokenType.name === "DiceLiteral") && t.image.split("d").some((n) => n !== "" && !Number.isSafeInteger(Number(n))))
    .map((t) => diag("E0002", tokenSpan(path, t), `the number \`${t.image.length > 40 ? `${t.image.slice(0, 40)}...` : t.image}\` is too large: whole numbers go up to ${Number.MAX_SAFE_INTEGER}`, "numbers are exact whole numbers between -9007199254740991 and 9007199254740991; use a smaller one"));
}

/** Plain words for the characters that most often cannot start a token. */
function lexError(span: A.Span, rest: string): Diagnostic {
  if (rest.startsWith('"')) return diag("E0001", span, "this text is never closed", 'end it with `"` on the same line');
  if (rest.startsWith("/*")) return diag("E0001", span, "block comments are not part of the language", "start each comment line with `//`");
  return diag("E0001", span, `unexpected character \`${rest[0] ?? ""}\``, foreignOperatorHelp(rest));
}

/** A syntax error at the end of input points at the last real token, not past the file. */
function eofSpan(file: string, text: string, e: object): A.Span {
  const prev = (e as { previousToken?: IToken }).previousToken;
  if (prev && !Number.isNaN(prev.startOffset)) return tokenSpan(file, prev);
  const end = text.length;
  return spanAt(file, text, Math.max(0, end - 1), end);
}
