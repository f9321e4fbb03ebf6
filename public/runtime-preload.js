// Pyodide's WebAssembly (9.6 MB), preloaded by a game page's head on a first visit, so that its
// download starts with the page's own (bench/run.py, network). Inlined by scripts/site_pages.py.
//
// Not on a page the offline worker serves: there python.mjs compiles the runtime from the
// offline cache, where Chromium keeps it compiled, but only for a fetch() of the page's own. A
// preloaded response hands that fetch the bytes without the compiled code, so every later visit
// compiled the runtime anew (some 1,800 functions, one by one, as Python first ran them, and the
// hot ones again in the background) instead of reading it back: bugs.html playable on the third
// visit and after 513 ms to 465 (medians of 9, alternating with a build that preloads it).
"use strict";

if (!navigator.serviceWorker?.controller) {
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "fetch";
  link.crossOrigin = "anonymous"; // as python.mjs's fetch() asks for it
  link.href = "vendor/pyodide/pyodide.asm.wasm";
  document.head.append(link);
}
