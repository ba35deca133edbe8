// Find references and rename: every name, in every file of the workspace, that resolves to the same
// declaration as the name under the cursor (a declaration, field, enum member, parameter or variable).
// Each file is analysed with the real checker, so `u.hp` counts for `hp` of `Unit` only when `u` is a
// `Unit`, and a local `hp` never does; what each file's check found is kept in the workspace's index
// (reference-index.ts), so a file is checked again only when an edit changed what it sees.
import { isReserved } from "../../../grammar/tokens.ts";
import type { Documents } from "./analysis.ts";
import { definitionAt } from "./navigation.ts";
import type { Location } from "./service-types.ts";
import { scenarioKeyEdits } from "./rename-json.ts";
import { renameProblem, type ScratchWorkspace } from "./rename-safety.ts";
import { offsetAt, rangeOf } from "./text-position.ts";

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function referencesAt(docs: Documents, path: string, line: number, col: number, includeDeclaration: boolean): Location[] {
  const declared = definitionAt(docs, path, line, col);
  if (!declared) return [];
  const declText = docs.text(declared.path);
  if (declText === undefined) return [];
  const name = nameAt(declText, declared);
  if (name === undefined) return [];
  // The declaration's key, read from the check of the file asked about (which holds the declaring file's parse).
  const key = docs.index.keyOf(docs.analysis(path).files, declared.path, offsetAt(declText, declared.range.line, declared.range.col));
  const out: Location[] = [];
  const seen = new Set<string>();
  // Only files that spell the name can refer to it; the index answers for those, each checked again only when its entry no longer holds.
  const candidates = docs
    .paths()
    .filter((p) => p.endsWith(".rules") && docs.text(p)!.includes(name))
    .sort();
  for (const p of candidates) {
    for (const use of docs.index.usesIn(p, key)) {
      if (use.declaration && !includeDeclaration) continue;
      const at = `${use.span.file}:${use.span.start}`;
      if (seen.has(at)) continue;
      seen.add(at);
      out.push({ path: use.span.file, range: rangeOf(use.span) });
    }
  }
  return out;
}

export type RenameResult = { edits: Location[]; newName: string } | { error: string };

/**
 * The places to rewrite to rename what is under the cursor, or why it cannot be renamed: a rename that
 * would clash or change what a name means is refused (rename-safety.ts), tried on `scratch`.
 */
export function renameAt(docs: Documents, scratch: ScratchWorkspace, path: string, line: number, col: number, newName: string): RenameResult {
  if (!NAME.test(newName)) return { error: `\`${newName}\` is not a name: a name is a letter or \`_\`, then letters, digits or \`_\`` };
  if (isReserved(newName)) return { error: `\`${newName}\` is a reserved word and cannot name anything` };
  const declared = definitionAt(docs, path, line, col);
  const oldName = declared ? nameAt(docs.text(declared.path) ?? "", declared) : undefined;
  const edits = referencesAt(docs, path, line, col, true);
  if (!declared || oldName === undefined || edits.length === 0) return { error: "there is nothing here that the rules declare: built-ins and keywords cannot be renamed" };
  const problem = renameProblem(docs, scratch, declared, oldName, newName, edits);
  return problem ? { error: problem } : { edits: [...edits, ...scenarioKeyEdits(docs, declared)], newName };
}

function nameAt(text: string, loc: Location): string | undefined {
  const start = offsetAt(text, loc.range.line, loc.range.col);
  return /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(start, start + 200))?.[0];
}
