// Running mutants: each against the examples of the named files, in process. The examples that ran
// over the mutated declaration (by the trace of an unmutated run) go first, since they are the ones that
// can kill it; the rest run only when those all pass. A survivor's report names the examples that ran
// over its clause: those that stop when the clause's expression is replaced by a probe that fails.
import type * as A from "../../core/ast.ts";
import { runExamples, type ExampleResult } from "../../pipeline.ts";
import { applyMutant, mutantsOf, replaceNode, type Mutant } from "./mutants.ts";

export type MutantStatus = "killed" | "survived" | "invalid";

export interface MutantResult {
  id: number;
  status: MutantStatus;
  /** Killed: the first example that failed, and how. Invalid: what went wrong. */
  by?: string;
  failure?: string;
  /** Survived: the titles of the examples that ran over the clause. */
  ranOver?: string[];
}

export class MutationRunner {
  readonly mutants: Mutant[];
  /** The examples as they run on the rules as written: all must pass before mutants mean anything. */
  readonly baseline: ExampleResult[];

  constructor(
    private readonly files: A.SourceFile[],
    texts: ReadonlyMap<string, string>,
    private readonly inFile: (path: string) => boolean,
    /** The examples that count, by title: all but those a loaded mod declares it overrides (they are meant to change). */
    private readonly titled: (title: string) => boolean = () => true,
  ) {
    this.mutants = mutantsOf(files, texts, inFile);
    this.baseline = runExamples(files, inFile, titled);
  }

  run(id: number): MutantResult {
    const m = this.mutants[id]!;
    const mutated = applyMutant(this.files, m);
    const near = new Set(this.tracedOver(m));
    for (const batch of [(t: string) => near.has(t) && this.titled(t), (t: string) => !near.has(t) && this.titled(t)]) {
      let results: ExampleResult[];
      try {
        results = runExamples(mutated, this.inFile, batch);
      } catch (err) {
        return { id, status: "invalid", failure: err instanceof Error ? err.message : String(err) };
      }
      const failed = results.find((r) => !r.passed);
      if (!failed) continue;
      // A JavaScript exception is a mutant the runtime cannot represent, not a rule the examples caught.
      if (failed.failure?.message.startsWith("internal error")) return { id, status: "invalid", by: failed.title, failure: failed.failure.message };
      return { id, status: "killed", by: failed.title, failure: failed.failure?.message ?? "" };
    }
    return { id, status: "survived", ranOver: this.ranOver(m) };
  }

  /** Examples whose unmutated trace has an entry inside the mutant's declaration (or its trace match). */
  private tracedOver(m: Mutant): string[] {
    const d = m.decl;
    return this.baseline
      .filter((ex) => ex.trace.some((e) => (e.span.file === d.file && e.span.start >= d.start && e.span.end <= d.end) || (m.traceMatch !== undefined && e.kind === "status" && e.message.includes(m.traceMatch))))
      .map((ex) => ex.title);
  }

  /** The examples that evaluate the clause: with its expression made to fail, these fail there. */
  private ranOver(m: Mutant): string[] {
    if (!m.probe) return this.tracedOver(m);
    let at: A.Span | undefined;
    const probed = replaceNode(this.files, m.file, m.probe, (node) => {
      at = (node as { span: A.Span }).span;
      const one = { kind: "int", value: 1, span: at };
      return { kind: "binary", op: "/", left: one, right: { ...one, value: 0 }, span: at };
    });
    return runExamples(probed, this.inFile)
      .filter((r) => !r.passed && r.failure?.code === "R0501" && r.failure.span?.file === at!.file && r.failure.span.start === at!.start && r.failure.message.includes("division by zero"))
      .map((r) => r.title);
  }
}
