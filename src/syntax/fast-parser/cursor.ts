// The fast parser's base: a cursor over Chevrotain's token vector, spans, and the bail-out. The fast
// parser (fast/*.ts) reads a clean declaration straight into the AST; at the first token it does not
// accept it throws `BAIL`, and the caller reads the piece with the Chevrotain parser instead, which stays
// the grammar of record (every syntax error message, the diagrams, completion's expected tokens).
// Every choice below mirrors the grammar's (grammar/*.ts) for input that the grammar accepts, so both
// give the same AST, spans included; test/syntax/fast-parser.test.ts compares them on every bundled file and
// on the golden corpus.
import { EOF, createTokenInstance, tokenMatcher, type IToken, type TokenType } from "chevrotain";
import type * as A from "../../core/ast.ts";
import * as T from "../../../grammar/tokens.ts";
import { Name, Span } from "./nodes.ts";

/** Thrown where the fast parser stops; never escapes `fastDeclarations`. */
export const BAIL = { bail: true };

/** What `LA` gives past the last token. */
const EOF_TOKEN: IToken = createTokenInstance(EOF, "", NaN, NaN, NaN, NaN, NaN, NaN);

/** The token types of a category (`Name`, `AnyName`), for a test without Chevrotain's matcher. */
function members(category: TokenType): ReadonlySet<TokenType> {
  return new Set(T.allTokens.filter((t) => t !== category && tokenMatcher(createTokenInstance(t, "", 0, 0, 0, 0, 0, 0), category)));
}
export const NAME = members(T.Name);
export const ANY_NAME = members(T.AnyName);

export abstract class Cursor {
  protected pos = 0;
  protected tokens: IToken[] = [];
  /** `LA` as the grammar's gates read it: `la(1)` is the next token, `la(0)` the last one taken. */
  protected readonly la = (i: number): IToken => this.tokens[this.pos - 1 + i] ?? EOF_TOKEN;

  constructor(protected readonly path: string) {}

  protected peekType(): TokenType | undefined {
    return this.tokens[this.pos]?.tokenType;
  }
  protected at(type: TokenType): boolean {
    return this.tokens[this.pos]?.tokenType === type;
  }
  protected atName(): boolean {
    const t = this.tokens[this.pos];
    return t !== undefined && NAME.has(t.tokenType);
  }
  /** Takes the next token if it is `type`. */
  protected eat(type: TokenType): IToken | undefined {
    const t = this.tokens[this.pos];
    if (t === undefined || t.tokenType !== type) return undefined;
    this.pos++;
    return t;
  }
  protected expect(type: TokenType): IToken {
    const t = this.tokens[this.pos];
    if (t === undefined || t.tokenType !== type) throw BAIL;
    this.pos++;
    return t;
  }
  /** Takes a token of a category (`NAME`, `ANY_NAME`). */
  protected expectIn(set: ReadonlySet<TokenType>): IToken {
    const t = this.tokens[this.pos];
    if (t === undefined || !set.has(t.tokenType)) throw BAIL;
    this.pos++;
    return t;
  }

  /** The span of the tokens from index `from` to the last one taken: a CST node's location. */
  protected spanFrom(from: number): A.Span {
    const a = this.tokens[from]!;
    const b = this.tokens[this.pos - 1]!;
    return new Span(this.path, a.startLine!, a.startColumn!, b.endLine!, b.endColumn! + 1, a.startOffset, b.endOffset! + 1);
  }
  protected tokSpan(t: IToken): A.Span {
    return new Span(this.path, t.startLine!, t.startColumn!, t.endLine!, t.endColumn! + 1, t.startOffset, t.endOffset! + 1);
  }
  protected join(a: A.Span, b: A.Span): A.Span {
    return new Span(a.file, a.line, a.col, b.endLine, b.endCol, a.start, b.end);
  }
  protected name(t: IToken): A.Name {
    return new Name(t.image, this.tokSpan(t));
  }
}
