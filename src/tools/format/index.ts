// `rulesmith fmt` and the editors' "Format document": one canonical layout for a rules file (see
// layout.ts). A file that does not parse is never formatted: its diagnostics come back instead, and
// the text is left as it was.
import { parseFile } from "../../syntax/parse.ts";
import { diag, type Diagnostic } from "../../core/diagnostics.ts";
import { spanAt } from "../../syntax/parse.ts";
import { layout } from "./layout.ts";
import { layoutTokens, type LayoutToken } from "./stream.ts";

export type Formatted = { text: string; changed: boolean } | { diagnostics: Diagnostic[] };

/** The file in the canonical layout, or the syntax errors that stop it being formatted. */
export function formatRules(path: string, text: string): Formatted {
  const parsed = parseFile(path, text);
  if (!parsed.file) return { diagnostics: parsed.diagnostics };
  const tokens = layoutTokens(text);
  if (!tokens) return { diagnostics: parsed.diagnostics };
  const formatted = layout(tokens);
  // The layout only moves whitespace; should it ever change a token, refuse rather than write it.
  const again = layoutTokens(formatted);
  if (!again || !sameTokens(tokens, again)) {
    return { diagnostics: [diag("E0000", spanAt(path, text, 0, Math.min(1, text.length)), "the formatter would have changed what this file says, so it was left as it was", "this is a bug in rulesmith; please report it with this file")] };
  }
  return { text: formatted, changed: formatted !== text };
}

function sameTokens(a: LayoutToken[], b: LayoutToken[]): boolean {
  return a.length === b.length && a.every((t, i) => t.kind === b[i]!.kind && t.image.trimEnd() === b[i]!.image);
}
