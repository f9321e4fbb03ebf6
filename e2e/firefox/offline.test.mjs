// Offline in Firefox: one visit lets the service worker precache the whole site (the memory
// snapshot kept inflated); with the server stopped, the landing page still starts Python and a
// page never visited plays a game with bots, whose worker's Python comes from the cache too.
import assert from "node:assert/strict";

import {
  GAME_TIMEOUT_MS,
  click,
  cpython,
  firefoxSuite,
  serveSite,
  text,
  until,
  untilAttr,
  untilText,
} from "./firefox.mjs";
import { moves, openGame, playBugsMoveByClicks, setUp, somethingToDo } from "./table.mjs";

const suite = firefoxSuite();

// What the page's cache holds once the service worker controls the page: our caches by name,
// each with the URLs it holds; and the first bytes and size of the cached snapshot.
const OFFLINE_STATE = async (snapshot) => {
  const registration = await navigator.serviceWorker.ready;
  const held = {};
  for (const name of await caches.keys()) {
    held[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
  }
  const [name] = Object.keys(held);
  const hit = name ? await (await caches.open(name)).match(snapshot) : undefined;
  const bytes = hit ? new Uint8Array(await hit.arrayBuffer()) : new Uint8Array();
  return {
    worker: registration.active?.state,
    scope: registration.scope,
    caches: held,
    snapshot: { size: bytes.length, head: Array.from(bytes.subarray(0, 2)) },
  };
};

suite.test("the site works offline after one visit", async ({ page, guard }) => {
  const server = await serveSite(); // this test's own, to stop
  try {
    const manifest = cpython(["precache"]);
    assert.ok(manifest.files.includes("bugs.html") && manifest.files.includes("bugs_bots.py"));
    guard.onlySite(server.url);

    await page.goto(`${server.url}?selftest=0`);
    await untilText(page, "#status", "Python ready");
    await until(
      page,
      "a service worker to control the page",
      () => navigator.serviceWorker.controller !== null,
      undefined,
      GAME_TIMEOUT_MS,
    );
    const state = await page.evaluate(OFFLINE_STATE, "vendor/pyodide/snapshot.bin.gz");
    assert.equal(state.worker, "activated");
    assert.equal(state.scope, server.url);
    // The whole site, precached at install (activation waits for it), under this build's name.
    assert.deepEqual(Object.keys(state.caches), [manifest.cache]);
    assert.deepEqual(state.caches[manifest.cache].sort(), manifest.files.map((name) => server.url + name).sort());
    // The snapshot is kept inflated, so a start from the cache skips inflating 31 MB.
    assert.ok(state.snapshot.size > 20_000_000, `snapshot of ${state.snapshot.size} bytes`);
    assert.notDeepEqual(state.snapshot.head, [0x1f, 0x8b], "the cached snapshot is still gzipped");

    await server.stop();
    const offlineFrom = guard.requests.length;
    await page.reload();
    await untilText(page, "#status", "Python ready");
    await untilAttr(page, "#runtime", "data-state", "ready");
    assert.notEqual(await text(page, "#engine-version"), "…");

    // A page never visited, with bots that think in a worker.
    await openGame(page, server.url, { seed: 3 });
    await setUp(page, [["Zoe", "human"], ["Ana", "easy"], ["Bo", "easy"]]);
    while ((await moves(page)) < 8) {
      const now = await somethingToDo(page);
      if (now === "game-over") break;
      if (now === "play") await playBugsMoveByClicks(page);
      else await click(page, "#dialog .primary");
    }
    assert.ok((await moves(page)) >= 8);
    const offline = guard.requests.slice(offlineFrom).map((u) => new URL(u).pathname);
    for (const file of ["/bugs.html", "/bugs.py", "/bugs_bots.py", "/vendor/pyodide/pyodide.asm.wasm"]) {
      assert.ok(offline.includes(file), `${file} was not asked for offline`);
    }
    assert.deepEqual(
      guard.warnings.filter((w) => /bot worker did not start|snapshot/.test(w)),
      [],
      "the bots' worker started, and Python from the inflated snapshot",
    );
  } finally {
    await server.stop();
  }
});
