// The parser's differential corpus: every bundled .rules file, the standard modules, every ```rules
// block of docs/language.md, and mutated variants of them (the generators of test/support/generators.ts, drawn
// with fixed seeds). `scripts/parser-golden.ts` records what the parser gives for each input in
// test/parser-golden/corpus.json.gz (the texts themselves, so later edits of the rules or the docs do not
// move it), and test/syntax/parser-golden.test.ts holds the parser to it: the AST with every span, and every
// diagnostic with its code, range, message and help.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import fc from "fast-check";
import { HEX_MODULE } from "../../src/syntax/std/hex.ts";
import { SQUARE_MODULE } from "../../src/syntax/std/square.ts";
import { parseFile } from "../../src/syntax/parse.ts";
import { editTokens, mutate, mutation, SAMPLE, tokenEdit } from "./generators.ts";

export interface Input {
  name: string;
  text: string;
}

/** The unmutated inputs, read from the repository as it is now. */
export function baseInputs(): Input[] {
  const inputs: Input[] = [];
  for (const rel of readdirSync("rules", { recursive: true, encoding: "utf8" }).sort()) {
    if (rel.endsWith(".rules")) inputs.push({ name: `rules/${rel.split("\\").join("/")}`, text: readFileSync(`rules/${rel}`, "utf8") });
  }
  inputs.push({ name: "std/hex", text: HEX_MODULE }, { name: "std/square", text: SQUARE_MODULE }, { name: "generators/SAMPLE", text: SAMPLE });
  const md = readFileSync("docs/language.md", "utf8");
  let n = 0;
  for (const m of md.matchAll(/```(rules(?:-error|-fail)?)\n([\s\S]*?)```/g)) inputs.push({ name: `docs/language.md#${++n}`, text: m[2]! });
  return inputs;
}

/** Mutated variants of `bases`: byte-level mutations of every input, token edits of the sample. */
export function mutatedInputs(bases: Input[]): Input[] {
  const out: Input[] = [];
  bases.forEach((base, i) => {
    const per = base.name === "generators/SAMPLE" || base.name.endsWith("missile.rules") ? 120 : 6;
    fc.sample(fc.array(mutation, { minLength: 1, maxLength: 4 }), { numRuns: per, seed: 1000 + i }).forEach((ms, k) => out.push({ name: `${base.name}~m${k}`, text: mutate(base.text, ms) }));
  });
  const sample = bases.find((b) => b.name === "generators/SAMPLE")!;
  fc.sample(tokenEdit, { numRuns: 120, seed: 14 }).forEach((edits, k) => out.push({ name: `generators/SAMPLE~t${k}`, text: editTokens(sample.text, edits) }));
  return out;
}

/** JSON with keys sorted, `undefined` left out: equal for results `toEqual` finds equal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  });
}

const sha = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 32);

/** What is recorded of one input: the diagnostics in full, the ASTs by hash (per declaration, to say which one moved). */
export interface Record_ {
  name: string;
  diagnostics: string;
  file?: string[];
  recovered?: string[];
  broken?: string;
  /** The same for a whole-file read (`whole: true`), when it differs from the default read. */
  whole?: Omit<Record_, "name" | "whole">;
}

function recordOf(result: ReturnType<typeof parseFile>): Omit<Record_, "name" | "whole"> {
  return {
    diagnostics: canonical(result.diagnostics),
    ...(result.file ? { file: result.file.decls.map((d) => sha(canonical(d))) } : {}),
    ...(result.recovered ? { recovered: result.recovered.decls.map((d) => sha(canonical(d))), broken: canonical(result.recovered.broken) } : {}),
  };
}

export function record(input: Input): Record_ {
  return recordParsed(input, parseFile("m.rules", input.text));
}

/** What is recorded of `input`, given its default read (`parseFile` with no options). */
export function recordParsed(input: Input, parsed: ReturnType<typeof parseFile>): Record_ {
  const main = recordOf(parsed);
  const whole = recordOf(parseFile("m.rules", input.text, { whole: true }));
  return { name: input.name, ...main, ...(canonical(whole) === canonical(main) ? {} : { whole }) };
}
