// The Bugspiel page in Firefox: a person plays against a bot by keyboard alone (buy a bug;
// play one to a lit space, turned with R, on a bug CPython says is playable) and by clicks;
// bots play a whole game to its end in their worker.
import assert from "node:assert/strict";

import { attr, click, count, cpython, firefoxSuite, focus, text, until, untilAttr, untilText } from "./firefox.mjs";
import { moves, openGame, setUp, untilGameOver, untilMoves } from "./table.mjs";

const suite = firefoxSuite();
const LIT = "#table [data-space].target";

async function record(page) {
  return JSON.parse(await attr(page, "#game", "data-record"));
}

/** Wait until the person may move (the bot has answered). */
async function myTurn(page) {
  await until(page, "the person's turn", () => {
    const game = document.getElementById("game");
    return game.dataset.thinking === "false" && document.querySelector("#controls [data-ui=pass]") !== null;
  });
}

/** Press Tab (or Shift+Tab) until `isIt()` (run in the page) says the focus is there. (Firefox
 * does not wrap around: past the page's last element the focus goes to the browser's own.) */
async function tabTo(page, what, isIt, { arg, back = false } = {}) {
  for (let i = 0; i < 120; i++) {
    if (await page.evaluate(isIt, arg)) return;
    if (back) await page.keyboard.down("Shift");
    await page.keyboard.press("Tab");
    if (back) await page.keyboard.up("Shift");
  }
  assert.fail(`Tab never reached ${what}`);
}

/** Wait until the pending move's turn (its last word) matches `turn`. */
async function untilTurned(page, how, turn) {
  const pending = ([source]) => new RegExp(source).test(document.getElementById("game").dataset.pending);
  await until(page, `the bug turned ${how}`, pending, [turn.source]);
}

/** The focused element is drawn with a visible focus ring. */
async function focusShows(page) {
  const look = await page.evaluate(() => ({
    outline: getComputedStyle(document.activeElement).outlineStyle,
    visible: document.activeElement.matches(":focus-visible"),
  }));
  assert.notEqual(look.outline, "none", "focus must be visible");
  assert.ok(look.visible, "the focused element matches :focus-visible");
}

/** Pick each card of this kind in the hand until one lights spaces; play it on the middle lit
 * space (a bug turned clockwise) and confirm. False when no card of the kind can go. */
async function tryHand(page, kind) {
  const ids = await page.evaluate((k) => {
    const cards = [...document.querySelectorAll(`#table [data-hand-${k}]`)];
    return [...new Set(cards.map((e) => e.getAttribute(`data-hand-${k}`)))];
  }, kind);
  for (const id of ids) {
    await click(page, `#table [data-hand-${kind}="${id}"]`);
    await untilAttr(page, "#game", "data-pick", `${kind}:${id}`);
    const spaces = await page.evaluate(
      (s) => [...document.querySelectorAll(s)].map((e) => Number(e.dataset.space)),
      LIT,
    );
    if (!spaces.length) continue;
    spaces.sort((a, b) => a - b);
    await click(page, `#table [data-space="${spaces[Math.floor(spaces.length / 2)]}"]`);
    await until(page, "a pending move", () => document.getElementById("game").dataset.pending !== "");
    if (kind === "bug") {
      await click(page, "#controls [data-ui=rotate-cw]");
      await untilTurned(page, "clockwise", / -1$/);
    }
    const before = await moves(page);
    await click(page, "#controls [data-ui=confirm]");
    await untilMoves(page, before);
    return true;
  }
  if (ids.length) {
    await click(page, "#controls [data-ui=clear]");
    await untilAttr(page, "#game", "data-pick", "");
  }
  return false;
}

/** A person who plays by mouse: a bonus card when one goes, else a bug on a lit space, else
 * buys the cheapest bug while the hand is almost empty, else passes. Which one it did. */
async function moveByClicks(page) {
  if (await tryHand(page, "bonus")) return "bonus";
  if (await tryHand(page, "bug")) return "bug";
  const before = await moves(page);
  let did = "pass";
  if ((await count(page, "#table [data-hand-bug]")) < 2) {
    await click(page, '#table [data-buy-bug="7"]');
    await untilAttr(page, "#game", "data-pick", "buy-bug:7");
    assert.match(await text(page, "#controls [data-ui=confirm]"), /^Buy the .+ for 1 VP \(Enter\)$/);
    await click(page, "#controls [data-ui=confirm]");
    did = "buy";
  } else {
    await click(page, "#controls [data-ui=pass]");
  }
  await untilMoves(page, before);
  return did;
}

