// One section of the reference per declaration: what it is, its `///` doc, and what the program does
// with it - a kind's fields and ranges, a value's modifiers in the order they apply, an event's
// handlers in the order they run, a table's rows, an example as a worked case with its result.
import * as A from "../../core/ast.ts";
import type { ExampleResult } from "../../pipeline.ts";
import type { RuntimeProgram } from "../../run/index-program.ts";
import { showExpr, showTiming } from "../../core/show-expr.ts";
import { header } from "../service/signatures.ts";
import { programStages, stagesOf, wantedStage } from "../../core/stages.ts";
import { clipShown } from "../../core/diagnostics.ts";
import { docHtml, docInline, escapeHtml, shownName, type Links } from "./html.ts";

export interface Context {
  links: Links;
  program: RuntimeProgram;
  files: A.SourceFile[];
  texts: Map<string, string>;
  results: Map<A.ExampleDecl, ExampleResult>;
  /** The page of each source file. */
  pageOf: (file: string) => string;
}

/** The source text a span covers. */
function source(ctx: Context, span: A.Span): string {
  return ctx.texts.get(span.file)?.slice(span.start, span.end) ?? "";
}

function heading(id: string, title: string, what: string): string {
  return `<h3 id="${escapeHtml(encodeURIComponent(id))}"><code>${escapeHtml(title)}</code> <span class="what">${escapeHtml(what)}</span></h3>`;
}

function expr(ctx: Context, e: A.Expr): string {
  return `<code>${ctx.links.highlight(showExpr(e))}</code>`;
}

function fieldsTable(ctx: Context, owner: string, fields: A.FieldDecl[]): string {
  if (fields.length === 0) return "<p>No fields.</p>";
  const rows = fields.map((f) => {
    const range = f.type.range ? `${f.type.range.low}..${f.type.range.high}` : "";
    const type = ctx.links.type({ ...f.type, range: undefined } as A.TypeRef);
    return `<tr id="${escapeHtml(encodeURIComponent(`${owner}.${f.name.text}`))}"><td><code>${escapeHtml(f.name.text)}</code></td><td>${type}</td><td>${escapeHtml(range)}</td><td>${f.default ? expr(ctx, f.default) : ""}</td><td>${docInline(f.doc)}</td></tr>`;
  });
  return `<table class="fields"><tr><th>Field</th><th>Type</th><th>Range</th><th>Default</th><th>Description</th></tr>\n${rows.join("\n")}\n</table>`;
}

function paramsList(ctx: Context, ps: A.Param[]): string {
  if (ps.length === 0) return "";
  return `<p>Parameters: ${ps.map((p) => `<code>${escapeHtml(p.name.text)}</code>: ${ctx.links.type(p.type)}`).join(", ")}</p>`;
}

/** `file:line`, linked to the section of the declaration that begins there (each section's id is `L` and its line). */
function where(ctx: Context, span: A.Span): string {
  return `<a href="${escapeHtml(`${ctx.pageOf(span.file)}#L${span.line}`)}">${escapeHtml(span.file)}:${span.line}</a>`;
}

function sourceBlock(ctx: Context, d: A.Decl): string {
  return `<details><summary>Source (${where(ctx, d.span)})</summary>${ctx.links.code(source(ctx, d.span))}</details>`;
}

function modifierLine(ctx: Context, m: A.ModifierDecl, stage: string): string {
  const when = m.condition ? ` when ${expr(ctx, m.condition)}` : "";
  const amount = m.amount ? ` ${expr(ctx, m.amount)}` : "";
  return `<li>${ctx.links.name(m.name.text)}: <code>${escapeHtml(m.op.text)}</code>${amount}${when} <span class="what">(stage ${shownName(stage)}${m.order ? `, order ${m.order}` : ""})</span></li>`;
}

