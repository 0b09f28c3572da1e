// Chariot's page: draws the board from the server's state, sends the person's moves, and
// shows the engine thinking from a server-sent event stream. The server holds the game;
// this page only remembers the game's id (in the address and in localStorage).
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

// Solid glyphs for both colours (white ones are filled white); U+FE0E asks for text, not emoji.
const CHESS_GLYPHS = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };
const XIANGQI_RED = { k: "帥", a: "仕", b: "相", e: "相", n: "傌", h: "傌", r: "俥", c: "炮", p: "兵" };
const XIANGQI_BLACK = { k: "將", a: "士", b: "象", e: "象", n: "馬", h: "馬", r: "車", c: "砲", p: "卒" };
const CN_NUMBERS = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const PROMO_ORDER = ["q", "r", "b", "n"];

let state = null; // the server's last state
let selected = null; // selected square name
let userFlip = false;
let drag = null; // {from, ghost, moved}
let events = null; // EventSource while the engine thinks
let busy = false; // a request is in flight
let bannerHidden = false;
// The FEN box holds text the user typed and has not loaded: redraws (an engine move, a
// flip, a late reply) must not overwrite it.
let fenDraft = false;
// What the page's other scripts (sound.js, openings.js, a11y.js) add: called with
// (previous state, new state) after each new state is drawn, and with the board's SVG
// after each drawing of the board.
const stateHooks = [];
const boardHooks = [];

// ---------- server calls ----------

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const text = await res.text();
  let data = null;
  try { data = JSON.parse(text); } catch (_) { data = { error: text }; }
  if (!res.ok) {
    const err = new Error((data && data.error) || res.statusText);
    err.status = res.status;
    throw err;
  }
  return data;
}

let inflight = Promise.resolve(null); // the request `busy` refers to

async function act(method, path, body) {
  if (busy) return null;
  busy = true;
  inflight = (async () => {
    try {
      const s = await api(method, path, body);
      setState(s);
      return s;
    } catch (e) {
      toast(e.message, true);
      return null;
    } finally {
      busy = false;
    }
  })();
  return inflight;
}

function gamePath(suffix) {
  return `/api/games/${state.id}${suffix || ""}`;
}

// `from`: nothing (the standard start), {fen} or {record} (a pasted PGN / move list).
async function newGame(from) {
  // A new game or a loaded position is never dropped for a request still in flight (a
  // quick "New game" then "Load"): it waits for that request and then replaces its result.
  while (busy) await inflight;
  const body = { game: $("sel-game").value, side: $("sel-side").value, level: $("sel-level").value, clock: $("sel-clock").value, ...(from || {}) };
  // A Chess960 start (a number or "random") for a new chess game; the server checks it.
  const c960 = $("in-960").value.trim().toLowerCase();
  if (!from && body.game === "chess" && c960) body.chess960 = /^\d+$/.test(c960) ? Number(c960) : c960;
  selected = null;
  userFlip = false;
  bannerHidden = false;
  const s = await act("POST", "/api/games", body);
  if (s && body.fen) { fenDraft = false; $("fen").value = s.fen; }
  if (s) toast(body.record ? `Game loaded: ${s.moves.length} moves` : body.fen ? "Position loaded" : "New game: good luck!");
  return s;
}

// Which game a pasted record is: its Variant tag, else WXF-looking moves, else the selection.
function recordGame(text) {
  if (/\[Variant\s+"xiangqi"\]/i.test(text)) return "xiangqi";
  if (/(^|\s)[RHNCEBAKP][1-9+-][=.+-][1-9](?=\s|$)/.test(text)) return "xiangqi";
  if (/\[Variant\s+"(standard|chess)"\]/i.test(text)) return "chess";
  return $("sel-game").value;
}

