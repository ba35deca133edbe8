// How the rules travel with a sweep. The command that queues it reads through its own file host (below
// its roots, with every refusal of the disk host) and records every question the loader asked and the
// answer; a worker loads the same files by asking a host that only replays those answers. So a worker
// reads no file of its own, cannot be led outside the roots the command was given, and loads exactly
// what the command loaded, path spellings and all (the same mutant ids, the same messages).
import type { FileHost, Refusal } from "../../../api.ts";

/** One question and its answer; `null` for undefined (JSON has no undefined). */
export type Recorded = [question: string, answer: unknown];

const ask = (method: string, ...args: string[]) => [method, ...args].join("\0");

/** A file host that writes down what it is asked. */
export class HostRecording {
  private readonly answers = new Map<string, unknown>();

  wrap(host: FileHost): FileHost {
    const note = <T>(question: string, answer: T): T => {
      this.answers.set(question, answer ?? null);
      return answer;
    };
    return {
      read: (path) => note(ask("read", path), host.read(path)),
      listRules: (path) => note(ask("listRules", path), host.listRules(path)),
      resolve: (from, importPath) => note(ask("resolve", from, importPath), host.resolve(from, importPath)),
      normalize: (path) => note(ask("normalize", path), host.normalize(path)),
      refuse: (path, want) => note(ask("refuse", path, want), host.refuse?.(path, want)),
    };
  }

  entries(): Recorded[] {
    return [...this.answers];
  }
}

/** What the worker asks and the command never did: not sent, so not there. */
const notSent = (path: string): Refusal => ({ code: "E0004", message: `\`${path}\` did not travel with the job: a worker reads no file of its own`, help: "the command that queued the sweep reads the files; name them there" });

/** A host that answers only what was recorded. */
export function replayHost(entries: readonly Recorded[]): FileHost {
  const answers = new Map<string, unknown>(entries);
  const answer = <T>(question: string, otherwise: T): T => (answers.has(question) ? ((answers.get(question) ?? undefined) as T) : otherwise);
  return {
    read: (path) => answer<string | undefined>(ask("read", path), undefined),
    listRules: (path) => answer<string[] | undefined>(ask("listRules", path), undefined),
    resolve: (from, importPath) => answer(ask("resolve", from, importPath), `${from.split("/").slice(0, -1).join("/")}/${importPath}`),
    normalize: (path) => answer(ask("normalize", path), path),
    refuse: (path, want) => answer<Refusal | undefined>(ask("refuse", path, want), notSent(path)),
  };
}

/** Whether a value read back from JSON is a recording (a worker trusts no shape it did not check). */
export function isRecording(value: unknown): value is Recorded[] {
  return Array.isArray(value) && value.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === "string");
}
