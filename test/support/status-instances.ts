// The rules the tests of statuses as instances share: two dragons' fear on one unit, values under each
// stacking policy, and an expiry on any of two events.
export const INSTANCE_RULES = `kind Dragon { name: text }
kind Unit { name: text }
state { red: Dragon, blue: Dragon, hero: Unit }
event RoundEnds()
event Slain(dragon: Dragon)
event OutOfSight(dragon: Dragon)
status frightened(level: int) stacks highest until RoundEnds
status weakened(level: int) stacks sum for 2 RoundEnds
status shaken stacks separate
status afraid(level: int)
status dazed until Slain(dragon) or RoundEnds

fn penalty(u: Unit) -> int = statusValue(u, frightened) + statusValue(u, weakened) + statusValue(u, afraid)
fn isShaken(u: Unit) -> bool = u has shaken
fn hunt() { clear shaken(from: red) from hero }

example "highest and sum" {
  red = Dragon(name: "Red")
  blue = Dragon(name: "Blue")
  hero = Unit(name: "Hero")
  apply frightened(2, from: red) to hero
  apply frightened(1, from: blue) to hero
  expect statusValue(hero, frightened) == 2
  expect statusValueFrom(hero, frightened, blue) == 1
  apply weakened(2) to hero
  apply weakened(level: 1) to hero
  expect statusValue(hero, weakened) == 3
  expect penalty(hero) == 5
  emit RoundEnds()
  expect not (hero has frightened)
  expect statusValue(hero, weakened) == 3
  emit RoundEnds()
  expect statusValue(hero, weakened) == 0
}

example "separate sources" {
  red = Dragon(name: "Red")
  blue = Dragon(name: "Blue")
  hero = Unit(name: "Hero")
  apply shaken(from: red) to hero until Slain(dragon: red) or OutOfSight(dragon: red)
  apply shaken(from: blue) to hero until Slain(dragon: blue) or OutOfSight(dragon: blue)
  expect hero has shaken from red and hero has shaken from blue
  emit OutOfSight(red)
  expect not (hero has shaken from red)
  expect hero has shaken from blue
  expect isShaken(hero)
  clear shaken(from: blue) from hero
  expect not isShaken(hero)
}

example "refresh" {
  red = Dragon(name: "Red")
  hero = Unit(name: "Hero")
  apply afraid(3, from: red) to hero
  apply afraid(1) to hero
  expect statusValue(hero, afraid) == 1
  expect not (hero has afraid from red)
}

example "a declared expiry on either of two events" {
  red = Dragon(name: "Red")
  apply dazed to red
  emit Slain(blue)
  expect red has dazed
  emit Slain(red)
  expect not (red has dazed)
  apply dazed to red
  emit RoundEnds()
  expect not (red has dazed)
}
`;