async function restore() {
  const fromHash = location.hash.replace(/^#/, "");
  const id = /^[0-9a-f]{32}$/.test(fromHash) ? fromHash : localStorage.getItem("chariot.game");
  const prefs = JSON.parse(localStorage.getItem("chariot.prefs") || "{}");
  for (const k of ["game", "side", "level"]) if (prefs[k]) $("sel-" + k).value = prefs[k];
  sideLabels();
  if (id) {
    try {
      setState(await api("GET", `/api/games/${id}`));
      return;
    } catch (e) {
      if (e.status !== 404) toast(e.message, true);
    }
  }
  await newGame();
}

// ---------- engine thinking stream ----------

function follow() {
  if (!state || !state.thinking || events) return;
  const id = state.id;
  events = new EventSource(`/api/games/${id}/events?after=${state.seq}`);
  const finish = () => {
    stopFollowing();
    if (state && state.id === id) refresh();
  };
  events.onmessage = (m) => {
    const ev = JSON.parse(m.data);
    if (ev.type === "info") showThought(ev);
    else if (ev.type === "hint") toast(`Hint: ${ev.move.text}`);
    else if (ev.type === "done" || ev.type === "cancelled") finish();
  };
  events.addEventListener("idle", finish);
  events.onerror = () => { stopFollowing(); setTimeout(refresh, 400); };
}

function stopFollowing() {
  if (events) { events.close(); events = null; }
}

async function refresh() {
  if (!state) return;
  // A reply that comes back after another game was started or loaded is stale: applying
  // it would switch the page back to the old game (and its game selection).
  const id = state.id;
  try {
    const s = await api("GET", gamePath());
    if (state && state.id === id) setState(s);
  } catch (e) { toast(e.message, true); }
}

// ---------- state and rendering ----------

function setState(s) {
  const newGameLoaded = !state || state.id !== s.id;
  if (newGameLoaded) stopFollowing();
  const prev = state;
  state = s;
  if (newGameLoaded) {
    bannerHidden = false;
    $("sel-game").value = s.game;
    $("sel-level").value = s.level;
    if ($("sel-side").value !== "random") $("sel-side").value = s.human;
    showClockChoice(s.clock);
    sideLabels();
  }
  localStorage.setItem("chariot.game", s.id);
  if (location.hash !== "#" + s.id) history.replaceState(null, "", "#" + s.id);
  if (selected && !destinations(selected).length) selected = null;
  render();
  for (const hook of stateHooks) hook(prev, s);
  follow();
}

// The form's clock shows the loaded game's time control, so that "New game" repeats it; a
// control the list lacks (a game started through the API) is added to it.
function showClockChoice(clock) {
  const sel = $("sel-clock");
  const value = clock ? `${+(clock.base_ms / 60000).toFixed(3)}+${+(clock.inc_ms / 1000).toFixed(3)}` : "none";
  if (![...sel.options].some((o) => o.value === value)) sel.add(new Option(value, value));
  sel.value = value;
}

// The menus' words that depend on the game: called wherever the game changes.
function sideLabels() {
  const xq = $("sel-game").value === "xiangqi";
  $("sel-side").options[0].textContent = xq ? "Red" : "White";
  // Chess960 starts are chess only: the field is not offered for xiangqi.
  document.querySelector(".c960").classList.toggle("hidden", xq);
  levelLabels();
}

// ---------- level labels: each game's Elo, from the server's calibration ----------

let gameLevels = {}; // game name → {scale, measured, levels: [{name, skill, elo, measured}]}

async function loadLevels() {
  try {
    gameLevels = (await api("GET", "/api/info")).game_levels || {};
  } catch (_) { /* the menu keeps its plain names; the status card reports a dead server */ }
  levelLabels();
}

// "Medium · level 12 (~1715)"; an Elo not measured at that level says "est.", one from a
// table nobody has measured yet says "provisional".
function levelLabels() {
  const game = gameLevels[$("sel-game").value];
  const sel = $("sel-level");
  for (const opt of sel.options) {
    if (!opt.dataset.name) opt.dataset.name = opt.textContent;
    const l = game && game.levels.find(x => x.name === opt.value);
    const note = !game || game.measured ? (l && l.measured ? "" : ", est.") : ", provisional";
    opt.textContent = l ? `${opt.dataset.name} · level ${l.skill} (~${l.elo}${note})` : opt.dataset.name;
  }
  sel.parentElement.title = game ? `Elo on ${game.scale}${game.measured ? "" : " — not measured yet"} (BENCHMARKS.md)` : "";
}

function flipped() {
  return (state.human === "black") !== userFlip;
}

function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + state.rank_base);
}

function parseSquare(name) {
  return { file: name.charCodeAt(0) - 97, rank: parseInt(name.slice(1), 10) - state.rank_base };
}

function splitMove(coord) {
  const m = /^([a-z]\d+)([a-z]\d+)(.*)$/.exec(coord);
  return m ? { from: m[1], to: m[2], extra: m[3] } : null;
}

