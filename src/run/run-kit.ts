// What statements share between the tree-walker, the closures and the generated code (each construct in
// src/constructs/ reaches it through its engine's context, since a construct imports values from core
// alone): the checks a statement makes as it changes a list or a field, `expect`, and the trace lines,
// whose text is made in trace.ts only (all of its exports are here, so a new line needs no edit here).
import * as trace from "./trace.ts";
import { checkRange, expect, push, take } from "./writes.ts";

export const RUN_KIT = Object.freeze({ push, take, expect, checkRange, trace });
export type RunKit = typeof RUN_KIT;
