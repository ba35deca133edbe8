// The playground's History (playground/history.ts): snapshots kept newest first within the stated
// bounds (count and characters), one per other tab's line of work, none twice, and the earlier
// version's single backup carried over. localStorage is a Map here; the browser tests use the real one.
import { beforeEach, describe, expect, test } from "vitest";
import { HISTORY_KEY, HISTORY_LIMIT, keepSnapshot, loadHistory } from "../../playground/history.ts";

class MemoryStorage {
  items = new Map<string, string>();
  /** Characters this storage holds at most, as a browser's quota. */
  constructor(private quota = Infinity) {}
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    const used = [...this.items].reduce((n, [key, value]) => n + (key === k ? 0 : value.length), 0);
    if (used + v.length > this.quota) throw new Error("QuotaExceededError");
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

const overlay = (n: number, size = 10) => ({ changed: { [`rules/mine/f${n}.rules`]: "x".repeat(size) }, deleted: [] });

describe("History", () => {
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage() });
  });

  test("keeps the newest snapshots first, at most the stated count", () => {
    for (let i = 0; i < HISTORY_LIMIT.count + 5; i++) expect(keepSnapshot(overlay(i), `edit ${i}`)).toBeDefined();
    const list = loadHistory();
    expect(list).toHaveLength(HISTORY_LIMIT.count);
    expect(list[0]!.cause).toBe(`edit ${HISTORY_LIMIT.count + 4}`);
    expect(list.at(-1)!.cause).toBe("edit 5");
  });

  test("keeps at most the stated characters, but always the newest", () => {
    const big = Math.floor(HISTORY_LIMIT.chars / 3);
    for (let i = 0; i < 4; i++) keepSnapshot(overlay(i, big), `big ${i}`);
    expect(loadHistory().map((s) => s.cause)).toEqual(["big 3", "big 2"]);
    expect(localStorage.getItem(HISTORY_KEY)!.length).toBeLessThanOrEqual(HISTORY_LIMIT.chars);
    keepSnapshot(overlay(9, HISTORY_LIMIT.chars), "huge");
    expect(loadHistory().map((s) => s.cause)).toEqual(["huge"]);
  });

  test("a full storage drops the oldest snapshots, and says so when not even the newest fits", () => {
    Object.assign(globalThis, { localStorage: new MemoryStorage(1000) });
    for (let i = 0; i < 5; i++) keepSnapshot(overlay(i, 200), `s ${i}`);
    const kept = loadHistory().map((s) => s.cause);
    expect(kept[0]).toBe("s 4");
    expect(kept.length).toBeLessThan(5);
    expect(keepSnapshot(overlay(7, 2000), "too big")).toBeUndefined();
  });

  test("the same files for the same cause are not kept twice; for another cause they are", () => {
    const first = keepSnapshot(overlay(1), "another tab's files", "line-a");
    expect(keepSnapshot(overlay(1), "another tab's files", "line-a")).toEqual(first);
    expect(loadHistory()).toHaveLength(1);
    keepSnapshot(overlay(1), "a share link, as it was opened");
    expect(loadHistory().map((s) => s.cause)).toEqual(["a share link, as it was opened", "another tab's files"]);
  });

  test("another tab's files are one snapshot per line of work, the newest", () => {
    keepSnapshot(overlay(1), "another tab's files", "line-a");
    keepSnapshot(overlay(2), "another tab's files", "line-a");
    keepSnapshot(overlay(3), "another tab's files", "line-b");
    keepSnapshot(overlay(4), "before Reset");
    expect(loadHistory().map((s) => Object.keys(s.overlay.changed)[0])).toEqual(["rules/mine/f4.rules", "rules/mine/f3.rules", "rules/mine/f2.rules"]);
  });

  test("the one backup an earlier version kept is carried into the History", () => {
    localStorage.setItem("rulesmith.playground.backup.v1", JSON.stringify(overlay(5)));
    expect(loadHistory().map((s) => s.cause)).toEqual(["the backup an earlier version kept"]);
    expect(localStorage.getItem("rulesmith.playground.backup.v1")).toBeNull();
    expect(loadHistory()).toHaveLength(1);
  });

  test("a damaged History reads as empty, and the next snapshot starts it again", () => {
    localStorage.setItem(HISTORY_KEY, "{not json");
    expect(loadHistory()).toEqual([]);
    expect(keepSnapshot(overlay(1), "before Reset")).toBeDefined();
    expect(loadHistory()).toHaveLength(1);
  });
});
