// The board of the web pages (a game's, a puzzle's): drawn as SVG from
// what the server describes, a square per focusable button (Tab to it,
// Enter or Space to press it), a piece picked by a tap or dragged with the
// pointer. It knows no rule: the legal moves, with the squares each lands
// on, come from the server ([`Picker`] walks them square by square).

const SVG = "http://www.w3.org/2000/svg";

const el = (name, attrs = {}) => {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

// The squares of a move being made among `moves` ({index, path}: the
// squares a move lands on, the first where it starts).
export class Picker {
  constructor() {
    this.steps = [];
  }

  // the legal moves that begin with the squares picked so far
  candidates(moves) {
    return moves.filter((m) => this.steps.every((s, i) => m.path[i] === s));
  }

  // the squares the picked moves go on to
  targets(moves) {
    if (!this.steps.length) return new Set();
    return new Set(
      this.candidates(moves)
        .filter((m) => m.path.length > this.steps.length)
        .map((m) => m.path[this.steps.length]),
    );
  }

  // A square pressed: the move it completes (then nothing is picked), or
  // null (a new piece picked, a step taken, or nothing).
  tap(moves, name) {
    if (!this.steps.length || !this.targets(moves).has(name)) {
      this.steps = moves.some((m) => m.path[0] === name) ? [name] : [];
      return null;
    }
    this.steps.push(name);
    const left = this.candidates(moves);
    const done = left.filter((m) => m.path.length === this.steps.length);
    if (done.length && done.length === left.length) {
      this.steps = [];
      return done[0];
    }
    return null;
  }

  // A piece dragged from `from` and dropped on `to`: a step of the move
  // (as two taps), or the whole of the one move from `from` ending there.
  drop(moves, from, to) {
    if (!moves.some((m) => m.path[0] === from)) return null;
    if (this.steps[0] !== from || !this.targets(moves).has(to)) this.steps = [from];
    if (this.targets(moves).has(to)) return this.tap(moves, to);
    const whole = moves.filter((m) => m.path[0] === from && m.path[m.path.length - 1] === to);
    if (whole.length === 1) {
      this.steps = [];
      return whole[0];
    }
    return null;
  }
}

// Draw the board into `container`. `o`: files and ranks (8 unless said:
// 10×10, 10×8), squares ({name, x, y} from White's side, light: a light
// square, Vigman's), board (a letter
// a square: w b W B, . empty), towers (Bashni: a square's pieces top
// first, or none), colors, flipped, marks (a Set of the last move's
// squares), selected (picked squares), targets (a Set), pieces (the
// pieces' names), onTap(name), onDrop(from, to).
export function drawBoard(container, o) {
  const c = o.colors;
  const files = o.files || 8;
  const ranks = o.ranks || 8;
  const had = document.activeElement;
  const focused = had && had.getAttribute ? had.getAttribute("data-square") : null;
  const svg = el("svg", {
    viewBox: `-0.25 -0.25 ${files + 0.5} ${ranks + 0.5}`,
    class: "svg",
    role: "presentation",
  });
  svg.appendChild(
    el("rect", { x: -0.25, y: -0.25, width: files + 0.5, height: ranks + 0.5, fill: c.frame }),
  );
  // the light squares: the dark ones are drawn with what stands on them
  svg.appendChild(el("rect", { x: 0, y: 0, width: files, height: ranks, fill: c.light }));
  // the squares in the order they are seen (row by row from the top):
  // the order Tab goes through them
  const placed = o.squares.map((sq, i) => ({
    sq,
    i,
    x: o.flipped ? files - 1 - sq.x : sq.x,
    y: o.flipped ? ranks - 1 - sq.y : sq.y,
  }));
  placed.sort((a, b) => a.y - b.y || a.x - b.x);
  for (const { sq, i, x, y } of placed) {
    const piece = o.board[i];
    const g = el("g", {
      "data-square": sq.name,
      tabindex: "0",
      role: "button",
      class: "square",
    });
    // Vigman's board lists the light squares too: drawn light, and what
    // stands on them outlined more strongly (a white man on a light square)
    const light = Boolean(sq.light);
    let fill = light ? c.light : c.dark;
    if (o.marks.has(sq.name)) fill = c.last;
    const picked = o.selected.includes(sq.name);
    if (picked) fill = c.selected;
    g.appendChild(el("rect", { x, y, width: 1, height: 1, fill }));
    let label = sq.name;
    if (piece !== ".") {
      g.setAttribute("data-piece", piece);
      label += `, ${o.pieces[piece]}`;
      const white = piece === "w" || piece === "W";
      const p = el("g", { class: light ? "piece on-light" : "piece" });
      const rim = light ? 0.09 : 0.05;
      // a tower (Bashni): its top piece a little smaller and higher, the
      // pieces under it a small disc each along the square's foot, top
      // first; read out in full
      const tower = o.towers ? o.towers[i] || "" : "";
      const tall = tower.length > 1;
      const cy = y + (tall ? 0.4 : 0.5);
      const k = tall ? 0.8 : 1;
      p.appendChild(
        el("circle", {
          cx: x + 0.5,
          cy,
          r: 0.38 * k,
          fill: white ? c.white : c.black,
          stroke: white ? c.white_rim : c.black_rim,
          "stroke-width": rim,
        }),
      );
      p.appendChild(
        el("circle", {
          cx: x + 0.5,
          cy,
          r: 0.24 * k,
          fill: "none",
          stroke: white ? c.white_rim : c.black_rim,
          "stroke-width": 0.03,
        }),
      );
      if (piece === "W" || piece === "B") {
        p.appendChild(el("circle", { cx: x + 0.5, cy, r: 0.14 * k, fill: c.crown, class: "crown" }));
      }
      if (tall) {
        g.setAttribute("data-tower", tower);
        label += ` (${[...tower].map((t) => o.pieces[t]).join(", ")})`;
        const under = [...tower.slice(1)];
        const step = Math.min(0.2, 0.9 / under.length);
        under.forEach((t, n) => {
          const w = t === "w" || t === "W";
          p.appendChild(
            el("circle", {
              cx: x + 0.5 - ((under.length - 1) * step) / 2 + n * step,
              cy: y + 0.87,
              r: step * 0.42,
              fill: w ? c.white : c.black,
              stroke: w ? c.white_rim : c.black_rim,
              "stroke-width": 0.025,
              class: "under",
            }),
          );
        });
      }
      g.appendChild(p);
    }
    if (picked) g.setAttribute("aria-pressed", "true");
    if (o.targets.has(sq.name)) {
      g.setAttribute("data-target", "1");
      g.appendChild(
        el("circle", {
          cx: x + 0.5,
          cy: y + 0.5,
          r: 0.16,
          // on a light square the frame's dark colour (a theme's target
          // may be as light as the square)
          fill: light ? c.frame : c.target,
          "fill-opacity": 0.8,
        }),
      );
    }
    g.setAttribute("aria-label", label);
    const title = el("title");
    title.textContent = label;
    g.appendChild(title);
    g.addEventListener("click", () => o.onTap(sq.name));
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        o.onTap(sq.name);
      }
    });
    svg.appendChild(g);
  }
  dragging(svg, o.onDrop);
  container.replaceChildren(svg);
  // the square that had the focus keeps it (a keyboard's move goes on)
  if (focused) {
    const again = svg.querySelector(`[data-square="${focused}"]`);
    if (again) again.focus();
  }
}

