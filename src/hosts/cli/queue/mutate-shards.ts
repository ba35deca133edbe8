// `rulesmith mutate --queue`: one system's mutants cut into shards of a few ids each. A worker compiles
// the files that travelled with the sweep exactly as the command did, so it makes the same mutants under
// the same ids, and runs those it is sent (MutationRunner, as on worker threads).
import { compile, compileMods, MOD_MANIFEST, MutationRunner, type FileHost, type MutantResult } from "../../../api.ts";
import { loadBaseAndMods } from "../with-mods.ts";
import type { CliIo } from "../io.ts";
import type { QueueUrl } from "./url.ts";
import type { HostRecording } from "./recorded-host.ts";
import type { ShardKind } from "./shard-kinds.ts";
import { runSweep } from "./sweep.ts";

export interface MutateSetup {
  /** The paths as the command named them. */
  paths: string[];
  /** The \`--mod\` folders as the command named them. */
  mods: string[];
  /** The examples a loaded mod overrides: they do not run on a mutant. */
  overridden: string[];
  /** Which of the compiled systems the mutants are of. */
  system: number;
  /** How many mutants the command made of it: a worker that makes another number is not running the same rules. */
  mutants: number;
}

export const mutateShards: ShardKind<MutateSetup, MutationRunner, number[], MutantResult[]> = {
  prepare(setup, host: FileHost) {
    const compiled = loadBaseAndMods(setup.paths, setup.mods, host, { compile, compileMods, MOD_MANIFEST });
    if ("usage" in compiled) return { error: compiled.usage };
    const files = compiled.systems[setup.system]?.files;
    if (!files) return { error: `the rules sent with the sweep do not form system ${setup.system + 1} on this worker` };
    const named = new Set([...setup.paths, ...setup.mods].flatMap((p) => host.listRules(p) ?? [host.normalize(p)]));
    const overridden = new Set(setup.overridden);
    const runner = new MutationRunner(files, compiled.texts, (f) => named.has(f), (t) => !overridden.has(t));
    if (runner.mutants.length !== setup.mutants) return { error: `this worker made ${runner.mutants.length} mutants of the rules, the command ${setup.mutants}: are they the same version of rulesmith?` };
    return runner;
  },
  async run(runner, ids, breathe) {
    const results: MutantResult[] = [];
    for (const id of ids) {
      if (!Number.isInteger(id) || runner.mutants[id] === undefined) throw new Error(`there is no mutant ${id} of these rules`);
      results.push(runner.run(id));
      await breathe();
    }
    return results;
  },
  isAnswer: (a): a is MutantResult[] => Array.isArray(a) && a.every((r) => typeof r === "object" && r !== null && typeof (r as MutantResult).id === "number" && typeof (r as MutantResult).status === "string"),
};

/** The results of one system's mutants `shards` (ids, a few per shard), run by the queue's workers. */
export async function mutateOnQueue(url: QueueUrl, files: HostRecording, setup: MutateSetup, shards: number[][], io: CliIo, onAnswer: (a: MutantResult[]) => void): Promise<{ results: MutantResult[] } | { error: string }> {
  const swept = await runSweep({ url, kind: "mutate", isAnswer: mutateShards.isAnswer, setup, files, shards }, io, onAnswer);
  return "error" in swept ? swept : { results: swept.answers.flat() };
}
