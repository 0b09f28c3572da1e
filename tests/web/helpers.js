// What the browser tests share: launching Debian's headless Chromium on a throw-away profile,
// and addressing the board's squares, moves and state the way a person sees them.
"use strict";
const { chromium } = require("playwright-core");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const BASE = process.env.CHARIOT_URL || "http://127.0.0.1:8080";
const SHOTS = process.env.SHOTS_DIR || os.tmpdir();
const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

const moveCount = (page) => page.locator("#moves .mv").count();
const moveTexts = (page) => page.locator("#moves .mv").allTextContents();
const fen = (page) => page.locator("#board svg").getAttribute("data-fen");
const square = (page, name) => page.locator(`.hits [data-square="${name}"]`);

async function clickMove(page, from, to) {
  await square(page, from).click();
  const dests = await page.locator(".dest").count();
  assert.ok(dests > 0, `legal destinations are shown for ${from}`);
  await square(page, to).click();
}

async function startGame(page, game, level = "beginner") {
  await page.selectOption("#sel-game", game);
  await page.selectOption("#sel-side", "white");
  await page.selectOption("#sel-level", level);
  // Wait for this click's game, not the one already on the page (which may also be a fresh
  // game of the same kind): its id is in the reply and the page puts it in the address.
  const created = page.waitForResponse((r) => r.url().endsWith("/api/games") && r.request().method() === "POST");
  await page.click("#btn-new");
  const { id } = await (await created).json();
  await page.waitForFunction(
    ([g, id]) => {
      const b = document.querySelector("#board");
      return location.hash === "#" + id && b && b.dataset.game === g && document.querySelectorAll("#moves .mv").length === 0;
    },
    [game, id],
  );
}

// Presses Hint, reads the suggested move off the hint arrow and clicks it (and the promotion
// chooser's piece); returns the move in coordinates once the move list has grown.
async function playHintedMove(page) {
  const before = await moveCount(page);
  await page.click("#btn-hint");
  const arrow = page.locator(".hint-arrow[data-move]");
  await arrow.waitFor({ timeout: 15000 });
  const coord = await arrow.getAttribute("data-move");
  const m = /^([a-z]\d+)([a-z]\d+)([qrbn]?)$/.exec(coord);
  assert.ok(m, `a hint in coordinates: ${coord}`);
  await square(page, m[1]).click();
  await square(page, m[2]).click();
  if (m[3]) await page.click(`#promo [data-promo="${m[3]}"]`);
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length > n, before);
  return coord;
}

// Chromium on a throw-away profile with one page; `close()` removes both. Script errors on
// the page collect in `errors`.
async function openBrowser() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "chariot-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
    bypassCSP: true, // waitForFunction evaluates strings; the page itself runs under its CSP
  });
  const errors = [];
  const page = context.pages()[0] || (await context.newPage());
  page.on("pageerror", (e) => errors.push(e.message));
  page.setDefaultTimeout(10000);
  const close = async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { page, errors, close };
}

// Runs `steps` ([name, async (page) => …] pairs) on one page; fails on any page script error.
async function runPage(steps) {
  const { page, errors, close } = await openBrowser();
  try {
    await page.goto(BASE);
    await page.waitForSelector("#board svg");
    for (const [name, run] of steps) {
      const t = Date.now();
      await run(page);
      console.log(`ok - ${name} (${Date.now() - t} ms)`);
    }
    assert.deepEqual(errors, [], "no script errors on the page");
  } finally {
    await close();
  }
}

function main(steps) {
  runPage(steps).catch((e) => {
    console.error("not ok -", e.stack || e);
    process.exit(1);
  });
}

module.exports = {
  BASE, SHOTS, moveCount, moveTexts, fen, square, clickMove, startGame, playHintedMove, openBrowser, main,
};