function pieceAt(name) {
  const { file, rank } = parseSquare(name);
  const row = state.board[state.ranks - 1 - rank];
  const c = row ? row[file] : ".";
  return c && c !== "." ? c : null;
}

function isWhite(piece) {
  return piece === piece.toUpperCase();
}

function humanColour() {
  return state.human === "white";
}

function destinations(from) {
  if (!state) return [];
  return state.legal.map(splitMove).filter((m) => m && m.from === from).map((m) => m.to);
}

function geometry() {
  if (state.game === "xiangqi") {
    const cell = 80, margin = 66;
    return {
      width: margin * 2 + cell * (state.files - 1), height: margin * 2 + cell * (state.ranks - 1), cell,
      center: (col, row) => [margin + col * cell, margin + row * cell],
      hit: (x, y) => [Math.round((x - margin) / cell), Math.round((y - margin) / cell)],
    };
  }
  const cell = 100;
  return {
    width: cell * state.files, height: cell * state.ranks, cell,
    center: (col, row) => [col * cell + cell / 2, row * cell + cell / 2],
    hit: (x, y) => [Math.floor(x / cell), Math.floor(y / cell)],
  };
}

function view(name) {
  const { file, rank } = parseSquare(name);
  const f = flipped();
  return { col: f ? state.files - 1 - file : file, row: f ? rank : state.ranks - 1 - rank };
}

function fromView(col, row) {
  if (col < 0 || row < 0 || col >= state.files || row >= state.ranks) return null;
  const f = flipped();
  return squareName(f ? state.files - 1 - col : col, f ? row : state.ranks - 1 - row);
}

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function render() {
  renderBoard();
  renderPanel();
}

function renderBoard() {
  const g = geometry();
  const svg = el("svg", { viewBox: `0 0 ${g.width} ${g.height}`, class: `svg-board ${state.game}` });
  svg.dataset.fen = state.fen;
  if (state.game === "xiangqi") drawXiangqiBoard(svg, g); else drawChessBoard(svg, g);

  const layer = el("g", { class: "marks" }, svg);
  const mark = (name, cls) => {
    const { col, row } = view(name);
    const [x, y] = g.center(col, row);
    if (state.game === "xiangqi") el("circle", { cx: x, cy: y, r: g.cell * 0.47, class: cls }, layer);
    else el("rect", { x: x - g.cell / 2, y: y - g.cell / 2, width: g.cell, height: g.cell, class: cls }, layer);
  };
  if (state.last) {
    const m = splitMove(state.last.coord);
    if (m) { mark(m.from, "last-from"); mark(m.to, "last-to"); }
  }
  if (state.check) {
    const king = state.turn === "white" ? "K" : "k";
    for (let r = 0; r < state.ranks; r++) for (let f = 0; f < state.files; f++) {
      const name = squareName(f, r);
      if (pieceAt(name) === king) mark(name, "check");
    }
  }
  if (selected) mark(selected, "selected");

  const pieces = el("g", { class: "pieces" }, svg);
  for (let r = 0; r < state.ranks; r++) for (let f = 0; f < state.files; f++) {
    const name = squareName(f, r);
    const p = pieceAt(name);
    if (!p) continue;
    const { col, row } = view(name);
    const [x, y] = g.center(col, row);
    const piece = drawPiece(pieces, p, x, y, g.cell);
    piece.dataset.square = name;
    if (drag && drag.from === name && drag.moved) piece.classList.add("lifted");
  }

  if (selected) {
    for (const to of destinations(selected)) {
      const { col, row } = view(to);
      const [x, y] = g.center(col, row);
      const capture = pieceAt(to) !== null;
      el("circle", { cx: x, cy: y, r: capture ? g.cell * 0.44 : g.cell * 0.14, class: capture ? "dest capture" : "dest" }, layer.parentNode);
    }
  }
  if (state.hint) drawArrow(svg, g, state.hint.coord);

  // Hit areas on top: one per square, so clicks and tests address squares by name.
  const hits = el("g", { class: "hits" }, svg);
  for (let r = 0; r < state.ranks; r++) for (let f = 0; f < state.files; f++) {
    const name = squareName(f, r);
    const { col, row } = view(name);
    const [x, y] = g.center(col, row);
    const hit = el("rect", { x: x - g.cell / 2, y: y - g.cell / 2, width: g.cell, height: g.cell, class: "hit" }, hits);
    hit.dataset.square = name;
  }
  svg.addEventListener("pointerdown", onPointerDown);
  const board = $("board");
  board.replaceChildren(svg);
  board.dataset.game = state.game;
  for (const hook of boardHooks) hook(svg);
}

