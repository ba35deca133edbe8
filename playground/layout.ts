// The page's panes: the file tree, the editor and the panel, with a splitter between each two that
// drags (or moves with the arrow keys) to resize, and buttons that fold the files and the panel away.
// Sizes and folds are kept in this browser. On a narrow screen the panes stack (style.css) and the
// splitters are hidden; the fold buttons still work.

const KEY = "rulesmith.playground.layout.v1";

interface Layout {
  files: number;
  panel: number;
  filesHidden: boolean;
  panelHidden: boolean;
}

function load(): Partial<Layout> {
  try {
    return (JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<Layout>) ?? {};
  } catch {
    return {};
  }
}

function store(l: Layout) {
  try {
    localStorage.setItem(KEY, JSON.stringify(l));
  } catch {
    // Layout is a convenience: a full storage must not stop the page.
  }
}

const MIN = 120;

export function setUpLayout(root: HTMLElement) {
  const saved = load();
  const l: Layout = {
    files: typeof saved.files === "number" ? saved.files : 0,
    panel: typeof saved.panel === "number" ? saved.panel : 0,
    filesHidden: saved.filesHidden === true,
    panelHidden: saved.panelHidden === true,
  };
  const apply = () => {
    // 0: the stylesheet's default for this screen width.
    if (l.files) root.style.setProperty("--files-width", `${l.files}px`);
    else root.style.removeProperty("--files-width");
    if (l.panel) root.style.setProperty("--panel-width", `${l.panel}px`);
    else root.style.removeProperty("--panel-width");
    document.body.classList.toggle("files-hidden", l.filesHidden);
    document.body.classList.toggle("panel-hidden", l.panelHidden);
    for (const [id, hidden, what] of [
      ["toggle-files", l.filesHidden, "files"],
      ["toggle-panel", l.panelHidden, "panel"],
    ] as const) {
      const b = document.getElementById(id)!;
      b.setAttribute("aria-pressed", String(!hidden));
      b.textContent = `${hidden ? "Show" : "Hide"} ${what}`;
    }
    // A focusable splitter tells assistive technology where it stands: the pane's width in pixels.
    for (const [bar, pane] of [
      ["split-files", "sidebar"],
      ["split-panel", "panel"],
    ] as const) {
      const b = document.getElementById(bar)!;
      b.setAttribute("aria-valuemin", String(MIN));
      b.setAttribute("aria-valuemax", String(Math.max(MIN, root.clientWidth)));
      b.setAttribute("aria-valuenow", String(Math.round(document.getElementById(pane)!.getBoundingClientRect().width)));
    }
    store(l);
  };
  document.getElementById("toggle-files")!.addEventListener("click", () => {
    l.filesHidden = !l.filesHidden;
    apply();
  });
  document.getElementById("toggle-panel")!.addEventListener("click", () => {
    l.panelHidden = !l.panelHidden;
    apply();
  });
  const width = (id: string) => document.getElementById(id)!.getBoundingClientRect().width;
  splitter(document.getElementById("split-files")!, () => width("sidebar"), (w) => {
    l.files = Math.max(MIN, Math.min(w, root.clientWidth / 2));
    apply();
  });
  // The panel's splitter is on its left: dragging right makes it narrower.
  splitter(
    document.getElementById("split-panel")!,
    () => width("panel"),
    (w) => {
      l.panel = Math.max(MIN * 2, Math.min(w, root.clientWidth - MIN * 2));
      apply();
    },
    -1,
  );
  apply();
}

/** A vertical splitter: drag it, or focus it and press the arrow keys, to change a pane's width. */
function splitter(bar: HTMLElement, current: () => number, set: (width: number) => void, direction = 1) {
  bar.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    bar.setPointerCapture(e.pointerId);
    const startX = e.clientX;
    const start = current();
    const move = (m: PointerEvent) => set(start + direction * (m.clientX - startX));
    const up = () => {
      bar.removeEventListener("pointermove", move);
      bar.removeEventListener("pointerup", up);
    };
    bar.addEventListener("pointermove", move);
    bar.addEventListener("pointerup", up);
  });
  bar.addEventListener("keydown", (e) => {
    const step = e.shiftKey ? 60 : 20;
    if (e.key === "ArrowLeft") set(current() - direction * step);
    else if (e.key === "ArrowRight") set(current() + direction * step);
    else return;
    e.preventDefault();
  });
}
