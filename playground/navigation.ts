// Editor basics answered by the language service (src/tools/service): find references (shift+F12), rename
// across files (F2), the outline (ctrl+shift+O and the F1 palette's "Go to Symbol"); and "Go Back"
// (alt+left, ctrl+- on a Mac) to where the cursor was before F12, a problem or a trace line moved it.
import { monaco } from "./monaco-features.ts";
import type { LanguageClient } from "./language-client.ts";
import type { DocumentSymbol, Range, SymbolKind } from "../src/api.ts";

const range = (r: Range) => new monaco.Range(r.line, r.col, r.endLine, r.endCol);

const K = monaco.languages.SymbolKind;
const SYMBOL_KINDS: Record<SymbolKind, monaco.languages.SymbolKind> = {
  enum: K.Enum,
  member: K.EnumMember,
  kind: K.Class,
  record: K.Struct,
  field: K.Field,
  state: K.Variable,
  status: K.Property,
  event: K.Event,
  handler: K.Method,
  function: K.Function,
  value: K.Function,
  modifier: K.Operator,
  table: K.Object,
  die: K.Constant,
  example: K.Module,
  import: K.Package,
  stages: K.Array,
  parameter: K.TypeParameter,
};

function toMonacoSymbol(s: DocumentSymbol): monaco.languages.DocumentSymbol {
  return { name: s.name, detail: s.detail ?? "", kind: SYMBOL_KINDS[s.kind], tags: [], range: range(s.range), selectionRange: range(s.selectionRange), children: s.children.map(toMonacoSymbol) };
}

/** Why a rename was refused (a reserved word, not a name): Monaco only logs it, so the page shows it. */
export const renameRejections = new EventTarget();

export function registerNavigation(languageId: string, client: LanguageClient, pathOf: (uri: monaco.Uri) => string, uriOf: (path: string) => monaco.Uri) {
  monaco.languages.registerReferenceProvider(languageId, {
    async provideReferences(model, position, context) {
      const locs = await client.references(pathOf(model.uri), position.lineNumber, position.column, context.includeDeclaration);
      return (locs ?? []).map((l) => ({ uri: uriOf(l.path), range: range(l.range) }));
    },
  });
  monaco.languages.registerRenameProvider(languageId, {
    async provideRenameEdits(model, position, newName) {
      const r = await client.rename(pathOf(model.uri), position.lineNumber, position.column, newName);
      if (!r) return { edits: [], rejectReason: "the language service did not answer" };
      if ("error" in r) {
        renameRejections.dispatchEvent(new CustomEvent("rejected", { detail: r.error }));
        return { edits: [], rejectReason: r.error };
      }
      return { edits: r.edits.map((l) => ({ resource: uriOf(l.path), versionId: undefined, textEdit: { range: range(l.range), text: r.newName } })) };
    },
  });
  monaco.languages.registerDocumentSymbolProvider(languageId, {
    displayName: "rulesmith declarations",
    async provideDocumentSymbols(model) {
      return ((await client.documentSymbols(pathOf(model.uri))) ?? []).map(toMonacoSymbol);
    },
  });
}

interface Place {
  path: string;
  position: monaco.Position;
}

/**
 * Where the cursor was before each jump: a selection the page or Monaco set (source "api", reason
 * explicit: F12, a reference, a problem, a trace line), as opposed to typing, clicking or arrow keys.
 * A jump to another file is told by the page (`leaving`), before the editor switches files.
 */
export class NavigationHistory {
  private readonly back: Place[] = [];
  /** The cursor's last position in each file. */
  private readonly positions = new Map<string, monaco.Position>();
  /** Set by `leaving`: the jump about to land in the other file is already remembered. */
  private landing = false;
  private returning = false;

  constructor(
    private readonly editor: monaco.editor.IStandaloneCodeEditor,
    private readonly pathOf: (uri: monaco.Uri) => string,
    private readonly open: (path: string) => void,
  ) {
    editor.onDidChangeCursorPosition((e) => {
      const model = editor.getModel();
      if (!model) return;
      const path = this.pathOf(model.uri);
      const previous = this.positions.get(path);
      this.positions.set(path, e.position);
      if (this.returning || e.source !== "api" || e.reason !== monaco.editor.CursorChangeReason.Explicit) return;
      if (this.landing) this.landing = false;
      else if (previous && previous.lineNumber !== e.position.lineNumber) this.push({ path, position: previous });
    });
    editor.addAction({
      id: "rulesmith.goBack",
      label: "Go Back",
      keybindings: [monaco.KeyMod.Alt | monaco.KeyCode.LeftArrow, monaco.KeyMod.WinCtrl | monaco.KeyCode.Minus],
      run: () => this.goBack(),
    });
  }

  /** Called by the page before it opens another file for a jump (F12 or a reference to another file). */
  leaving() {
    const model = this.editor.getModel();
    const position = this.editor.getPosition();
    if (!model || !position || this.returning) return;
    this.push({ path: this.pathOf(model.uri), position });
    this.landing = true;
  }

  private push(place: Place) {
    this.back.push(place);
    if (this.back.length > 50) this.back.shift();
  }

  goBack() {
    const to = this.back.pop();
    if (!to) return;
    this.returning = true;
    try {
      this.open(to.path);
      this.editor.setPosition(to.position);
      this.editor.revealPositionInCenterIfOutsideViewport(to.position);
      this.editor.focus();
    } finally {
      this.returning = false;
    }
  }
}