function drawChessBoard(svg, g) {
  const labels = el("g", { class: "coords" });
  for (let row = 0; row < state.ranks; row++) for (let col = 0; col < state.files; col++) {
    const light = (row + col) % 2 === 0;
    el("rect", { x: col * g.cell, y: row * g.cell, width: g.cell, height: g.cell, class: light ? "light" : "dark" }, svg);
    const name = fromView(col, row);
    if (row === state.ranks - 1) {
      const t = el("text", { x: col * g.cell + g.cell - 8, y: row * g.cell + g.cell - 8, class: light ? "on-light" : "on-dark", "text-anchor": "end" }, labels);
      t.textContent = name[0];
    }
    if (col === 0) {
      const t = el("text", { x: col * g.cell + 6, y: row * g.cell + 22, class: light ? "on-light" : "on-dark" }, labels);
      t.textContent = name.slice(1);
    }
  }
  svg.appendChild(labels);
}

function drawXiangqiBoard(svg, g) {
  const [x0, y0] = g.center(0, 0);
  const [x1, y1] = g.center(state.files - 1, state.ranks - 1);
  el("rect", { x: 0, y: 0, width: g.width, height: g.height, class: "wood" }, svg);
  el("rect", { x: x0 - 8, y: y0 - 8, width: x1 - x0 + 16, height: y1 - y0 + 16, class: "frame" }, svg);
  const lines = el("g", { class: "lines" }, svg);
  for (let row = 0; row < state.ranks; row++) {
    const [, y] = g.center(0, row);
    el("line", { x1: x0, y1: y, x2: x1, y2: y }, lines);
  }
  const riverTop = g.center(0, 4)[1], riverBottom = g.center(0, 5)[1];
  for (let col = 0; col < state.files; col++) {
    const [x] = g.center(col, 0);
    if (col === 0 || col === state.files - 1) {
      el("line", { x1: x, y1: y0, x2: x, y2: y1 }, lines);
    } else {
      el("line", { x1: x, y1: y0, x2: x, y2: riverTop }, lines);
      el("line", { x1: x, y1: riverBottom, x2: x, y2: y1 }, lines);
    }
  }
  for (const top of [0, 7]) { // palaces: files d–f, three ranks at each end
    const [ax, ay] = g.center(3, top), [bx, by] = g.center(5, top + 2);
    el("line", { x1: ax, y1: ay, x2: bx, y2: by }, lines);
    el("line", { x1: bx, y1: ay, x2: ax, y2: by }, lines);
  }
  // Point marks where cannons and soldiers start.
  const marks = [[1, 2], [7, 2], [1, 7], [7, 7], [0, 3], [2, 3], [4, 3], [6, 3], [8, 3], [0, 6], [2, 6], [4, 6], [6, 6], [8, 6]];
  for (const [col, row] of marks) {
    const [x, y] = g.center(col, row);
    const d = 6, l = 14;
    for (const sx of [-1, 1]) {
      if ((col === 0 && sx < 0) || (col === state.files - 1 && sx > 0)) continue;
      for (const sy of [-1, 1]) {
        el("polyline", { points: `${x + sx * d},${y + sy * (d + l)} ${x + sx * d},${y + sy * d} ${x + sx * (d + l)},${y + sy * d}`, class: "point" }, lines);
      }
    }
  }
  const midY = (riverTop + riverBottom) / 2;
  const river = el("g", { class: "river" }, svg);
  const words = flipped() ? ["漢 界", "楚 河"] : ["楚 河", "漢 界"];
  el("text", { x: g.center(2, 0)[0], y: midY, "text-anchor": "middle", "dominant-baseline": "central" }, river).textContent = words[0];
  el("text", { x: g.center(6, 0)[0], y: midY, "text-anchor": "middle", "dominant-baseline": "central" }, river).textContent = words[1];
  // File numbers: each side counts its files from its own right, Black in digits, Red in Chinese.
  const labels = el("g", { class: "coords xq" }, svg);
  for (let col = 0; col < state.files; col++) {
    const [x] = g.center(col, 0);
    const file = flipped() ? state.files - 1 - col : col;
    const bottom = flipped() ? String(file + 1) : CN_NUMBERS[state.files - 1 - file];
    const top = flipped() ? CN_NUMBERS[state.files - 1 - file] : String(file + 1);
    el("text", { x, y: 24, "text-anchor": "middle" }, labels).textContent = top;
    el("text", { x, y: g.height - 8, "text-anchor": "middle" }, labels).textContent = bottom;
  }
}

