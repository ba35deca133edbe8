// The three functions of the npm `semver` package (the range syntax npm itself uses) that the mod loader
// calls, each imported from its own module so a browser bundle takes only them and what they use.
// Declared here rather than by adding @types/semver: three functions of a stable API need no package.
declare module "semver/functions/valid.js" {
  /** The version in its clean form (`1.2.0`), or null when `v` is no version. */
  export default function valid(v: string): string | null;
}
declare module "semver/ranges/valid.js" {
  /** The range in its normal form (`>=1.0.0 <2.0.0-0`), or null when `r` is no range. */
  export default function validRange(r: string): string | null;
}
declare module "semver/functions/satisfies.js" {
  export default function satisfies(v: string, range: string): boolean;
}
