// The canonical layout of a rules file, computed from its tokens alone:
// - line breaks stay where the author put them (a rule's shape is the author's), but blank lines
//   collapse to at most one, and there are none at the start or end of the file;
// - every line is indented by two spaces per open bracket level (a bracket opened on a line indents
//   the lines after it by one level, however many brackets that line opens), and a line continuing an
//   expression (after a trailing operator, or starting with one) by one level more;
// - between two tokens on a line there is exactly one space or none, decided by the pair;
// - comments end without trailing whitespace, and the file ends with one line break.
// Whitespace means nothing to the parser, so only the layout changes, never what the file says.
import { lexer } from "../../../grammar/tokens.ts";
import type { LayoutToken } from "./stream.ts";

const INDENT = "  ";
const OPENERS: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
const CLOSERS = new Set(Object.values(OPENERS));

/** Binary operators and joining words: a line ending in one, or starting with one, continues the line before. */
const CONTINUING = new Set(["+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "=", "+=", "-=", "->", "=>", "..", "and", "or", "then", "else", "where", "in", "."]);
/** Of those, the ones a line may not start a new statement with, so a line starting with one continues. */
const STARTS_CONTINUATION = new Set(["+", "*", "/", "%", "==", "!=", "<=", ">=", "=>", "..", "and", "or", "then", "where", "."]);

/** The types that take an element type in angle brackets (`list<Unit>`, `tally<Icon>`, `die<Icon>`). */
const GENERIC = new Set(["list", "tally", "die"]);
/** What a type follows: a field's or parameter's `:`, a result's `->`. */
const TYPE_BEFORE = new Set([":", "->"]);

interface OpenBracket {
  image: string;
  /** The indent level of the line the bracket was opened on. */
  lineLevel: number;
  /** The `<` of a type (`list<Unit>`): a type's brackets, laid out tight. */
  typeAngle?: boolean;
}

function isWord(t: LayoutToken): boolean {
  return t.kind === "code" && /^[A-Za-z_0-9"]/.test(t.image);
}
function isName(t: LayoutToken): boolean {
  return t.kind === "code" && /^[A-Za-z_]/.test(t.image);
}
function isKeyword(t: LayoutToken): boolean {
  return t.type?.CATEGORIES?.some((c) => c.name === "Keyword") ?? false;
}
function isSoftKeyword(t: LayoutToken): boolean {
  return isKeyword(t) && (t.type?.CATEGORIES?.some((c) => c.name === "Name") ?? false);
}
/**
 * A `-` after an operator, an opening bracket, a separator or a keyword negates what follows. After a
 * soft keyword, which may also be a name (`to - from`, two parameters, against `add -1 to xs`), it keeps
 * what was written: a `-` tight to what follows and apart from the word before negates.
 */
function isUnaryMinus(prev: LayoutToken | undefined, t: LayoutToken, next: LayoutToken | undefined): boolean {
  if (t.image !== "-") return false;
  if (!prev || prev.kind !== "code") return true;
  if (prev.image === ")" || prev.image === "]" || prev.image === "}") return false;
  if (isSoftKeyword(prev)) return prev.end !== t.start && next?.start === t.end;
  if (isKeyword(prev)) return !(prev.image === "true" || prev.image === "false" || prev.image === "none");
  return !isWord(prev);
}

/** Whether two tokens printed side by side lex back as the same two tokens (`-` `>` would read as `->`). */
const glueCache = new Map<string, boolean>();
function glues(a: string, b: string): boolean {
  const key = `${a}\u0000${b}`;
  let ok = glueCache.get(key);
  if (ok === undefined) {
    const lexed = lexer.tokenize(a + b);
    const images = [...lexed.tokens, ...(lexed.groups["docs"] ?? [])].map((t) => t.image);
    ok = lexed.errors.length === 0 && images.length === 2 && images[0] === a && images[1] === b;
    if (glueCache.size < 10_000) glueCache.set(key, ok);
  }
  return ok;
}

class Layout {
  private readonly out: string[] = [];
  private readonly stack: OpenBracket[] = [];
  private lineLevel = 0;
  private prev: LayoutToken | undefined;
  /** The token before `prev`: `force dice [1, 2]` is a list after a name, not an index. */
  private beforePrev: LayoutToken | undefined;
  /** The last code token before the current line, to tell a continued line. */
  private lastCode: LayoutToken | undefined;
  private lastCodeOnLine: LayoutToken | undefined;
  private unaryPending = false;
  /** The `<` and `>` of types: brackets, not comparisons, so a line ending in one is not continued. */
  private readonly typeAngles = new Set<LayoutToken>();

  constructor(private readonly tokens: LayoutToken[]) {}

  run(): string {
    this.tokens.forEach((t, i) => this.place(t, this.tokens[i + 1]));
    return this.out.join("") + "\n";
  }

  private place(t: LayoutToken, next: LayoutToken | undefined) {
    const startsLine = this.prev === undefined || t.breaksBefore > 0;
    if (startsLine) this.newLine(t);
    else if (this.spaceBefore(this.prev!, t, next)) this.out.push(" ");
    this.out.push(t.kind === "code" ? t.image : t.image.trimEnd());
    this.track(t, next);
    this.prev = t;
  }

  private newLine(t: LayoutToken) {
    if (this.prev !== undefined) this.out.push(t.breaksBefore > 1 ? "\n\n" : "\n");
    if (this.lastCodeOnLine) this.lastCode = this.lastCodeOnLine;
    this.lastCodeOnLine = undefined;
    const top = this.stack.at(-1);
    let level: number;
    if (t.kind === "code" && CLOSERS.has(t.image) && top && OPENERS[top.image] === t.image) level = top.lineLevel;
    else level = (top ? top.lineLevel + 1 : 0) + (this.continues(t) ? 1 : 0);
    this.lineLevel = level;
    this.out.push(INDENT.repeat(level));
  }

  /** Whether the line `t` starts continues an expression from the line before. */
  private continues(t: LayoutToken): boolean {
    const before = this.lastCode;
    if (!before) return false;
    if (OPENERS[before.image] !== undefined || before.image === ",") return false;
    if (CONTINUING.has(before.image) && !this.typeAngles.has(before)) return true;
    // A comment between a line ending in an operator and the line that goes on: indented as that line.
    if (t.kind !== "code") return false;
    if (STARTS_CONTINUATION.has(t.image)) return true;
    // `then a` / `else b` on lines of their own continue an expression; `}` then `else {` does not.
    return t.image === "else" && !CLOSERS.has(before.image);
  }

  private track(t: LayoutToken, next: LayoutToken | undefined) {
    if (t.kind !== "code") return;
    this.lastCodeOnLine = t;
    if (OPENERS[t.image] !== undefined) this.stack.push({ image: t.image, lineLevel: this.lineLevel });
    else if (CLOSERS.has(t.image)) {
      // A type's `<` left open (a file that does not parse) ends with the bracket around it.
      while (this.stack.at(-1)?.typeAngle) this.stack.pop();
      if (this.stack.at(-1) && OPENERS[this.stack.at(-1)!.image] === t.image) this.stack.pop();
    } else if (t.image === "<" && this.opensType(this.prev, this.beforePrev)) {
      this.stack.push({ image: "<", lineLevel: this.lineLevel, typeAngle: true });
      this.typeAngles.add(t);
    } else if (t.image === ">" && this.stack.at(-1)?.typeAngle) {
      this.stack.pop();
      this.typeAngles.add(t);
    }
    this.beforePrev = this.prev;
    this.unaryPending = isUnaryMinus(this.prev, t, next);
  }

  /**
   * Whether a `<` after `name` (which follows `before`) opens a type's brackets rather than comparing:
   * by where it stands (a generic type's name after `:`, `->` or another type's `<`), never by how it
   * was spaced, so `x<3 or x > 4` is two comparisons and `list < int >` a type.
   */
  private opensType(name: LayoutToken | undefined, before: LayoutToken | undefined): boolean {
    if (!name || !before || name.kind !== "code" || !GENERIC.has(name.image)) return false;
    return TYPE_BEFORE.has(before.image) || this.typeAngles.has(before);
  }

  /** One space or none between two tokens on the same line. */
  private spaceBefore(a: LayoutToken, b: LayoutToken, next: LayoutToken | undefined): boolean {
    if (b.kind !== "code" || a.kind !== "code") return true;
    const want = this.wantsSpace(a, b, next);
    return want || !glues(a.image, b.image);
  }

  private wantsSpace(a: LayoutToken, b: LayoutToken, next: LayoutToken | undefined): boolean {
    const x = a.image;
    const y = b.image;
    if (x === "{" && y === "}") return false;
    if (x === "{" || y === "{" || y === "}") return true;
    if (x === "(" || x === "[" || y === ")" || y === "]") return false;
    // A `:` between brackets names a field or an argument (`hp: int`); outside them it is a
    // modifier's `when ... : add 1`, spaced like the operator it is.
    if (y === ":") return this.stack.length === 0;
    // `2..5` is tight; an open range pattern is spaced from the row around it: `_, ..2 => 1`, `12.. => 3`.
    if (y === "..") return x === ",";
    if (x === "..") return y === "=>";
    if (y === "," || y === ";" || y === "?") return false;
    if (x === "." || y === ".") return false;
    if (this.unaryPending) return false;
    const angle = this.stack.at(-1)?.typeAngle === true;
    if (y === "<" && this.opensType(a, this.beforePrev)) return false;
    if (x === "<" && angle) return false;
    if (y === ">" && angle) return false;
    if (y === "(" || y === "[") {
      // A call or an index: tight after a name or a closing bracket. A keyword before `(` keeps what
      // was written: `roll(2, 6)` calls, `if (a or b)` groups.
      if (isKeyword(a)) return a.end !== b.start;
      if (y === "[" && this.beforePrev?.image === "force") return true;
      return !(isName(a) || x === ")" || x === "]" || x === ">" || x === "?");
    }
    return true;
  }
}

/** The text of `tokens` in the canonical layout. */
export function layout(tokens: LayoutToken[]): string {
  if (tokens.length === 0) return "";
  return new Layout(tokens).run();
}
