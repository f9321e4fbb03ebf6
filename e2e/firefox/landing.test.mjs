// The landing page in Firefox: Python starts from our own files (the memory snapshot, no
// wheel, no installer) and the rules self-test plays the same games as CPython, to the digest.
// Prints the time until "Python ready" and the self-test's speed, for comparison with Chromium.
import assert from "node:assert/strict";

import { GAME_TIMEOUT_MS, attr, cpython, firefoxSuite, sleep, text, untilAttr, untilText } from "./firefox.mjs";

const suite = firefoxSuite();

const FINGERPRINT = "the self-test's fingerprint equals CPython's, from Python started off our files";

suite.test(FINGERPRINT, async ({ page, site }) => {
  const [games, seed, players] = [20, 3, 4];
  const expected = cpython(["selftest", String(games), String(seed), String(players)]);
  assert.deepEqual(expected.errors, []);

  // ?snapshot=1: from the snapshot whatever the machine's load makes of the bandwidth
  await page.goto(`${site}?selftest=${games}&seed=${seed}&snapshot=1`);
  await untilText(page, "#status", "Python ready");
  await untilAttr(page, "#runtime", "data-state", "ready");
  const started = await untilText(page, "#load-time", /^started in \d+\.\d s$/);
  assert.notEqual(await text(page, "#engine-version"), "…");

  await untilAttr(page, "#selftest", "data-state", "done", GAME_TIMEOUT_MS);
  assert.equal(await attr(page, "#selftest", "data-games"), String(games));
  assert.equal(await attr(page, "#selftest", "data-errors"), "0");
  assert.equal(await attr(page, "#selftest", "data-rng"), "ok");
  assert.equal(await attr(page, "#selftest", "data-digest"), expected.digest);
  assert.match(await text(page, "#selftest-fingerprint"), new RegExp(`Fingerprint ${expected.digest}`));
  assert.equal(await text(page, "#selftest-summary"), `${games} games, 0 errors`);
  const detail = await text(page, "#selftest-detail");
  const speed = /\(([\d.]+) games\/s\)/.exec(detail);
  assert.ok(speed, detail);

  // Python came from the memory snapshot: the page fetched no wheel to unzip, no installer.
  const fetched = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname),
  );
  assert.ok(fetched.includes("/vendor/pyodide/snapshot.bin.gz"), fetched.join(" "));
  assert.deepEqual(
    fetched.filter((p) => p.startsWith("/wheels/") || p.includes("micropip")),
    [],
  );
  console.log(
    `Firefox ${await page.browser().version()}: Python ready (${started}); ` +
      `self-test ${speed[1]} games/s (${detail})`,
  );
});

// The guard's own check: in Firefox it hears each thing every other test must not do.
suite.test("the guard hears errors, policy violations and requests off the site", async ({ page, site, guard }) => {
  guard.expectProblems();
  await page.goto(`${site}?selftest=0`);
  await untilText(page, "#status", "Python ready");
  await page.evaluate(() => {
    console.error("a console error");
    setTimeout(() => {
      throw new Error("a page error");
    });
    const style = document.createElement("style"); // the policy allows no inline style
    style.textContent = "body { color: red; }";
    document.head.append(style);
    new Worker(URL.createObjectURL(new Blob(['throw new Error("a worker error")'], { type: "text/javascript" })));
  });
  await page.goto("http://example.invalid/").catch(() => {}); // the dead proxy refuses it
  const heard = () => [guard.errors, guard.violations, guard.foreign].map((list) => list.join("\n")).join("\n");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && !/a worker error/.test(heard())) await sleep(100);
  assert.match(guard.errors.join("\n"), /console error: a console error/);
  assert.match(guard.errors.join("\n"), /page error: .*a page error/);
  assert.match(guard.errors.join("\n"), /page error: .*a worker error/);
  assert.match(guard.violations.join("\n"), /^style-src-elem blocked \(?inline\)? on /m); // Firefox says "inline"
  assert.deepEqual(guard.foreign, ["http://example.invalid/"]);
});
