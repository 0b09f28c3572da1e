// Plays COMPLETE games of chess and of xiangqi against the engine by clicking, until the
// result banner shows. The person's moves come from the page's own Hint button: press it,
// read the suggested move off the hint arrow, click its from- and to-square (and the
// promotion chooser's piece). The engine plays at the lowest level, so full-strength hints win
// in a few dozen moves; a ply cap fails the test if no result comes. Needs CHARIOT_URL.
"use strict";
const assert = require("node:assert/strict");
const path = require("node:path");
const { SHOTS, moveCount, moveTexts, startGame, playHintedMove, main } = require("./helpers");

const GAMES = (process.env.CHARIOT_GAMES || "chess,xiangqi").split(",");
const MAX_PLIES = 400;
// A guard against hangs, not a target: 51-79 s per game measured on a 2-core machine shared
// with builds (load 8-10), where chromium, node and the server each get a fraction of a core.
const GAME_MS = 120000;

// Waits until it is the person's turn (true) or the game is over (false).
async function yourTurnOrOver(page) {
  const handle = await page.waitForFunction(() => {
    if (!document.querySelector("#banner").classList.contains("hidden")) return "over";
    const you = document.querySelector("#status").classList.contains("you");
    return you && !document.querySelector("#btn-hint").disabled ? "you" : false;
  }, null, { timeout: 20000 });
  return (await handle.jsonValue()) === "you";
}

async function completeGame(page, game) {
  const t0 = Date.now();
  await startGame(page, game, "beginner");
  let hinted = 0;
  while (await yourTurnOrOver(page)) {
    assert.ok((await moveCount(page)) < MAX_PLIES, `no result after ${MAX_PLIES} plies`);
    assert.ok(Date.now() - t0 < GAME_MS, `no result after ${GAME_MS} ms`);
    await playHintedMove(page);
    hinted++;
  }
  const title = await page.locator("#banner-title").textContent();
  const text = await page.locator("#banner-text").textContent();
  const plies = await moveCount(page);
  assert.match(text, /\((1-0|0-1|1\/2-1\/2)\)$/, "the banner gives the score");
  const status = await page.locator("#status").textContent();
  assert.ok(text.startsWith(status), `the status line says the result too: ${status}`);
  const last = (await moveTexts(page)).at(-1);
  if (/Checkmate/.test(text) && game === "chess") assert.match(last, /#$/, "a mate is written with #");
  await page.screenshot({ path: path.join(SHOTS, `${game}-complete.png`) });
  console.log(`# ${game}: ${title} — ${text}; ${plies} plies, ${hinted} clicked by hint, ${Date.now() - t0} ms`);
}

main([
  ["complete chess game", (page) => completeGame(page, "chess")],
  ["complete xiangqi game", (page) => completeGame(page, "xiangqi")],
].filter(([n]) => GAMES.some((g) => n.includes(g))));
