// The file host for Node: reads from disk. Paths are kept relative to the working directory so
// diagnostics and traces print the same way on every machine.
//
// Rules files come from strangers, so the host reads only what the command line allows: files below
// its roots (after resolving `..` and symbolic links), regular files only (never a device, a FIFO or
// a socket, which could block or never end), with the extension the caller expects, and at most
// MAX_FILE_BYTES. Anything else is refused with a reason before a byte of it is read, so no code frame
// can ever show text from a file that is not a rules file.
import { closeSync, constants, fstatSync, openSync, readdirSync, readlinkSync, readSync, realpathSync, statSync, type Stats } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { FileHost, Refusal } from "../syntax/load.ts";
import { withStdModules } from "../syntax/std/modules.ts";

/** The largest file read, rules or JSON: far above any real rules file (the largest bundled one is 44 KB), far below what hurts: parsing and checking are linear, and `rulesmith check` on a generated 5 MB file peaks near 570 MB. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** `path` as printed: relative to the working directory `cwd` when below it, else absolute. */
function display(path: string, cwd: string): string {
  const full = resolve(cwd, path);
  const rel = relative(cwd, full);
  // The working directory itself is ".", so a scenario's `"rules": "."` names its own folder.
  if (rel === "") return ".";
  return rel.startsWith("..") || isAbsolute(rel) ? full : rel.split("\\").join("/");
}

