// Typed moves: the person writes a move in any notation the game reads (coordinates, SAN or
// WXF; the server tries each) and Enter plays it. A refused move's reason, which names what
// each notation made of it, stays beside the field until the next try; the game goes on.
"use strict";

async function playTyped() {
  const input = $("move-input"), error = $("move-error");
  const text = input.value.trim();
  if (!text || !state) return;
  while (busy) await inflight;
  busy = true;
  inflight = (async () => {
    try {
      const s = await api("POST", gamePath("/moves"), { move: text });
      selected = null;
      input.value = "";
      error.textContent = "";
      setState(s);
      return s;
    } catch (e) {
      error.textContent = e.message;
      return null;
    } finally {
      busy = false;
    }
  })();
  return inflight;
}

$("move-input").addEventListener("keydown", (e) => {
  if (e.key === "Enter") { e.preventDefault(); playTyped(); }
});
$("move-input").addEventListener("input", () => { $("move-error").textContent = ""; });
