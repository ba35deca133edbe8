// The part of the npm `semver` package (the range syntax npm itself uses) that the mod loader calls.
// Declared here rather than by adding @types/semver: three functions of a stable API need no package.
declare module "semver" {
  interface SemverApi {
    /** The version in its clean form (`1.2.0`), or null when `v` is no version. */
    valid(v: string): string | null;
    /** The range in its normal form (`>=1.0.0 <2.0.0-0`), or null when `r` is no range. */
    validRange(r: string): string | null;
    satisfies(v: string, range: string): boolean;
  }
  const semver: SemverApi;
  export default semver;
}
