// Run first by `npm run test:browser`: makes sure a Chromium is there for the browser tests. Finds one
// (scripts/find-chromium.ts); when there is none and this process can install packages (root, with
// apt-get), installs Debian's chromium, saying so; otherwise stops with the exact command to run.
// The steps, with the machine passed in so a test can fake it, are in scripts/browser-setup.ts.
import { ensureBrowser } from "./browser-setup.ts";

process.exitCode = ensureBrowser();
