// The one JSON pointer code (RFC 6901, core/json-text.ts) that the state's messages, the schema's
// problems, statuses in state JSON and balance rosters all use: `~` and `/` in a key survive the round trip.
import { describe, expect, it } from "vitest";
import { escapePointer, pointerOf, pointerParts, unescapePointer } from "../../src/core/json-text.ts";

describe("JSON pointers", () => {
  it("escape ~ before / and unescape in the other order (RFC 6901: ~01 is ~1, not /)", () => {
    expect(escapePointer("a/b~c")).toBe("a~1b~0c");
    expect(unescapePointer("a~1b~0c")).toBe("a/b~c");
    expect(unescapePointer("~01")).toBe("~1");
  });

  it("read a pointer into its keys and write keys back as one", () => {
    expect(pointerParts("")).toEqual([]);
    expect(pointerParts("/attacker/units/0")).toEqual(["attacker", "units", "0"]);
    expect(pointerParts("/entries/A~1B/0")).toEqual(["entries", "A/B", "0"]);
    expect(pointerParts("/")).toEqual([""]);
    for (const parts of [[], ["a/b", "~", ""], ["__proto__", "0"]]) expect(pointerParts(pointerOf(parts))).toEqual(parts);
  });
});
