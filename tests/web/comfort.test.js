// The page's comforts in Chromium: typed moves (a bad one explained beside the field, the
// game going on), the arrow keys left alone while typing, the opening's name, the sound
// switch surviving a reload, and the board's squares named for screen readers. Needs
// CHARIOT_URL.
"use strict";
const assert = require("node:assert/strict");
const { moveCount, moveTexts, fen, square, startGame, main } = require("./helpers");

async function waitYourTurn(page) {
  await page.waitForFunction(() => document.querySelector("#status").classList.contains("you"), null, { timeout: 15000 });
}

async function typeMove(page, text) {
  await page.fill("#move-input", text);
  await page.press("#move-input", "Enter");
}

async function typedMoves(page) {
  await startGame(page, "chess");
  await typeMove(page, "e4");
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length >= 1);
  assert.equal((await moveTexts(page))[0], "e4", "the typed SAN move is played");
  assert.equal(await page.inputValue("#move-input"), "", "the field is emptied");
  await waitYourTurn(page);
  const before = await moveCount(page);
  const board = await fen(page);
  await typeMove(page, "Ke5");
  await page.waitForFunction(() => document.querySelector("#move-error").textContent !== "");
  const error = await page.textContent("#move-error");
  assert.match(error, /illegal move `Ke5`/, `the reason is shown beside the field: ${error}`);
  assert.equal(await moveCount(page), before, "nothing was played");
  assert.equal(await fen(page), board, "the position is unchanged");
  await typeMove(page, "d2d4");
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length > n, before);
  assert.equal((await moveTexts(page))[before], "d4", "a coordinate move plays after the refused one");
  assert.equal(await page.textContent("#move-error"), "", "the error is cleared");
  await waitYourTurn(page);
}

// ← and → step through the game, but not while the person types in the move field.
async function arrowsWhileTyping(page) {
  await page.click("#move-input");
  await page.press("#move-input", "ArrowLeft");
  assert.equal(await page.textContent("#review-step"), "live", "← in the field moves the caret only");
  await page.click("#status");
  await page.keyboard.press("ArrowLeft");
  assert.match(await page.textContent("#review-step"), /^move \d+ of \d+$/, "← elsewhere steps back");
  await page.keyboard.press("End");
  assert.equal(await page.textContent("#review-step"), "live");
}

async function openingName(page) {
  await page.selectOption("#sel-side", "white");
  await page.fill("#record", "1. e4 e5 2. Nf3 Nc6 3. Bb5");
  await page.click("#btn-load-record");
  await page.waitForFunction(() => /Ruy Lopez/.test(document.querySelector("#opening").textContent));
  // The engine may already have answered with a named variation (C60–C99 are Ruy Lopez lines).
  const name = await page.textContent("#opening");
  assert.match(name, /^C[6-9]\d · Ruy Lopez/, name);
  await waitYourTurn(page);
  await typeMove(page, "Qe2");
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length >= 7);
  assert.match(await page.textContent("#opening"), /Ruy Lopez/, "the name stays out of the book");
}

async function squaresNamed(page) {
  await startGame(page, "chess");
  assert.equal(await square(page, "e1").getAttribute("aria-label"), "e1, white king");
  assert.equal(await square(page, "g8").getAttribute("aria-label"), "g8, black knight");
  assert.equal(await square(page, "e4").getAttribute("aria-label"), "e4, empty");
  assert.equal(await page.getAttribute("#status", "aria-live"), "polite", "the status is announced");
  assert.equal(await page.getAttribute("#moves", "aria-live"), "polite", "new moves are announced");
  await startGame(page, "xiangqi");
  assert.equal(await square(page, "b2").getAttribute("aria-label"), "b2, red cannon");
  assert.equal(await square(page, "e9").getAttribute("aria-label"), "e9, black general");
  assert.equal(await square(page, "e4").getAttribute("aria-label"), "e4, empty");
  const unnamed = await page.locator("button:visible").evaluateAll((bs) =>
    bs.filter((b) => !(b.getAttribute("aria-label") || b.textContent).trim()).map((b) => b.id));
  assert.deepEqual(unnamed, [], "every button has a name");
}

