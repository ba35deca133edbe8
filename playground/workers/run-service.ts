// The run service of the engine worker: lists a game system's examples and scenarios, runs one with its trace, and turns
// the rules' decision points into questions for the page. Running here keeps the editor responsive
// while a long battle (or a runaway loop waiting for the step budget) runs.
import { formatRunError, formatStateProblems, formatWhyNot, indexProgram, runExamples, runScenario, scriptedChooser, showValue, whyNot, type Chooser } from "../../src/api.ts";
import type { Files, Outline, PendingChoice, RunReply, RunRequest, ScenarioResult } from "../protocol.ts";
import { compilePrograms, describeError, readyScenario } from "./programs.ts";
import { startingBoard } from "./scenario-board.ts";
import { boardOf } from "../board-model.ts";
import { BoardFollower } from "./board-timeline.ts";
import { isScenario } from "../manifests.ts";
import type { ServiceHandler } from "../engine-protocol.ts";

function inside(path: string, folder: string): boolean {
  return path.startsWith(folder + "/");
}

function outline(files: Files, system: string, mods: string[]): Outline {
  const scenarios = Object.keys(files)
    .filter((p) => inside(p, system) && isScenario(p))
    .sort()
    .map((path) => {
      let seed = "1";
      let run = "?";
      try {
        const raw = JSON.parse(files[path]!) as { seed?: unknown; run?: unknown };
        if (typeof raw.seed === "string") seed = raw.seed;
        if (typeof raw.run === "string") run = raw.run;
      } catch {
        // A scenario that does not parse is still listed; running it reports why.
      }
      return { path, seed, run };
    });
  const programs = compilePrograms(files, [system], mods);
  if ("problem" in programs) return { examples: [], scenarios, blocked: programs.problem };
  // An example a mod switched on overrides is meant to change: not offered, as `rulesmith test BASE MOD` skips it.
  const examples = programs.ok.flatMap((files) => indexProgram(files).examples.filter((ex) => !programs.overridden?.has(ex.title)).map((ex) => ({ title: ex.title, file: ex.span.file, line: ex.span.line })));
  return { examples, scenarios };
}

/** Thrown from the chooser to stop a run at a question nobody has answered yet. */
class NeedsAnswer extends Error {}

function scenario(files: Files, path: string, seed: string, answers: number[], ask: boolean, mods: string[]): ScenarioResult {
  const loaded = readyScenario(files, path, mods);
  if ("problem" in loaded) return { seed, error: loaded.problem, ...(loaded.span ? { errorSpan: loaded.span } : {}), trace: [] };
  const { scenario, program } = loaded.ok;
  // The scenario's own "choices" come first, as on the command line; then the user's answers so far.
  // Re-running with the same seed and answers replays the run exactly up to the next question.
  const script = scriptedChooser(scenario.choices ?? []);
  let pending: PendingChoice | undefined;
  let given = 0;
  const chooser: Chooser = {
    choose(question, options, span, who) {
      const scripted = script.choose(question, options, span, who);
      if (scripted !== undefined || !ask) return scripted;
      if (given < answers.length) return answers[given++];
      // The page shows the question as written, and who the rules say answers it.
      pending = { question: who === undefined ? question : `${question} (asked of ${who})`, options: options.map(showValue), span, index: given };
      throw new NeedsAnswer(question);
    },
  };
  // The trace goes to a follower that reads the board at each line, so the page can step through the run.
  const follower = new BoardFollower(program);
  const out = runScenario(program, scenario, { seed, trace: true, chooser, traceSink: follower, watchState: follower.watch });
  const trace = follower.entries;
  // The board before and after, for a state with positions (board-model.ts): drawn beside the trace.
  const before = startingBoard(program, scenario.state);
  const after = out.state ? boardOf(program, out.state) : undefined;
  const steps = before || after ? follower.finish() : undefined;
  const board = before || after ? { board: { ...(before ? { before } : {}), ...(after ? { after } : {}), ...(steps ? { steps } : {}) } } : {};
  if (pending) return { seed, trace, pending, ...board };
  if (out.stateProblems) return { seed, error: formatStateProblems(out.stateProblems), trace: [] };
  if (out.error) return { seed, error: formatRunError(out.error), ...(out.error.span ? { errorSpan: out.error.span } : {}), trace, ...board };
  return { seed, ...(out.resultText !== undefined ? { resultText: out.resultText } : {}), state: out.state, trace, ...board };
}

function handle(req: RunRequest): RunReply {
  const mods = req.mods ?? [];
  switch (req.type) {
    case "outline":
      return { id: req.id, type: "outline", outline: outline(req.files, req.system, mods) };
    case "example": {
      const programs = compilePrograms(req.files, [req.system], mods);
      if ("problem" in programs) return { id: req.id, type: "error", message: programs.problem };
      const run = programs.ok.flatMap((p) => runExamples(p, undefined, (t) => t === req.title))[0];
      if (!run) return { id: req.id, type: "error", message: `there is no example titled "${req.title}" any more` };
      return { id: req.id, type: "example", run: { title: run.title, passed: run.passed, ...(run.failure ? { failure: run.failure } : {}), trace: run.trace } };
    }
    case "scenario":
      return { id: req.id, type: "scenario", run: scenario(req.files, req.path, req.seed, req.answers, req.ask, mods) };
    case "why-not": {
      const loaded = readyScenario(req.files, req.path, mods);
      if ("problem" in loaded) return { id: req.id, type: "why-not", text: loaded.problem, failed: true };
      const answer = whyNot(loaded.ok, req.rule, req.seed);
      if ("problem" in answer) return { id: req.id, type: "why-not", text: `error[E0435]: ${answer.problem}`, failed: true };
      return { id: req.id, type: "why-not", text: formatWhyNot(answer, `rulesmith run ${req.path} --seed ${req.seed} --trace`), failed: false };
    }
    case "file-examples": {
      // Every example of one file, as `rulesmith test FILE` runs them: each from a fresh state, seeded by its title.
      const programs = compilePrograms(req.files, [req.system], mods);
      if ("problem" in programs) return { id: req.id, type: "error", message: programs.problem };
      const verdicts = programs.ok.flatMap((p) => runExamples(p, (f) => f === req.file, (t) => !programs.overridden?.has(t))).map((r) => ({
        title: r.title,
        line: r.span.line,
        passed: r.passed,
        ...(r.failure ? { failure: `${r.failure.code ? `error[${r.failure.code}]: ` : ""}${r.failure.message.split("\n")[0]}` } : {}),
      }));
      return { id: req.id, type: "file-examples", file: req.file, verdicts };
    }
  }
}

export const runService: ServiceHandler<"run"> = (req, post) => {
  let reply: RunReply;
  try {
    reply = handle(req);
  } catch (err) {
    reply = { id: req.id, type: "error", message: describeError(err) };
  }
  post(reply);
};
