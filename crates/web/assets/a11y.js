// What a screen reader says about the board: each square's name and what stands on it
// ("e4, white knight", "e3, red cannon", "e5, empty"), set on the squares' hit areas each
// time the board is drawn.
"use strict";

const PIECE_NAMES = {
  chess: { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" },
  xiangqi: { k: "general", a: "advisor", b: "elephant", e: "elephant", n: "horse", h: "horse", r: "chariot", c: "cannon", p: "soldier" },
};

function squareLabel(name) {
  const p = pieceAt(name);
  if (!p) return `${name}, empty`;
  const side = sideName(isWhite(p) ? "white" : "black").toLowerCase();
  const kind = (PIECE_NAMES[state.game] || {})[p.toLowerCase()] || p;
  return `${name}, ${side} ${kind}`;
}

boardHooks.push((svg) => {
  for (const hit of svg.querySelectorAll(".hits [data-square]")) {
    hit.setAttribute("role", "img");
    hit.setAttribute("aria-label", squareLabel(hit.dataset.square));
  }
});
