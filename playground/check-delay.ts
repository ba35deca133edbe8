// How long the editor waits after a keystroke before it checks the file: half as long as the file's
// last check took, within bounds. A file that checks in 40 ms is checked 30 ms after typing pauses, so
// its markers follow the keystroke within about 70 ms; a file whose check takes 500 ms waits the
// longest pause, so a burst of keystrokes does not start one slow check per key. A key pressed while
// a check runs waits for that check, so a pause shorter than the check costs little; a pause as long
// as the check would add it to every keystroke. The worker runs only the
// newest check of a file (workers/language-service.ts), so a check that is stale before it starts costs nothing.

/** Never check sooner than this after a keystroke: a burst of typing still costs one check. */
export const MIN_CHECK_DELAY_MS = 30;
/** Never wait longer than this: the old fixed debounce. */
export const MAX_CHECK_DELAY_MS = 250;

export class CheckDelay {
  /** How long the newest check that finished took, per file, from asking to the reply (ms). */
  private readonly took = new Map<string, number>();

  /** The pause to wait before checking `path`. */
  delay(path: string): number {
    const last = this.took.get(path);
    const delay = last === undefined ? MIN_CHECK_DELAY_MS : Math.round(Math.min(MAX_CHECK_DELAY_MS, Math.max(MIN_CHECK_DELAY_MS, last / 2)));
    // For `npm run bench:editor`, which reports keystroke-to-marker with and without this wait.
    document.body.dataset["checkDelayMs"] = String(delay);
    return delay;
  }

  /** A check of `path` asked for at `started` (performance.now()) has been answered. */
  finished(path: string, started: number) {
    this.took.set(path, performance.now() - started);
  }
}
