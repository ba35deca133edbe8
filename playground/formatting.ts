// "Format document" in the playground: Monaco asks, the language worker answers with the edits of
// `rulesmith fmt` (src/tools/service/formatting.ts), so the browser and the command line lay files out alike.
import { monaco } from "./monaco-features.ts";
import type { LanguageClient } from "./language-client.ts";

export function registerFormatting(languageId: string, client: LanguageClient, pathOf: (uri: monaco.Uri) => string) {
  monaco.languages.registerDocumentFormattingEditProvider(languageId, {
    displayName: "rulesmith fmt",
    async provideDocumentFormattingEdits(model) {
      const edits = await client.formatting(pathOf(model.uri));
      return (edits ?? []).map((e) => ({ range: new monaco.Range(e.range.line, e.range.col, e.range.endLine, e.range.endCol), text: e.text }));
    },
  });
}
