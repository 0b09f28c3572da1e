// The web game's saved games, clocks, review, analysis and phone layout in Chromium, against
// a server this script starts itself (CHARIOT_BIN, default target/release/chariot) on its own
// --data directory, so that it can kill it with SIGKILL and start it again on the same data:
// a game in progress survives that, and so does a timed game's clock. Then: a tiny clock's
// flag falls, a finished game's review draws its graph and marks the mistakes, analysis
// deepens with its arrow on the board and win/draw/loss chances in its lines, the board fits
// a phone's screen, and the saved-games list shows, exports and deletes the game.
// Screenshots go to SHOTS_DIR.
"use strict";
const assert = require("node:assert/strict");
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { SHOTS, moveCount, moveTexts, startGame, playHintedMove, openBrowser } = require("./helpers");

const BIN = process.env.CHARIOT_BIN || path.join(__dirname, "../../target/release/chariot");
// Long enough for the analysis to be seen at several depths by the page's 300 ms polls.
const THINK_MS = "1000";
// Blackburne–Shilling: White blunders twice and is mated on move 7 (the review's marks).
const TRAP = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1";

// Starts the server on `data`; resolves to {url, proc} once it prints its address.
function startServer(data) {
  const proc = spawn(BIN, ["web", "--port", "0", "--max-think-ms", THINK_MS, "--data", data], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 15000);
    const seen = (chunk) => {
      log += chunk;
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(log);
      if (m) { clearTimeout(timer); resolve({ url: m[0], proc }); }
    };
    proc.stdout.on("data", seen);
    proc.stderr.on("data", seen);
    proc.on("exit", (code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}):\n${log}`)); });
  });
}

function kill9(server) {
  return new Promise((resolve) => {
    server.proc.removeAllListeners("exit");
    server.proc.once("exit", resolve);
    server.proc.kill("SIGKILL");
  });
}

// Opens game `id` the way the saved-games list does: the id in the address, then a reload.
async function openGame(page, base, id) {
  await page.goto(`${base}/#${id}`);
  await page.reload();
  await page.waitForFunction((id) => location.hash === "#" + id && document.querySelector("#board svg"), id);
}

async function waitYourTurn(page) {
  await page.waitForFunction(() => {
    const s = document.querySelector("#status");
    return s.classList.contains("you") && !document.querySelector("#btn-hint").disabled;
  }, null, { timeout: 20000 });
}

const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `features-${name}.png`), fullPage: false });

// A game of a few moves, the server killed with SIGKILL and started again on the same data:
// the reloaded page shows the same moves and the game goes on.
async function survivesKill(ctx) {
  const { page } = ctx;
  await startGame(page, "chess", "beginner");
  const id = await page.evaluate(() => location.hash.slice(1));
  for (let i = 0; i < 3; i++) {
    await waitYourTurn(page);
    await playHintedMove(page);
  }
  await waitYourTurn(page);
  const before = await moveTexts(page);
  assert.equal(before.length, 6, "three moves each");
  await kill9(ctx.server);
  ctx.server = await startServer(ctx.data);
  await openGame(page, ctx.server.url, id);
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length === n, before.length);
  assert.deepEqual(await moveTexts(page), before, "the restarted server has the same moves");
  await waitYourTurn(page);
  await playHintedMove(page);
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 8, null, { timeout: 20000 });
  await shot(page, "after-restart");
}

