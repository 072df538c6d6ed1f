// The web board's page (issue 24): draws the board the server describes
// and sends the moves the user picks. It knows no rule: the legal moves,
// with the squares each lands on, come from the server; a multi-capture
// is picked square by square among them. Plain module, no build step.

import { drawBoard, Picker } from "./draw.js";

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
const picker = new Picker();
// the ply shown while stepping through the record (null: the game now)
let shown = null;
let busy = false;

function flipped() {
  return (view.you === "black") !== userFlip;
}

function boardAt(ply) {
  if (ply === null || ply >= view.history.length) {
    return view.history.length ? view.history[view.history.length - 1].board : view.start;
  }
  return ply < 0 ? view.start : view.history[ply].board;
}

// Bashni's towers at `ply` (as boardAt), or null
function towersAt(ply) {
  if (ply === null || ply >= view.history.length) {
    return view.history.length ? view.history[view.history.length - 1].towers : view.start_towers;
  }
  return ply < 0 ? view.start_towers : view.history[ply].towers;
}

function marksAt(ply) {
  const i = ply === null ? view.history.length - 1 : ply;
  return i >= 0 && view.history[i] ? view.history[i].marks : [];
}

function render() {
  drawBoard(boardEl, {
    files: view.files,
    ranks: view.ranks,
    squares: view.squares,
    board: boardAt(shown),
    towers: towersAt(shown),
    colors: view.colors,
    flipped: flipped(),
    marks: new Set(marksAt(shown)),
    selected: shown === null ? picker.steps : [],
    targets: shown === null ? picker.targets(view.moves) : new Set(),
    pieces: view.labels.pieces,
    onTap: tap,
    onDrop: drop,
  });
  // names: the player at the bottom is the side the board is turned for
  const [top, bottom] = flipped() ? [view.white, view.black] : [view.black, view.white];
  document.querySelector('[data-role="black-name"]').textContent = top;
  document.querySelector('[data-role="white-name"]').textContent = bottom;
  // one row per full move: its number, White's ply, then Black's (an
  // ellipsis where the game began with Black to move); in Vigman's game
  // a side's turn is two sub-moves, a row four (`view.turn`, `view.lead`)
  const perRow = 2 * (view.turn || 1);
  const offset = view.lead || 0;
  const rows = [];
  view.history.forEach((p, i) => {
    const slot = i + offset;
    const n = Math.floor(slot / perRow) + 1;
    let li = rows.length && Number(rows[rows.length - 1].value) === n ? rows[rows.length - 1] : null;
    if (!li) {
      li = document.createElement("li");
      li.value = n;
      if (slot % perRow !== 0) li.append("… ");
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
  // which of a turn's two sub-moves is due (Vigman's), for the styles
  // and the tests; the status line says it in words
  if (view.sub_move) app.dataset.subMove = view.sub_move;
  else delete app.dataset.subMove;
  for (const role of ["draw", "resign"]) {
    document.querySelector(`[data-role="${role}"]`).hidden = !(view.active && view.you);
  }
}

function setStatus(text) {
  statusEl.textContent = text;
}

function show(ply) {
  picker.steps = [];
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
    picker.steps = [];
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
    const steps = picker.steps;
    if (!steps.length) {
      picker.steps = [name];
      render();
    } else if (steps[0] === name) {
      picker.steps = [];
      render();
    } else {
      const text = `${steps[0]}-${name}`;
      post("/move", { ply: view.ply, text });
    }
    return;
  }
  const done = picker.tap(view.moves, name);
  if (done) post("/move", { ply: view.ply, index: done.index });
  else render();
}

// a piece dragged onto a square: the same move its taps would make
function drop(from, to) {
  if (busy || shown !== null || !view.your_turn) return;
  const done = picker.drop(view.moves, from, to);
  if (done) post("/move", { ply: view.ply, index: done.index });
  else render();
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
