// Driving the game pages through their UI, as a person would (the Firefox twin of
// e2e/bugs_table.py): open a page, fill its setup form and start; read the game's state from
// #game's data attributes; play a move of Bugs by clicks.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { GAME_TIMEOUT_MS, TIMEOUT_MS, attr, click, count, sleep, until, untilText } from "./firefox.mjs";

/** Open a game page with a fixed seed and pace, and wait until Python can start a game. */
export async function openGame(page, site, { seed, pace = 0, path = "bugs.html" }) {
  await page.goto(`${site}${path}?seed=${seed}&pace=${pace}`);
  await until(page, "#start to be enabled", () => !document.querySelector("#start")?.disabled);
  await untilText(page, "#start", "Start game");
}

/** Fill the setup form with [name, kind] per seat and start. */
export async function setUp(page, seats) {
  const choose = async (selector, value) => {
    // puppeteer's select quietly does nothing for a value the list lacks
    assert.deepEqual(await page.select(selector, value), [value], `${selector} has no ${value}`);
  };
  await choose("#players", String(seats.length));
  for (const [i, [name, kind]] of seats.entries()) {
    // The name the way a person types it: select what is there, type over it.
    await click(page, `#name-${i}`, { count: 3 });
    await page.type(`#name-${i}`, name);
    assert.equal(await page.$eval(`#name-${i}`, (input) => input.value), name);
    await choose(`#kind-${i}`, kind);
  }
  await click(page, "#start");
  await until(page, "#game to show", () => {
    const game = document.querySelector("#game");
    return game && !game.hidden && game.getClientRects().length > 0;
  });
}

/** What the page's screen is for: play, handoff, hand-over or game-over. */
export async function screen(page) {
  return attr(page, "#game", "data-screen");
}

/** How many moves the game has had. */
export async function moves(page) {
  return Number((await attr(page, "#game", "data-moves")) ?? 0);
}

/** Wait until the game has had more than `before` moves. */
export async function untilMoves(page, before, timeout = GAME_TIMEOUT_MS) {
  await until(
    page,
    `more than ${before} moves`,
    (n) => Number(document.getElementById("game").dataset.moves) > n,
    before,
    timeout,
  );
}

/** Wait until a person must act (a move, a hand-off, a dialog) and say which screen. */
export async function somethingToDo(page) {
  return until(
    page,
    "something for the person to do",
    () => {
      const screen = document.getElementById("game").dataset.screen;
      if (screen !== "play") return screen;
      return document.getElementById("controls").children.length > 0 && screen;
    },
    undefined,
    GAME_TIMEOUT_MS,
  );
}

/** Wait until the game is over (bots playing on their own). */
export async function untilGameOver(page) {
  await until(
    page,
    "the game to end",
    () => document.getElementById("game").dataset.screen === "game-over",
    undefined,
    GAME_TIMEOUT_MS,
  );
}

/** Bugs: pick cards with the mouse until a move can be confirmed, then confirm it; pick up or
 * pass when no card makes a move. The steps of e2e/bugs_picks.py (Chromium's and WebKit's): each
 * usable kind with all its copies, then fewer, then kinds together (a lead restricted by B24 may
 * need fewer copies, or an Outbreak beside them). */
export async function playBugsMoveByClicks(page) {
  const before = await moves(page);
  const group = (kind) => `#table [data-pick="${kind}"]`;
  const confirm = "#controls [data-action].primary";
  const confirmable = async () => {
    const action = await attr(page, confirm, "data-action");
    return action !== null && action !== "pickup" && action !== "pass";
  };
  const clear = async () => {
    if (await count(page, "#controls [data-ui=clear]")) await click(page, "#controls [data-ui=clear]");
  };
  const kinds = await page.evaluate(() =>
    [...document.querySelectorAll("#table [data-pick]:not(.dim)")].map((g) => g.dataset.pick),
  );
  let played = false;
  for (const kind of kinds) {
    for (let n = await count(page, `${group(kind)} [data-copy]`); n > 0 && !played; n--) {
      await click(page, `${group(kind)} [data-copy="${n - 1}"]`); // copy n: n of this kind
      if (await confirmable()) played = true;
      else await clear();
    }
    if (played) break;
  }
  for (const kind of played ? [] : kinds) {
    // kinds together, each with all its copies
    const state = await page.evaluate((s) => {
      const g = document.querySelector(s);
      return g && !g.classList.contains("dim") && g.getAttribute("aria-pressed") !== "true";
    }, group(kind));
    if (!state) continue;
    await click(page, `${group(kind)} [data-copy]`, { last: true });
    if (await confirmable()) {
      played = true;
      break;
    }
  }
  if (played) await click(page, confirm);
  else {
    await clear();
    const action = await attr(page, "#controls [data-action]", "data-action");
    assert.ok(action === "pickup" || action === "pass", `no card makes a move, and the page offers ${action}`);
    await click(page, "#controls [data-action]");
  }
  await untilMoves(page, before);
}

// -- embedding -------------------------------------------------------------------------------

/** Somebody else's page (served from a second origin) that frames `src` with the site's
 * embed.js and keeps every event it hears, in order, in `window.heard`. */
export function hostPage(site, src) {
  // the Chromium suite's host page too (e2e/test_embed.py)
  const page = readFileSync(new URL("../embed_host.html", import.meta.url), "utf8");
  return page.replaceAll("{site}", site).replaceAll("{src}", src);
}

/** The events of this type the host page heard, in order. */
export function heard(page, type) {
  return page.evaluate((t) => window.heard.filter((e) => e.type === t), type);
}

/** Wait until the host page has heard at least `atLeast` events of this type. */
export async function untilHeard(page, type, { atLeast = 1, timeout = GAME_TIMEOUT_MS } = {}) {
  await until(
    page,
    `the host to hear ${atLeast} "${type}" event(s)`,
    ([t, n]) => window.heard.filter((e) => e.type === t).length >= n,
    [type, atLeast],
    timeout,
  );
}

/** The frame of the page whose address contains `part` (waiting for it to navigate there). */
export async function frameOf(page, part, timeout = TIMEOUT_MS) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const frame = page.frames().find((f) => f.url().includes(part));
    if (frame) return frame;
    if (Date.now() > deadline) {
      throw new Error(`no frame at ${part}: ${page.frames().map((f) => f.url()).join(" ")}`);
    }
    await sleep(100);
  }
}
