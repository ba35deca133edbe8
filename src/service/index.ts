// The editor-agnostic language service: diagnostics, completion, hover and go-to-definition over
// files held in memory. It imports nothing from Node, so the playground runs it in a web worker, and
// no text makes it throw: whatever the user is halfway through typing gets an answer.
import { catalogue } from "../diagnostics.ts";
import { checkRemembered } from "./check-cache.ts";
import { completionsAt } from "./completion.ts";
import { definitionAt, hoverAt } from "./navigation.ts";
import type { Completion, Hover, Location, ServiceDiagnostic, ServiceFiles } from "./service-types.ts";
import { rangeOf } from "./text-position.ts";

export type { Completion, Hover, Location, Range, ServiceDiagnostic, ServiceFiles } from "./service-types.ts";
export { memoryFileHost } from "./memory-host.ts";

/**
 * Exactly what `rulesmith check PATH` reports: the same pipeline, over these files instead of the disk.
 * Unchanged files are not parsed again, and an unchanged program is not checked again.
 */
export function diagnostics(files: ServiceFiles, path: string): ServiceDiagnostic[] {
  return guard(
    () =>
      checkRemembered(files, path).map((d): ServiceDiagnostic => ({
        code: d.code,
        severity: d.severity,
        message: d.message,
        ...(d.help ? { help: d.help } : {}),
        path: d.span.file,
        range: rangeOf(d.span),
        ...(d.related ? { related: d.related.map((r) => ({ path: r.span.file, range: rangeOf(r.span), message: r.message })) } : {}),
      })),
    (err) => [
      {
        code: "E0000",
        severity: catalogue.E0000.severity,
        message: `internal error while checking: ${err instanceof Error ? err.message : String(err)}`,
        help: "this is a bug in rulesmith; please report it with the text that caused it",
        path,
        range: { line: 1, col: 1, endLine: 1, endCol: 1 },
      },
    ],
  );
}

export function completions(files: ServiceFiles, path: string, line: number, col: number): Completion[] {
  return guard(() => completionsAt(files, path, line, col), () => []);
}

export function hover(files: ServiceFiles, path: string, line: number, col: number): Hover | null {
  return guard(() => hoverAt(files, path, line, col), () => null);
}

export function definition(files: ServiceFiles, path: string, line: number, col: number): Location | null {
  return guard(() => definitionAt(files, path, line, col), () => null);
}

/** An editor asks on every keystroke: a bug must cost one answer, never the editor's worker. */
function guard<T>(work: () => T, fallback: (err: unknown) => T): T {
  try {
    return work();
  } catch (err) {
    return fallback(err);
  }
}
