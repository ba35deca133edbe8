// The language server the extension carries: `rulesmith lsp` itself (src/hosts/cli/lsp.ts), bundled by
// esbuild into out/server.js with everything it imports, so the extension works with no rulesmith
// installed. VS Code's client starts it with its own Node and talks to it over stdio.
import { processIo } from "../../../src/hosts/cli/io.ts";
import { lspCommand } from "../../../src/hosts/cli/lsp.ts";

void Promise.resolve(lspCommand(process.argv.slice(2).filter((a) => a === "--stdio" || a === "--root" || !a.startsWith("--")), processIo())).then((code) => process.exit(code));
