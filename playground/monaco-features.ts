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
import EditorWorker from "monaco-editor/editor/editor.worker?worker";

// Monaco's own worker computes model diffs and word ranges; the rules checker runs in the language worker.
self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

export { monaco };