// A move makes a sound while sounds are on, none once muted; the switch survives a reload.
async function soundSwitch(page) {
  await startGame(page, "chess");
  const button = page.locator("#btn-sound");
  assert.equal(await button.getAttribute("aria-pressed"), "false", "sounds start on");
  await typeMove(page, "e4");
  await page.waitForFunction(() => document.querySelector("#btn-sound").dataset.last);
  assert.match(await button.getAttribute("data-last"), /^(move|capture|check)$/);
  await waitYourTurn(page);
  await button.click();
  assert.equal(await button.getAttribute("aria-pressed"), "true");
  assert.match(await button.getAttribute("aria-label"), /muted/);
  await page.reload();
  await page.waitForSelector("#board svg");
  assert.equal(await page.locator("#btn-sound").getAttribute("aria-pressed"), "true", "still muted after a reload");
  await waitYourTurn(page);
  const before = await moveCount(page);
  await typeMove(page, "d4");
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length > n, before);
  assert.equal(await page.locator("#btn-sound").getAttribute("data-last"), "", "a muted move makes no sound");
  await page.click("#btn-sound");
  assert.equal(await page.locator("#btn-sound").getAttribute("aria-pressed"), "false");
}

// The level menu names each level with its measured Elo on the game's own reference scale
// (Stockfish's for chess, Fairy-Stockfish's for xiangqi), read from /api/info, and relabels
// itself when the game changes; the menu's tooltip names the scale.
async function levelLabelsPerGame(page) {
  const info = await page.evaluate(async () => (await fetch("/api/info")).json());
  // The page loads the same table once at start-up; wait until it has labelled the menu.
  await page.waitForFunction(() => /level \d+/.test(document.querySelector("#sel-level option").textContent));
  const labels = {};
  for (const game of ["chess", "xiangqi", "chess"]) {
    await page.selectOption("#sel-game", game);
    const table = info.game_levels[game];
    assert.ok(table && table.measured, `${game}: a measured table is served`);
    const shown = await page.locator("#sel-level option").evaluateAll((os) =>
      os.map((o) => ({ value: o.value, text: o.textContent })));
    assert.equal(shown.length, table.levels.length, `${game}: one label per level`);
    for (const { value, text } of shown) {
      const level = table.levels.find((l) => l.name === value);
      assert.ok(level, `${game}: ${value} is a served level`);
      assert.ok(text.includes(`level ${level.skill} (~${level.elo}`), `${game} ${value}: ${text}`);
      assert.equal(text.includes("est."), !level.measured, `${game} ${value}: "est." only where not measured: ${text}`);
    }
    const title = await page.locator("#sel-level").evaluate((s) => s.parentElement.title);
    assert.ok(title.includes(table.scale), `${game}: the tooltip names the scale: ${title}`);
    labels[game] = shown.map((o) => o.text).join("|");
  }
  assert.notEqual(labels.chess, labels.xiangqi, "each game shows its own table");
  const full = info.game_levels.chess.levels.find((l) => l.name === "full");
  assert.ok(full.elo > 2200, `full strength is no longer labelled ~2200: ${full.elo}`);
}

main([
  ["a typed move is played; a bad one is explained and the game goes on", typedMoves],
  ["arrow keys do not step through the game while typing", arrowsWhileTyping],
  ["the opening is named after 1.e4 e5 2.Nf3 Nc6 3.Bb5", openingName],
  ["squares, status and moves are named for screen readers", squaresNamed],
  ["the sound switch mutes and survives a reload", soundSwitch],
  ["the level menu shows each game's measured Elo", levelLabelsPerGame],
]);
