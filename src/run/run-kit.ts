// What statements share between the tree-walker, the closures and the generated code (each construct in
// src/constructs/ reaches it through its engine's context, since a construct imports values from core
// alone): the checks a statement makes as it changes a list or a field, and `expect`. A statement's trace
// line is not here: its construct module makes it (it needs only core's showValue and showExpr).
import { checkRange, expect, push, take } from "./writes.ts";

export const RUN_KIT = Object.freeze({ push, take, expect, checkRange });
export type RunKit = typeof RUN_KIT;
