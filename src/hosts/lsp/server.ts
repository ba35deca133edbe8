// `rulesmith lsp`: the Language Server Protocol over stdio, with the maintained vscode-languageserver
// library doing the protocol. Every answer comes from the editor-agnostic language service
// (src/tools/service/), so an editor shows what `rulesmith check` prints and `rulesmith fmt` writes.
import {
  createConnection,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  MarkupKind,
  ResponseError,
  SemanticTokensBuilder,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type InitializeParams,
  type InitializeResult,
  type Position,
} from "vscode-languageserver/node";
import { fileURLToPath } from "node:url";
import { TextDocument } from "vscode-languageserver-textdocument";
import { withoutImages } from "../../api.ts";
import { completionKind, SEMANTIC_MODIFIERS, SEMANTIC_TYPES, toLspDiagnostic, toLspRange, toLspSymbol } from "./convert.ts";
import { Workspace } from "./workspace.ts";
import { bounded, tooLarge } from "./budget.ts";
import { IndexWarmer } from "./index-warmer.ts";

export interface ServerOptions {
  /** The folder files are read below; otherwise the editor's workspace folder, otherwise the working directory. */
  root?: string;
}

/** Starts a server on the given streams; it runs until the client says exit. */
export function startServer(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, options: ServerOptions = {}): Connection {
  const connection = createConnection(new StreamMessageReader(input), new StreamMessageWriter(output));
  const documents = new TextDocuments(TextDocument);
  let workspace = new Workspace(options.root ?? process.cwd());
  let watchedByClient = false;

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    const root = options.root ?? (folder?.startsWith("file:") ? fileURLToPath(folder) : undefined);
    if (root !== undefined) workspace = new Workspace(root);
    workspace.loadAll();
    watchedByClient = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: ["."] },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: true,
        documentSymbolProvider: true,
        documentFormattingProvider: true,
        semanticTokensProvider: { legend: { tokenTypes: [...SEMANTIC_TYPES], tokenModifiers: [...SEMANTIC_MODIFIERS] }, full: true },
      },
      serverInfo: { name: "rulesmith" },
    };
  });

  connection.onInitialized(() => {
    if (watchedByClient) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: "**/*.rules" }, { globPattern: "**/{system,mod}.json" }] });
    else
      workspace.watchDisk(() => {
        checks.schedule();
        warmer.poke();
      });
    warmer.poke();
  });

  const checks = new Checks(connection, () => workspace);
  // References and rename read an index of every file's names; it is made while the editor is idle.
  const warmer = new IndexWarmer(() => workspace);

  documents.onDidOpen((e) => {
    if (workspace.pathOf(e.document.uri) === undefined) outsideRoot(e.document.uri);
    withPath(e.document.uri, (path) => workspace.setOpen(path, e.document.getText(), e.document.version));
  });
  documents.onDidChangeContent((e) => withPath(e.document.uri, (path) => workspace.setOpen(path, e.document.getText(), e.document.version)));
  documents.onDidClose((e) => {
    if (workspace.pathOf(e.document.uri) === undefined) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    withPath(e.document.uri, (path) => workspace.close(path));
  });
  /** A file opened from outside the root is not read, as the command line would not read it: said on the file, not left silent. */
  function outsideRoot(uri: string) {
    const message = `this file is outside the folder the language server reads (\`${workspace.root}\`), so it is not checked`;
    const help = "open the folder that holds it as the editor's workspace, or start the server with `rulesmith lsp --root DIR`";
    void connection.sendDiagnostics({ uri, diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: 2, code: "E0004", source: "rulesmith", message: `${message}\nhelp: ${help}` }] });
  }
  connection.onDidChangeWatchedFiles((e) => {
    for (const change of e.changes) {
      const path = workspace.pathOf(change.uri);
      if (path !== undefined) workspace.changedOnDisk(path);
    }
    checks.schedule();
    warmer.poke();
  });
  function withPath(uri: string, then: (path: string) => void) {
    const path = workspace.pathOf(uri);
    if (path === undefined) return; // outside the root: not read, as the command line would not
    then(path);
    checks.schedule();
    warmer.poke();
  }

  /** The service's 1-based line and column of an LSP position. */
  const at = (p: Position) => [p.line + 1, p.character + 1] as const;
  const pathOr = <T>(uri: string, fallback: T, answer: (path: string) => T): T => {
    const path = workspace.pathOf(uri);
    return path === undefined || workspace.tooLarge.has(path) ? fallback : answer(path);
  };

  connection.onCompletion((p) =>
    pathOr(p.textDocument.uri, [], (path) =>
      workspace.documents.completions(path, ...at(p.position)).map((c) => ({
        label: c.label,
        kind: completionKind(c.kind),
        ...(c.detail ? { detail: c.detail } : {}),
        ...(c.documentation ? { documentation: { kind: MarkupKind.Markdown, value: withoutImages(c.documentation) } } : {}),
      })),
    ),
  );
  connection.onHover((p) =>
    pathOr(p.textDocument.uri, null, (path) => {
      const h = workspace.documents.hover(path, ...at(p.position));
      // Doc comments come from whoever wrote the rules: an image in one would be fetched by the editor.
      return h && { contents: { kind: MarkupKind.Markdown, value: withoutImages(h.markdown) }, range: toLspRange(h.range) };
    }),
  );
  connection.onDefinition((p) =>
    pathOr(p.textDocument.uri, null, (path) => {
      const loc = workspace.documents.definition(path, ...at(p.position));
      return loc && { uri: workspace.uriOf(loc.path), range: toLspRange(loc.range) };
    }),
  );
  connection.onReferences((p) =>
    pathOr(p.textDocument.uri, [], (path) =>
      workspace.documents.references(path, ...at(p.position), p.context.includeDeclaration).map((l) => ({ uri: workspace.uriOf(l.path), range: toLspRange(l.range) })),
    ),
  );
  connection.onRenameRequest((p) =>
    pathOr(p.textDocument.uri, null, (path) => {
      // The params come from the client unchecked: without a text, every edit would carry none.
      if (typeof p.newName !== "string") throw new ResponseError(ErrorCodes.InvalidParams, "rename needs a newName: the text to rename to");
      workspace.loadScenarios();
      const r = workspace.documents.rename(path, ...at(p.position), p.newName);
      if ("error" in r) throw new ResponseError(ErrorCodes.InvalidRequest, r.error);
      const changes: Record<string, { range: ReturnType<typeof toLspRange>; newText: string }[]> = {};
      for (const l of r.edits) (changes[workspace.uriOf(l.path)] ??= []).push({ range: toLspRange(l.range), newText: r.newName });
      return { changes };
    }),
  );
  connection.onDocumentSymbol((p) => pathOr(p.textDocument.uri, [], (path) => workspace.documents.documentSymbols(path).map(toLspSymbol)));
  connection.onDocumentFormatting((p) => pathOr(p.textDocument.uri, [], (path) => workspace.documents.formatting(path).map((e) => ({ range: toLspRange(e.range), newText: e.text }))));
  connection.languages.semanticTokens.on((p) =>
    pathOr(p.textDocument.uri, { data: [] }, (path) => {
      const builder = new SemanticTokensBuilder();
      for (const n of workspace.documents.semanticNames(path)) {
        const modifiers = (n.declaration ? 1 : 0) | (n.builtin ? 2 : 0);
        builder.push(n.range.line - 1, n.range.col - 1, n.range.endCol - n.range.col, SEMANTIC_TYPES.indexOf(n.meaning), modifiers);
      }
      return builder.build();
    }),
  );
  connection.onShutdown(() => {
    warmer.dispose();
    workspace.dispose();
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}

/**
 * Checks the open files once the messages already queued are handled, so a burst of edits costs one
 * check, and publishes each file's diagnostics where they belong (an imported file's mistakes on it).
 */
class Checks {
  private pending = false;
  private published = new Set<string>();

  constructor(
    private readonly connection: Connection,
    private readonly workspace: () => Workspace,
  ) {}

  schedule() {
    if (this.pending) return;
    this.pending = true;
    setImmediate(() => {
      this.pending = false;
      this.run();
    });
  }

  private run() {
    const ws = this.workspace();
    const byPath = new Map<string, Map<string, LspDiagnostic>>();
    for (const path of ws.openPaths()) {
      const length = ws.tooLarge.get(path);
      if (length !== undefined) {
        byPath.set(path, new Map([["", tooLarge(length)]]));
        continue;
      }
      if (!byPath.has(path)) byPath.set(path, new Map());
      for (const d of ws.documents.diagnostics(path)) {
        const own = byPath.get(d.path) ?? new Map<string, LspDiagnostic>();
        byPath.set(d.path, own);
        const lsp = toLspDiagnostic(d, (p) => ws.uriOf(p));
        own.set(JSON.stringify([lsp.code, lsp.range, lsp.message]), lsp);
      }
    }
    for (const gone of this.published) if (!byPath.has(gone)) void this.connection.sendDiagnostics({ uri: ws.uriOf(gone), diagnostics: [] });
    for (const [path, ds] of byPath) void this.connection.sendDiagnostics({ uri: ws.uriOf(path), diagnostics: bounded([...ds.values()]) });
    this.published = new Set(byPath.keys());
  }
}
