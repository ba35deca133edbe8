// The starting board of a scenario: its state with the declared defaults filled in (a map left out of
// the JSON is still the map the rules play on), read the way the run reads it.
import { stateFromJson, stateToJson, type Json, type RuntimeProgram } from "../../src/api.ts";
import { boardOf, type Board } from "../board-model.ts";

export function startingBoard(p: RuntimeProgram, state: Record<string, Json>): Board | undefined {
  try {
    return boardOf(p, stateToJson(p, stateFromJson(p, state)));
  } catch {
    // A state the run refuses has its own message; the board is only an extra.
    return undefined;
  }
}
