// The web board's page (issue 24): draws the board the server describes
// and sends the moves the user picks. It knows no rule: the legal moves,
// with the squares each lands on, come from the server; a multi-capture
// is picked square by square among them. Plain module, no build step.

const SVG = "http://www.w3.org/2000/svg";
const app = document.getElementById("app");
const game = app.dataset.game;
const base = `/web/g/${game}`;
const csrf = document.querySelector('meta[name="csrf"]').content;
const boardEl = document.getElementById("board");
const statusEl = document.querySelector('[data-role="status"]');
const movesEl = document.querySelector('[data-role="moves"]');

let view = JSON.parse(document.getElementById("view").textContent);
let userFlip = false;
// the squares picked so far of the move being made
let steps = [];
// the ply shown while stepping through the record (null: the game now)
let shown = null;
let busy = false;

const el = (name, attrs = {}) => {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

function flipped() {
  return (view.you === "black") !== userFlip;
}

function boardAt(ply) {
  if (ply === null || ply >= view.history.length) {
    return view.history.length ? view.history[view.history.length - 1].board : view.start;
  }
  return ply < 0 ? view.start : view.history[ply].board;
}

function marksAt(ply) {
  const i = ply === null ? view.history.length - 1 : ply;
  return i >= 0 && view.history[i] ? view.history[i].marks : [];
}

// the legal moves that begin with the squares picked so far
function candidates() {
  return view.moves.filter((m) => steps.every((s, i) => m.path[i] === s));
}

function targets() {
  if (!steps.length) return new Set();
  return new Set(
    candidates()
      .filter((m) => m.path.length > steps.length)
      .map((m) => m.path[steps.length]),
  );
}

function render() {
  const c = view.colors;
  const board = boardAt(shown);
  const marks = new Set(marksAt(shown));
  const next = shown === null ? targets() : new Set();
  const svg = el("svg", { viewBox: "-0.25 -0.25 8.5 8.5", class: "svg", role: "presentation" });
  svg.appendChild(el("rect", { x: -0.25, y: -0.25, width: 8.5, height: 8.5, fill: c.frame }));
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      if ((x + y) % 2 === 0) {
        svg.appendChild(el("rect", { x, y, width: 1, height: 1, fill: c.light }));
      }
    }
  }
  view.squares.forEach((sq, i) => {
    const x = flipped() ? 7 - sq.x : sq.x;
    const y = flipped() ? 7 - sq.y : sq.y;
    const piece = board[i];
    const g = el("g", {
      "data-square": sq.name,
      tabindex: "0",
      role: "button",
      class: "square",
    });
    let fill = c.dark;
    if (marks.has(sq.name)) fill = c.last;
    if (steps.includes(sq.name)) fill = c.selected;
    g.appendChild(el("rect", { x, y, width: 1, height: 1, fill }));
    const title = el("title");
    title.textContent = sq.name;
    g.appendChild(title);
    if (piece !== ".") {
      g.setAttribute("data-piece", piece);
      const white = piece === "w" || piece === "W";
      g.appendChild(
        el("circle", {
          cx: x + 0.5,
          cy: y + 0.5,
          r: 0.38,
          fill: white ? c.white : c.black,
          stroke: white ? c.white_rim : c.black_rim,
          "stroke-width": 0.05,
        }),
      );
      g.appendChild(
        el("circle", {
          cx: x + 0.5,
          cy: y + 0.5,
          r: 0.24,
          fill: "none",
          stroke: white ? c.white_rim : c.black_rim,
          "stroke-width": 0.03,
        }),
      );
      if (piece === "W" || piece === "B") {
        g.appendChild(
          el("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.14, fill: c.crown, class: "crown" }),
        );
      }
    }
    if (next.has(sq.name)) {
      g.setAttribute("data-target", "1");
      g.appendChild(
        el("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.16, fill: c.target, "fill-opacity": 0.8 }),
      );
    }
    g.addEventListener("click", () => tap(sq.name));
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        tap(sq.name);
      }
    });
    svg.appendChild(g);
  });
  boardEl.replaceChildren(svg);
  // names: the player at the bottom is the side the board is turned for
  const [top, bottom] = flipped() ? [view.white, view.black] : [view.black, view.white];
  document.querySelector('[data-role="black-name"]').textContent = top;
  document.querySelector('[data-role="white-name"]').textContent = bottom;
  // one row per full move: its number, White's ply, then Black's (an
  // ellipsis where the game began with Black to move)
  const offset = view.first === "black" ? 1 : 0;
  const rows = [];
  view.history.forEach((p, i) => {
    const slot = i + offset;
    const n = Math.floor(slot / 2) + 1;
    let li = rows.length && Number(rows[rows.length - 1].value) === n ? rows[rows.length - 1] : null;
    if (!li) {
      li = document.createElement("li");
      li.value = n;
      if (slot % 2 === 1) li.append("… ");
      rows.push(li);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = p.text;
    b.dataset.ply = String(i);
    if (shown === i) b.setAttribute("aria-current", "step");
    b.addEventListener("click", () => show(i));
    li.appendChild(b);
  });
  movesEl.replaceChildren(...rows);
  for (const role of ["draw", "resign"]) {
    document.querySelector(`[data-role="${role}"]`).hidden = !(view.active && view.you);
  }
}

