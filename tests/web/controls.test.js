// The page's other controls in Chromium: the promotion chooser, flipping the board,
// resignation and draw offers with their banners, and loading a pasted PGN / move list
// (a bad one refused with the game unchanged). Needs CHARIOT_URL.
"use strict";
const assert = require("node:assert/strict");
const { moveCount, moveTexts, fen, square, clickMove, startGame, main } = require("./helpers");

async function loadFen(page, text) {
  await page.fill("#fen", text);
  await page.click("#btn-load");
  const board = text.split(" ")[0];
  await page.waitForFunction((b) => document.querySelector("#board svg").dataset.fen.startsWith(b + " "), board);
}

async function waitYourTurn(page) {
  await page.waitForFunction(() => document.querySelector("#status").classList.contains("you"), null, { timeout: 15000 });
}

async function promotion(page) {
  await startGame(page, "chess");
  await loadFen(page, "8/P6k/8/8/8/8/6KP/8 w - - 0 1");
  await clickMove(page, "a7", "a8");
  await page.waitForSelector("#promo:not(.hidden)");
  const choices = await page.locator("#promo [data-promo]").evaluateAll((bs) => bs.map((b) => b.dataset.promo));
  assert.deepEqual(choices, ["q", "r", "b", "n"], "the chooser offers the four pieces");
  await page.click('#promo [data-promo="n"]');
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length >= 1);
  assert.equal((await moveTexts(page))[0], "a8=N", "the move list shows the under-promotion");
  await waitYourTurn(page);
  assert.match(await fen(page), /^N/, "a white knight stands on a8");
}

async function flip(page) {
  const a1 = await square(page, "a1").boundingBox();
  const h8 = await square(page, "h8").boundingBox();
  assert.ok(a1.y > h8.y, "White plays up the board");
  await page.click("#btn-flip");
  const a1f = await square(page, "a1").boundingBox();
  assert.ok(Math.abs(a1f.x - h8.x) < 1 && Math.abs(a1f.y - h8.y) < 1, "after Flip a1 is where h8 was");
  await page.click("#btn-flip");
  assert.equal((await square(page, "a1").boundingBox()).y, a1.y, "Flip again restores the board");
}

// Text typed into the FEN box survives a redraw (here a flip; an engine move or a late reply
// redraws the same way) until it is loaded; then the box shows the loaded position's FEN.
async function fenDraft(page) {
  await startGame(page, "chess");
  const typed = "8/8/8/4k3/8/8/4K3/8 w - - 0 1";
  await page.fill("#fen", typed);
  await page.click("#btn-flip");
  await page.click("#btn-flip");
  assert.equal(await page.inputValue("#fen"), typed, "a redraw keeps the typed text");
  await loadFen(page, typed);
  assert.equal(await page.inputValue("#fen"), typed, "the box shows the loaded position");
  await page.click("#btn-flip");
  await page.click("#btn-flip");
  assert.equal(await page.inputValue("#fen"), await fen(page), "after a load the box follows the game again");
}

async function resign(page) {
  await startGame(page, "chess");
  page.once("dialog", (d) => d.accept());
  await page.click("#btn-resign");
  await page.waitForSelector("#banner:not(.hidden)");
  assert.equal(await page.locator("#banner-title").textContent(), "Chariot wins");
  assert.match(await page.locator("#banner-text").textContent(), /White resigned: Black wins \(0-1\)/);
  await page.click("#banner-close");
  assert.ok(await page.locator("#btn-resign").isDisabled(), "a finished game cannot be resigned");
}

async function drawOffers(page) {
  // 32 pieces: the engine declines whatever the score.
  await startGame(page, "chess");
  await page.click("#btn-draw");
  await page.waitForFunction(() => /declines the draw/.test(document.querySelector("#toast").textContent));
  assert.ok(await page.locator("#banner").isHidden(), "a declined offer goes on with the game");
  // Bare kings and a pair of blocked pawns: level, so the engine accepts.
  await loadFen(page, "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1");
  await page.click("#btn-draw");
  await page.waitForSelector("#banner:not(.hidden)");
  assert.match(await page.locator("#banner-text").textContent(), /Draw agreed \(1\/2-1\/2\)/);
}

async function pasteRecords(page) {
  await startGame(page, "chess");
  const pgn = '[Event "pasted"]\n[White "A"]\n[Black "B"]\n\n1. e4 {open} e5 2. Nf3 $1 (2. f4 exf4) Nc6 3. Bb5 a6 *';
  await page.fill("#record", pgn);
  await page.click("#btn-load-record");
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 6);
  assert.deepEqual(await moveTexts(page), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
  await waitYourTurn(page);
  await clickMove(page, "b5", "a4");
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 8, null, { timeout: 15000 });

  // A bad record: an error naming the move, and the game on the board unchanged.
  await waitYourTurn(page);
  const before = await fen(page);
  const count = await moveCount(page);
  await page.fill("#record", "1. e4 e5 2. Ke3");
  await page.click("#btn-load-record");
  await page.waitForSelector(".toast.show.error");
  assert.match(await page.locator("#toast").textContent(), /move 2\. `Ke3`/);
  assert.equal(await fen(page), before);
  assert.equal(await moveCount(page), count);

  // A xiangqi move list switches the game to xiangqi.
  await page.fill("#record", '[Variant "xiangqi"]\n\n1. C2=5 H8+7 2. H2+3 R9=8 *');
  await page.click("#btn-load-record");
  await page.waitForFunction(() => document.querySelector("#board").dataset.game === "xiangqi");
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 4);
  assert.deepEqual(await moveTexts(page), ["C2=5", "H8+7", "H2+3", "R9=8"]);
  assert.equal(await page.locator("#sel-game").inputValue(), "xiangqi");
}

// The Chess960 field belongs to chess: choosing xiangqi hides it, choosing chess shows it again.
async function chess960FieldFollowsGame(page) {
  const field = page.locator(".c960");
  await page.selectOption("#sel-game", "chess");
  assert.ok(await field.isVisible(), "chess offers a Chess960 start");
  await page.selectOption("#sel-game", "xiangqi");
  assert.ok(!(await field.isVisible()), "xiangqi does not");
  await page.selectOption("#sel-game", "chess");
  assert.ok(await field.isVisible(), "back to chess, the field is back");
}

main([
  ["Chess960 field only for chess", chess960FieldFollowsGame],
  ["promotion chooser", promotion],
  ["flip board", flip],
  ["typed FEN kept until loaded", fenDraft],
  ["resign", resign],
  ["draw offers", drawOffers],
  ["paste PGN and move list", pasteRecords],
]);
