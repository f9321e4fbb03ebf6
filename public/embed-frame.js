// The framed side of an embedded game, loaded in the <head> of every game page. It does
// nothing unless the address has `embed=1` (embed.html adds it). Then it marks the page
// (html.embed: no site header, no setup form; see site.css) and gives the page's Python two
// calls: bugsTableEmbed.post(jsonText) posts an event to the host, bugsTableEmbed.watch()
// starts reporting the page's height (a "resize" event) whenever it changes.
//
// Where events go: to `origin=` when the address names one; else to the parent's origin as the
// browser reports it (location.ancestorOrigins: Chromium, Safari, Firefox 153 measured); else
// (an older Firefox, without origin=) to "*". Events hold only what everyone at the table sees
// (public game information).
"use strict";

(() => {
  const params = new URLSearchParams(location.search);
  if (!params.has("embed")) return;
  const root = document.documentElement;
  root.classList.add("embed");
  if (params.get("mode") === "replay" || (params.has("record") && !params.has("mode"))) {
    root.classList.add("embed-replay");
  }
  const framed = window.parent !== window;

  function targetOrigin() {
    const asked = params.get("origin");
    if (asked) {
      try {
        if (new URL(asked).origin === asked) return asked;
      } catch (_) {
        // not an origin: the page's Python shows the message that names `origin`
      }
      return null;
    }
    const ancestors = location.ancestorOrigins;
    if (ancestors && ancestors.length && ancestors[0] !== "null") return ancestors[0];
    return "*";
  }
  const target = targetOrigin();

  function post(data) {
    if (framed && target) window.parent.postMessage(data, target);
  }

  const game = params.get("game") || "";

  // The height of what the page shows, posted whenever it changes. The body is measured (the
  // embed CSS drops its minimum height), so the frame can shrink as well as grow.
  let posted = 0;
  function report() {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height > 0 && height !== posted) {
      posted = height;
      post({ source: "bugs-table", type: "resize", game, height });
    }
  }
  let observer = null;

  window.bugsTableEmbed = {
    /** Post one event (JSON text from bugs_web.embed) to the host page. */
    post(text) {
      post(JSON.parse(text));
    },
    /** Start reporting the height: called by the page's Python once the game (or a message)
     * shows, so the host's frame does not shrink to the loading bar first. */
    watch() {
      if (observer) return;
      observer = new ResizeObserver(report);
      observer.observe(document.body);
      report();
    },
  };
})();
