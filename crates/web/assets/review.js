"use strict";
// Clocks, stepping through the game, analysis and the post-game review. Loaded after
// app.js, whose globals (state, renderBoard, geometry, drawArrow, api, newGame, $) it uses.

let stateAt = 0; // Date.now() when the last state arrived (clocks count down from it)
let positions = null; // [{fen, board, check}] of the game shown, from /api/positions
let positionsKey = "";
let reviewPly = null; // the position shown while stepping through (null: the live one)
let analysis = null; // {id, timer, view}
let review = null; // the latest review view
let flagAsked = false; // the page saw a flag fall and asked the server once

const liveSetState = setState;
setState = function (s) {
  if (state && state.id !== s.id) {
    reviewPly = null;
    review = null;
    stopAnalysis();
    $("review-graph").replaceChildren();
    $("review-notes").textContent = "";
  }
  stateAt = Date.now();
  flagAsked = false;
  liveSetState(s);
};

const liveRenderBoard = renderBoard;
renderBoard = function () {
  const live = state;
  if (reviewPly !== null && positions && positions[reviewPly]) {
    const p = positions[reviewPly];
    const m = reviewPly > 0 ? state.moves[reviewPly - 1] : null;
    state = { ...live, board: p.board, fen: p.fen, check: p.check, last: m, hint: null, legal: [] };
  }
  try {
    liveRenderBoard();
    const line = analysis && analysis.view && analysis.view.lines[0];
    if (line && line.from && line.to && line.pv_coord.length) {
      drawArrow($("board").firstChild, geometry(), line.pv_coord[0]);
    }
  } finally {
    state = live;
  }
};

const liveRenderPanel = renderPanel;
renderPanel = function () {
  liveRenderPanel();
  const key = state.id + ":" + state.moves.length;
  if (key !== positionsKey) { positionsKey = key; loadPositions(); }
  markMoves();
  $("btn-review").disabled = !state.result;
  $("review-step").textContent = reviewPly === null ? "live" : `move ${reviewPly} of ${state.moves.length}`;
  tickClocks();
};

async function loadPositions() {
  const id = state.id;
  try {
    const v = await api("POST", "/api/positions", { game: state.game, fen: state.start_fen, moves: state.moves.map((m) => m.coord) });
    if (state.id === id) { positions = v.positions; if (reviewPly !== null) renderBoard(); }
  } catch (e) { toast(e.message, true); }
}

function show(ply) {
  if (!state) return;
  const last = state.moves.length;
  reviewPly = ply === null || ply >= last ? null : Math.max(0, ply);
  renderBoard();
  renderPanel();
  if (analysis) startAnalysis();
}

function shownPly() { return reviewPly === null ? state.moves.length : reviewPly; }
function shownFen() { return reviewPly === null || !positions ? state.fen : positions[reviewPly].fen; }

// The move list: click a move to see the position after it; review marks on each move.
function markMoves() {
  const spans = [...$("moves").querySelectorAll(".mv")].filter((s) => s.textContent !== "…");
  spans.forEach((s, i) => {
    s.dataset.ply = i + 1;
    s.classList.toggle("shown", reviewPly === i + 1);
    const j = review && review.moves[i];
    s.classList.remove("blunder", "mistake", "inaccuracy");
    if (j && j.class) { s.classList.add(j.class); s.title = j.better ? `${j.class}: ${j.better.text} was better` : j.class; }
  });
}

// ---------- clocks ----------

function fmtClock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const mm = h ? `${h}:${String(m).padStart(2, "0")}` : `${m}`;
  return `${mm}:${String(r).padStart(2, "0")}`;
}

function tickClocks() {
  const box = $("clocks");
  if (!state || !state.clock) { box.classList.add("hidden"); return; }
  box.classList.remove("hidden");
  const c = state.clock, spent = Date.now() - stateAt;
  for (const side of ["white", "black"]) {
    let ms = c[side + "_ms"];
    if (c.running === side) ms -= spent;
    const cell = $("clock-" + side);
    cell.textContent = `${sideName(side)} ${fmtClock(ms)}`;
    cell.classList.toggle("running", c.running === side);
    cell.classList.toggle("low", ms < 10000);
  }
  // A flag that falls on the page is confirmed by the server.
  if (c.running && c[c.running + "_ms"] - spent <= 0 && !state.result && !flagAsked) {
    flagAsked = true;
    refresh();
  }
}
setInterval(tickClocks, 200);

// ---------- analysis ----------

async function startAnalysis() {
  stopAnalysis();
  const body = { game: state.game, fen: shownFen(), multipv: parseInt($("sel-multipv").value, 10) };
  try {
    const v = await api("POST", "/api/analysis", body);
    analysis = { id: v.id, view: v, timer: setInterval(pollAnalysis, 300) };
    $("btn-analyse").textContent = "Stop analysis";
    showAnalysis();
  } catch (e) { toast(e.message, true); }
}

async function pollAnalysis() {
  if (!analysis) return;
  const a = analysis;
  try {
    a.view = await api("GET", `/api/analysis/${a.id}`);
    if (a.view.done) clearInterval(a.timer);
    showAnalysis();
    renderBoard();
  } catch (e) { clearInterval(a.timer); }
}

