// "Format document" for editors: the same formatter as `rulesmith fmt`, answered as one edit that
// replaces the whole text, or none when the file is already laid out or does not parse (an editor
// then shows the syntax errors it already has; nothing is changed under the user).
import { formatRules } from "../format/index.ts";
import type { Range } from "./text-position.ts";

export interface TextEdit {
  range: Range;
  text: string;
}

/** The range covering all of `text`, in the service's 1-based, end-exclusive columns. */
export function wholeText(text: string): Range {
  const lines = text.split(/\r\n?|\n/);
  return { line: 1, col: 1, endLine: lines.length, endCol: lines.at(-1)!.length + 1 };
}

export function formattingEdits(path: string, text: string | undefined): TextEdit[] {
  if (text === undefined) return [];
  const result = formatRules(path, text);
  if ("diagnostics" in result || !result.changed) return [];
  return [{ range: wholeText(text), text: result.text }];
}
