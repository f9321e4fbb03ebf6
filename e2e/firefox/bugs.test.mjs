// The Bugs page in Firefox: a person plays against bots by mouse and by keyboard (focus
// visible), bots play a whole game to its end in their worker, and a share link opens
// mid-game and plays on.
import assert from "node:assert/strict";

import { attr, click, count, cpython, firefoxSuite, focus, text, until, untilAttr, untilText } from "./firefox.mjs";
import { moves, openGame, playBugsMoveByClicks, setUp, somethingToDo, untilGameOver, untilMoves } from "./table.mjs";

const suite = firefoxSuite();

/** Bugs by keyboard: Tab to the first card that can be played, Enter to pick (one more copy
 * per press) until a move can be confirmed, Tab to the move and Enter; "p" picks up. */
async function playMoveByKeys(page) {
  const before = await moves(page);
  const usable = "#table [data-pick]:not(.dim)";
  const wanted = await attr(page, usable, "data-pick");
  if (wanted === null) {
    await page.keyboard.press("p");
    await untilMoves(page, before);
    return;
  }
  await click(page, "#turn-status"); // Tab from the top of the table
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-pick") ?? null);
  for (let i = 0; i < 40 && (await focused()) !== wanted; i++) await page.keyboard.press("Tab");
  assert.equal(await focused(), wanted, "Tab never reached the card");
  const look = await page.evaluate(() => ({
    outline: getComputedStyle(document.activeElement).outlineStyle,
    visible: document.activeElement.matches(":focus-visible"),
  }));
  assert.notEqual(look.outline, "none", "focus must be visible");
  assert.ok(look.visible, "the focused card matches :focus-visible");
  const primary = "#controls [data-action].primary";
  for (let i = 0; i < 4 && !(await count(page, primary)); i++) await page.keyboard.press("Enter");
  assert.equal(await focused(), wanted, "the card keeps the focus once redrawn");
  if (await count(page, primary)) {
    await page.keyboard.press("Tab"); // from the card to the first move button
    const onButton = await page.evaluate((s) => document.activeElement === document.querySelector(s), primary);
    if (!onButton) await focus(page, primary);
    await page.keyboard.press("Enter");
  } else {
    await page.keyboard.press("Escape");
    await page.keyboard.press("p");
  }
  await untilMoves(page, before);
}

suite.test("a person plays against two bots by clicks and by keys", async ({ page, site }) => {
  await openGame(page, site, { seed: 8 });
  await setUp(page, [["Kay", "human"], ["Ana", "easy"], ["Bo", "easy"]]);
  let [byClicks, byKeys] = [0, 0];
  while (byClicks + byKeys < 6) {
    const now = await somethingToDo(page);
    assert.notEqual(now, "game-over");
    assert.notEqual(now, "handoff", "one person: never a hand-off");
    if (now === "hand-over") {
      await focus(page, "#dialog .primary");
      await page.keyboard.press("Enter");
      continue;
    }
    assert.match(await text(page, "#turn-status"), /our/);
    if (byClicks <= byKeys) {
      await playBugsMoveByClicks(page);
      byClicks++;
    } else {
      await playMoveByKeys(page);
      byKeys++;
    }
  }
  assert.ok((await moves(page)) >= 6);
});

suite.test("three bots play a whole game to its end in their worker", async ({ page, site, guard }) => {
  await openGame(page, site, { seed: 4 });
  await setUp(page, [["Ana", "easy"], ["Bo", "easy"], ["Cy", "easy"]]);
  await untilGameOver(page);
  await untilText(page, "#dialog caption", "Final scores");
  assert.equal(await count(page, "#dialog tbody tr"), 3);
  assert.equal(await count(page, "#dialog thead th"), 8); // player, six hands, total
  assert.match(await text(page, "#dialog-title"), /(wins|You win|share the win)$/);
  assert.match(await text(page, "#turn-status"), /^Game over: /);
  const log = await page.evaluate(() => document.querySelector("#log li:last-child")?.textContent);
  assert.match(log, /Hand 6 is over/);
  assert.ok(guard.requests.some((u) => u.endsWith("/bugs_bots.py")), "no bot worker");
});

suite.test("a shared link opens mid-game and plays on", async ({ page, site }) => {
  const shared = cpython(["bugs-link", "5", "10"]);
  await page.goto(`${site}bugs.html?pace=0#g=${shared.link}`);
  await untilAttr(page, "#game", "data-moves", String(shared.moves));
  const logged = (n) => document.querySelectorAll("#log li").length === n;
  await until(page, "the log of every move", logged, shared.moves + 1); // and the opening line
  assert.equal(await page.evaluate(() => document.querySelector("#log li:last-child").textContent), shared.last_log);
  // The page's own address: Firefox 140's WebDriver BiDi does not report a replaceState to
  // puppeteer, so page.url() would still show the link there.
  const address = await page.evaluate(() => location.href);
  assert.ok(!address.includes("#"), "the link leaves the address once opened");
  await untilText(page, "#turn-status", /our/);
  await playBugsMoveByClicks(page);
  assert.ok((await moves(page)) > shared.moves);
});
