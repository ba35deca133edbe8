// What the grammar allows at the cursor, asked of the parser itself (Chevrotain's content assist): the
// keywords that may come next, and what sort of name may, read from the rule and label of the
// grammar position that takes the name.
import { NonTerminal, Terminal, type IProduction, type IToken, type TokenType } from "chevrotain";
import { parser } from "../../../grammar/parser.ts";
import * as T from "../../../grammar/tokens.ts";
import { nextTokens } from "./repair.ts";

export type NameRole = "expression" | "type" | "event" | "status" | "value" | "member" | "argument" | "modifierOp" | "rounding" | "holder";

/**
 * What a name at a grammar position (rule, then the token's label) refers to. A position not listed
 * introduces a new name - a declaration, parameter, field or variable - where nothing is offered.
 */
const ROLES: Record<string, NameRole> = {
  "primary.Name": "expression",
  "typeRef.Name": "type",
  "triggerDecl.Name": "event",
  "emitStmt.event": "event",
  "emitExpr.Name": "event",
  "expiryEvent.event": "event",
  "statusDecl.event": "event",
  "statusDecl.holder": "holder",
  "applyStmt.Name": "status",
  "clearStmt.status": "status",
  "compareExpr.status": "status",
  "modifierDecl.target": "value",
  "modifierDecl.op": "modifierOp",
  "rounding.mode": "rounding",
  "postfixExpr.member": "member",
  "argument.name": "argument",
};

/** Each grammar rule's tokens by `TokenName#occurrence`, with the label the grammar gives them. */
const labels: Map<string, string> = (() => {
  const out = new Map<string, string>();
  const walk = (rule: string, defs: IProduction[]) => {
    for (const d of defs) {
      // A subrule's tokens belong to that rule, which is walked on its own.
      if (d instanceof NonTerminal) continue;
      if (d instanceof Terminal) out.set(`${rule}.${d.terminalType.name}#${d.idx}`, d.label ?? d.terminalType.name);
      else if ("definition" in d && Array.isArray(d.definition)) walk(rule, d.definition as IProduction[]);
    }
  };
  for (const [name, rule] of Object.entries(parser.getGAstProductions())) walk(name, rule.definition);
  return out;
})();

/** Every `rule.label` at which the grammar takes a name: ROLES may only speak of these. */
export function namePositions(): { known: Set<string>; described: string[] } {
  const nameTokens = [T.Identifier, T.Name, T.AnyName].map((t) => `.${t.name}#`);
  const known = new Set([...labels].filter(([key]) => nameTokens.some((n) => key.includes(n))).map(([key, label]) => `${key.split(".")[0]}.${label}`));
  return { known, described: Object.keys(ROLES) };
}

const keywordText = new Map<TokenType, string>(Object.entries(T.keywords).map(([text, type]) => [type, text]));

export interface Expected {
  keywords: string[];
  roles: Set<NameRole>;
}

/**
 * What may follow `tokens`, the cursor's declaration up to the word being typed. When a mistake earlier
 * in the declaration stops the grammar from reading that far, the statement around the cursor is
 * read alone: from the last `{`, `}` or `;`, then from the start of the cursor's line.
 */
export function expectedAfter(tokens: IToken[], cursorLine: number): Expected {
  if (tokens[tokens.length - 1]?.tokenType === T.Dot) return { keywords: [], roles: new Set(["member"]) };
  // Content assist takes time in the square of the brackets nested before the cursor (2,300 `[` took 22 s),
  // and memory too, closed or not (2,569 `f(` closed again before the cursor ran out of 4 GB): past
  // any depth rule text reaches, the cursor gets the names of an expression without the keywords.
  if (deepestBrackets(tokens) > MAX_ASSIST_DEPTH) return { keywords: [], roles: new Set(["expression"]) };
  let boundary = tokens.length - 1;
  while (boundary >= 0 && ![T.LBrace, T.RBrace, T.Semicolon].includes(tokens[boundary]!.tokenType)) boundary--;
  const onLine = tokens.findIndex((t) => t.startLine === cursorLine);
  const attempts: [string, IToken[]][] = [
    ["file", tokens],
    ["statement", tokens.slice(boundary + 1)],
    ["statement", onLine < 0 ? [] : tokens.slice(onLine)],
  ];
  for (const [rule, from] of attempts) {
    // After a token the grammar cannot take, content assist tries every way through an `else if` chain:
    // time doubles with each branch (16 took 25 s), so a longer chain is not read this way.
    if (elseIfs(from) > MAX_ASSIST_ELSE_IFS) continue;
    const paths = safely(() => nextTokens(rule, from));
    if (paths.length === 0) continue;
    const expected: Expected = { keywords: [], roles: new Set() };
    for (const p of paths) {
      const keyword = keywordText.get(p.nextTokenType);
      if (keyword !== undefined) expected.keywords.push(keyword);
      const rule = p.ruleStack[p.ruleStack.length - 1] ?? "";
      const role = ROLES[`${rule}.${labels.get(`${rule}.${p.nextTokenType.name}#${p.nextTokenOccurrence}`)}`];
      if (role) expected.roles.add(role);
    }
    expected.keywords = [...new Set(expected.keywords)];
    return expected;
  }
  return { keywords: [], roles: new Set(["expression"]) };
}

/** Brackets deeper than this are read without content assist (about 50 ms at this depth). */
const MAX_ASSIST_DEPTH = 100;

/** `else if` branches in tokens read by content assist (8 take about 150 ms after a mistake). */
const MAX_ASSIST_ELSE_IFS = 8;

function elseIfs(tokens: IToken[]): number {
  let n = 0;
  for (let i = 1; i < tokens.length; i++) if (tokens[i]!.tokenType === T.keywords.if && tokens[i - 1]!.tokenType === T.keywords.else) n++;
  return n;
}

/** The most `(`, `[` and `{` open at once anywhere in `tokens`. */
function deepestBrackets(tokens: IToken[]): number {
  let depth = 0;
  let deepest = 0;
  for (const t of tokens) {
    if (t.tokenType === T.LParen || t.tokenType === T.LBracket || t.tokenType === T.LBrace) deepest = Math.max(deepest, ++depth);
    else if ((t.tokenType === T.RParen || t.tokenType === T.RBracket || t.tokenType === T.RBrace) && depth > 0) depth--;
  }
  return deepest;
}

function safely<T>(f: () => T[]): T[] {
  try {
    return f();
  } catch {
    return [];
  }
}
