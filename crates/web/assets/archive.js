"use strict";
// Saved games: the "not saving" notice and the archive card (list with filters, open,
// export, delete). Kept apart from app.js; opening a game goes through the address
// (#id), which app.js reads on load, so this file needs nothing from it.

(() => {
  const el = (id) => document.getElementById(id);
  const PAGE = 20;
  let offset = 0;
  // Numbers the list requests: a reply to an older one (the list shown before a filter was
  // changed) that comes back after a newer one must not replace the newer list.
  let asked = 0;

  async function call(method, path) {
    const r = await fetch(path, { method });
    const body = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(body.error || `HTTP ${r.status}`);
    return body;
  }

  // The server plays in memory when it cannot save: say so, with its reason.
  async function checkSaving() {
    try {
      const info = await call("GET", "/api/info");
      const note = el("saving-note");
      note.textContent = info.saving ? "" : `Games are not being saved: ${info.saving_reason || "unknown reason"}`;
      note.classList.toggle("hidden", !!info.saving);
      el("archive-card").classList.toggle("hidden", !info.archive);
    } catch (_) { /* the status card already reports a server that does not answer */ }
  }

  function query() {
    const q = new URLSearchParams({ limit: PAGE, offset });
    if (el("arc-game").value) q.set("game", el("arc-game").value);
    if (el("arc-result").value) q.set("result", el("arc-result").value);
    return q.toString();
  }

  function row(g) {
    const li = document.createElement("li");
    li.className = "arc-row";
    const text = document.createElement("span");
    text.className = "arc-text";
    const result = g.result === "*" ? "in progress" : g.result;
    text.textContent = `${g.created.slice(0, 16)} · ${g.game} · ${g.level} · ${g.side} · ${result} · ${g.length} plies`;
    const open = document.createElement("button");
    open.textContent = "Open";
    open.onclick = () => { location.hash = g.id; location.reload(); };
    const pgn = document.createElement("a");
    pgn.className = "button";
    pgn.textContent = "PGN";
    pgn.href = `/api/archive/${g.id}/pgn`;
    pgn.setAttribute("download", "");
    const del = document.createElement("button");
    del.className = "danger";
    del.textContent = "Delete";
    del.onclick = async () => {
      if (!confirm("Delete this game from the archive?")) return;
      try { await call("DELETE", `/api/archive/${g.id}`); await refresh(); } catch (e) { alert(e.message); }
    };
    li.append(text, open, pgn, del);
    return li;
  }

  async function refresh() {
    const list = el("arc-list");
    const mine = ++asked;
    try {
      const data = await call("GET", `/api/archive?${query()}`);
      if (mine !== asked) return;
      list.replaceChildren(...data.games.map(row));
      if (!data.games.length) list.textContent = "No saved games match.";
      el("arc-page").textContent = data.total ? `${offset + 1}–${offset + data.games.length} of ${data.total}` : "";
      el("arc-prev").disabled = offset === 0;
      el("arc-next").disabled = offset + data.games.length >= data.total;
    } catch (e) {
      if (mine !== asked) return;
      list.textContent = e.message;
    }
    const game = el("arc-game").value;
    el("arc-export").href = `/api/archive/pgn${game ? "?game=" + game : ""}`;
  }

  el("arc-show").onclick = () => {
    const body = el("arc-body");
    body.classList.toggle("hidden");
    if (!body.classList.contains("hidden")) { offset = 0; refresh(); }
  };
  el("arc-game").onchange = el("arc-result").onchange = () => { offset = 0; refresh(); };
  el("arc-prev").onclick = () => { offset = Math.max(0, offset - PAGE); refresh(); };
  el("arc-next").onclick = () => { offset += PAGE; refresh(); };
  checkSaving();
  setInterval(checkSaving, 60000);
})();
