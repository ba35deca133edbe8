// The ```rules blocks of docs/language.md, read one way for every test that checks them:
//   ```rules         checks with no errors (and only the warnings its comments name); its examples pass
//   ```rules-error   fails to check, with every code named in a `// error: CODE` / `// warning: CODE` comment
//   ```rules-fail    checks, and at least one of its examples fails (a deliberately failing example)
// Blocks whose first line is `// file: NAME` form one multi-file group until a block without one.
import { readFileSync } from "node:fs";

export interface DocBlock {
  /** The fence's kind; a group with a `rules-error` or `rules-fail` block takes that kind. */
  kind: string;
  /** The line of the group's first fence. */
  line: number;
  /** File name to text; `main.rules` for a block on its own. */
  files: Record<string, string>;
}

export function docBlocks(path = "docs/language.md"): DocBlock[] {
  const md = readFileSync(path, "utf8");
  const groups: DocBlock[] = [];
  let open: DocBlock | undefined;
  for (const m of md.matchAll(/```(rules(?:-error|-fail)?)\n([\s\S]*?)```/g)) {
    const kind = m[1]!;
    const text = m[2]!;
    const line = md.slice(0, m.index).split("\n").length;
    const named = /^\/\/ file: (\S+)/.exec(text);
    if (named) {
      if (!open) groups.push((open = { kind, line, files: {} }));
      open.files[named[1]!] = text;
      if (kind !== "rules") open.kind = kind;
    } else {
      open = undefined;
      groups.push({ kind, line, files: { "main.rules": text } });
    }
  }
  return groups;
}

/** The diagnostics a group's comments name (`// error: E0201`), as `error[E0201]`. */
export function namedDiagnostics(block: DocBlock): string[] {
  return Object.values(block.files).flatMap((text) => [...text.matchAll(/\/\/ (error|warning): ([EWR]\d{4})/g)].map((x) => `${x[1]}[${x[2]}]`));
}
