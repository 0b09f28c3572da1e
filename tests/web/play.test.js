// Plays the Chariot page as a person would, in Debian's headless Chromium: a few moves of
// chess and of xiangqi by clicking and dragging, the engine's replies, an illegal click
// refused, undo, and a reload that restores the game. Needs CHARIOT_URL (a running server).
"use strict";
const assert = require("node:assert/strict");
const path = require("node:path");
const { SHOTS, moveCount, fen, square, clickMove, startGame, main } = require("./helpers");

const GAMES = (process.env.CHARIOT_GAMES || "chess,xiangqi").split(",");

async function waitMoves(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll("#moves .mv").length === k, n, { timeout: 15000 });
  await page.waitForFunction(() => document.querySelector("#status").classList.contains("you"), null, { timeout: 15000 });
}

async function dragMove(page, from, to) {
  const a = await square(page, from).boundingBox();
  const b = await square(page, to).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2 + a.width / 2, (a.y + b.y) / 2 + a.height / 2, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
  await page.mouse.up();
}

async function illegalClickIsRefused(page, from, to) {
  const before = await fen(page);
  const count = await moveCount(page);
  await square(page, from).click();
  await square(page, to).click();
  await page.waitForSelector(".toast.show.error", { timeout: 3000 });
  assert.match(await page.locator("#toast").textContent(), /not legal/);
  await page.waitForTimeout(300);
  assert.equal(await moveCount(page), count, "an illegal click plays nothing");
  assert.equal(await fen(page), before, "an illegal click changes nothing");
}

async function reloadKeepsGame(page) {
  const before = await fen(page);
  const count = await moveCount(page);
  await page.reload();
  await page.waitForSelector("#board svg");
  await page.waitForFunction((f) => document.querySelector("#board svg").dataset.fen === f, before, { timeout: 5000 });
  assert.equal(await moveCount(page), count, "the move list survives a reload");
}

async function chess(page) {
  await startGame(page, "chess");
  await clickMove(page, "e2", "e4");
  await waitMoves(page, 2);
  const thought = await page.locator("#t-depth").textContent();
  assert.match(thought, /^\d+$/, "the engine's thinking (depth) is shown");
  await illegalClickIsRefused(page, "a1", "a5");
  await page.click("#btn-hint");
  await page.waitForSelector(".hint-arrow", { timeout: 5000 });
  await dragMove(page, "d2", "d4");
  await waitMoves(page, 4);
  const texts = await page.locator("#moves .mv").allTextContents();
  assert.equal(texts[0], "e4");
  assert.equal(texts[2], "d4");
  await page.click("#btn-undo");
  await waitMoves(page, 2);
  await reloadKeepsGame(page);
  await page.screenshot({ path: path.join(SHOTS, "chess.png") });

  // Paste a position, mate in one, and read the result banner.
  await page.fill("#fen", "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
  await page.click("#btn-load");
  await page.waitForFunction(() => document.querySelector("#board svg").dataset.fen.startsWith("7k/5Q2"));
  await clickMove(page, "f7", "g7");
  await page.waitForSelector("#banner:not(.hidden)", { timeout: 5000 });
  assert.match(await page.locator("#banner-text").textContent(), /Checkmate: White wins \(1-0\)/);
  assert.equal(await page.locator("#banner-title").textContent(), "You win!");
  assert.deepEqual(await page.locator("#moves .mv").allTextContents(), ["Qg7#"]);
}

async function xiangqi(page) {
  await startGame(page, "xiangqi");
  const discs = await page.locator(".piece .char").count();
  assert.equal(discs, 32, "32 pieces drawn as characters on discs");
  assert.equal(await page.locator(".piece.white .char").first().textContent(), "俥");
  await clickMove(page, "h2", "e2"); // the central cannon, C2=5
  await waitMoves(page, 2);
  assert.equal((await page.locator("#moves .mv").allTextContents())[0], "C2=5");
  await illegalClickIsRefused(page, "a0", "a5");
  // A soldier step, legal whatever Black replied: no black move gives check after C2=5, and
  // a piece that reached c4 would be taken. (The horses are not: the left one can be taken by
  // the cannon on b7 jumping the red cannon on b2, and the right one's leg blocked by the
  // cannon h7 moving to h1, which the beginner level's random choice sometimes plays.)
  await dragMove(page, "c3", "c4");
  await waitMoves(page, 4);
  assert.equal((await page.locator("#moves .mv").allTextContents())[2], "P7+1");
  await page.click("#btn-undo");
  await waitMoves(page, 2);
  await reloadKeepsGame(page);
  await page.screenshot({ path: path.join(SHOTS, "xiangqi.png") });
}

main([["chess", chess], ["xiangqi", xiangqi]].filter(([n]) => GAMES.includes(n)));