/** Whether `path` is `folder` or below it; both absolute. */
function within(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** What a thing that is not a regular file is, in plain words. */
function kindOf(st: Stats): string {
  if (st.isFIFO()) return "a FIFO (named pipe)";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "a device";
  if (st.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * The roots a command reads below when none is given with `--root`: the folder of each named path (a
 * named folder itself), widened to the working directory when that holds it, so rules named from the
 * project's folder may import across its subfolders and a scenario may name `".."`.
 */
export function defaultRoots(paths: string[], workingDir = process.cwd()): string[] {
  const cwd = resolve(workingDir);
  return paths.map((p) => {
    const full = resolve(cwd, p);
    const folder = statOrUndefined(full)?.isDirectory() ? full : dirname(full);
    return within(folder, cwd) ? cwd : folder;
  });
}

/**
 * The files below `dir` whose names end in `ext`, in name order, full paths; undefined when `dir` itself
 * cannot be read. Symbolic links to folders are not followed, a folder below that cannot be read is
 * skipped, and so is any folder `skip` names.
 */
export function filesBelow(dir: string, ext: string, skip: (folder: string) => boolean = () => false): string[] | undefined {
  const found: string[] = [];
  const walk = (at: string): boolean => {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return false;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const below = join(at, entry.name);
      // Dirent describes the link itself: a symbolic link to a folder is not followed.
      if (entry.isDirectory()) {
        if (!skip(entry.name)) walk(below);
      } else if (entry.name.endsWith(ext)) found.push(below);
    }
    return true;
  };
  return walk(dir) ? found : undefined;
}

/**
 * A host that reads only below `roots`; without roots (tests, tools), anywhere, with the other limits.
 * Folders are walked without following symbolic links to folders, and a folder that cannot be read is
 * skipped. Relative paths are read from, and shown relative to, the working directory `workingDir`
 * (the process's at each call when not given).
 */
export function nodeFileHost(roots?: string[], workingDir?: string): FileHost {
  const cwd = () => resolve(workingDir ?? process.cwd());
  const full = (path: string) => resolve(cwd(), path);
  const show = (path: string) => display(path, cwd());
  const realRoots = roots?.map((r) => realOrUndefined(full(r)) ?? full(r));
  const lexicalRoots = roots?.map(full);
  const inside = (path: string): boolean => {
    if (!realRoots || !lexicalRoots) return true;
    const real = realOrUndefined(full(path));
    if (real !== undefined) return realRoots.some((r) => within(real, r));
    // A path that opens but has no real path (a link to `/proc/self/fd/0` whose file was deleted) leads
    // somewhere that cannot be named, so not below a root.
    if (statOrUndefined(full(path)) !== undefined) return false;
    // A path that does not exist is judged by its spelling, so `../../x` is outside whether or not it is there.
    return lexicalRoots.some((r) => within(full(path), r));
  };
  /** Whether the file open as `fd` is below a root, by the path the system gives for the descriptor itself. */
  const openedInside = (fd: number): boolean => {
    if (!realRoots) return true;
    const opened = openedPath(fd);
    return opened === undefined || realRoots.some((r) => within(opened, r));
  };
  const refuse = (path: string, want: "rules" | "json"): Refusal | undefined => {
    const shown = show(path);
    const ext = want === "rules" ? ".rules" : ".json";
    if (!inside(path)) {
      // Two roots can show alike (the scenario's folder and the working directory that holds it): each once.
      const where = [...new Set(roots!.map((r) => `\`${show(r) || "."}\``))].join(" or ");
      const real = realOrUndefined(full(path));
      const leads = real !== undefined && real !== full(path) ? ` leads to \`${show(real)}\`, which` : "";
      return { code: "E0004", message: `\`${shown}\`${leads} is outside the folder the rules may read (${where})`, help: "files are read only below the folder of the path named on the command line (or the working directory that holds it); name a wider one with `--root DIR`" };
    }
    const st = statOrUndefined(full(path));
    if (!st) return undefined;
    if (st.isDirectory()) {
      if (want === "rules") {
        try {
          readdirSync(full(path));
        } catch {
          return { code: "E0003", message: `cannot read the folder \`${shown}\`` };
        }
      }
      return { code: "E0005", message: `\`${shown}\` is a folder, not a \`${ext}\` file` };
    }
    if (!st.isFile()) return { code: "E0005", message: `\`${shown}\` is ${kindOf(st)}, not a \`${ext}\` file`, help: `only regular \`${ext}\` files are read` };
    const real = realOrUndefined(full(path)) ?? full(path);
    if (!path.endsWith(ext)) return { code: "E0005", message: `\`${shown}\` is not a \`${ext}\` file`, help: want === "rules" ? "only `.rules` files can be imported; the file was not read" : `only \`${ext}\` files are read here` };
    if (!real.endsWith(ext)) return { code: "E0005", message: `\`${shown}\` leads to \`${show(real)}\`, which is not a \`${ext}\` file`, help: "the file was not read" };
    if (st.size > MAX_FILE_BYTES) return { code: "E0006", message: `\`${shown}\` is ${st.size} bytes, larger than the ${MAX_FILE_BYTES} bytes (8 MB) a file may have`, help: "split it into files that import each other" };
    return undefined;
  };
  return withStdModules({
    read(path) {
      const want = path.endsWith(".json") ? "json" : "rules";
      if (refuse(path, want)) return undefined;
      return readBounded(full(path), openedInside);
    },
    refuse,
    listRules(path) {
      if (!statOrUndefined(full(path))?.isDirectory() || !inside(path)) return undefined;
      // The named folder itself unreadable: undefined, so the loader asks `refuse` and says so.
      return filesBelow(full(path), ".rules")?.map(show);
    },
    normalize: show,
    resolve(fromFile, importPath) {
      return show(join(dirname(fromFile), importPath));
    },
  });
}

/**
 * Where the file open as `fd` really is, as the system names it (Linux's `/proc/self/fd`): a deleted
 * file's name ends in " (deleted)" and so is below no root. Undefined where the system gives no name.
 */
function openedPath(fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/**
 * The text of a regular file of at most MAX_FILE_BYTES, without a leading byte-order mark (spans count
 * from the text after it). The file is opened without blocking and checked again once open, through
 * its descriptor: its type and size, and that the file opened is below a root, so a file swapped for a
 * FIFO, a device or a link leading out after the checks above is still not read.
 */
function readBounded(path: string, openedInside: (fd: number) => boolean): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_FILE_BYTES || !openedInside(fd)) return undefined;
    const buffer = Buffer.alloc(Math.min(MAX_FILE_BYTES + 1, st.size + 1));
    let length = 0;
    for (;;) {
      if (length === buffer.length) return undefined; // it grew past its size while being read
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    const text = buffer.subarray(0, length).toString("utf8");
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A host without a root, for tools and tests; the command line uses `nodeFileHost(roots)`. */
export const nodeHost: FileHost = nodeFileHost();