// A game on 5+3 started from the form, the server killed with SIGKILL and started again: the
// reopened game shows its clock with the stored times (Black's exactly as before the kill,
// neither full nor untimed), White's clock runs on, and the new-game form shows the game's
// time control and level so that "New game" repeats them.
async function clockSurvivesKill(ctx) {
  const { page } = ctx;
  await page.selectOption("#sel-clock", "5+3");
  await startGame(page, "chess", "beginner");
  const id = await page.evaluate(() => location.hash.slice(1));
  await waitYourTurn(page);
  await playHintedMove(page);
  await waitYourTurn(page);
  const before = await page.evaluate(() => state.clock);
  assert.equal(before.base_ms, 300000);
  assert.equal(before.running, "white");
  assert.notEqual(before.black_ms, 300000, "Black has spent time and gained the increment");
  const blackShown = await page.locator("#clock-black").textContent();
  await kill9(ctx.server);
  ctx.server = await startServer(ctx.data);
  // The form is changed meanwhile: reopening the game must set it back.
  await page.selectOption("#sel-clock", "none");
  await page.selectOption("#sel-level", "hard");
  await openGame(page, ctx.server.url, id);
  await page.waitForSelector("#clocks:not(.hidden)");
  const after = await page.evaluate(() => state.clock);
  console.log(`# clock before the kill ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);
  assert.equal(after.base_ms, 300000, "the same time control");
  assert.equal(after.inc_ms, 3000);
  assert.equal(after.running, "white", "the side to move's clock runs again");
  assert.equal(after.black_ms, before.black_ms, "Black's stored time, not a full clock");
  assert.ok(after.white_ms <= 303000, `White's stored time at most: ${after.white_ms}`);
  assert.equal(await page.locator("#clock-black").textContent(), blackShown);
  assert.equal(await page.locator("#sel-clock").inputValue(), "5+3", "the form shows the game's clock");
  assert.equal(await page.locator("#sel-level").inputValue(), "beginner", "and its level");
  // White's clock runs: on the page and on the server.
  const whiteShown = await page.locator("#clock-white").textContent();
  await page.waitForFunction((t) => document.querySelector("#clock-white").textContent !== t, whiteShown, { timeout: 5000 });
  const later = await (await page.request.get(`${ctx.server.url}/api/games/${id}`)).json();
  assert.ok(later.clock.white_ms < after.white_ms, "the server's clock runs");
  await shot(page, "clock-after-restart");
  await page.selectOption("#sel-clock", "none");
}

// A game on a 3-second clock created through the API, opened by its id: the person's flag
// falls with nobody moving, and the page shows the loss on time.
async function flagFalls(ctx) {
  const { page } = ctx;
  const base = ctx.server.url;
  const res = await page.request.post(`${base}/api/games`, {
    data: { game: "chess", side: "white", level: "beginner", clock: "0.05+0" },
  });
  assert.equal(res.status(), 201, await res.text());
  const { id, clock } = await res.json();
  assert.equal(clock.running, "white", "White's clock runs from the start");
  await openGame(page, base, id);
  await page.waitForSelector("#clocks:not(.hidden)");
  assert.match(await page.locator("#clock-white").textContent(), /^White 0:0\d$/);
  await page.waitForSelector("#banner:not(.hidden)", { timeout: 15000 });
  assert.equal(await page.locator("#banner-title").textContent(), "Chariot wins");
  assert.match(await page.locator("#banner-text").textContent(), /White ran out of time: Black wins \(0-1\)/);
  assert.match(await page.locator("#clock-white").textContent(), /0:00$/);
  assert.ok(!(await page.locator("#clock-black").getAttribute("class")).includes("running"), "no clock runs after the flag");
  await shot(page, "flag");
  // The form now repeats this game's 3-second clock; the next games are untimed.
  assert.equal(await page.locator("#sel-clock").inputValue(), "0.05+0", "the form shows the opened game's clock");
  await page.selectOption("#sel-clock", "none");
}

// A pasted game White loses with two blunders: "Review game" draws the evaluation graph and
// marks the bad moves in the move list (and as dots on the graph).
async function reviewMarks(ctx) {
  const { page } = ctx;
  await startGame(page, "chess", "beginner");
  await page.fill("#record", TRAP);
  await page.click("#btn-load-record");
  await page.waitForSelector("#banner:not(.hidden)");
  assert.match(await page.locator("#banner-text").textContent(), /Checkmate/);
  ctx.finished = await page.evaluate(() => location.hash.slice(1));
  await page.click("#banner-close");
  assert.ok(await page.locator("#btn-review").isEnabled(), "a finished game can be reviewed");
  await page.click("#btn-review");
  await page.waitForSelector("#review-graph svg.eval-graph polygon");
  await page.waitForFunction(() => {
    const t = document.querySelector("#review-notes").textContent;
    return t && !t.startsWith("Reviewing");
  }, null, { timeout: 60000 });
  const marks = await page.locator("#moves .mv").evaluateAll((spans) =>
    spans.map((s) => ["blunder", "mistake", "inaccuracy"].find((c) => s.classList.contains(c)) || ""));
  const texts = await moveTexts(page);
  console.log(`# review marks: ${texts.map((t, i) => t + (marks[i] ? `(${marks[i]})` : "")).join(" ")}`);
  const whiteBad = marks.filter((m, i) => i % 2 === 0 && m).length;
  assert.ok(whiteBad >= 1, "White's blunders are marked");
  assert.ok(marks[texts.indexOf("Nxf7")] || marks[texts.indexOf("Nxe5")], "Nxe5 or Nxf7 is marked");
  const mark = await page.locator("#moves .mv.blunder, #moves .mv.mistake").first()
    .evaluate((s) => getComputedStyle(s, "::after").content);
  assert.match(mark, /\?/, "a mark shows as ? or ??");
  assert.ok((await page.locator("#review-graph circle").count()) >= 1, "the graph marks the bad moves");
  const lines = await page.locator("#sel-multipv").boundingBox();
  const button = await page.locator("#btn-review").boundingBox();
  assert.ok(lines.x + lines.width <= button.x, "the Lines select stays clear of the Review button");
  await page.locator("#review-graph").scrollIntoViewIfNeeded();
  await shot(page, "review");
}

// "Analyse" on a position: the lines are seen at growing depths, and the first line's first
// move is drawn as an arrow on the board.
async function analysisDeepens(ctx) {
  const { page } = ctx;
  await startGame(page, "chess", "beginner");
  await waitYourTurn(page);
  // Every text the lines box shows, as the page's polls rewrite it.
  await page.evaluate(() => {
    window.seenLines = [];
    new MutationObserver(() => {
      const t = document.querySelector("#lines").textContent;
      if (t && window.seenLines.at(-1) !== t) window.seenLines.push(t);
    }).observe(document.querySelector("#lines"), { childList: true, subtree: true, characterData: true });
  });
  await page.click("#btn-analyse");
  await page.waitForFunction(() => document.querySelector("#btn-analyse").textContent === "Stop analysis");
  await page.waitForSelector("#lines .line.done", { timeout: 20000 });
  const wdl = await page.locator("#lines .line .wdl-text").first().textContent();
  assert.match(wdl, /^W \d+% D \d+% L \d+%$/, "each line shows its win/draw/loss chances");
  const seen = await page.evaluate(() => window.seenLines);
  const depths = seen.map((t) => parseInt((/ d(\d+) /.exec(t) || [])[1] || "0", 10));
  console.log(`# analysis depths seen: ${depths.join(" ")}`);
  assert.ok(new Set(depths.filter((d) => d > 0)).size >= 2, `the lines change as the depth grows: ${depths}`);
  assert.ok(depths.at(-1) > depths.find((d) => d > 0), "the last depth is deeper than the first");
  const arrow = await page.locator(".hint-arrow[data-move]").getAttribute("data-move");
  const legal = await page.evaluate(() => state.legal);
  assert.ok(legal.includes(arrow), `the arrow is a legal move: ${arrow}`);
  await shot(page, "analysis");
  await page.click("#btn-analyse");
  assert.equal(await page.locator(".hint-arrow").count(), 0, "stopping removes the arrow");
  assert.equal(await page.locator("#lines .line").count(), 0, "and the lines");
}

// At 390x844 the whole board (chess and xiangqi) lies inside the screen, with no sideways scroll.
async function phone(ctx) {
  const { page } = ctx;
  await page.setViewportSize({ width: 390, height: 844 });
  for (const game of ["chess", "xiangqi"]) {
    await startGame(page, game, "beginner");
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await page.locator("#board svg").boundingBox();
    assert.ok(box.x >= 0 && box.y >= 0, `${game}: the board starts on screen ${JSON.stringify(box)}`);
    assert.ok(box.x + box.width <= 390 && box.y + box.height <= 844, `${game}: the board ends on screen ${JSON.stringify(box)}`);
    assert.ok(box.width >= 300, `${game}: the board uses the width ${box.width}`);
    const scrollW = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollW <= 390, `${game}: no sideways scrolling (${scrollW})`);
    await shot(page, `phone-${game}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// The finished game is in the saved-games list with its result; its PGN and "Export all"
// download the moves; Delete (confirmed) takes it out of the list and the archive.
async function savedGames(ctx) {
  const { page } = ctx;
  const id = ctx.finished;
  assert.ok(id, "the review step left a finished game");
  await page.click("#arc-show");
  await page.selectOption("#arc-result", "finished");
  const href = `a[href="/api/archive/${id}/pgn"]`;
  const pgnLink = page.locator(`#arc-list ${href}`);
  await pgnLink.waitFor();
  const row = page.locator("#arc-list li", { has: page.locator(href) });
  assert.match(await row.locator(".arc-text").textContent(), /chess · .* 0-1 · 14 plies/);
  // Only finished games, also when the unfiltered list asked for by "Show" answers last. The
  // game's link is in both lists, so wait for the filtered one (forever if a stale answer
  // replaced it).
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll("#arc-list .arc-text")];
    return rows.length && rows.every((t) => !/in progress/.test(t.textContent));
  });
  const shown = await page.locator("#arc-list .arc-text").allTextContents();
  assert.ok(shown.length >= 2 && shown.every((t) => !/in progress/.test(t)), `only finished games: ${shown.join(" | ")}`);
  const one = await page.request.get(ctx.server.url + (await pgnLink.getAttribute("href")));
  assert.equal(one.status(), 200);
  assert.match(await one.text(), /7\. Be2\s+Nf3# 0-1/, "the game's PGN has its moves and result");
  const all = await page.request.get(ctx.server.url + (await page.locator("#arc-export").getAttribute("href")));
  assert.match(await all.text(), /Nf3# 0-1/, "Export all includes it");
  await row.scrollIntoViewIfNeeded();
  await shot(page, "saved-games");
  page.once("dialog", (d) => d.accept());
  await row.locator("button.danger").click();
  await pgnLink.waitFor({ state: "detached" });
  const gone = await page.request.get(`${ctx.server.url}/api/archive/${id}/pgn`);
  assert.equal(gone.status(), 404, "the deleted game is gone from the archive");
}

async function run() {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "chariot-features-"));
  const ctx = { data, server: await startServer(data) };
  const browser = await openBrowser();
  ctx.page = browser.page;
  try {
    await ctx.page.goto(ctx.server.url);
    await ctx.page.waitForSelector("#board svg");
    const steps = [
      ["game survives kill -9 of the server", survivesKill],
      ["timed game's clock survives kill -9", clockSurvivesKill],
      ["flag falls on a tiny clock", flagFalls],
      ["review graph and mistake marks", reviewMarks],
      ["analysis deepens with an arrow", analysisDeepens],
      ["whole board on a phone screen", phone],
      ["saved games: list, export, delete", savedGames],
    ];
    for (const [name, step] of steps) {
      const t = Date.now();
      await step(ctx);
      console.log(`ok - ${name} (${Date.now() - t} ms)`);
    }
    assert.deepEqual(browser.errors, [], "no script errors on the page");
  } finally {
    await browser.close();
    ctx.server.proc.removeAllListeners("exit");
    ctx.server.proc.kill("SIGKILL");
    fs.rmSync(data, { recursive: true, force: true });
  }
}

run().catch((e) => {
  console.error("not ok -", e.stack || e);
  process.exit(1);
});
