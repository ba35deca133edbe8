// The one way to walk the tree: every node below a root, parents before children, in source order.
// A node is any object with a `kind` (declarations, statements, expressions, blocks, arguments); the
// walk also passes through the plain objects that hold nodes (rows, patterns, comprehensions, names).
// It keeps its own stack, so a tree nested thousands deep cannot overflow the call stack.

export interface Node {
  kind: string;
}

/**
 * Calls `visit` on every node below `root` with its depth (the number of nodes above it). Returning
 * `false` from `visit` skips that node's children.
 */
export function walk(root: unknown, visit: (node: Node, depth: number) => boolean | void): void {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value !== "object" || value === null) continue;
    let childDepth = depth;
    if (!Array.isArray(value) && typeof (value as { kind?: unknown }).kind === "string") {
      if (visit(value as Node, depth) === false) continue;
      childDepth = depth + 1;
    }
    const children = Array.isArray(value) ? value : Object.entries(value).filter(([k]) => k !== "span" && k !== "ref").map(([, v]) => v);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ value: children[i], depth: childDepth });
  }
}
