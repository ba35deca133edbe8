// The Monaco core plus only the features the playground uses; the rest of monaco-editor (other
// languages, diff editor, colour picker, ...) stays out of the bundle.
import * as monaco from "monaco-editor/editor";
import "monaco-editor/features/codicon/register"; // icons in the suggest list and hovers
import "monaco-editor/features/hover/register"; // declaration hovers and marker messages
import "monaco-editor/features/suggest/register";
import "monaco-editor/editor/contrib/suggest/browser/suggestController"; // the completion list itself
import "monaco-editor/features/gotoSymbol/register"; // ctrl+click to a definition
import "monaco-editor/editor/contrib/gotoSymbol/browser/goToCommands"; // F12 and the menu's Go to Definition
import "monaco-editor/features/gotoError/register"; // F8 through the problems
import "monaco-editor/features/referenceSearch/register"; // shift+F12: the references peek
import "monaco-editor/editor/common/services/treeViewsDndService"; // services the peek's tree and its embedded editor need,
import "monaco-editor/editor/contrib/codelens/browser/codeLensCache"; // which the feature does not register
import "monaco-editor/features/rename/register"; // F2
import "monaco-editor/features/documentSymbols/register"; // the outline model behind ctrl+shift+O
import "monaco-editor/features/quickCommand/register"; // F1: the command palette
import "monaco-editor/features/quickOutline/register"; // ctrl+shift+O: go to a declaration of the file
import "monaco-editor/features/gotoLine/register"; // ctrl+G
import "monaco-editor/features/find/register";
import "monaco-editor/features/bracketMatching/register";
import "monaco-editor/features/comment/register"; // ctrl+/ toggles `//`
import "monaco-editor/features/folding/register";
import "monaco-editor/features/clipboard/register";
import "monaco-editor/features/contextmenu/register";
import "monaco-editor/features/linesOperations/register";
import "monaco-editor/features/wordOperations/register";
import "monaco-editor/features/multicursor/register";
import "monaco-editor/features/format/register"; // "Format document" (shift+alt+F), answered by rulesmith's formatter
import "monaco-editor/features/toggleTabFocusMode/register"; // ctrl+m: Tab moves the focus out of the editor
import { jsonDefaults } from "monaco-editor/languages/features/json/register"; // scenario files: JSON with their schema
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import JsonWorker from "monaco-editor/languages/features/json/json.worker?worker";

// Monaco's own worker computes model diffs and word ranges; the rules checker runs in the language
// worker; JSON's worker completes and describes scenario files from the schema the rules give them.
self.MonacoEnvironment = { getWorker: (_id: string, label: string) => (label === "json" ? new JsonWorker() : new EditorWorker()) };

export { monaco, jsonDefaults };
