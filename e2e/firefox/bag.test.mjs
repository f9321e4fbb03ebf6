// The Bag of Bugs page in Firefox: a person grabs against bots in real time, by key and by
// click, and answers prompts; bots play a whole game to its end in their worker.
import assert from "node:assert/strict";

import { click, count, firefoxSuite, sleep, text, untilText } from "./firefox.mjs";
import { openGame, setUp, untilGameOver } from "./table.mjs";

const suite = firefoxSuite();

// The table as the person sees it, read in one go: a window may close between two reads.
const LOOK = () => {
  const game = document.getElementById("game");
  const button = document.querySelector('.grab-row[data-seat="0"] button:not([disabled])');
  const mine = [...document.querySelectorAll("#log li")].filter((li) =>
    /\b[Yy]ou (claim|also reached for) Grab/.test(li.textContent),
  ).length;
  return {
    over: game.dataset.screen === "game-over",
    window: game.dataset.window,
    prompt: document.querySelector("#prompt button.primary") !== null,
    claim: button?.dataset.claim ?? null,
    key: button?.querySelector("small")?.textContent ?? null,
    mine,
  };
};

suite.test("a person grabs by key and by click against two bots", async ({ page, site }) => {
  // A slower pace than 0 keeps each window open 1.2 s: time enough, on a loaded machine, for a
  // press to land while the window it was meant for is open.
  await openGame(page, site, { seed: 11, pace: 1200, path: "bag-of-bugs.html" });
  await setUp(page, [["You", "human"], ["Ana", "easy"], ["Bo", "easy"]]);
  const landed = { key: 0, click: 0 };
  let reached = null; // the grab in flight: how, in which window, the person's claims before
  let prompts = 0;
  for (let i = 0; i < 900 && !(landed.key && landed.click); i++) {
    const now = await page.evaluate(LOOK);
    assert.ok(!now.over, "the game ended before the person grabbed both ways");
    if (reached && now.window !== reached.window) {
      // The window closed: its sentence in the log says whether the person's reach counted.
      if (now.mine > reached.mine) landed[reached.how]++;
      reached = null;
    }
    if (now.prompt) {
      await click(page, "#prompt button.primary");
      prompts++;
    } else if (now.claim && !reached) {
      const how = landed.key <= landed.click ? "key" : "click";
      if (how === "key") await page.keyboard.press(now.key);
      else await click(page, `[data-claim="${now.claim}"]`);
      reached = { how, window: now.window, mine: now.mine };
    }
    await sleep(100);
  }
  assert.ok(landed.key >= 1, "no grab by key counted");
  assert.ok(landed.click >= 1, "no grab by click counted");
  console.log(`Bag of Bugs: grabs by key ${landed.key}, by click ${landed.click}; prompts answered ${prompts}`);
});

suite.test("three bots play a whole game to its end in their worker", async ({ page, site, guard }) => {
  await openGame(page, site, { seed: 3, path: "bag-of-bugs.html" });
  await setUp(page, [["Ana", "easy"], ["Bo", "easy"], ["Cy", "easy"]]);
  await untilGameOver(page);
  await untilText(page, "#dialog-title", /(wins|You win|share the win)$/);
  assert.equal(await count(page, "#dialog tbody tr"), 3);
  assert.match(await text(page, "#log li:last-child"), /The game is over/);
  assert.ok(guard.requests.some((u) => u.endsWith("/bugs_bots.py")), "no bot worker");
});
