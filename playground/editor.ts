// Monaco glue, kept thin: the `rules` language (highlighting generated from the grammar), one model
// per workspace file, and providers that forward completion, hover and go-to-definition to the
// language worker. Markers come from the same checker as `rulesmith check`.
import { monaco } from "./monaco-features.ts";
import { monarchFromGrammar, type Completion, type Range, type ServiceDiagnostic } from "../src/api.ts";
import { inertMarkdown } from "./hover-markdown.ts";
import { registerFormatting } from "./formatting.ts";
import { NavigationHistory, registerNavigation, renameRejections } from "./navigation.ts";
import type { LanguageClient } from "./language-client.ts";
import { hasFile, type Workspace } from "./workspace.ts";
import { ScenarioSchemas } from "./scenario-schemas.ts";
import { isManifest, isScenario } from "./manifests.ts";

export const LANGUAGE_ID = "rules";

/** A source range as the trace and the runtime report it (1-based, end column exclusive). */
export interface SourceSpan {
  file: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
}

const COMPLETION_KINDS: Record<Completion["kind"], monaco.languages.CompletionItemKind> = {
  keyword: monaco.languages.CompletionItemKind.Keyword,
  enum: monaco.languages.CompletionItemKind.Enum,
  member: monaco.languages.CompletionItemKind.EnumMember,
  kind: monaco.languages.CompletionItemKind.Struct,
  field: monaco.languages.CompletionItemKind.Field,
  function: monaco.languages.CompletionItemKind.Function,
  value: monaco.languages.CompletionItemKind.Value,
  event: monaco.languages.CompletionItemKind.Event,
  status: monaco.languages.CompletionItemKind.Constant,
  table: monaco.languages.CompletionItemKind.Module,
  variable: monaco.languages.CompletionItemKind.Variable,
  state: monaco.languages.CompletionItemKind.Property,
  die: monaco.languages.CompletionItemKind.Unit,
  other: monaco.languages.CompletionItemKind.Text,
};

function registerLanguage(client: LanguageClient) {
  monaco.languages.register({ id: LANGUAGE_ID, extensions: [".rules"], aliases: ["Rules", "rules"] });
  monaco.languages.setMonarchTokensProvider(LANGUAGE_ID, monarchFromGrammar() as unknown as monaco.languages.IMonarchLanguage);
  monaco.languages.setLanguageConfiguration(LANGUAGE_ID, {
    comments: { lineComment: "//" },
    brackets: [
      ["{", "}"],
      ["[", "]"],
      ["(", ")"],
    ],
    autoClosingPairs: [
      { open: "{", close: "}" },
      { open: "[", close: "]" },
      { open: "(", close: ")" },
      { open: '"', close: '"', notIn: ["string", "comment"] },
    ],
  });
  monaco.languages.registerCompletionItemProvider(LANGUAGE_ID, {
    triggerCharacters: ["."],
    async provideCompletionItems(model, position) {
      const items = await client.completions(pathOf(model.uri), position.lineNumber, position.column);
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      return {
        suggestions: (items ?? []).map((c) => ({
          label: { label: c.label, description: c.kind },
          kind: COMPLETION_KINDS[c.kind] ?? monaco.languages.CompletionItemKind.Text,
          ...(c.detail ? { detail: c.detail } : {}),
          ...(c.documentation ? { documentation: inertMarkdown(c.documentation) } : {}),
          insertText: c.label,
          range,
        })),
      };
    },
  });
  monaco.languages.registerHoverProvider(LANGUAGE_ID, {
    async provideHover(model, position) {
      const h = await client.hover(pathOf(model.uri), position.lineNumber, position.column);
      return h ? { range: toMonacoRange(h.range), contents: [inertMarkdown(h.markdown)] } : null;
    },
  });
  monaco.languages.registerDefinitionProvider(LANGUAGE_ID, {
    async provideDefinition(model, position) {
      const loc = await client.definition(pathOf(model.uri), position.lineNumber, position.column);
      return loc ? { uri: uriOf(loc.path), range: toMonacoRange(loc.range) } : null;
    },
  });
  registerFormatting(LANGUAGE_ID, client, pathOf);
  registerNavigation(LANGUAGE_ID, client, pathOf, uriOf);
  monaco.editor.defineTheme("rulesmith", {
    base: "vs",
    inherit: true,
    rules: [
      { token: "keyword", foreground: "0000c0", fontStyle: "bold" },
      { token: "keyword.constant", foreground: "800080" },
      { token: "number.dice", foreground: "b05800", fontStyle: "bold" },
      { token: "comment.doc", foreground: "2e7d32", fontStyle: "italic" },
      { token: "invalid", foreground: "d00000" },
    ],
    // Line numbers dark enough to read against the white background (WCAG AA, as axe-core checks).
    colors: { "editorLineNumber.foreground": "#5f6670", "editorCodeLens.foreground": "#4d545c" },
  });
  monaco.editor.defineTheme("rulesmith-dark", {
    base: "vs-dark",
    inherit: true,
    rules: [
      { token: "keyword", foreground: "7aa2ff", fontStyle: "bold" },
      { token: "keyword.constant", foreground: "d79bff" },
      { token: "number.dice", foreground: "f0a35e", fontStyle: "bold" },
      { token: "comment.doc", foreground: "7fc98a", fontStyle: "italic" },
      // vs-dark's comments (608b4e) are 4.2:1 on its background; this is 6:1 (WCAG AA asks 4.5).
      { token: "comment", foreground: "7aa866" },
      { token: "invalid", foreground: "ff7b72" },
    ],
    colors: { "editorLineNumber.foreground": "#a4abb5", "editorCodeLens.foreground": "#b4bac3" },
  });
}

