// Reading Chevrotain's CST: the helpers the AST builders share. Chevrotain groups a node's children by
// token or rule name (or by label), so each helper takes one group by key.
import type { CstElement, CstNode, IToken } from "chevrotain";
import type * as A from "../ast.ts";
import { tokenSpan } from "./spans.ts";

export type Children = Record<string, CstElement[] | undefined>;

export function isToken(e: CstElement | undefined): e is IToken {
  return e !== undefined && "image" in e;
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
    return { ...a, endLine: b.endLine, endCol: b.endCol, end: b.end };
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
  protected nodes(c: Children, key: string): CstNode[] {
    return (c[key] ?? []).filter((n): n is CstNode => !isToken(n));
  }
  protected name(t: IToken): A.Name {
    return { text: t.image, span: tokenSpan(this.path, t) };
  }
}
