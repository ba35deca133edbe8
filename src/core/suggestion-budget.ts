// A bound on did-you-mean work (issue 14, large files). Finding the closest name compares a misspelt name
// with every name in scope, so a file of many unknown names in a program of many names made the check
// quadratic: a 300 KB file of unknown names took most of a minute. One budget per check: the first
// SUGGESTIONS_PER_FILE unknown names the checker meets in each file get a did-you-mean; after that the
// help still says what to do, in words, and why no name is suggested. An ordinary file never reaches it.
import type { Span } from "./ast.ts";
import { didYouMean } from "./diagnostics.ts";

/** The most unknown names in one file that get a did-you-mean. */
export const SUGGESTIONS_PER_FILE = 200;

/** The help for an unknown name once its file has had its share of suggestions. */
export function spentHelp(name: string, perFile = SUGGESTIONS_PER_FILE): string {
  return `check the spelling of \`${name}\` and that it is declared (no suggestions after the first ${perFile} unknown names in a file)`;
}

export class SuggestionBudget {
  /** Suggestions given so far, by file: a Map, since file paths come from strangers. */
  private readonly used = new Map<string, number>();

  constructor(readonly perFile = SUGGESTIONS_PER_FILE) {}

  /**
   * The did-you-mean for `name`, unknown at `span`, among `candidates`, or the plain help once the file has
   * had its share. `candidates` is a function so that, past the budget, the names in scope are not even
   * gathered: gathering them is itself as long as the scope.
   */
  help(name: string, span: Span, candidates: () => Iterable<string>): string | undefined {
    return this.spent(span.file) ? spentHelp(name, this.perFile) : this.guess(span.file, name, candidates);
  }

  /**
   * The did-you-mean for `name` among `candidates` while `file` (a rules file, or a state being validated)
   * has suggestions left, else undefined: for messages that name no file of rules, whose words say
   * enough without the help.
   */
  guess(file: string, name: string, candidates: () => Iterable<string>): string | undefined {
    const used = this.used.get(file) ?? 0;
    if (used >= this.perFile) return undefined;
    this.used.set(file, used + 1);
    return didYouMean(name, candidates());
  }

  private spent(file: string): boolean {
    return (this.used.get(file) ?? 0) >= this.perFile;
  }
}
