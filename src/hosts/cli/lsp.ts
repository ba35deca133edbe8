// `rulesmith lsp`: the language server over stdio (src/hosts/lsp/).
import { parseArgs } from "node:util";
import { startServer } from "../lsp/server.ts";
import { say, type CliIo } from "./io.ts";

export const LSP_HELP = `rulesmith lsp [--root DIR]

Runs the rules language server: the Language Server Protocol over stdin and stdout, for editors
(the VS Code extension in editors/vscode starts it). It answers with what \`rulesmith check\` reports
(diagnostics with their code, range, message and help), completion, hover, go to definition, find
references, rename, the outline (document symbols), formatting (\`rulesmith fmt\`'s layout) and
semantic highlighting. It reads every .rules file below the workspace folder the editor opens, takes
the editor's unsaved text for open files, and follows changes on disk.
  --root DIR    read only below DIR (default: the editor's workspace folder, or the working
                directory). Only regular .rules files of at most 8 MB are read.
  --stdio       accepted for editors that pass it; stdio is the only transport`;

export function lspCommand(args: string[], io: CliIo): Promise<number> | number {
  if (args.includes("--help") || args.includes("-h")) {
    say(io, LSP_HELP);
    return 0;
  }
  const { values } = parseArgs({ args, options: { root: { type: "string" }, stdio: { type: "boolean" } } });
  // The protocol runs over the process's own stdin and stdout, whatever `io` says: an editor starts a process.
  const connection = startServer(process.stdin, process.stdout, values.root !== undefined ? { root: values.root } : {});
  // Anything printed would corrupt the protocol on stdout; the library's console goes to the client.
  console.log = (...xs: unknown[]) => connection.console.log(xs.map(String).join(" "));
  return new Promise((resolve) => connection.onExit(() => resolve(0)));
}