// The square under a point of the screen.
function squareAt(x, y) {
  const e = document.elementFromPoint(x, y);
  const sq = e && e.closest ? e.closest("[data-square]") : null;
  return sq ? sq.getAttribute("data-square") : null;
}

// A piece dragged with the pointer (a mouse, a finger, a pen) follows it
// and is dropped on a square: `onDrop(from, to)`. A press without a move
// stays a tap (the square's click).
function dragging(svg, onDrop) {
  let drag = null;
  svg.addEventListener("pointerdown", (e) => {
    const g = e.target.closest ? e.target.closest("[data-square][data-piece]") : null;
    if (!g || e.button > 0) return;
    drag = {
      from: g.getAttribute("data-square"),
      piece: g.querySelector(".piece"),
      x: e.clientX,
      y: e.clientY,
      moved: false,
    };
  });
  svg.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    drag.moved = true;
    const m = svg.getScreenCTM();
    if (drag.piece && m) {
      drag.piece.style.pointerEvents = "none";
      drag.piece.setAttribute("transform", `translate(${dx / m.a} ${dy / m.d})`);
    }
  });
  const end = (e) => {
    const d = drag;
    drag = null;
    if (!d || !d.moved) return;
    if (d.piece) {
      d.piece.removeAttribute("transform");
      d.piece.style.pointerEvents = "";
    }
    const to = e.type === "pointerup" ? squareAt(e.clientX, e.clientY) : null;
    if (to && to !== d.from) onDrop(d.from, to);
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
}
