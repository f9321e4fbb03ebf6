// The offline service worker. At install it precaches the whole site (every page, style, icon,
// page script, the wheel and the vendored Python runtime) under a cache named after a hash of
// all of it; then it answers the site's own requests from that cache first, so every page works
// with no network, visited before or not. A new build has a new hash, hence a new sw-precache.js,
// which makes the browser install this worker anew; on activate it drops every older cache.
// A new build waits while an older one serves open pages (a page mid-game must not get files
// of two builds): the page says "A new version is ready" and, when the player asks, tells the
// waiting worker to take over (a "skip-waiting" message) and reloads.
"use strict";

// Written by scripts/site_build.py: self.PRECACHE = {cache: "bugs-table-<hash>", files: [...]}.
importScripts("sw-precache.js");

const CACHE_PREFIX = "bugs-table-";
const { cache: CACHE, files: FILES } = self.PRECACHE;

self.addEventListener("install", (event) => {
  routeToTheCache(event);
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache" revalidates with the server: an unchanged file costs a 304 from the HTTP
      // cache, a changed one is fetched, and a stale copy never lands under the new hash.
      // addAll is all or nothing: a failed file fails the install, and the old cache stays.
      await cache.addAll(FILES.map((path) => new Request(path, { cache: "no-cache" })));
      await keepInflated(cache, SNAPSHOT);
      // The first build takes over at once; a new one waits for the player (see above).
      if (!self.registration.active) await self.skipWaiting();
    })(),
  );
});

// The memory snapshot python.mjs starts Python from: downloaded gzipped (7.7 MB, not 31), but
// kept inflated here, so a start from this cache skips inflating it (python.mjs tells the two
// apart by gzip's magic number). If it will not inflate, the gzipped copy stays.
const SNAPSHOT = "vendor/pyodide/snapshot.bin.gz";

async function keepInflated(cache, path) {
  const packed = await cache.match(path);
  if (!packed) return;
  try {
    const body = packed.body.pipeThrough(new DecompressionStream("gzip"));
    const bytes = await new Response(body).arrayBuffer();
    const headers = { "Content-Type": "application/octet-stream" };
    await cache.put(path, new Response(bytes, { headers }));
  } catch (error) {
    console.warn(`The snapshot stays gzipped in the offline cache (${error.message}).`);
  }
}

// Where the browser has static routes (Chromium 123+), it answers the site's own files from
// this build's cache itself, without waking this worker or running its fetch handler for each
// one: a later visit's page, scripts, runtime and snapshot come straight from the cache. A page
// (a navigation) still goes to the handler below, which serves a folder's index.html and ignores
// the page's query; a file not in the cache goes to the network, as the handler does.
// Pyodide's WebAssembly takes this route too, though Chromium then keeps no compiled code for
// it (the cache entry never gets any, so each visit compiles the runtime anew). Answered by the
// handler below, the entry does get its code (586 KB), and a later visit's optimising compiles
// drop from 300 ms to 111 (traced); but the start still compiles the same 1,664 functions it
// runs once, which no cache holds, and a later visit of bugs.html became playable later: 476 ms
// to 504 (medians of 21, alternating with this route).
function routeToTheCache(event) {
  if (typeof event.addRoutes !== "function") return; // Firefox, WebKit: the handler does it all
  const scope = new URL(self.registration.scope);
  const own = { pathname: `${scope.pathname}*`, search: "" };
  const routes = [
    { condition: { requestMode: "navigate" }, source: "fetch-event" },
    { condition: { urlPattern: own, requestMethod: "GET" }, source: { cacheName: CACHE } },
  ];
  // A browser that knows addRoutes but not a rule of these keeps the handler for everything.
  event.addRoutes(routes).catch((error) => console.warn(`No static routes: ${error.message}`));
}

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      // Take over pages opened before the install, so the first visit is already offline-ready.
      await self.clients.claim();
    })(),
  );
});

async function cacheFirst(request, url) {
  const cache = await caches.open(CACHE);
  // A folder's address serves its index.html; a page's query (?seed=, ?pace=) is for its
  // script, not part of the file.
  const key = url.pathname.endsWith("/") ? new URL("index.html", url).href : request;
  const hit = await cache.match(key, { ignoreSearch: request.mode === "navigate" });
  return hit ?? fetch(request);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  // Only our own files: anything else goes to the network untouched.
  if (request.method !== "GET" || url.origin !== scope.origin) return;
  if (!url.pathname.startsWith(scope.pathname)) return;
  event.respondWith(cacheFirst(request, url));
});
