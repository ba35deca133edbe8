// What `npm run bench` and `npm run bench:parse` both mean by "parse against JSON.parse": the same
// parse call (`parseFile`, the one shared parser instance: lexing, parsing and building the AST) and
// the same kind of JSON text, so their figures agree. Both benches run bundled by esbuild, as shipped.
//
// The JSON side is a game state of the project (the Warlords scenario's `state`) repeated to the size
// wanted: short keys, small numbers, repeated strings. V8 parses it about a third faster per byte than
// records of unique generated strings (what bench:parse used before), so it is the stricter of the
// two for the parser.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseFile } from "../src/syntax/parse.ts";

/** A JSON text of about `bytes` bytes (never less than one state): the scenario's state, repeated in an array. */
export function sameSizeJson(root: string, bytes: number): string {
  const scenario = JSON.parse(readFileSync(join(root, "rules/warlords3/scenarios/battle.json"), "utf8")) as { state: unknown };
  const one = JSON.stringify(scenario.state);
  const copies = Math.max(1, Math.round(bytes / (one.length + 1)));
  return `[${Array.from({ length: copies }, () => one).join(",")}]`;
}

/** Parses each file as the CLI and the editor do: one `parseFile` per file, no cache. */
export function parseEach(files: Record<string, string>): void {
  for (const path in files) parseFile(path, files[path]!);
}
