// Reusing the declarations of an edited file that did not change. The parser reads a file declaration
// by declaration (by-declaration.ts); the AST of one declaration depends only on its own text, the text
// between it and the declaration before (its doc comment, and the line break that fixes its columns),
// the file's path, and where that text starts. So the language service, which reads the same file
// again on every keystroke, keeps each declaration's AST by that text and gives it out again moved to
// where it now stands: an edit re-parses only the declarations it touched.
//
// Nothing writes into a tree after parsing (the checker keeps its resolution beside it, check/resolved-tree.ts),
// so a declaration that stands where it stood is given out as it was kept, the same objects: only one
// that moved is copied, since its spans hold where it stands. The moved copy is kept in its place, so the
// next read with it standing still copies nothing.
import type * as A from "../core/ast.ts";
import { keepNewest } from "../core/kept-values.ts";

/** The declarations of one piece of text, as parsed where it stood: at `offset`, after line `line`. */
interface Kept {
  decls: A.Decl[];
  offset: number;
  line: number;
}

/** Per path, the pieces of the last text read; reading a text replaces them, so one version is kept. */
export class DeclarationCache {
  private readonly byPath = new Map<string, Map<string, Kept>>();
  constructor(private readonly paths = 64) {}

  /** A reader for one read of `path`: looks pieces up in the last read and keeps those of this one. */
  reader(path: string): PieceReader {
    const last = this.byPath.get(path);
    const next = new Map<string, Kept>();
    keepNewest(this.byPath, this.paths, path, next);
    return {
      find: (piece, offset, line) => {
        const kept = last?.get(piece) ?? next.get(piece);
        if (!kept) return undefined;
        const here = kept.offset === offset && kept.line === line ? kept : { decls: kept.decls.map((d) => moved(d, offset - kept.offset, line - kept.line) as A.Decl), offset, line };
        next.set(piece, here);
        return here.decls;
      },
      keep: (piece, offset, line, decls) => {
        next.set(piece, { decls, offset, line });
      },
    };
  }
}

export interface PieceReader {
  /** The declarations of `piece` standing at `offset` after line `line`, if it was read before. */
  find(piece: string, offset: number, line: number): A.Decl[] | undefined;
  keep(piece: string, offset: number, line: number, decls: A.Decl[]): void;
}

/** A deep copy of plain AST data, every span moved `offset` characters and `lines` lines on. */
function moved(value: unknown, offset: number, lines: number): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => moved(v, offset, lines));
  const v = value as Record<string, unknown>;
  if (typeof v["start"] === "number" && typeof v["endCol"] === "number" && typeof v["file"] === "string") {
    const s = v as unknown as A.Span;
    return { file: s.file, line: s.line + lines, col: s.col, endLine: s.endLine + lines, endCol: s.endCol, start: s.start + offset, end: s.end + offset };
  }
  const out: Record<string, unknown> = {};
  for (const key in v) out[key] = moved(v[key], offset, lines);
  return out;
}
