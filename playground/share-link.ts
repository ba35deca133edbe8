// Share links: the workspace's difference from the bundled files, compressed into the URL's hash.
// A bundled file that was edited travels as the lines that changed (how many lines to keep from the
// start and from the end, and the text between), so a one-line edit makes a short link whatever the
// file's size; a new file travels whole. Links made before this format (the overlay as it is) still open.
import { hasFile, asOverlay, bundled, type Files, type Overlay } from "./workspace.ts";
import { ownGet, setOwn } from "../src/api.ts";

export const SHARE_PREFIX = "#share=";

/** An edit of a bundled file: keep `head` lines from its start and `tail` from its end, put `lines` between. */
type LineEdit = [head: number, tail: number, lines: string[]];

/** What a link holds, before compression. `v` tells it apart from the older whole-overlay links. */
interface Packed {
  v: 2;
  /** New files, whole. */
  n?: Files;
  /** Bundled files edited, as line edits. */
  e?: Record<string, LineEdit>;
  /** Bundled files deleted. */
  d?: string[];
  a?: string;
}

/** The smallest line edit that turns `from` into `to`: common first and last lines are kept. */
export function lineEdit(from: string, to: string): LineEdit {
  const a = from.split("\n");
  const b = to.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return [head, tail, b.slice(head, b.length - tail)];
}

/** The text a line edit makes of `from`; undefined when the edit does not fit the text (another bundle). */
export function applyLineEdit(from: string, [head, tail, lines]: LineEdit): string | undefined {
  const a = from.split("\n");
  if (!Number.isInteger(head) || !Number.isInteger(tail) || head < 0 || tail < 0 || head + tail > a.length) return undefined;
  if (!Array.isArray(lines) || !lines.every((l) => typeof l === "string")) return undefined;
  return [...a.slice(0, head), ...lines, ...a.slice(a.length - tail)].join("\n");
}

export function pack(overlay: Overlay): Packed {
  const packed: Packed = { v: 2 };
  for (const [path, text] of Object.entries(overlay.changed)) {
    const original = ownGet(bundled, path);
    if (original === undefined) setOwn((packed.n ??= {}), path, text);
    else setOwn((packed.e ??= {}), path, lineEdit(original, text));
  }
  if (overlay.deleted.length) packed.d = overlay.deleted;
  if (overlay.active !== undefined) packed.a = overlay.active;
  return packed;
}

/** The overlay a link holds, or undefined when it is damaged or was made from other bundled files. */
export function unpack(raw: unknown): Overlay | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const p = raw as Partial<Packed>;
  if (p.v !== 2) return asOverlay(raw);
  const changed: Files = {};
  for (const [path, text] of Object.entries(p.n ?? {})) setOwn(changed, path, text);
  for (const [path, edit] of Object.entries(p.e ?? {})) {
    const original = ownGet(bundled, path);
    const text = original !== undefined && Array.isArray(edit) ? applyLineEdit(original, edit as LineEdit) : undefined;
    if (text === undefined) return undefined;
    setOwn(changed, path, text);
  }
  return asOverlay({ changed, deleted: p.d ?? [], ...(typeof p.a === "string" ? { active: p.a } : {}) });
}

/** The overlay, packed, deflated and base64url-encoded for a URL hash. */
export async function encodeShare(overlay: Overlay): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(pack(overlay)));
  const deflated = await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer();
  let binary = "";
  for (const b of new Uint8Array(deflated)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function decodeShare(encoded: string): Promise<Overlay | undefined> {
  try {
    const binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const inflated = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).text();
    return unpack(JSON.parse(inflated));
  } catch {
    return undefined;
  }
}

/** Whether two overlays hold the same files (which file is open does not count). */
export function sameFiles(a: Overlay, b: Overlay): boolean {
  const keys = Object.keys(a.changed);
  if (keys.length !== Object.keys(b.changed).length) return false;
  if (!keys.every((k) => hasFile(b.changed, k) && b.changed[k] === a.changed[k])) return false;
  return [...a.deleted].sort().join("\n") === [...b.deleted].sort().join("\n");
}
