// Warlords III stack combat, written by hand in plain TypeScript: the yardstick the interpreter is
// measured against in `npm run bench`. It follows rules/warlords3/*.rules step by step and draws its
// dice from seedrandom exactly as src/run/dice.ts does, in exactly the same order, so a seed gives
// the same battle here as in the interpreter.
//
// This file is for the bench only. It imports nothing from src/ (and src/ must never import it): the
// language stays free of game-specific TypeScript, and the comparison stays honest.
import seedrandom from "seedrandom";

// ---- the data model (units.rules) ------------------------------------------------------------------

export type Side = "attacker" | "defender";
export type Ability = "missile" | "slayer" | "hitPoints" | "flight";
/** What a slayer ability slays, and what a unit is vulnerable to. */
export type Bane = "none" | "dragon" | "undead";

export interface Bonus {
  name: string;
  ability: Ability;
  plus: number;
  slays: Bane;
}

export interface Unit {
  name: string;
  strength: number;
  hp: number;
  missile: number;
  medals: number;
  trample: number;
  naturalFlyer: boolean;
  slayer: number;
  slays: Bane;
  vulnerableTo: Bane;
  items: Bonus[];
  shots: number;
  // Statuses. inCombat and missileImmune last until the battle ends; the other two never expire.
  inCombat: boolean;
  missileImmune: boolean;
  diseased: boolean;
  lifedrained: boolean;
}

export interface Stack {
  name: string;
  units: Unit[];
  dead: Unit[];
  spells: Bonus[];
}

export interface Battlefield {
  attacker: Stack;
  defender: Stack;
}

// ---- the scenario's JSON state, read the way the interpreter reads it (defaults from the kinds) -----

export interface BonusJson {
  name: string;
  ability: Ability;
  plus?: number;
  slays?: Bane;
}

export interface UnitJson {
  name: string;
  strength: number;
  hp: number;
  missile?: number;
  medals?: number;
  trample?: number;
  naturalFlyer?: boolean;
  slayer?: number;
  slays?: Bane;
  vulnerableTo?: Bane;
  items?: BonusJson[];
  shots?: number;
  statuses?: Record<string, true | number>;
}

export interface StackJson {
  name: string;
  units?: UnitJson[];
  dead?: UnitJson[];
  spells?: BonusJson[];
}

export interface BattlefieldJson {
  attacker: StackJson;
  defender: StackJson;
}

function bonusFromJson(b: BonusJson): Bonus {
  return { name: b.name, ability: b.ability, plus: b.plus ?? 1, slays: b.slays ?? "none" };
}

function unitFromJson(u: UnitJson): Unit {
  const statuses = u.statuses ?? {};
  return {
    name: u.name,
    strength: u.strength,
    hp: u.hp,
    missile: u.missile ?? 0,
    medals: u.medals ?? 0,
    trample: u.trample ?? 0,
    naturalFlyer: u.naturalFlyer ?? false,
    slayer: u.slayer ?? 0,
    slays: u.slays ?? "none",
    vulnerableTo: u.vulnerableTo ?? "none",
    items: (u.items ?? []).map(bonusFromJson),
    shots: u.shots ?? 0,
    inCombat: "inCombat" in statuses,
    missileImmune: "missileImmune" in statuses,
    diseased: "diseased" in statuses,
    lifedrained: "lifedrained" in statuses,
  };
}

function stackFromJson(s: StackJson): Stack {
  return { name: s.name, units: (s.units ?? []).map(unitFromJson), dead: (s.dead ?? []).map(unitFromJson), spells: (s.spells ?? []).map(bonusFromJson) };
}

/** A fresh battlefield from the scenario's state: every battle starts from its own copy. */
export function battlefieldFromJson(state: BattlefieldJson): Battlefield {
  return { attacker: stackFromJson(state.attacker), defender: stackFromJson(state.defender) };
}

// ---- dice: the same stream as src/run/dice.ts -----------------------------------------------------

export class Dice {
  private readonly rng: seedrandom.StatefulPRNG<seedrandom.State.Arc4>;

  constructor(seed: string) {
    this.rng = seedrandom(seed, { state: true });
  }

  roll(sides: number): number {
    return Math.floor(this.rng() * sides) + 1;
  }

  /** A percentage chance: one d100, a success when it is at most `percent`. */
  chance(percent: number): boolean {
    return this.roll(100) <= percent;
  }

  state(): seedrandom.State.Arc4 {
    return this.rng.state();
  }
}

// ---- bonuses (units.rules) ------------------------------------------------------------------------------

function best(bonuses: Bonus[], ability: Ability): number {
  let top = 0;
  for (const b of bonuses) if (b.ability === ability && b.plus > top) top = b.plus;
  return top;
}

function bestSlayer(bonuses: Bonus[], target: Bane): number {
  let top = 0;
  for (const b of bonuses) if (b.ability === "slayer" && b.slays === target && b.plus > top) top = b.plus;
  return top;
}

function isFlying(u: Unit, own: Stack): boolean {
  return u.naturalFlyer || best(own.spells, "flight") > 0 || best(u.items, "flight") > 0;
}

function entryHits(u: Unit, own: Stack): number {
  let hits = u.hp + best(own.spells, "hitPoints") + best(u.items, "hitPoints");
  if (u.diseased) hits -= 1;
  if (u.lifedrained) hits -= 1;
  return hits;
}

