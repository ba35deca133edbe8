// `rulesmith worker` as bench:queue starts it: the CLI's own command, bundled by esbuild like the bench,
// so the workers measured run shipped JavaScript, not the sources through tsx.
import { main } from "../src/hosts/cli/main.ts";

process.exitCode = await main(["worker", ...process.argv.slice(2)]);
