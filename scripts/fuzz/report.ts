// What the fuzzer writes: a directory in fuzz-output/ per failing input (its files, shrunk when it failed
// with an exception, the failure, and the command that replays it), and the CPU time of the run.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Input } from "./inputs.ts";

export const OUTPUT = "fuzz-output";

/** Writes a failing input to fuzz-output/: its files, the failure, and how to replay it. */
export function writeRepro(runSeed: number, i: number, seed: number, what: string, detail: string, inp: Input, shrunk?: Input): string {
  const dir = join(OUTPUT, `${runSeed}-${i}-${what}`);
  mkdirSync(dir, { recursive: true });
  const show = shrunk ?? inp;
  for (const [path, text] of Object.entries(show.overrides)) writeFileSync(join(dir, path.split("/").join("__")), text);
  writeFileSync(join(dir, "input.json"), JSON.stringify({ ...inp, inputSeed: seed }, null, 1));
  writeFileSync(
    join(dir, "README.txt"),
    `${what} on input ${i} of seed ${runSeed} (${inp.kind}; input seed ${seed})\n` +
      `replay: npm run fuzz -- --seed ${runSeed} --only ${i}\n` +
      `checked path: ${show.root}${show.scenario ? `, scenario ${show.scenario}` : ""}; service offset ${show.at}\n` +
      `the files beside this one replace the bundled ones of the same path (/ written as __)${shrunk ? ", shrunk while they fail the same way" : ""}\n\n${detail}\n`,
  );
  return dir;
}

/**
 * CPU seconds of this process and of its children that have ended (every fuzz child ends before the
 * summary), from /proc on Linux; undefined elsewhere.
 */
export function cpuSeconds(): { self: number; children: number } | undefined {
  try {
    // Fields after the command name (which may hold spaces, so split after its closing bracket).
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
    // utime, stime, cutime, cstime are fields 14-17 of the whole line: 12-15 after the name and state.
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number];
    const tick = 100;
    return { self: (utime + stime) / tick, children: (cutime + cstime) / tick };
  } catch {
    return undefined;
  }
}
