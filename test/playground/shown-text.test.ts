// The playground shows the rules' own text (trace lines, titles, results, outcome labels) with control
// characters and reordering marks as escapes (issue 29, item 5): a browser obeys U+202E, and setting
// textContent (HTML escaping's equivalent) does nothing about it. Checked on a minimal stand-in for the
// DOM: the functions only create elements, set text and attributes, and append.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

class FakeNode {
  children: FakeNode[] = [];
  textContent = "";
  className = "";
  title = "";
  tabIndex = 0;
  dataset: Record<string, string> = {};
  style: Record<string, string> = {};
  attributes: Record<string, string> = {};
  constructor(readonly tag: string) {}
  append(...nodes: (FakeNode | string)[]) {
    for (const n of nodes) this.children.push(typeof n === "string" ? Object.assign(new FakeNode("#text"), { textContent: n }) : n);
  }
  replaceChildren() {
    this.children = [];
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  addEventListener() {}
  text(): string {
    return this.tag === "#text" ? this.textContent : this.textContent + this.children.map((c) => c.text()).join("");
  }
}

const realDocument = (globalThis as { document?: unknown }).document;
beforeAll(() => {
  (globalThis as { document?: unknown }).document = { createElement: (tag: string) => new FakeNode(tag), createDocumentFragment: () => new FakeNode("#fragment") };
});
afterAll(() => {
  (globalThis as { document?: unknown }).document = realDocument;
});

const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;
const span = { file: "main.rules", line: 1, col: 1, endLine: 1, endCol: 2, start: 0, end: 1 };

describe("text from the rules in the playground", () => {
  it("a trace line shows escapes, not raw controls", async () => {
    const { renderTrace } = await import("../../playground/trace-view.ts");
    const list = new FakeNode("ol");
    renderTrace(list as unknown as HTMLElement, [{ depth: 0, kind: "say", rule: 'example "t\u202e"', message: "a\u202eb\u001b[2J", span }], () => true);
    const li = list.children[0]!.children[0]!;
    expect(li.text()).not.toMatch(RAW);
    expect(li.children[0]!.textContent).toBe("a\\u202eb\\u001b[2J");
    expect(li.title).toContain('example "t\\u202e"');
  });

  it("text given to el() (titles, results, failures) shows escapes and keeps its line breaks", async () => {
    const { el } = await import("../../playground/dom.ts");
    const pre = el("pre", {}, "result: \u009b2J\nline two \u202e") as unknown as FakeNode;
    expect(pre.text()).toBe("result: \\u009b2J\nline two \\u202e");
  });
});
