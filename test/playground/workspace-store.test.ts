// Another tab's save, taken into this one (playground/workspace-store.ts): the files it changed come
// over; a file this tab changed and has not saved yet keeps this tab's text and is named as a clash
// (the page keeps the other tab's files in the History), so neither tab's typing is lost.
import { describe, expect, test } from "vitest";
import { theirChanges } from "../../playground/workspace-store.ts";

describe("theirChanges", () => {
  const base = { "a.rules": "a0", "b.rules": "b0", "c.rules": "c0" };

  test("takes what the other tab changed, added and removed", () => {
    expect(theirChanges(base, { "a.rules": "a1", "b.rules": "b0", "d.rules": "d1" })).toEqual({ set: { "a.rules": "a1", "d.rules": "d1" }, removed: ["c.rules"], clashes: [] });
  });

  test("a file both tabs changed keeps this tab's unsaved text and is a clash", () => {
    const mine = { ...base, "a.rules": "a-mine", "c.rules": "c-mine" };
    const got = theirChanges(base, { "a.rules": "a-theirs", "b.rules": "b1" }, mine);
    expect(got.set).toEqual({ "b.rules": "b1" });
    expect(got.removed).toEqual([]);
    expect(got.clashes.sort()).toEqual(["a.rules", "c.rules"]);
  });

  test("the same text on both sides is no clash", () => {
    const mine = { ...base, "a.rules": "same" };
    expect(theirChanges(base, { ...base, "a.rules": "same" }, mine).clashes).toEqual([]);
  });
});