function valueSection(ctx: Context, v: A.ValueDecl): string {
  const mods = ctx.program.modifiers.get(v) ?? [];
  const program = programStages(ctx.files);
  const stages = stagesOf(v, program);
  const list = mods.length ? `<ol class="modifiers">${mods.map((m) => modifierLine(ctx, m, wantedStage(m, stages))).join("\n")}</ol>` : "<p>No modifiers.</p>";
  // The program's stages are listed once, in their own section, and linked: every value repeating them
  // made a page of 8,000 values times a 50,000-character stage name longer than a string may be.
  const shown = !v.stages && program ? `<a href="${escapeHtml(`${ctx.pageOf(program.span.file)}#stages`)}">the program's stages</a>` : stageList(stages);
  return `<p>Base: ${expr(ctx, v.base)}</p>\n<p>Stages: ${shown}</p>\n<h4>Modifiers, in the order they apply</h4>\n${list}`;
}

function stageList(stages: readonly string[]): string {
  return stages.map((s) => `<code>${shownName(s)}</code>`).join(" → ");
}

function handlerLine(ctx: Context, t: A.TriggerDecl): string {
  const when = t.condition ? ` when ${expr(ctx, t.condition)}` : "";
  const doc = t.doc ? ` — ${docInline(t.doc)}` : "";
  return `<li><code>${showTiming(t.timing)}</code>${when}${t.order ? ` <span class="what">order ${t.order}</span>` : ""} (${escapeHtml(t.span.file)}:${t.span.line})${doc}</li>`;
}

function eventSection(ctx: Context, e: A.EventDecl): string {
  const h = ctx.program.handlers.get(e) ?? { before: [], instead: [], after: [] };
  const all = [...h.before, ...h.instead, ...h.after];
  const list = all.length ? `<ol class="handlers">${all.map((t) => handlerLine(ctx, t)).join("\n")}</ol>` : "<p>No handlers.</p>";
  const expiring = ctx.program.expiries.get(e) ?? [];
  const ends = expiring.length ? `<p>Ends or counts down: ${expiring.map((s) => ctx.links.name(s.name.text)).join(", ")}</p>` : "";
  return `${paramsList(ctx, e.params)}${e.returns ? `<p>Result: ${ctx.links.type(e.returns)}</p>` : ""}\n<h4>Handlers, in the order they run</h4>\n${list}\n${ends}`;
}

function pattern(ctx: Context, p: A.Pattern): string {
  if (!p.low && !p.high) return "<code>_</code>";
  if (!A.isRangePattern(p)) return expr(ctx, p.low!);
  return `${p.low ? expr(ctx, p.low) : ""}<code>..</code>${p.high ? expr(ctx, p.high) : ""}`;
}

function tableSection(ctx: Context, t: A.TableDecl): string {
  const head = `<tr>${t.params.map((p) => `<th>${escapeHtml(p.name.text)}</th>`).join("")}<th>Result</th></tr>`;
  const rows = t.rows.map((r) => `<tr>${r.patterns.map((p) => `<td>${pattern(ctx, p)}</td>`).join("")}<td>${expr(ctx, r.result)}</td></tr>`);
  return `${paramsList(ctx, t.params)}<p>Result: ${ctx.links.type(t.returns)}</p>\n<table class="rows">${head}\n${rows.join("\n")}\n</table>`;
}

function exampleSection(ctx: Context, x: A.ExampleDecl): string {
  const r = ctx.results.get(x);
  const result = !r ? "" : r.passed ? `<p class="passed">Passes.</p>` : `<p class="failed">Fails: ${escapeHtml(r.failure?.message ?? "")}</p>`;
  return `${ctx.links.code(source(ctx, x.span))}\n${result}`;
}

function statusSection(ctx: Context, s: A.StatusDecl): string {
  const e = s.expiry;
  if (!e) return "<p>Stays until cleared.</p>";
  const holder = e.holder ? ` whose <code>${escapeHtml(e.holder.text)}</code> is the holder` : "";
  return `<p>${e.times !== undefined ? `Ends after ${e.times} × ` : "Ends at "}${ctx.links.name(e.event.text)}${holder}.</p>`;
}

