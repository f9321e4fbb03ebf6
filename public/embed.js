// Bugs Table's helper for a page that embeds a game (optional; the iframe plays without it).
//
//   <iframe src="https://SITE/embed.html?game=bugspiel&seats=you,easy" data-bugs-table
//           width="100%" height="640" style="border:0" title="Bugspiel"></iframe>
//   <script src="https://SITE/embed.js" defer></script>
//
// For every iframe with data-bugs-table it listens to the messages of that frame only (the
// sender must be the frame's window, from the frame's own origin, with source "bugs-table"),
// sets the frame's height on "resize" (unless the iframe has data-bugs-table="fixed"), and
// fires each event on the iframe element as a DOM event named "bugs-table:<type>" with the
// event in `detail`:
//
//   frame.addEventListener("bugs-table:end", (e) => console.log(e.detail.scores));
//
// Types: ready, move, end, resize, error (see embedding.html). Names and sentences in an
// event are plain text: show them with textContent, never innerHTML.
"use strict";

(() => {
  const SELECTOR = "iframe[data-bugs-table]";

  function originOf(frame) {
    try {
      return new URL(frame.src, document.baseURI).origin;
    } catch (_) {
      return null;
    }
  }

  function frameOf(event) {
    for (const frame of document.querySelectorAll(SELECTOR)) {
      if (frame.contentWindow === event.source) return frame;
    }
    return null;
  }

  addEventListener("message", (event) => {
    const data = event.data;
    if (!data || typeof data !== "object" || data.source !== "bugs-table") return;
    if (typeof data.type !== "string") return;
    const frame = frameOf(event);
    if (!frame || event.origin !== originOf(frame)) return;
    if (data.type === "resize" && frame.dataset.bugsTable !== "fixed") {
      const height = Number(data.height);
      if (Number.isFinite(height) && height > 0) frame.style.height = `${Math.ceil(height)}px`;
    }
    frame.dispatchEvent(new CustomEvent(`bugs-table:${data.type}`, { detail: data, bubbles: true }));
  });
})();
