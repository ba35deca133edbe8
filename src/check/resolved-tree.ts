// The checker's resolution, kept beside the parsed tree rather than written into it. The parsed tree is
// never written after parsing, so the language service can keep and hand out the declarations it parsed
// (syntax/reuse.ts) and key its maps by them; the engines, which read a name's slot or declaration
// straight off the node they walk, run the resolved tree: a copy with the resolution folded in.
import type * as A from "../core/ast.ts";

/** The properties the checker resolves (node-shapes.ts marks them), of whichever node holds them. */
type Resolved = Partial<{ ref: A.Ref; slot: number; builtin: string; index: number; frameSize: number; id: number; field: { kind: number; index: number }; holderIndex: number; paramIndex: number; eventRef: A.Ref; targetRef: A.Ref; resultSlot: number }>;

/** How deep `shared` recurses before the rest of a branch is copied whole, with a stack of its own. */
const SHARED_DEPTH = 400;

/** Per parsed node, what the checker resolved of it, in the order it was resolved. */
export class ResolutionTable {
  private readonly byNode = new Map<object, Record<string, unknown>>();
  /** The merged copy of an extended declaration, resolved as the parsed one it stands for. */
  private readonly aliases = new Map<object, object>();
  /** Parsed properties the resolved tree takes from the merge of extensions (check/extensions.ts). */
  private readonly merged = new Map<object, Record<string, unknown>>();

  set<N extends object, K extends keyof Resolved & keyof N>(node: N, key: K, value: NonNullable<Resolved[K]>): void {
    const at = this.aliases.get(node) ?? node;
    const own = this.byNode.get(at);
    if (own) own[key] = value;
    else this.byNode.set(at, { [key]: value });
  }

  get<K extends keyof Resolved>(node: object, key: K): Resolved[K] | undefined {
    return this.byNode.get(this.aliases.get(node) ?? node)?.[key] as Resolved[K] | undefined;
  }

  /** `copy` is resolved as `parsed`: what the checker resolves of either is one record. */
  alias(copy: object, parsed: object): void {
    this.aliases.set(copy, parsed);
  }

  /**
   * In the resolved tree, `node`'s parsed property `key` is `value`: an extended enum's members, kind's
   * fields or table's rows merged, a file's declarations without the extensions and what they replaced.
   * Each is still resolved by its own parsed node, so a merged row is resolved as its file resolved it.
   */
  mergeInto<N extends object, K extends keyof N & string>(node: N, key: K, value: N[K]): void {
    this.merged.set(node, { ...this.merged.get(node), [key]: value });
  }

  /**
   * The resolved tree of `files`: a copy with each node's resolution after its parsed properties. The
   * checker resolves a node's properties in the order node-shapes.ts declares them (test/core/node-shapes.test.ts
   * holds every checked tree to it), so appending them as resolved keeps one hidden class per shape.
   * Only the nodes on a path to a resolved one are copied: a part with nothing resolved in it (a literal,
   * a name, a written type, a span) is the parsed one, shared, since neither tree is ever written. That is
   * about half the objects of the bundled rules, and half the copy's time.
   */
  resolvedFiles(files: A.SourceFile[]): A.SourceFile[] {
    return files.map((f) => this.shared(f, 0) as A.SourceFile);
  }

  /**
   * `value` itself when nothing in it is resolved, else a copy of it (a spread keeps the parsed key order)
   * with its resolved parts copied in turn. Recursive to SHARED_DEPTH, then the whole copy below, whose
   * stack is its own: a long `else if` chain nests a node per branch, thousands deep.
   */
  private shared(value: unknown, depth: number): unknown {
    if (typeof value !== "object" || value === null) return value;
    if (depth > SHARED_DEPTH) return this.copy(value);
    if (Array.isArray(value)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        const made = this.shared(item, depth + 1);
        if (made !== item) (out ??= value.slice())[i] = made;
      }
      return out ?? value;
    }
    const over = this.merged.get(value);
    const v = (over ? { ...value, ...over } : value) as Record<string, unknown>;
    // A span, the commonest object of a tree, is never resolved.
    if (typeof v["start"] === "number" && typeof v["file"] === "string") return value;
    let out: Record<string, unknown> | undefined = over ? v : undefined;
    for (const key of Object.keys(v)) {
      const child = v[key];
      if (typeof child !== "object" || child === null) continue;
      const made = this.shared(child, depth + 1);
      if (made !== child) (out ??= { ...v })[key] = made;
    }
    const own = this.byNode.get(value);
    if (own) {
      out ??= { ...v };
      for (const key of Object.keys(own)) out[key] = own[key];
    }
    return out ?? value;
  }

  /**
   * The copy, with a stack of its own: a long `else if` chain nests a node per branch, thousands deep.
   * Each object is made with every key in order at once (a child still to copy holds `null` until its
   * copy is put in its place), so the key order, and V8's hidden class, are those of the parsed tree.
   */
  private copy(root: unknown): unknown {
    const top: Record<string, unknown> = {};
    const work: [unknown, Record<string | number, unknown>, string | number][] = [[root, top, "root"]];
    for (let next = work.pop(); next; next = work.pop()) next[1][next[2]] = this.shallow(next[0], work);
    return top["root"];
  }

  private shallow(value: unknown, work: [unknown, Record<string | number, unknown>, string | number][]): unknown {
    if (typeof value !== "object" || value === null) return value;
    if (Array.isArray(value)) {
      const out = new Array<unknown>(value.length);
      for (let i = 0; i < value.length; i++) work.push([value[i], out as unknown as Record<number, unknown>, i]);
      return out;
    }
    const over = this.merged.get(value);
    const v = (over ? { ...value, ...over } : value) as Record<string, unknown>;
    // A span, the commonest object of a tree, is never resolved nor written: the copy shares it.
    if (typeof v["start"] === "number" && typeof v["file"] === "string") return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v)) {
      const child = v[key];
      if (typeof child === "object" && child !== null) {
        out[key] = null;
        work.push([child, out, key]);
      } else out[key] = child;
    }
    const own = this.byNode.get(value);
    if (own) for (const key of Object.keys(own)) out[key] = own[key];
    return out;
  }
}
