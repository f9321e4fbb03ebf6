// Pyodide's WebAssembly (9.6 MB), preloaded by a game page's head on a first visit, so that its
// download starts with the page's own (bench/run.py, network). Inlined by scripts/site_pages.py.
//
// Not on a page the offline worker serves, where python.mjs's own fetch() takes it from the
// offline cache: preloaded there too, bugs.html was playable later on the third visit and after,
// 513 ms against 465 without (medians of 9, alternating with a build that preloads it). Either
// way Chromium compiles the runtime anew on every visit (public/sw.js says why).
"use strict";

if (!navigator.serviceWorker?.controller) {
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "fetch";
  link.crossOrigin = "anonymous"; // as python.mjs's fetch() asks for it
  link.href = "vendor/pyodide/pyodide.asm.wasm";
  document.head.append(link);
}
