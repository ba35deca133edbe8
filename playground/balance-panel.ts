// The Balance tab: `rulesmith balance` on a roster of the open system (rules/SYSTEM/balance/*.json, or a
// roster file of the workspace there), run in a web worker (workers/balance-service.ts) and shown as the
// same HTML report `--html` writes, heat map and all, in a sandboxed frame. Cancelling terminates the
// worker; the editor never waits for it.
import { EngineWorker } from "./engine-worker.ts";
import type { BalanceReply, BalanceRequest } from "./validate-protocol.ts";
import { el } from "./dom.ts";

/** The bundled rosters: not in the workspace's files, which would take them for scenarios. */
const bundledRosters = Object.fromEntries(
  Object.entries(import.meta.glob("../rules/**/balance/*.json", { query: "?raw", import: "default", eager: true }) as Record<string, string>).map(([k, v]) => [k.replace(/^\.\.\//, ""), v]),
);

export interface BalancePanelHost {
  files(): Record<string, string>;
  /** The open file's system folder. */
  system(): string;
  /** The mods' folders switched on (mods-panel.ts): the roster's scenario loads with those of its base. */
  mods(): string[];
}

export class BalancePanel {
  private readonly roster = el("select", { id: "balance-roster", "aria-label": "roster to balance" });
  private readonly runs = el("input", { id: "balance-runs", type: "number", min: "1", max: "100000", value: "200", "aria-label": "runs per matchup" });
  private readonly seed = el("input", { id: "balance-seed", type: "text", size: "6", value: "1", "aria-label": "seed" });
  private readonly exact = el("input", { id: "balance-exact", type: "checkbox" });
  private readonly start = el("button", { id: "balance-start", class: "primary" }, "Balance");
  private readonly cancel = el("button", { id: "balance-cancel", disabled: "" }, "Cancel");
  private readonly status = el("div", { id: "balance-status", role: "status" });
  private readonly frame = el("iframe", { id: "balance-report", title: "balance report", sandbox: "", hidden: "" });
  private worker: EngineWorker<"balance"> | undefined;

  constructor(
    container: HTMLElement,
    private readonly host: BalancePanelHost,
  ) {
    container.append(
      el(
        "div",
        { class: "controls" },
        el("label", { class: "wide" }, "Roster ", this.roster),
        el("label", {}, "runs ", this.runs),
        el("label", {}, "seed ", this.seed),
        el("label", { title: "Work out each matchup's exact odds where `rulesmith odds` can (slower)" }, this.exact, " exact odds"),
        this.start,
        this.cancel,
      ),
      this.status,
      this.frame,
    );
    this.frame.style.width = "100%";
    this.frame.style.height = "70vh";
    this.frame.style.border = "0";
    this.start.addEventListener("click", () => this.balance());
    this.cancel.addEventListener("click", () => this.stop("cancelled"));
  }

  /** Rosters of the open system: the bundled ones and the workspace's own `balance/*.json`. */
  private rosters(): Record<string, string> {
    const system = this.host.system();
    const inSystem = (p: string) => p.startsWith(`${system}/balance/`) && p.endsWith(".json");
    const own = Object.entries(this.host.files()).filter(([p]) => inSystem(p));
    return Object.fromEntries([...Object.entries(bundledRosters).filter(([p]) => inSystem(p)), ...own]);
  }

  refresh() {
    const previous = this.roster.value;
    const paths = Object.keys(this.rosters()).sort();
    this.roster.replaceChildren(...paths.map((p) => el("option", { value: p }, p.split("/").pop()!)));
    if (paths.includes(previous)) this.roster.value = previous;
    this.start.disabled = paths.length === 0 || this.worker !== undefined;
    if (paths.length === 0 && !this.worker) this.status.textContent = `No roster for ${this.host.system() || "this system"}: add one as ${this.host.system() || "SYSTEM"}/balance/roster.json (docs/balance.md).`;
    else if (!this.worker && this.status.textContent?.startsWith("No roster")) this.status.textContent = "";
  }

  private balance() {
    const path = this.roster.value;
    const text = this.rosters()[path];
    if (text === undefined) return;
    const runs = Number(this.runs.value);
    if (!Number.isInteger(runs) || runs < 1 || runs > 100_000) {
      this.status.textContent = "runs must be a whole number from 1 to 100000";
      return;
    }
    this.stop();
    const worker = new EngineWorker("balance");
    this.worker = worker;
    this.start.disabled = true;
    this.cancel.disabled = false;
    this.status.textContent = `Running every matchup of ${path}...`;
    worker.onmessage = (e: MessageEvent<BalanceReply>) => {
      const reply = e.data;
      this.stop();
      if (reply.type === "error") {
        this.status.textContent = reply.message;
        return;
      }
      this.status.textContent = reply.summary;
      this.frame.srcdoc = reply.html;
      this.frame.hidden = false;
    };
    worker.onerror = (e) => this.stop(`the balance worker stopped: ${e.message}`);
    const request: BalanceRequest = { files: this.host.files(), system: this.host.system(), roster: { path, text }, runs, seed: this.seed.value || "1", exact: this.exact.checked, mods: this.host.mods() };
    worker.postMessage(request);
  }

  private stop(why?: string) {
    this.worker?.terminate();
    this.worker = undefined;
    this.cancel.disabled = true;
    this.start.disabled = this.roster.options.length === 0;
    if (why) this.status.textContent = why;
  }
}
