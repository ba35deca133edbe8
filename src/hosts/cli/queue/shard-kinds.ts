// The kinds of shard a worker can take, one entry each. A command that sweeps on the queue (simulate,
// mutate, balance's matrix cells) sends a setup once per sweep (what every shard shares: a scenario,
// the paths to mutate) with the files it read, and then shards (a range of seeds, some mutants). A
// worker prepares the setup once per sweep and runs each shard it takes to an answer of plain JSON,
// which the command merges. A new kind is a module exporting a ShardKind and one line below.
import type { FileHost } from "../../../api.ts";
import { balanceShards } from "./balance-shards.ts";
import { mutateShards } from "./mutate-shards.ts";
import { simulateShards } from "./simulate-shards.ts";

export interface ShardKind<Setup, Prepared, Work, Answer> {
  /** What a worker builds once per sweep from its setup and the files that travelled with it; an error in words when it cannot. */
  prepare(setup: Setup, host: FileHost): Prepared | { error: string };
  /**
   * One shard's answer, the same whichever worker runs it. A long shard awaits `breathe()` between
   * pieces of work so the worker can renew its hold on the shard (a shard not renewed is taken back).
   */
  run(prepared: Prepared, work: Work, breathe: () => Promise<void>): Promise<Answer>;
  /** Whether an answer read back from the queue has this kind's shape (the sweep trusts no other). */
  isAnswer(answer: unknown): answer is Answer;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyShardKind = ShardKind<any, any, any, any>;

export const SHARD_KINDS = {
  simulate: simulateShards,
  mutate: mutateShards,
  balance: balanceShards,
} satisfies Record<string, AnyShardKind>;

export type ShardKindName = keyof typeof SHARD_KINDS;

export function shardKind(name: string): AnyShardKind | undefined {
  return Object.hasOwn(SHARD_KINDS, name) ? SHARD_KINDS[name as ShardKindName] : undefined;
}
