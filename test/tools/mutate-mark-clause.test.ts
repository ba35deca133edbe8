// A mark's clause names one `drop-conjunct` mutant by the side it keeps. In `a and b and c` the side kept
// when `c` is dropped, `a and b`, is also the clause before the change of the two mutants that drop `a`
// or `b`; a mark naming it must mark the first mutant only (it used to mark all three, so an example
// killing one of the other two made the mark an error, E0423).
import { describe, expect, it } from "vitest";
import type { Span } from "../../src/core/ast.ts";
import { markOf, readMarks } from "../../src/tools/mutate/marks.ts";
import type { Mutant, Operator } from "../../src/tools/mutate/mutants.ts";

const at = (line: number): Span => ({ file: "g.rules", line, col: 1, endLine: line, endCol: 2, start: 0, end: 1 });
const mutant = (id: number, operator: Operator, before: string, after: string): Mutant => ({ id, operator, file: 0, path: [], replace: (x) => x, span: at(2), before, after, decl: at(2) });

describe("a mark's clause", () => {
  const { marks } = readMarks("g.rules", "// mutate: equivalent(drop-conjunct) `a and b` c repeats a check\nfn f() -> bool = a and b and c\n");
  const dropC = mutant(0, "drop-conjunct", "a and b and c", "a and b");
  const dropA = mutant(1, "drop-conjunct", "a and b", "b");
  const dropB = mutant(2, "drop-conjunct", "a and b", "a");

  it("names the drop-conjunct mutant that keeps it", () => {
    expect(markOf(dropC, marks)?.reason).toBe("c repeats a check");
  });

  it("does not name the drop-conjunct mutants of the side kept itself", () => {
    expect(markOf(dropA, marks)).toBeUndefined();
    expect(markOf(dropB, marks)).toBeUndefined();
  });

  it("still names other operators' mutants by the clause before or after the change", () => {
    const { marks: cmp } = readMarks("g.rules", "// mutate: equivalent(comparison) `u.hp > 0` a dead unit stays dead\nfn f() -> bool = u.hp > 0\n");
    expect(markOf(mutant(3, "comparison", "u.hp > 0", "u.hp >= 0"), cmp)?.reason).toBe("a dead unit stays dead");
    expect(markOf(mutant(4, "comparison", "u.hp < 0", "u.hp > 0"), cmp)?.reason).toBe("a dead unit stays dead");
  });
});
