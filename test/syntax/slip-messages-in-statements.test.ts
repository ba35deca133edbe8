// Common slips in statements, in plain words (issue 12, problem 8; test/syntax/slip-messages.test.ts has the
// first two), in the shared parser and checker so the CLI and the playground say the same: `=` in an
// `if` condition, which the parser can only reject at the `if` (no statement starts `if x =`), points
// at the `=` and says to use `==`, once; a misspelt keyword at the start of a statement (`retrun 1`),
// which parses as a name, gets "did you mean `return`?" on the unknown name.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { compile } from "../../src/pipeline.ts";
import { memoryFileHost } from "../../src/tools/service/index.ts";
import { runCli } from "../support/run-cli.ts";

function diagnostics(text: string) {
  return compile(["slip.rules"], memoryFileHost({ "slip.rules": text })).diagnostics.map((d) => [d.code, d.span.line, d.span.col, d.message, d.help]);
}

const USE_EQ = "use `==` to compare (`=` only gives a value, after `let` or to a field)";
const IF_SLIP = "fn f() -> int {\n  if 1 = 2 {\n    return 1\n  }\n  return 0\n}\n";
const RETURN_SLIP = "fn f() -> int {\n  let x = 1\n  retrun x\n}\n";

describe("`=` in a condition", () => {
  test("`if x = 6 {`: one error, at the `=`, saying to use `==`", () => {
    expect(diagnostics(IF_SLIP)).toEqual([["E0002", 2, 8, `unexpected \`=\` in a statement: ${USE_EQ}`, undefined]]);
  });

  test("`else if x = 6 {` and `while x = 6 {` point at the `=` too", () => {
    expect(diagnostics("fn f(x: int) -> int {\n  if x == 1 {\n    return 1\n  } else if x = 2 {\n    return 2\n  }\n  return 0\n}\n")[0]).toEqual(["E0002", 4, 15, `expected \`{\` but found \`=\`: ${USE_EQ}`, undefined]);
    expect(diagnostics("fn f(x: int) -> int {\n  while x = 2 {\n    return 2\n  }\n  return 0\n}\n")[0]).toEqual(["E0002", 2, 11, `expected \`{\` but found \`=\`: ${USE_EQ}`, undefined]);
  });

  test("a good `=` further on is not blamed: a `let` line after an unclosed call, an expression-bodied `fn`", () => {
    // Found by the parser's golden corpus when this message came in: both used to say "use `==`" at the `=`.
    expect(diagnostics("fn g(a: int) -> int = a\nfn f() -> int {\n  let y = g(\n  let x = 1\n  return x\n}\n")[0]).toEqual(["E0002", 4, 3, "unexpected `let` in a argument: expected one of a name, `-`, a number, a string, `(`, `[`", undefined]);
    expect(diagnostics("fn f() -> int j = 3\n")[0]).toEqual(["E0002", 1, 15, "unexpected `j` in a fn declaration: expected one of `{`, `=`", undefined]);
  });

  test("a statement that is wrong for another reason keeps its own message", () => {
    expect(diagnostics("fn f() -> int {\n  if {\n    return 1\n  }\n  return 0\n}\n")[0]?.[3]).not.toContain("==");
  });
});

describe("a misspelt keyword read as a name", () => {
  test("`retrun x`: the unknown name gets did you mean `return`?", () => {
    expect(diagnostics(RETURN_SLIP).find((d) => d[0] === "E0101")).toEqual(["E0101", 3, 3, "unknown name `retrun`", "did you mean `return`? `retrun` is not a keyword, so it reads as a name"]);
  });

  test("a declared name that is closer wins over a keyword", () => {
    expect(diagnostics("fn retorn() -> int = 1\nfn f() -> int = retrun()\n").find((d) => d[0] === "E0101")?.[4]).toBe("did you mean `retorn`?");
    expect(diagnostics("fn f() -> int {\n  let returned = 1\n  return retrned\n}\n").find((d) => d[0] === "E0101")?.[4]).toBe("did you mean `returned`?");
  });

  test("a name close to no keyword or name gets no guess", () => {
    expect(diagnostics("fn f() -> int = zebra\n").find((d) => d[0] === "E0101")).toEqual(["E0101", 1, 17, "unknown name `zebra`", undefined]);
  });
});

test("`rulesmith check` prints the same", async () => {
  const dir = mkdtempSync(join(tmpdir(), "rulesmith-slips-"));
  try {
    writeFileSync(join(dir, "if.rules"), IF_SLIP);
    writeFileSync(join(dir, "ret.rules"), RETURN_SLIP);
    const check = (f: string) => runCli(["check", f], { cwd: dir });
    const ifOut = await check("if.rules");
    expect(ifOut.stdout + ifOut.stderr).toContain(`error[E0002]: unexpected \`=\` in a statement: ${USE_EQ}\n  --> if.rules:2:8`);
    expect((ifOut.stdout + ifOut.stderr).match(/error\[/g)).toHaveLength(1);
    const retOut = await check("ret.rules");
    expect(retOut.stdout + retOut.stderr).toContain("error[E0101]: unknown name `retrun`\n  --> ret.rules:3:3");
    expect(retOut.stdout + retOut.stderr).toContain("help: did you mean `return`? `retrun` is not a keyword, so it reads as a name");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
