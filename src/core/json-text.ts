// JSON read with positions: a scenario's mistakes are reported at the exact key or value in its text,
// as rule mistakes are. The value is what `JSON.parse` gives; `at` maps a JSON pointer (`/state/a/hp`)
// to where that value, and the key that names it, stand in the text.

export interface JsonPlace {
  /** Offsets of the value: `start` inclusive, `end` exclusive. */
  start: number;
  end: number;
  /** Offsets of the key naming it, with its quotes, for a member of an object. */
  key?: { start: number; end: number };
}

export type JsonText = { value: unknown; at: Map<string, JsonPlace> } | { error: { message: string; start: number; end: number } };

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
  }
}

/**
 * How deeply a scenario may nest arrays and objects: a little more than a state may nest
 * (MAX_STATE_DEPTH, 500, in run/state.ts), so a state the rules wrote can be read back under `"state"`.
 */
const MAX_DEPTH = 510;

export function readJson(text: string): JsonText {
  const at = new Map<string, JsonPlace>();
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const fail = (message: string, start = i, end = Math.min(text.length, start + 1)): never => {
    throw new JsonSyntaxError(message, start, Math.max(end, start));
  };
  const found = () => (i >= text.length ? "the end of the text" : `\`${text[i]}\``);
  const expect = (c: string, what: string) => {
    if (text[i] !== c) fail(`expected ${what} but found ${found()}`);
    i++;
  };
  const string = (): string => {
    const start = i;
    expect('"', "`\"`");
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") i++;
      else if (text.charCodeAt(i) < 0x20) fail("a text cannot hold a line break or control character; write `\\n`");
      i++;
    }
    if (i >= text.length) fail("this text is never closed", start);
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail("this text has a bad escape (`\\`)", start, i);
    }
  };
  const value = (pointer: string, depth: number, key?: JsonPlace["key"]): unknown => {
    ws();
    const start = i;
    if (depth > MAX_DEPTH) fail("this is nested too deeply");
    let v: unknown;
    const c = text[i];
    if (c === "{") {
      i++;
      const obj: Record<string, unknown> = {};
      ws();
      if (text[i] === "}") i++;
      else {
        for (;;) {
          ws();
          const keyStart = i;
          if (text[i] !== '"') fail(`expected a key in quotes but found ${found()}`);
          const k = string();
          const keyPlace = { start: keyStart, end: i };
          ws();
          expect(":", "`:`");
          Object.defineProperty(obj, k, { value: value(`${pointer}/${escapePointer(k)}`, depth + 1, keyPlace), enumerable: true, writable: true, configurable: true });
          ws();
          if (text[i] === ",") {
            i++;
            continue;
          }
          expect("}", "`,` or `}`");
          break;
        }
      }
      v = obj;
    } else if (c === "[") {
      i++;
      const arr: unknown[] = [];
      ws();
      if (text[i] === "]") i++;
      else {
        for (;;) {
          arr.push(value(`${pointer}/${arr.length}`, depth + 1));
          ws();
          if (text[i] === ",") {
            i++;
            continue;
          }
          expect("]", "`,` or `]`");
          break;
        }
      }
      v = arr;
    } else if (c === '"') v = string();
    else {
      const m = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
      if (!m) fail(`expected a value but found ${found()}`);
      i += m![0].length;
      v = JSON.parse(m![0]);
    }
    at.set(pointer, { start, end: i, ...(key ? { key } : {}) });
    return v;
  };
  try {
    const v = value("", 0);
    ws();
    if (i < text.length) fail(`expected the end of the text but found ${found()}`);
    return { value: v, at };
  } catch (err) {
    if (err instanceof JsonSyntaxError) return { error: { message: err.message, start: err.start, end: err.end } };
    throw err;
  }
}

/** `a/b~c` as a JSON pointer segment: `a~1b~0c`. The one JSON pointer code (RFC 6901) of every layer. */
export function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** A JSON pointer segment's key: `a~1b~0c` is `a/b~c`. */
export function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The keys a JSON pointer names, unescaped: `/a~1b/0` is `["a/b", "0"]`, and `""` (the whole value) none. */
export function pointerParts(pointer: string): string[] {
  return pointer.split("/").slice(1).map(unescapePointer);
}

/** Keys as a JSON pointer: `["a/b", "0"]` is `/a~1b/0`. */
export function pointerOf(parts: readonly string[]): string {
  return parts.map((p) => `/${escapePointer(p)}`).join("");
}
