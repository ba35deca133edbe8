// Architecture rules from the brief, checked on the source tree itself.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, sep } from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith(".ts") ? [full] : [];
  });
}

const engine = [...sources("src"), ...sources("grammar")];

/** The public API's modules (docs/api.md): the only way into src/ and grammar/ from the playground and the hosts. */
const API_MODULES = ["src/api.ts", "src/api/node.ts", "src/api/runtime.ts", "src/api/report.ts"];

// The layers, lowest first, and what each may import. `grammar/` is the syntax's tokens and parser;
// `core/` the language's data (AST, types, diagnostics, built-in signatures) that every phase shares.
// The runtime sees only core: a checked program runs without the parser or the checker. `constructs/`
// holds each statement's semantics for every engine; the checker and the runtime both dispatch on it.
type Layer = "grammar" | "core" | "constructs" | "syntax" | "check" | "run" | "pipeline" | "tools" | "api" | "hosts";
const BELOW: Record<Layer, Layer[]> = {
  grammar: [],
  core: [],
  constructs: ["core"],
  syntax: ["grammar", "core"],
  check: ["grammar", "core", "constructs", "syntax"],
  run: ["core", "constructs"],
  pipeline: ["grammar", "core", "constructs", "syntax", "check", "run"],
  tools: ["grammar", "core", "constructs", "syntax", "check", "run", "pipeline"],
  api: ["grammar", "core", "constructs", "syntax", "check", "run", "pipeline", "tools"],
  hosts: ["grammar", "core", "constructs", "syntax", "check", "run", "pipeline", "tools", "api"],
};

/**
 * Layers a layer may reach by type-only imports (erased, so they load nothing) besides those below it:
 * a construct module names the checker's and the runtime's contexts it is given (src/constructs/contexts.ts).
 */
const TYPES_FROM: Partial<Record<Layer, Layer[]>> = {
  constructs: ["check", "run"],
};

function layerOf(file: string): Layer {
  const [top, second] = file.split(sep);
  if (top === "grammar") return "grammar";
  const name = second!.replace(/\.ts$/, "");
  if (name in BELOW) return name as Layer;
  throw new Error(`${file} is in no layer: put it in one of src/${Object.keys(BELOW).join(", src/")}`);
}

/** Each engine file's relative imports, resolved to files; with `values`, type-only imports left out. */
function importsOf(values: boolean): Map<string, string[]> {
  const pattern = values ? /^(?:import|export)(?!\s+type\b)[^;]*?\sfrom\s+"(\.[^"]+)"/gms : /^(?:import|export)[^;]*?\sfrom\s+"(\.[^"]+)"/gms;
  return new Map(engine.map((f) => [f, [...readFileSync(f, "utf8").matchAll(pattern)].map((m) => normalize(join(dirname(f), m[1]!)))]));
}
const imports = importsOf(false);
const valueImports = importsOf(true);

/** Strongly connected groups of more than one file in the value-import graph (Tarjan's algorithm). */
function valueCycles(): string[][] {
  const graph = valueImports;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const f of engine) if (!index.has(f)) visit(f);
  return cycles;
}

describe("architecture", () => {
  it("src/ and grammar/ know no particular game", () => {
    // Names from the seeds' games: none may appear in the engine.
    const gameWords = /warlords|moonguard|minotaur|dragon ?dice|dwarf|dwarves|amazon|goblin|undead|trample|slayer|missile|flyer|\bmedals?\b|\backs\b|domains at war|harpy|hellhound|salamander|\bd&d\b|when armies clash/i;
    const offenders = engine.filter((f) => gameWords.test(readFileSync(f, "utf8"))).map((f) => `${f}: ${readFileSync(f, "utf8").match(gameWords)![0]}`);
    expect(offenders).toEqual([]);
  });

  it("each layer imports only the layers below it (docs/design.md, layers)", () => {
    const offenders: string[] = [];
    for (const [file, targets] of imports) {
      const from = layerOf(file);
      for (const target of targets) {
        const to = layerOf(target);
        if (to === from || BELOW[from].includes(to)) continue;
        const typeOnly = !valueImports.get(file)!.includes(target);
        if (typeOnly && TYPES_FROM[from]?.includes(to)) continue;
        offenders.push(`${file} (${from}) imports ${target} (${to})${typeOnly ? " (types only)" : ""}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("no module imports itself through others (type-only imports aside, which are erased)", () => {
    expect(valueCycles()).toEqual([]);
  });

  it("the playground and the hosts reach src/ and grammar/ only through the API (src/api.ts and its parts)", () => {
    const users = [...sources("playground"), ...sources(join("src", "hosts"))];
    const reached = new Set<string>();
    const offenders: string[] = [];
    for (const file of users) {
      // Static imports and re-exports, type-only ones too, and dynamic `import("../...")`.
      for (const m of readFileSync(file, "utf8").matchAll(/(?:^(?:import|export)[^;]*?\sfrom\s+|\bimport\(\s*)"(\.[^"]+)"/gms)) {
        const target = normalize(join(dirname(file), m[1]!));
        const [top, second] = target.split(sep);
        if ((top !== "src" && top !== "grammar") || second === "hosts") continue;
        const api = target.split(sep).join("/");
        if (API_MODULES.includes(api)) reached.add(api);
        else offenders.push(`${file} imports ${target}`);
      }
    }
    expect(offenders).toEqual([]);
    // The scan sees the imports it judges: each part of the API is used by some host.
    expect([...reached].sort()).toEqual([...API_MODULES].sort());
  });

  it("every test file is in a folder of the layer it tests (docs/design.md, tests)", () => {
    const folders = ["core", "syntax", "check", "run", "tools", "hosts", "playground", "content", "whole"];
    const misplaced = sources("test")
      .filter((f) => f.endsWith(".test.ts"))
      .filter((f) => !folders.includes(f.split(sep)[1]!));
    expect(misplaced).toEqual([]);
  });

  it("every test file that mocks a module has a module graph of its own (vitest.config.ts, OWN_MODULES)", () => {
    // The other files of a worker share one module graph: a whole-file mock there would be seen by them.
    const config = readFileSync("vitest.config.ts", "utf8");
    const own = config.slice(config.indexOf("const OWN_MODULES"), config.indexOf("];", config.indexOf("const OWN_MODULES")));
    const mocking = sources("test")
      .filter((f) => f.endsWith(".test.ts") && /\bvi\.mock\(/.test(readFileSync(f, "utf8")))
      .map((f) => f.split(sep).join("/"));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((f) => !own.includes(`"${f}"`))).toEqual([]);
  });

  it("the bench's hand-written implementation is never used by src/", () => {
    const offenders = engine.filter((f) => /from\s+"[^"]*bench\//.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});