function drawPiece(parent, p, x, y, cell) {
  const white = isWhite(p);
  const kind = p.toLowerCase();
  const group = el("g", { class: `piece ${white ? "white" : "black"}`, transform: `translate(${x} ${y})` }, parent);
  if (state.game === "xiangqi") {
    el("circle", { r: cell * 0.44, class: "disc" }, group);
    el("circle", { r: cell * 0.37, class: "ring" }, group);
    const t = el("text", { "text-anchor": "middle", "dominant-baseline": "central", class: "char" }, group);
    t.textContent = (white ? XIANGQI_RED : XIANGQI_BLACK)[kind] || p;
  } else {
    const t = el("text", { "text-anchor": "middle", "dominant-baseline": "central", class: "glyph", y: 4 }, group);
    t.textContent = (CHESS_GLYPHS[kind] || p) + "\uFE0E";
  }
  return group;
}

function drawArrow(svg, g, coord) {
  const m = splitMove(coord);
  if (!m) return;
  const a = view(m.from), b = view(m.to);
  const [x1, y1] = g.center(a.col, a.row), [x2, y2] = g.center(b.col, b.row);
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len, uy = (y2 - y1) / len, head = g.cell * 0.3;
  const ex = x2 - ux * head, ey = y2 - uy * head;
  const arrow = el("g", { class: "hint-arrow", "data-move": coord }, svg);
  el("line", { x1, y1, x2: ex, y2: ey }, arrow);
  const px = -uy * head * 0.6, py = ux * head * 0.6;
  el("polygon", { points: `${x2},${y2} ${ex + px},${ey + py} ${ex - px},${ey - py}` }, arrow);
}

function sideName(side) {
  return state.side_names[side === "white" ? 0 : 1];
}

function renderPanel() {
  const you = sideName(state.human), engine = sideName(state.human === "white" ? "black" : "white");
  const level = $("sel-level").querySelector(`option[value="${state.level}"]`);
  const engineLabel = `Chariot · ${level ? level.textContent : state.level} <span class="colour">${engine}</span>`;
  const youLabel = `You <span class="colour">${you}</span>`;
  const top = flipped() === (state.human === "black") ? engineLabel : youLabel;
  const bottom = top === engineLabel ? youLabel : engineLabel;
  $("player-top").innerHTML = top;
  $("player-bottom").innerHTML = bottom;

  const status = $("status");
  status.className = "status";
  if (state.result) {
    status.textContent = state.result.text;
    status.classList.add("over");
  } else if (state.thinking === "reply") {
    status.textContent = `Chariot (${engine}) is thinking…`;
    status.classList.add("engine");
  } else if (state.turn === state.human) {
    status.textContent = `Your move (${you})${state.check ? " — check!" : ""}`;
    status.classList.add("you");
  } else {
    status.textContent = `${engine} to move`;
  }
  $("spinner").classList.toggle("on", !!state.thinking);
  if (state.thought) showThought(state.thought); else clearThought();

  const list = $("moves");
  list.replaceChildren();
  const startBlack = state.start_fen.split(" ")[1] === "b";
  let number = parseInt(state.start_fen.split(" ")[5] || "1", 10) || 1;
  let li = null;
  state.moves.forEach((m, i) => {
    const white = (i % 2 === 0) !== startBlack;
    if (white || !li) {
      li = document.createElement("li");
      li.value = number;
      list.appendChild(li);
      if (!white) li.appendChild(moveSpan("…", false));
    }
    li.appendChild(moveSpan(m.text, i === state.moves.length - 1));
    if (!white) number++;
  });
  list.scrollTop = list.scrollHeight;

  const over = !!state.result;
  const yourTurn = !over && state.turn === state.human && state.thinking !== "reply";
  $("btn-undo").disabled = !state.moves.length;
  $("btn-hint").disabled = !yourTurn || !!state.thinking;
  $("btn-draw").disabled = over || state.thinking === "reply";
  $("btn-resign").disabled = over;
  if (!fenDraft) $("fen").value = state.fen;
  $("btn-copy-pgn").textContent = state.game === "chess" ? "Copy PGN" : "Copy moves";
  $("lnk-pgn").href = gamePath("/pgn");

  const banner = $("banner");
  if (over && !bannerHidden) {
    const r = state.result;
    $("banner-title").textContent = r.winner === null ? "Draw" : r.winner === state.human ? "You win!" : "Chariot wins";
    $("banner-text").textContent = `${r.text} (${r.score})`;
    banner.classList.remove("hidden");
  } else {
    banner.classList.add("hidden");
  }
}