/** Step 1: the first time a unit steps up it gets its hits, its shots and (judged now) missile immunity. */
function enterCombat(u: Unit, own: Stack): void {
  if (u.inCombat) return;
  u.inCombat = true;
  u.hp = entryHits(u, own);
  u.shots = u.missile + best(own.spells, "missile") + best(u.items, "missile");
  if (!isFlying(u, own) && u.hp >= 4) u.missileImmune = true;
}

// ---- step 4: missiles (missile.rules) -------------------------------------------------------------------

/** Offsetting first, then shots at a missile-immune unit are used up. */
function offsetShots(a: Unit, d: Unit): void {
  const offset = Math.min(a.shots, d.shots);
  if (offset > 0) {
    a.shots -= offset;
    d.shots -= offset;
  }
  if (a.shots > 0 && d.missileImmune) a.shots = 0;
  if (d.shots > 0 && a.missileImmune) d.shots = 0;
}

/** One shot: shooter's d20 then target's d20; +3 strength against a flyer; a hit kills; the shooter cannot be hit. */
function missileShot(shooter: Unit, target: Unit, targetStack: Stack, dice: Dice): void {
  const shooterRoll = dice.roll(20);
  const targetRoll = dice.roll(20);
  const strength = shooter.strength + (isFlying(target, targetStack) ? 3 : 0);
  if (shooterRoll < strength && !(targetRoll < target.strength)) target.hp = 0;
}

function fireShots(shooter: Unit, target: Unit, targetStack: Stack, dice: Dice): void {
  while (shooter.shots > 0 && target.hp > 0) {
    shooter.shots -= 1;
    missileShot(shooter, target, targetStack, dice);
  }
}

function missilePhase(a: Unit, aStack: Stack, d: Unit, dStack: Stack, dice: Dice): void {
  offsetShots(a, d);
  fireShots(a, d, dStack, dice);
  fireShots(d, a, aStack, dice);
}

// ---- step 5: rounds of normal combat (rounds.rules, hits.rules) ------------------------------------------

const MEDAL_DIE = [0, 30, 26, 22, 18] as const;

/** A d20, and with medals a second die; the lower is kept. */
function combatRoll(u: Unit, dice: Dice): number {
  const first = dice.roll(20);
  if (u.medals === 0) return first;
  return Math.min(first, dice.roll(MEDAL_DIE[u.medals]!));
}

function damage(u: Unit, amount: number): void {
  u.hp = Math.max(0, u.hp - amount);
}

/** Unit slayer (best of the stack's units) + best spell slayer + best item slayer (best of the stack's units). */
function stackSlayer(s: Stack, target: Bane): number {
  let unitPart = 0;
  let itemPart = 0;
  for (const u of s.units) {
    if (u.slays === target && u.slayer > unitPart) unitPart = u.slayer;
    const fromItems = bestSlayer(u.items, target);
    if (fromItems > itemPart) itemPart = fromItems;
  }
  return unitPart + bestSlayer(s.spells, target) + itemPart;
}

/** A hit: 1 hp, then trample (natural flyers immune), then slayer (each plus a 10% chance to kill). */
function unitHit(hitter: Unit, hitterStack: Stack, target: Unit, dice: Dice): void {
  damage(target, 1);
  if (hitter.trample > 0 && target.hp > 0 && !target.naturalFlyer) damage(target, hitter.trample);
  if (target.hp > 0 && target.vulnerableTo !== "none") {
    const plus = stackSlayer(hitterStack, target.vulnerableTo);
    if (plus > 0 && dice.chance(plus * 10)) target.hp = 0;
  }
}

/** Attacker rolls first, then defender; "under" means strictly below strength. */
function combatRound(a: Unit, aStack: Stack, d: Unit, dStack: Stack, dice: Dice): void {
  const attackerUnder = combatRoll(a, dice) < a.strength;
  const defenderUnder = combatRoll(d, dice) < d.strength;
  if (attackerUnder && !defenderUnder) unitHit(a, aStack, d, dice);
  else if (defenderUnder && !attackerUnder) unitHit(d, dStack, a, dice);
}

// ---- the whole battle (battle.rules) ----------------------------------------------------------------------

function removeFallen(s: Stack): void {
  for (const u of [...s.units]) {
    if (u.hp === 0) {
      s.units.splice(s.units.indexOf(u), 1);
      s.dead.push(u);
    }
  }
}

function engage(field: Battlefield, dice: Dice): void {
  const { attacker, defender } = field;
  const a = attacker.units[0]!;
  const d = defender.units[0]!;
  enterCombat(a, attacker);
  enterCombat(d, defender);
  missilePhase(a, attacker, d, defender, dice);
  while (a.hp > 0 && d.hp > 0) combatRound(a, attacker, d, defender, dice);
  removeFallen(attacker);
  removeFallen(defender);
}

/** Battle-long statuses end with the battle. */
function battleEnds(field: Battlefield): void {
  for (const s of [field.attacker, field.defender]) {
    for (const u of [...s.units, ...s.dead]) {
      u.inCombat = false;
      u.missileImmune = false;
    }
  }
}

/** Fights the battle on `field` (mutating it) and returns the winning side. */
export function battle(field: Battlefield, dice: Dice): Side {
  while (field.attacker.units.length > 0 && field.defender.units.length > 0) engage(field, dice);
  battleEnds(field);
  return field.attacker.units.length > 0 ? "attacker" : "defender";
}

/** One seeded battle from the scenario's state, like `runScenario` with `run: "battle"`. */
export function runBattle(state: BattlefieldJson, seed: string): Side {
  return battle(battlefieldFromJson(state), new Dice(seed));
}
