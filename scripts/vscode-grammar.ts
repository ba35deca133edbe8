// Writes the VS Code extension's TextMate grammar, generated from grammar/tokens.ts.
import { mkdirSync, writeFileSync } from "node:fs";
import { textmateFromGrammar } from "../editors/vscode/textmate.mts";

const out = new URL("../editors/vscode/syntaxes/rules.tmLanguage.json", import.meta.url);
mkdirSync(new URL(".", out), { recursive: true });
writeFileSync(out, JSON.stringify(textmateFromGrammar(), null, 2) + "\n");
console.log(`wrote ${out.pathname}`);