function moveSpan(text, last) {
  const s = document.createElement("span");
  s.className = last ? "mv last" : "mv";
  s.textContent = text;
  return s;
}

function showThought(t) {
  $("t-depth").textContent = t.depth;
  $("t-score").textContent = t.score;
  $("t-nodes").textContent = t.nps ? `${formatCount(t.nodes)} nodes · ${formatCount(t.nps)}/s` : "";
  $("t-pv").textContent = (t.kind === "hint" ? "hint: " : "") + t.pv.join(" ");
}

function clearThought() {
  $("t-depth").textContent = "–";
  $("t-score").textContent = "–";
  $("t-nodes").textContent = "";
  $("t-pv").textContent = "";
}

function formatCount(n) {
  if (n >= 1e6) return (n / 1e6).toFixed(1) + "M";
  if (n >= 1e3) return (n / 1e3).toFixed(0) + "k";
  return String(n);
}

let toastTimer = null;
function toast(text, error) {
  const t = $("toast");
  t.textContent = text;
  t.className = "toast show" + (error ? " error" : "");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.className = "toast"; }, 2600);
}

// ---------- moving pieces ----------

function svgPoint(svg, ev) {
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

function squareAtEvent(svg, ev) {
  const p = svgPoint(svg, ev);
  const [col, row] = geometry().hit(p.x, p.y);
  return fromView(col, row);
}

function ownPiece(name) {
  const p = pieceAt(name);
  return p && isWhite(p) === humanColour();
}

function onPointerDown(ev) {
  if (!state || ev.button > 0) return;
  const svg = ev.currentTarget;
  const sq = squareAtEvent(svg, ev);
  if (!sq) return;
  ev.preventDefault();
  if (selected && sq !== selected && destinations(selected).includes(sq)) {
    tryMove(selected, sq);
    return;
  }
  if (ownPiece(sq) && !state.result) {
    if (state.turn !== state.human || state.thinking === "reply") {
      toast("Wait for your turn", true);
      return;
    }
    selected = sq;
    renderBoard();
    startDrag($("board").firstChild, sq, ev);
    return;
  }
  if (selected) {
    toast("That move is not legal", true);
    selected = null;
    renderBoard();
  }
}

function startDrag(svg, from, ev) {
  const piece = svg.querySelector(`.pieces [data-square="${from}"]`);
  if (!piece) return;
  const ghost = piece.cloneNode(true);
  ghost.classList.add("ghost");
  ghost.style.display = "none";
  svg.appendChild(ghost);
  drag = { from, ghost, piece, moved: false, x: ev.clientX, y: ev.clientY };
  svg.setPointerCapture(ev.pointerId);
  svg.addEventListener("pointermove", onDragMove);
  svg.addEventListener("pointerup", onDragEnd);
  svg.addEventListener("pointercancel", onDragEnd);
}

function onDragMove(ev) {
  if (!drag) return;
  if (!drag.moved && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 4) return;
  drag.moved = true;
  const p = svgPoint(ev.currentTarget, ev);
  drag.ghost.style.display = "";
  drag.ghost.setAttribute("transform", `translate(${p.x} ${p.y}) scale(1.1)`);
  drag.piece.classList.add("lifted");
}

function onDragEnd(ev) {
  if (!drag) return;
  const d = drag;
  drag = null;
  const svg = ev.currentTarget;
  svg.removeEventListener("pointermove", onDragMove);
  svg.removeEventListener("pointerup", onDragEnd);
  svg.removeEventListener("pointercancel", onDragEnd);
  d.ghost.remove();
  d.piece.classList.remove("lifted");
  if (!d.moved) return; // a click: keep the selection
  const to = squareAtEvent(svg, ev);
  if (to && to !== d.from && destinations(d.from).includes(to)) tryMove(d.from, to);
  else if (to && to !== d.from) { toast("That move is not legal", true); selected = null; renderBoard(); }
}

function tryMove(from, to) {
  const options = state.legal.filter((c) => { const m = splitMove(c); return m && m.from === from && m.to === to; });
  if (!options.length) return;
  if (options.length > 1) { choosePromotion(options); return; }
  sendMove(options[0]);
}

async function sendMove(coord) {
  selected = null;
  hidePromo();
  const s = await act("POST", gamePath("/moves"), { move: coord });
  if (!s) renderBoard();
}

function choosePromotion(options) {
  const box = $("promo");
  box.replaceChildren();
  const white = humanColour();
  const sorted = options.slice().sort((a, b) => PROMO_ORDER.indexOf(splitMove(a).extra) - PROMO_ORDER.indexOf(splitMove(b).extra));
  for (const coord of sorted) {
    const kind = splitMove(coord).extra;
    const b = document.createElement("button");
    b.className = `promo-piece ${white ? "white" : "black"}`;
    b.textContent = (CHESS_GLYPHS[kind] || kind) + "\uFE0E";
    b.title = { q: "queen", r: "rook", b: "bishop", n: "knight" }[kind] || kind;
    b.dataset.promo = kind;
    b.setAttribute("aria-label", `promote to ${b.title}`);
    b.addEventListener("click", () => sendMove(coord));
    box.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.className = "promo-cancel";
  cancel.textContent = "×";
  cancel.title = "cancel";
  cancel.setAttribute("aria-label", "cancel the promotion");
  cancel.addEventListener("click", () => { hidePromo(); selected = null; renderBoard(); });
  box.appendChild(cancel);
  box.classList.remove("hidden");
}

function hidePromo() {
  $("promo").classList.add("hidden");
}

// ---------- buttons ----------

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    toast(`${what} copied`);
  } catch (_) {
    const f = $("fen");
    f.value = text;
    f.select();
    toast(`Select and copy the ${what} from the box`);
  }
}

