// A bound on syntax errors and on error recovery per file (issue 14, large files). A file of random tokens
// has an error every few tokens: reporting each of them (a 300 KB line of bad arguments had 61,440) cost
// more than reading the file, and no editor or terminal shows them usefully; and Chevrotain's recovery
// costs about 70 microseconds a token on such text (it builds an exception and a lookahead message per
// error). The first SYNTAX_ERRORS_PER_FILE errors are reported, then one E0008 says that more follow from
// there; the parser recovers over at most RECOVERY_TOKENS tokens in all (a window around an error may be
// read a few times: each counts). After either, it reads with recovery off, so a piece with an error
// costs one parse that stops at it, and the error is reported while the error budget lasts. The
// declarations with errors are left out, and every declaration that parses is still read and checked.
import type { IToken } from "chevrotain";
import { diag, type Diagnostic } from "../core/diagnostics.ts";
import { spanAt, tokenSpan } from "./cst-to-ast/spans.ts";
import { RECOVERY_TOKENS } from "./unclosed.ts";

/** The most syntax errors one file reports. */
export const SYNTAX_ERRORS_PER_FILE = 200;

export class SyntaxErrorBudget {
  private left = SYNTAX_ERRORS_PER_FILE;
  /** Tokens the file may still read with recovery. */
  private recoverable = RECOVERY_TOKENS;
  /** Tokens read with recovery so far: what the tests bound, as the parser's work does not depend on speed. */
  recovered = 0;
  /** Where each `/*` of the text stands, in order, once one is asked for. */
  private openers: number[] | undefined;

  constructor(
    private readonly path: string,
    private readonly text: string,
  ) {}

  /** Set once a read was refused recovery for want of budget: from then on, pieces are read one by one. */
  private exhausted = false;

  /** Whether a read of `tokens` tokens may recover; if so, they are counted. */
  recover(tokens: number): boolean {
    if (this.spent || this.exhausted) return false;
    if (tokens > this.recoverable) {
      // One declaration longer than the whole budget does not use it up: the pieces after it still recover.
      if (tokens <= RECOVERY_TOKENS) this.exhausted = true;
      return false;
    }
    this.recoverable -= tokens;
    this.recovered += tokens;
    return true;
  }

  /** Whether the file has reported all the syntax errors it may. */
  get spent(): boolean {
    return this.left <= 0;
  }

  /** Whether nothing more is recovered in this file: a piece with an error is then read alone. */
  get over(): boolean {
    return this.spent || this.exhausted;
  }

  /**
   * Whether a syntax error at `token` is reported; the first one past the budget adds E0008 there,
   * which says that more follow.
   */
  take(token: IToken, diagnostics: Diagnostic[]): boolean {
    if (this.left-- > 0) return true;
    if (this.left === -1) {
      const span = Number.isNaN(token.startOffset) ? spanAt(this.path, this.text, Math.max(0, this.text.length - 1), this.text.length) : tokenSpan(this.path, token);
      diagnostics.push(diag("E0008", span, `more syntax errors follow from here: only the first ${SYNTAX_ERRORS_PER_FILE} in a file are reported`, "fix the errors above and check again; the declarations without errors are still checked"));
    }
    this.left = -2;
    return false;
  }

  /** E0008 at the first token of a piece read without recovery, which reports only its first error. */
  unrecovered(tokens: IToken[], diagnostics: Diagnostic[]): void {
    const span = tokenSpan(this.path, tokens[0]!);
    if (!this.exhausted) {
      const why = `this declaration is ${tokens.length} tokens long, more than the ${RECOVERY_TOKENS} read with error recovery`;
      diagnostics.push(diag("E0008", span, `only the first syntax error of this declaration is reported: ${why}`, "fix that error and check again, or split the declaration into smaller ones"));
    } else if (!this.told) {
      this.told = true;
      const why = `the file has already been read with error recovery over the ${RECOVERY_TOKENS} tokens a file may be`;
      diagnostics.push(diag("E0008", span, `from here, only the first syntax error of each declaration is reported: ${why}`, "fix the errors above and check again"));
    }
  }
  private told = false;

  /**
   * The last `/*` at or before `offset`, or -1. Searching the text backwards for each error made a file of
   * many errors on one long line quadratic; the openers are found once and searched by halves.
   */
  blockCommentBefore(offset: number): number {
    const at = (this.openers ??= openersOf(this.text));
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      // As `text.lastIndexOf("/*", offset)`: an opener starting at `offset` itself counts.
      if (at[mid]! <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? -1 : at[lo - 1]!;
  }
}

function openersOf(text: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf("/*"); i >= 0; i = text.indexOf("/*", i + 1)) at.push(i);
  return at;
}