suite.test("a person plays against a bot by keyboard and by clicks", async ({ page, site }) => {
  await openGame(page, site, { seed: 4, path: "bugspiel.html" });
  await setUp(page, [["You", "human"], ["Ana", "easy"]]);
  await myTurn(page);

  // By keyboard: Tab to the market's cheapest bug, Enter picks, Esc drops, Enter, Enter buys.
  await click(page, "#turn-status");
  await tabTo(page, "the market's last bug", () => document.activeElement?.getAttribute("data-buy-bug") === "7");
  await focusShows(page);
  await page.keyboard.press("Enter");
  await untilAttr(page, "#game", "data-pick", "buy-bug:7");
  await page.keyboard.press("Escape");
  await untilAttr(page, "#game", "data-pick", "");
  await page.keyboard.press("Enter");
  await untilAttr(page, "#game", "data-pick", "buy-bug:7");
  await page.keyboard.press("Enter");
  await untilMoves(page, 0);
  assert.equal((await record(page)).actions[0], "buy bug 7");
  await myTurn(page);

  // Next turn: a bug CPython says may be played, picked with Space, put on a lit space with
  // Enter, turned with R and Shift+R, confirmed with Enter.
  const playable = cpython(["spiel-playable"], await attr(page, "#game", "data-record"));
  assert.ok(playable.length, "this seed gives the person a bug to play");
  const wanted = String(playable[0]);
  await click(page, "#turn-status");
  await tabTo(page, `bug ${wanted} in the hand`, (w) => document.activeElement?.getAttribute("data-hand-bug") === w, {
    arg: wanted,
  });
  await page.keyboard.press(" "); // Space
  await untilAttr(page, "#game", "data-pick", `bug:${wanted}`);
  // The board comes before the hand: back with Shift+Tab to the nearest lit space.
  await tabTo(page, "a lit space", () => document.activeElement?.classList.contains("target") ?? false, {
    back: true,
  });
  await focusShows(page);
  await page.keyboard.press("Enter");
  await until(page, "a pending move", () => document.getElementById("game").dataset.pending !== "");
  const pending = () => page.evaluate(() => document.getElementById("game").dataset.pending);
  await page.keyboard.press("r");
  await untilTurned(page, "clockwise", / -1$/);
  await page.keyboard.down("Shift");
  await page.keyboard.press("R");
  await page.keyboard.press("R");
  await page.keyboard.up("Shift");
  await untilTurned(page, "counter-clockwise", / \+1$/);
  const before = await moves(page);
  await page.keyboard.press("Enter");
  await untilMoves(page, before);
  const played = (await record(page)).actions[before];
  assert.match(played, /^play .* \+1$/, `pending was ${await pending()}`);

  // By clicks, two more turns.
  const kinds = [];
  for (let i = 0; i < 2; i++) {
    await myTurn(page);
    assert.match(await text(page, "#turn-status"), /Your turn/);
    kinds.push(await moveByClicks(page));
  }
  console.log(`Bugspiel: the person's moves by clicks: ${kinds.join(", ")}`);
});

suite.test("two bots play a whole game to its end in their worker", async ({ page, site, guard }) => {
  // A seed whose game is short: easy against easy to 50 VP, about 70 moves in CPython.
  await openGame(page, site, { seed: 2, path: "bugspiel.html" });
  assert.deepEqual(await page.select("#target", "50"), ["50"]);
  await setUp(page, [["Ana", "easy"], ["Bo", "easy"]]);
  await untilGameOver(page);
  await untilText(page, "#dialog caption", "Final scores");
  assert.equal(await count(page, "#dialog tbody tr"), 2);
  assert.match(await text(page, "#dialog-title"), /(wins|You win|share the win)$/);
  const ending = await page.evaluate(() => document.querySelector("#dialog .ending").innerText);
  assert.ok(ending);
  assert.ok((await text(page, "#log li:last-child")).includes(ending), ending);
  assert.ok(guard.requests.some((u) => u.endsWith("/bugs_bots.py")), "no bot worker");
});
