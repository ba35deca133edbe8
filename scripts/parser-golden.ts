// Records the parser's answers on its differential corpus (test/support/parser-corpus.ts) in
// test/parser-golden/corpus.json.gz: the input texts and, for each, the diagnostics and the AST hashes.
// Run it only when the parser's output is meant to change (a new construct, a new message), and say so
// in the commit: test/syntax/parser-golden.test.ts holds every later parser to this file.
//
//   npx tsx scripts/parser-golden.ts
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { baseInputs, mutatedInputs, record } from "../test/support/parser-corpus.ts";

const bases = baseInputs();
const inputs = [...bases, ...mutatedInputs(bases)];
const records = inputs.map(record);
const json = JSON.stringify({ bases, mutated: inputs.length - bases.length, records });
writeFileSync("test/parser-golden/corpus.json.gz", gzipSync(json, { level: 9 }));
console.log(`${inputs.length} inputs, ${records.filter((r) => r.diagnostics !== "[]").length} with diagnostics; ${json.length} bytes before gzip`);
