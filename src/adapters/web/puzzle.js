// A puzzle's page (issue 24): the board of the user's go at the puzzle,
// answered by tapping (or dragging) as on a game's page. Each answer goes
// to the server, which judges it as it judges an answer typed in the chat;
// the page shows what it says (wrong, right and the reply, solved). The
// hint and the solution are not in the page: each is asked for when its
// button is pressed (the solution only once the go is over — giving up
// ends it, after a confirmation). Plain module, no build step.

import { drawBoard, Picker } from "./draw.js";

const app = document.getElementById("app");
const base = `/web/p/${app.dataset.chat}/${app.dataset.puzzle}`;
const csrf = document.querySelector('meta[name="csrf"]').content;
const boardEl = document.getElementById("board");
const statusEl = document.querySelector('[data-role="status"]');
const hintEl = document.querySelector('[data-role="hint-text"]');
const solutionEl = document.querySelector('[data-role="solution-text"]');

let view = JSON.parse(document.getElementById("view").textContent);
let userFlip = false;
const picker = new Picker();
let busy = false;

function render() {
  drawBoard(boardEl, {
    files: view.files,
    ranks: view.ranks,
    squares: view.squares,
    board: view.board,
    colors: view.colors,
    flipped: (view.you === "black") !== userFlip,
    marks: new Set(view.marks),
    selected: picker.steps,
    targets: picker.targets(view.moves),
    pieces: view.labels.pieces,
    onTap: tap,
    onDrop: drop,
  });
  app.dataset.state = view.state;
  document.querySelector('[data-role="hint"]').hidden = !(
    view.state === "new" || view.state === "open"
  );
}

function setStatus(text) {
  statusEl.textContent = text;
}

// What the server answered: its message, or its status when it sent none.
async function answerOf(r) {
  try {
    return await r.json();
  } catch {
    return { ok: false, message: await r.text().catch(() => String(r.status)) };
  }
}

async function post(path, body) {
  busy = true;
  try {
    const r = await fetch(base + path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", "x-csrf-token": csrf },
      body: JSON.stringify(body || {}),
    });
    const answer = await answerOf(r);
    picker.steps = [];
    await load();
    return answer;
  } finally {
    busy = false;
  }
}

async function load() {
  const r = await fetch(base + "/state", { credentials: "same-origin" });
  if (!r.ok) {
    setStatus(await r.text());
    return;
  }
  view = await r.json();
  render();
  setStatus(view.status);
}

async function answer(move) {
  // the view's wrong tries: the same answer posted twice counts once
  const a = await post("/move", { step: view.step, index: move.index, wrong: view.wrong });
  // a wrong answer is refused with the chat's words; a right one shows on
  // the board and in the status line (the server's view)
  if (a && a.message) setStatus(a.message);
  app.dataset.answered = a && a.ok && !a.message ? "right" : "refused";
}

function tap(name) {
  if (busy || !view.moves.length) return;
  const done = picker.tap(view.moves, name);
  if (done) answer(done);
  else render();
}

function drop(from, to) {
  if (busy || !view.moves.length) return;
  const done = picker.drop(view.moves, from, to);
  if (done) answer(done);
  else render();
}

document.querySelector('[data-role="flip"]').addEventListener("click", () => {
  userFlip = !userFlip;
  render();
});

document.querySelector('[data-role="hint"]').addEventListener("click", async () => {
  if (busy) return;
  const a = await post("/hint");
  if (a && a.message) {
    hintEl.textContent = a.message;
    hintEl.hidden = false;
  }
});

document.querySelector('[data-role="solution"]').addEventListener("click", async () => {
  if (busy) return;
  if (view.state === "new" || view.state === "open") {
    if (!window.confirm(view.labels.confirm_solution)) return;
    await post("/give-up");
  }
  const r = await fetch(base + "/solution", { credentials: "same-origin" });
  const a = await answerOf(r);
  solutionEl.textContent = a.ok ? a.solution : a.message || "";
  solutionEl.hidden = false;
});

render();
app.dataset.ready = "1";
