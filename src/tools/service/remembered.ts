// The language service's answers, remembered per file: an editor asks again after each keystroke (the
// diagnostics of every open file) and several times over one program without an edit between (hover,
// go-to-definition, references, the outline, semantic colouring), but only the program that holds the
// edited file has changed. An answer about a file depends on the texts its program read and on which
// files exist (an import may start or stop finding its file), so the last answers per file are kept
// with those and reused while they hold. Files are parsed through the one parse cache
// (`parseRemembered`), so an edit re-parses only the file that changed.
import { keepNewest } from "../../core/kept-values.ts";
import type { FileHost } from "../../syntax/load.ts";
import { memoryFileHost } from "./memory-host.ts";
import type { ServiceFiles } from "./service-types.ts";

interface Kept<T> {
  /** Every file name of the workspace when answered, in order, joined. */
  names: string;
  /** The texts the work read, by path. */
  texts: Map<string, string>;
  value: T;
}

/**
 * `work` over a file's program, answered again only when a file it read changed or the workspace's
 * file names did. `work` reads the files through the host it is given (which notes what it read);
 * the last answers of `kept` paths are kept.
 */
export function rememberedPerFile<T>(kept: number, work: (host: FileHost, path: string) => T): (files: ServiceFiles, path: string) => T {
  const last = new Map<string, Kept<T>>();
  return (files, path) => {
    // NUL never occurs in a path an editor or the disk gives, so the joined names stand for the list.
    const names = Object.keys(files).join("\u0000");
    const known = last.get(path);
    if (known && known.names === names && [...known.texts].every(([p, text]) => Object.hasOwn(files, p) && files[p] === text)) return known.value;
    const base = memoryFileHost(files);
    const texts = new Map<string, string>();
    const host: FileHost = {
      ...base,
      read: (p) => {
        const text = base.read(p);
        if (text !== undefined && Object.hasOwn(files, p)) texts.set(p, text);
        return text;
      },
    };
    return keepNewest(last, kept, path, { names, texts, value: work(host, path) }).value;
  };
}
