// Two helpers of the page's file actions, kept out of main.ts: saving a text to the user's computer,
// and what makes a path unfit to name a new file.
import { el } from "./dom.ts";
import { isSafePath } from "./workspace.ts";

/** Saves text as a file on the user's computer. */
export function downloadText(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Why a path cannot name a new file, or undefined when it can. */
export function fileNameProblem(path: string): string | undefined {
  if (!path.endsWith(".rules") && !path.endsWith(".json")) return "rules files end in `.rules` (scenarios in `.json`)";
  if (!path.includes("/")) return "put the file in a folder, like `rules/mygame/file.rules`, so imports resolve from it";
  if (!isSafePath(path)) return "use a relative path with `/` between folders, without `..`";
  return undefined;
}

