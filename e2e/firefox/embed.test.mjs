// Embedding in Firefox: a host page on another origin (a second server on another port of
// 127.0.0.1) frames embed.html without naming its origin; bots play a whole game in the frame
// (their worker inside a cross-origin frame), and the host hears the start, every move, the end
// with scores, and the height. Firefox 153 reports the host's origin in
// location.ancestorOrigins, which the frame posts to (embed-frame.js); Firefox ESR 140 has no
// location.ancestorOrigins, and the fallback is embed-without-ancestor-origins.test.mjs.
import assert from "node:assert/strict";

import { firefoxSuite, serveHost } from "./firefox.mjs";
import { frameOf, heard, hostPage, untilHeard } from "./table.mjs";

const suite = firefoxSuite();

// A message that does not come from the frame's window, then a marker: embed.js must not pass
// the first on (messages arrive in order, so by the marker it has seen it).
const FORGED_MESSAGE = () =>
  new Promise((done) => {
    addEventListener("message", function marker(event) {
      if (event.data !== "marker") return;
      removeEventListener("message", marker);
      done();
    });
    window.postMessage({ source: "bugs-table", type: "end", scores: [0, 0] }, "*");
    window.postMessage("marker", "*");
  });

suite.test("bots play in a frame on another origin and the host hears it", async ({ page, site, guard }) => {
  const host = await serveHost();
  try {
    assert.notEqual(host.origin, new URL(site).origin);
    const query = "game=bugspiel&seats=Rex:easy,easy&pace=0&seed=2&target=30";
    const hostUrl = host.page("host.html", hostPage(site, `${site}embed.html?${query}`));
    guard.onlySite(site, hostUrl);
    await page.goto(hostUrl);
    await untilHeard(page, "ready");

    const frame = await frameOf(page, "bugspiel.html");
    const inside = await frame.evaluate(() => ({
      ancestors: location.ancestorOrigins ? [...location.ancestorOrigins] : null,
      game: !document.getElementById("game").hidden,
      setup: document.getElementById("setup").getClientRects().length > 0,
      topbar: document.querySelector(".topbar")?.getClientRects().length ?? 0,
    }));
    // Firefox 153 has location.ancestorOrigins and it names the host; Firefox 140 has none
    // (the frame then posts to "*", embed-without-ancestor-origins.test.mjs).
    if (inside.ancestors !== null) {
      assert.deepEqual(inside.ancestors, [host.origin], "Firefox names the host's origin");
    }
    assert.ok(inside.game, "the game shows");
    assert.equal(inside.setup, false, "no setup form in a frame");
    assert.equal(inside.topbar, 0, "no site header in a frame");

    await untilHeard(page, "end");
    const [ready] = await heard(page, "ready");
    assert.deepEqual(ready.players, [
      { name: "Rex", kind: "easy" },
      { name: "Ana", kind: "easy" },
    ]);
    const moves = await heard(page, "move");
    assert.deepEqual(
      moves.map((m) => m.move_number),
      moves.map((_, i) => i + 1),
    );
    assert.ok(moves.every((m) => m.source === "bugs-table" && m.game === "bugspiel"));
    assert.ok(moves.every((m) => ["Rex", "Ana"].includes(m.player) && m.sentence));
    const ends = await heard(page, "end");
    assert.equal(ends.length, 1);
    const [end] = ends;
    assert.equal(end.move_number, moves.length);
    assert.equal(end.scores.length, 2);
    assert.ok(end.scores.every(Number.isInteger));
    assert.ok(end.winners.length && end.winner_names.every((n) => ["Rex", "Ana"].includes(n)));
    const shown = await frame.evaluate(() => document.getElementById("game").dataset.moves);
    assert.equal(shown, String(moves.length));

    // embed.js sized the frame from the frame's last "resize"
    const resized = await page.waitForFunction(
      () => {
        const last = window.heard.filter((e) => e.type === "resize").at(-1);
        return last && document.getElementById("game").style.height === `${last.height}px` && last.height;
      },
      { polling: 100 },
    );
    assert.ok((await resized.jsonValue()) > 300, "the game is taller than the frame's first height");

    await page.evaluate(FORGED_MESSAGE);
    assert.equal((await heard(page, "end")).length, 1, "a forged message was passed on");

    const second = guard.requests.filter((u) => u.startsWith(host.url));
    assert.deepEqual(second, [hostUrl], "only the host page comes from the second origin");
    console.log(`Embedded Bugspiel: ${moves.length} moves heard, scores ${end.scores.join(":")}`);
  } finally {
    await host.stop();
  }
});