function bind() {
  $("btn-new").addEventListener("click", () => {
    localStorage.setItem("chariot.prefs", JSON.stringify({ game: $("sel-game").value, side: $("sel-side").value, level: $("sel-level").value }));
    newGame();
  });
  $("banner-new").addEventListener("click", () => newGame());
  $("banner-close").addEventListener("click", () => { bannerHidden = true; $("banner").classList.add("hidden"); });
  $("sel-game").addEventListener("change", sideLabels);
  $("btn-undo").addEventListener("click", () => { selected = null; bannerHidden = false; act("POST", gamePath("/undo")); });
  $("btn-flip").addEventListener("click", () => { userFlip = !userFlip; render(); });
  $("btn-hint").addEventListener("click", () => act("POST", gamePath("/hint")));
  $("btn-resign").addEventListener("click", () => { if (confirm("Resign this game?")) act("POST", gamePath("/resign")); });
  $("btn-draw").addEventListener("click", async () => {
    const s = await act("POST", gamePath("/draw"));
    if (s) toast(s.draw === "accepted" ? "Chariot accepts the draw" : "Chariot declines the draw offer");
  });
  $("btn-load").addEventListener("click", () => {
    const fen = $("fen").value.trim();
    if (fen) newGame({ fen });
  });
  $("btn-load-record").addEventListener("click", async () => {
    const record = $("record").value.trim();
    if (!record) { toast("Paste a PGN (chess) or a move list (xiangqi) first", true); return; }
    const previous = $("sel-game").value;
    $("sel-game").value = recordGame(record);
    sideLabels();
    if (!(await newGame({ record }))) { $("sel-game").value = previous; sideLabels(); }
  });
  $("fen").addEventListener("input", () => { fenDraft = $("fen").value.trim() !== ""; });
  $("fen").addEventListener("keydown", (e) => { if (e.key === "Enter") $("btn-load").click(); });
  $("btn-copy-fen").addEventListener("click", () => copy(state.fen, "FEN"));
  $("btn-copy-pgn").addEventListener("click", async () => {
    try {
      const res = await fetch(gamePath("/pgn"));
      copy(await res.text(), state.game === "chess" ? "PGN" : "move list");
    } catch (e) { toast(e.message, true); }
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA") return;
    if (e.key === "f") $("btn-flip").click();
    if (e.key === "Escape") { selected = null; hidePromo(); renderBoard(); }
  });
}

bind();
loadLevels();
restore();
