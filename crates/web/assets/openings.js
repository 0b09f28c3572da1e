// The opening the game reached, as the server names it (state.opening), under the move list.
"use strict";

stateHooks.push((_prev, next) => {
  const o = next.opening;
  $("opening").textContent = o ? (o.eco ? `${o.eco} · ${o.name}` : o.name) : "";
});
