// The "New game" starter: a game system of its own folder with the least that shows every part of
// the language's loop (a kind, the state, a rule that rolls, an example that tests it, a scenario that
// runs it), checked, tested and run as it stands. The browser test runs all three.

/**
 * The starter's files under `folder` (like `rules/mygame`), by path; its `system.json` names it after
 * the folder, so it is a base system that mods can extend (the Mods pane's New mod).
 */
export function starterFiles(folder: string): Record<string, string> {
  const name = folder.slice(folder.lastIndexOf("/") + 1);
  return {
    [`${folder}/system.json`]: `${JSON.stringify({ name, version: "0.1.0", title: "My game" }, null, 2)}\n`,
    [`${folder}/game.rules`]: RULES,
    [`${folder}/scenarios/start.json`]: SCENARIO,
  };
}

const RULES = `// My game: a starting point to change. The Problems tab checks as you type; the Run tab runs the
// examples and the scenario; Help lists the shortcuts and the language reference.

/// A fighter. \`in 1..10\` is checked whenever a state or a rule sets it.
kind Fighter {
  name: text
  strength: int in 1..10
}

/// The game state: what a scenario file gives, and what the rules change.
state {
  hero: Fighter
  wins: int = 0
}

/// One attack: a d6 plus the fighter's strength; 8 or more wins, and counts.
fn attack(f: Fighter) -> bool {
  let total = roll d6 + f.strength
  if total >= 8 {
    wins = wins + 1
    return true
  }
  return false
}

/// What the scenario runs: three attacks by the hero; the result is how many won.
fn threeAttacks() -> int {
  for i in [1, 2, 3] {
    attack(hero)
  }
  return wins
}

/// An example is a test: its dice are forced and \`rulesmith test\` checks what it expects.
example "strength 4 wins on a roll of 4 and loses on a 3" {
  let ada = Fighter(name: "Ada", strength: 4)
  force dice [4, 3]
  expect attack(ada) == true
  expect attack(ada) == false
}
`;

const SCENARIO = `{
  "rules": "../game.rules",
  "run": "threeAttacks",
  "seed": "1",
  "state": {
    "hero": { "name": "Ada", "strength": 4 }
  }
}
`;