function stopAnalysis() {
  if (!analysis) return;
  clearInterval(analysis.timer);
  api("POST", `/api/analysis/${analysis.id}/stop`).catch(() => {});
  analysis = null;
  $("btn-analyse").textContent = "Analyse";
  $("lines").replaceChildren();
  renderBoard();
}

function showAnalysis() {
  const box = $("lines");
  box.replaceChildren();
  if (!analysis || !analysis.view) return;
  for (const l of analysis.view.lines) {
    const row = document.createElement("div");
    row.className = "line";
    row.textContent = `${l.score}  d${l.depth}  ${l.pv.join(" ")}`;
    // First, so that a long line cut short on the right never hides it.
    if (l.wdl) row.prepend(wdlBadge(l.wdl));
    box.appendChild(row);
  }
  if (analysis.view.done) {
    const row = document.createElement("div");
    row.className = "line done";
    row.textContent = "(search finished)";
    box.appendChild(row);
  }
}

// The side to move's win/draw/loss chances (per mille) as "W 46% D 38% L 16%" over a
// small bar of the three shares.
function wdlBadge(wdl) {
  const [w, d, l] = wdl;
  const pct = (x) => `${Math.round(x / 10)}%`;
  const span = document.createElement("span");
  span.className = "wdl";
  span.title = "Win/draw/loss chances for the side to move (Chariot's model of its own games)";
  const text = document.createElement("span");
  text.className = "wdl-text";
  text.textContent = `W ${pct(w)} D ${pct(d)} L ${pct(l)}`;
  const bar = document.createElement("span");
  bar.className = "wdl-bar";
  for (const [cls, x] of [["w", w], ["d", d], ["l", l]]) {
    const part = document.createElement("span");
    part.className = cls;
    part.style.width = `${x / 10}%`;
    bar.appendChild(part);
  }
  span.append(text, bar);
  return span;
}

// ---------- post-game review ----------

async function startReview() {
  const id = state.id;
  try {
    let v = await api("POST", "/api/review", { game: state.game, fen: state.start_fen, moves: state.moves.map((m) => m.coord) });
    while (state.id === id) {
      review = v;
      drawGraph();
      markMoves();
      if (v.done) break;
      await new Promise((r) => setTimeout(r, 300));
      v = await api("GET", `/api/review/${v.id}`);
    }
  } catch (e) { toast(e.message, true); }
}

function drawGraph() {
  const box = $("review-graph");
  const w = 300, h = 80, n = Math.max(1, review.total - 1);
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, class: "eval-graph" });
  const y = (cp) => h / 2 - (h / 2) * (2 / (1 + Math.exp(-0.00368208 * cp)) - 1);
  const x = (ply) => (ply / n) * w;
  el("rect", { x: 0, y: 0, width: w, height: h, class: "graph-bg" }, svg);
  if (review.evals.length) {
    const pts = review.evals.map((e) => `${x(e.ply)},${y(e.cp)}`);
    el("polygon", { points: `0,${h} ${pts.join(" ")} ${x(review.evals.length - 1)},${h}`, class: "graph-white" }, svg);
    el("line", { x1: 0, y1: h / 2, x2: w, y2: h / 2, class: "graph-mid" }, svg);
    review.moves.forEach((m) => {
      const e = review.evals[m.ply + 1];
      if (m.class && e) el("circle", { cx: x(m.ply + 1), cy: y(e.cp), r: 3, class: "graph-" + m.class }, svg);
    });
  }
  svg.addEventListener("click", (ev) => {
    const r = svg.getBoundingClientRect();
    show(Math.round(((ev.clientX - r.left) / r.width) * n));
  });
  box.replaceChildren(svg);
  const bad = review.moves.filter((m) => m.class);
  $("review-notes").textContent = review.done
    ? bad.map((m) => `${Math.floor(m.ply / 2) + 1}${m.ply % 2 ? "…" : "."} ${m.text}: ${m.class}${m.better ? ` (${m.better.text})` : ""}`).join(" · ") || "No inaccuracies found."
    : `Reviewing… ${review.evals.length}/${review.total}`;
}

// ---------- controls ----------

$("moves").addEventListener("click", (ev) => {
  const ply = ev.target.dataset && ev.target.dataset.ply;
  if (ply) show(parseInt(ply, 10));
});
$("btn-prev").addEventListener("click", () => show(shownPly() - 1));
$("btn-next").addEventListener("click", () => show(shownPly() + 1));
$("btn-play-on").addEventListener("click", () => {
  const fen = shownFen();
  reviewPly = null;
  stopAnalysis();
  newGame({ fen });
});
$("btn-analyse").addEventListener("click", () => (analysis ? stopAnalysis() : startAnalysis()));
$("btn-review").addEventListener("click", startReview);
document.addEventListener("keydown", (ev) => {
  if (!state || /INPUT|TEXTAREA|SELECT/.test(ev.target.tagName)) return;
  const moves = { ArrowLeft: shownPly() - 1, ArrowRight: shownPly() + 1, Home: 0, End: null };
  if (ev.key in moves) { ev.preventDefault(); show(moves[ev.key]); }
});
