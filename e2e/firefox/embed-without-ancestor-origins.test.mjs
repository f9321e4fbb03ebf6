// Embedding in a Firefox without location.ancestorOrigins (an older Firefox; this one is
// launched with dom.location.ancestorOrigins.enabled off): the frame cannot know its host's origin,
// so without `origin=` it posts to "*" (the events hold only what everyone at the table sees);
// with `origin=` it posts to that origin. Either way the host hears the game.
import assert from "node:assert/strict";

import { firefoxSuite, serveHost } from "./firefox.mjs";
import { frameOf, heard, hostPage, untilHeard } from "./table.mjs";

const suite = firefoxSuite({ prefs: { "dom.location.ancestorOrigins.enabled": false } });

suite.test("the host hears a frame that cannot see its origin, named or not", async ({ page, site, guard }) => {
  const host = await serveHost();
  try {
    const query = "game=bugspiel&seats=Rex:easy,easy&pace=0&seed=2&target=30";
    const unnamed = host.page("unnamed.html", hostPage(site, `${site}embed.html?${query}`));
    const named = host.page("named.html", hostPage(site, `${site}embed.html?${query}&origin=${host.origin}`));
    guard.onlySite(site, unnamed, named);

    for (const hostUrl of [unnamed, named]) {
      await page.goto(hostUrl);
      await untilHeard(page, "ready");
      const frame = await frameOf(page, "bugspiel.html");
      assert.equal(await frame.evaluate(() => "ancestorOrigins" in location), false);
      await untilHeard(page, "move", { atLeast: 3 });
      await untilHeard(page, "resize");
      const [ready] = await heard(page, "ready");
      assert.equal(ready.game, "bugspiel");
      const moves = await heard(page, "move");
      assert.deepEqual(
        moves.slice(0, 3).map((m) => m.move_number),
        [1, 2, 3],
        hostUrl,
      );
    }
  } finally {
    await host.stop();
  }
});