function setStatus(text) {
  statusEl.textContent = text;
}

function show(ply) {
  steps = [];
  if (ply === null || ply >= view.history.length - 1) shown = null;
  else shown = Math.max(-1, ply);
  render();
}

async function post(path, body) {
  busy = true;
  try {
    const r = await fetch(base + path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", "x-csrf-token": csrf },
      body: JSON.stringify(body),
    });
    let answer = null;
    try {
      answer = await r.json();
    } catch {
      answer = { ok: false, message: await r.text().catch(() => String(r.status)) };
    }
    steps = [];
    await load();
    if (answer && answer.message) setStatus(answer.message);
  } finally {
    busy = false;
  }
}

function tap(name) {
  if (busy) return;
  if (shown !== null) {
    show(null);
    return;
  }
  if (!view.your_turn) {
    // not this user's move (or not a player): the server says why
    if (!steps.length) {
      steps = [name];
      render();
    } else if (steps[0] === name) {
      steps = [];
      render();
    } else {
      const text = `${steps[0]}-${name}`;
      post("/move", { ply: view.ply, text });
    }
    return;
  }
  if (!steps.length || !targets().has(name)) {
    // a new piece, or a square no picked move goes on to
    steps = view.moves.some((m) => m.path[0] === name) ? [name] : [];
    render();
    return;
  }
  steps.push(name);
  const left = candidates();
  const done = left.filter((m) => m.path.length === steps.length);
  if (done.length && done.length === left.length) {
    post("/move", { ply: view.ply, index: done[0].index });
    return;
  }
  render();
}

async function load() {
  const r = await fetch(base + "/state", { credentials: "same-origin" });
  if (!r.ok) {
    setStatus(await r.text());
    return;
  }
  view = await r.json();
  if (shown !== null && shown >= view.history.length) shown = null;
  render();
  setStatus(view.status);
}

document.querySelector('[data-role="first"]').addEventListener("click", () => show(-1));
document.querySelector('[data-role="prev"]').addEventListener("click", () =>
  show((shown === null ? view.history.length - 1 : shown) - 1),
);
document.querySelector('[data-role="next"]').addEventListener("click", () =>
  show(shown === null ? null : shown + 1),
);
document.querySelector('[data-role="last"]').addEventListener("click", () => show(null));
document.querySelector('[data-role="flip"]').addEventListener("click", () => {
  userFlip = !userFlip;
  render();
});
document.querySelector('[data-role="draw"]').addEventListener("click", () => {
  if (window.confirm(view.labels.confirm_draw)) post("/action", { action: "draw" });
});
document.querySelector('[data-role="resign"]').addEventListener("click", () => {
  if (window.confirm(view.labels.confirm_resign)) post("/action", { action: "resign" });
});
document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLButtonElement) return;
  if (e.key === "ArrowLeft") show((shown === null ? view.history.length - 1 : shown) - 1);
  if (e.key === "ArrowRight") show(shown === null ? null : shown + 1);
});

// the game moves elsewhere (the chat, the AI): read it again
const events = new EventSource(base + "/events");
events.addEventListener("changed", () => {
  if (!busy) load();
});

render();
app.dataset.ready = "1";