/** The first sentence of a doc comment, as inline HTML, for the index: at most SUMMARY_WIDTH characters of it. */
function summaryOf(doc: string | undefined): string {
  if (!doc) return "";
  const first = /^[\s\S]*?[.!?](?=\s|$)/.exec(doc.trim())?.[0] ?? doc.trim();
  return docInline(clipShown(first, SUMMARY_WIDTH));
}
const SUMMARY_WIDTH = 160;

/** The section for one declaration; undefined for those that document nothing of their own (imports). */
export function declarationSection(ctx: Context, d: A.Decl): { id: string; title: string; what: string; summary: string; html: string } | undefined {
  const doc = "doc" in d ? d.doc : undefined;
  const wrap = (id: string, title: string, what: string, body: string) => ({ id, title, what, summary: summaryOf(doc), html: `<section id="L${d.span.line}">\n${heading(id, title, what)}\n${docHtml("doc" in d ? d.doc : undefined)}\n${body}\n</section>` });
  switch (d.kind) {
    case "import":
    case "overrides":
      return undefined;
    case "stages":
      return wrap("stages", "stages", "the program's stages", `<p>Every value without stages of its own applies its modifiers in these stages, in this order: ${stageList(d.stages.map((n) => n.text))}</p>`);
    case "enum":
      return wrap(d.name.text, d.name.text, "enum", `<ul>${d.members.map((m) => `<li id="${escapeHtml(encodeURIComponent(`${d.name.text}.${m.text}`))}"><code>${escapeHtml(`${d.name.text}.${m.text}`)}</code></li>`).join("")}</ul>`);
    case "kind":
      return wrap(d.name.text, d.name.text, d.record ? "record" : "kind", fieldsTable(ctx, d.name.text, d.fields));
    case "state":
      return wrap("state", "state", "the game state", fieldsTable(ctx, "state", d.fields));
    case "status":
      return wrap(d.name.text, d.name.text, "status", statusSection(ctx, d));
    case "event":
      return wrap(d.name.text, d.name.text, "event", `${eventSection(ctx, d)}\n${sourceBlock(ctx, d)}`);
    case "trigger":
      return undefined; // listed under its event, in order
    case "fn":
      return wrap(d.name.text, d.name.text, "function", `<p><code>${ctx.links.highlight(header(d))}</code></p>\n${sourceBlock(ctx, d)}`);
    case "value":
      return wrap(d.name.text, d.name.text, "value", `<p><code>${ctx.links.highlight(header(d))}</code></p>\n${valueSection(ctx, d)}`);
    case "modifier": {
      // `decls` is indexed by declaration id, which a system checked after another starts past 0: it has holes.
      const target = ctx.program.decls.find((x): x is A.ValueDecl => x?.kind === "value" && x.name.text === d.target.text);
      const stage = target ? wantedStage(d, stagesOf(target, programStages(ctx.files))) : "";
      const body = `<p>Changes ${ctx.links.name(d.target.text)}: <code>${escapeHtml(d.op.text)}</code>${d.amount ? ` ${expr(ctx, d.amount)}` : ""}${d.condition ? ` when ${expr(ctx, d.condition)}` : ""}${stage ? ` <span class="what">(stage ${shownName(stage)})</span>` : ""}</p>`;
      return wrap(d.name.text, d.name.text, "modifier", `${body}\n${sourceBlock(ctx, d)}`);
    }
    case "table":
      return wrap(d.name.text, d.name.text, "table", tableSection(ctx, d));
    case "die":
      return wrap(d.name.text, d.name.text, "die", `<p>Faces of ${ctx.links.name(d.faceType.text)}:</p><ol>${d.faces.map((f) => `<li>${expr(ctx, f)}</li>`).join("")}</ol>`);
    case "example":
      return wrap(`example-${d.span.file}-${d.span.line}`, d.title, "example", exampleSection(ctx, d));
    // The reference reads the resolved tree, where each is merged into the declaration it extends.
    case "extendEnum":
    case "extendKind":
    case "extendTable":
    case "extendValue":
    case "replaceRow":
    case "removal":
      return undefined;
    default:
      return A.assertNever(d);
  }
}
