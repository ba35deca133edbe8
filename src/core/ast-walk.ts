// The one way to walk the tree: every node below a root, parents before children, in source order.
// A node is any object with a `kind` (declarations, statements, expressions, blocks, arguments); the
// walk also passes through the plain objects that hold nodes (rows, patterns, comprehensions, names).
// It keeps its own stack, so a tree nested thousands deep cannot overflow the call stack.

export interface Node {
  kind: string;
}

/** The keys from the root down to a node: `["decls", 3, "body", "statements", 0, "condition"]`. */
export type NodePath = (string | number)[];

interface Entry {
  value: unknown;
  depth: number;
  /** The entry that holds this one, and the key it is held under: the path, built only when asked for. */
  up?: Entry;
  key?: string | number;
}

/**
 * Calls `visit` on every node below `root` with its depth (the number of nodes above it) and a function
 * that gives the node's path from `root` (built only when called). Returning `false` from `visit`
 * skips that node's children.
 */
export function walk(root: unknown, visit: (node: Node, depth: number, path: () => NodePath) => boolean | void): void {
  const stack: Entry[] = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value, depth } = entry;
    if (typeof value !== "object" || value === null) continue;
    let childDepth = depth;
    if (!Array.isArray(value) && typeof (value as { kind?: unknown }).kind === "string") {
      if (visit(value as Node, depth, () => pathOf(entry)) === false) continue;
      childDepth = depth + 1;
    }
    const children: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value).filter(([k]) => k !== "span" && k !== "ref");
    for (let i = children.length - 1; i >= 0; i--) stack.push({ value: children[i]![1], depth: childDepth, up: entry, key: children[i]![0] });
  }
}

function pathOf(entry: Entry): NodePath {
  const path: NodePath = [];
  for (let e: Entry | undefined = entry; e?.up; e = e.up) path.push(e.key!);
  return path.reverse();
}