/** The editor's theme follows the system's light or dark setting, also when it changes. */
function systemTheme(): string {
  const dark = window.matchMedia?.("(prefers-color-scheme: dark)");
  dark?.addEventListener("change", () => monaco.editor.setTheme(dark.matches ? "rulesmith-dark" : "rulesmith"));
  return dark?.matches ? "rulesmith-dark" : "rulesmith";
}

export function uriOf(path: string): monaco.Uri {
  return monaco.Uri.from({ scheme: "file", path: `/${path}` });
}

export function pathOf(uri: monaco.Uri): string {
  return uri.path.replace(/^\//, "");
}

function toMonacoRange(r: Range): monaco.Range {
  // A zero-width range would draw no squiggle; give it one character.
  const endCol = r.endLine === r.line && r.endCol <= r.col ? r.col + 1 : r.endCol;
  return new monaco.Range(r.line, r.col, r.endLine, endCol);
}

function languageOf(path: string): string {
  return path.endsWith(".rules") ? LANGUAGE_ID : path.endsWith(".json") ? "json" : "plaintext";
}

export interface EditorEvents {
  /** The shown file changed. */
  opened(path: string): void;
  /**
   * Fresh diagnostics from checking a file: everything `rulesmith check PATH` reports, which includes
   * the files it imports. Those of the file itself are already painted as markers.
   */
  diagnostics(path: string, ds: ServiceDiagnostic[]): void;
  /** A rename (F2) was refused, with the language service's reason. */
  renameRejected?(reason: string): void;
}

export class RulesEditor {
  readonly editor: monaco.editor.IStandaloneCodeEditor;
  private readonly viewStates = new Map<string, monaco.editor.ICodeEditorViewState | null>();
  /** Each scenario file's JSON Schema, given to Monaco's JSON language (scenario-schemas.ts). */
  private readonly scenarioSchemas = new ScenarioSchemas();
  /** Set while the page itself replaces a model's text, so the change is not taken for typing. */
  private replacing = false;
  /** Where alt+left goes back to (navigation.ts). */
  private history: NavigationHistory | undefined;

  constructor(
    container: HTMLElement,
    private readonly workspace: Workspace,
    private readonly client: LanguageClient,
    private readonly events: EditorEvents,
  ) {
    registerLanguage(client);
    for (const path of workspace.paths()) this.createModel(path, workspace.files[path]!);
    this.editor = monaco.editor.create(container, {
      model: null,
      theme: systemTheme(),
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      scrollBeyondLastLine: false,
      // Only the language service suggests: words from the buffer would offer misspellings as names.
      wordBasedSuggestions: "off",
      fixedOverflowWidgets: true,
      // A dimmed number for the last empty line is too faint to read (axe-core: colour contrast).
      renderFinalNewline: "on",
    });
    monaco.editor.registerEditorOpener({
      openCodeEditor: (_source, resource, selection) => {
        const path = pathOf(resource);
        if (!hasFile(this.workspace.files, path)) return false;
        this.history?.leaving();
        this.open(path);
        if (selection && "startLineNumber" in selection) this.reveal(new monaco.Range(selection.startLineNumber, selection.startColumn, selection.endLineNumber, selection.endColumn));
        else if (selection) this.reveal(new monaco.Range(selection.lineNumber, selection.column, selection.lineNumber, selection.column));
        return true;
      },
    });
    this.open(workspace.active);
    // Alt+left after F12 (or a problem, a reference, a trace line) returns to where the cursor was.
    renameRejections.addEventListener("rejected", (e) => this.events.renameRejected?.((e as CustomEvent<string>).detail));
    this.history = new NavigationHistory(this.editor, pathOf, (path) => this.open(path));
  }

  private createModel(path: string, text: string): monaco.editor.ITextModel {
    const model = monaco.editor.createModel(text, languageOf(path), uriOf(path));
    model.onDidChangeContent(() => {
      const value = model.getValue();
      this.client.update(path, value);
      this.workspace.set(path, value);
      if (!this.replacing) this.check(path);
    });
    return model;
  }

  private model(path: string): monaco.editor.ITextModel | null {
    return monaco.editor.getModel(uriOf(path));
  }

  get activePath(): string {
    const m = this.editor.getModel();
    return m ? pathOf(m.uri) : this.workspace.active;
  }

  /** Checks a file with the language service after a pause and paints its markers. */
  check(path: string, delay?: number) {
    if (isScenario(path)) {
      this.client.scheduleScenario(
        path,
        (check) => {
          if (check.schema) this.scenarioSchemas.set(path, check.schema);
          this.paint(path, check.diagnostics);
        },
        delay,
      );
      return;
    }
    // A manifest's mistakes come from the language service, as the check of its package finds them.
    if (!path.endsWith(".rules") && !isManifest(path)) {
      this.events.diagnostics(path, []);
      return;
    }
    this.client.scheduleDiagnostics(
      path,
      (ds) => this.paint(path, ds),
      delay,
    );
  }

  /** Paints a check's diagnostics of `path` itself as markers and passes them all on. */
  private paint(path: string, ds: ServiceDiagnostic[]) {
        const model = this.model(path);
        if (!model) return;
        const mine = ds.filter((d) => d.path === path);
        monaco.editor.setModelMarkers(
          model,
          "rulesmith",
          mine.map((d) => ({
            severity: d.severity === "error" ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
            message: d.help ? `${d.message}\nhelp: ${d.help}` : d.message,
            code: d.code,
            source: "rulesmith",
            ...toMonacoRange(d.range),
            // The other places the diagnostic involves, shown under the message with a link to each.
            ...(d.related ? { relatedInformation: d.related.map((r) => ({ resource: uriOf(r.path), message: r.message, ...toMonacoRange(r.range) })) } : {}),
          })),
        );
        this.events.diagnostics(path, ds);
  }

  open(path: string) {
    const model = this.model(path);
    if (!model) return;
    const current = this.editor.getModel();
    if (current === model) return;
    if (current) this.viewStates.set(pathOf(current.uri), this.editor.saveViewState());
    this.editor.setModel(model);
    const state = this.viewStates.get(path);
    if (state) this.editor.restoreViewState(state);
    this.workspace.active = path;
    this.events.opened(path);
    this.check(path, 0);
  }

  private reveal(range: monaco.Range) {
    this.editor.setSelection(range);
    this.editor.revealRangeInCenterIfOutsideViewport(range, monaco.editor.ScrollType.Smooth);
    this.editor.focus();
  }

  /** Opens a span's file and selects the span: how trace lines and problems point at the rules. */
  select(span: SourceSpan) {
    if (!hasFile(this.workspace.files, span.file)) return false;
    this.open(span.file);
    this.reveal(toMonacoRange({ line: span.line, col: span.col, endLine: span.endLine, endCol: span.endCol }));
    return true;
  }

  addFile(path: string, text: string) {
    const existing = this.model(path);
    if (existing) this.setText(path, text);
    else {
      this.workspace.set(path, text);
      this.client.update(path, text);
      this.createModel(path, text);
    }
  }

  /** Replaces a file's text (revert, upload) as one undoable edit. */
  setText(path: string, text: string) {
    const model = this.model(path);
    if (!model) return;
    this.replacing = true;
    try {
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
    } finally {
      this.replacing = false;
    }
    this.check(this.activePath, 0);
  }

  removeFile(path: string) {
    const model = this.model(path);
    this.workspace.remove(path);
    this.client.remove(path);
    if (model) {
      if (this.editor.getModel() === model) this.open(this.workspace.active);
      model.dispose();
    }
    this.check(this.activePath, 0);
  }

  text(path: string): string | undefined {
    return this.model(path)?.getValue();
  }

  markers(path: string): monaco.editor.IMarker[] {
    return monaco.editor.getModelMarkers({ resource: uriOf(path) });
  }
}
