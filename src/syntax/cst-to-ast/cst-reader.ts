// Reading Chevrotain's CST: the helpers the AST builders share. Chevrotain groups a node's children by
// token or rule name (or by label), so each helper takes one group by key.
import type { CstElement, CstNode, IToken } from "chevrotain";
import type * as A from "../../core/ast.ts";
import { tokenSpan } from "./spans.ts";

export type Children = Record<string, CstElement[] | undefined>;

export function isToken(e: CstElement | undefined): e is IToken {
  return e !== undefined && "image" in e;
}

/** The first group of a node's children (in the order Chevrotain made them) other than `except`; "" when there is none. */
export function firstKey(c: Children, except?: string): string {
  for (const key in c) if (key !== except) return key;
  return "";
}

/** The text of a string literal: without its quotes, with `\n`, `\t` and other escapes resolved. */
export function unquote(s: string): string {
  return s.slice(1, -1).replace(/\\(.)/g, (_, ch: string) => (ch === "n" ? "\n" : ch === "t" ? "\t" : ch));
}

/** The first class of the builder's chain (then `expressions.ts`, `statements.ts`, `declarations.ts`). */
export abstract class CstReader {
  constructor(protected readonly path: string) {}

  protected span(node: CstNode): A.Span {
    const l = node.location!;
    return {
      file: this.path,
      line: l.startLine ?? 1,
      col: l.startColumn ?? 1,
      endLine: l.endLine ?? 1,
      endCol: (l.endColumn ?? 0) + 1,
      start: l.startOffset,
      end: (l.endOffset ?? l.startOffset) + 1,
    };
  }
  protected join(a: A.Span, b: A.Span): A.Span {
    // Written out rather than spread: this runs for every operator and suffix, and a literal is cheaper.
    return { file: a.file, line: a.line, col: a.col, endLine: b.endLine, endCol: b.endCol, start: a.start, end: b.end };
  }
  protected tok(c: Children, key: string, i = 0): IToken {
    const t = c[key]?.[i];
    if (!isToken(t)) throw new Error(`internal: missing token ${key}`);
    return t;
  }
  protected maybeTok(c: Children, key: string): IToken | undefined {
    const t = c[key]?.[0];
    return isToken(t) ? t : undefined;
  }
  protected node(c: Children, key: string, i = 0): CstNode {
    const n = c[key]?.[i];
    if (n === undefined || isToken(n)) throw new Error(`internal: missing node ${key}`);
    return n;
  }
  protected maybeNode(c: Children, key: string): CstNode | undefined {
    const n = c[key]?.[0];
    return n === undefined || isToken(n) ? undefined : n;
  }
  /** The nodes under `key`, read only: Chevrotain's own array when it holds no token (the usual case), not a copy. */
  protected nodes(c: Children, key: string): readonly CstNode[] {
    const all = c[key];
    if (all === undefined) return [];
    for (const n of all) if (isToken(n)) return all.filter((m): m is CstNode => !isToken(m));
    return all as CstNode[];
  }
  protected name(t: IToken): A.Name {
    return { text: t.image, span: tokenSpan(this.path, t) };
  }
}
