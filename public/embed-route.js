// embed.html: the address a host page frames. It checks `game=` and sends the frame on to that
// game's page in embed mode, keeping every other parameter; the game page's Python checks
// those (bugs_web.embed) and names a wrong one in the frame. Plain JavaScript: no Python is
// started for a page that only forwards.
"use strict";

(() => {
  const PAGES = { bugs: "bugs.html", "bag-of-bugs": "bag-of-bugs.html", bugspiel: "bugspiel.html" };
  const params = new URLSearchParams(location.search);
  const game = params.get("game");
  const page = Object.hasOwn(PAGES, game ?? "") ? PAGES[game] : null;
  if (page) {
    params.set("embed", "1");
    location.replace(`${page}?${params}${location.hash}`);
    return;
  }
  const known = Object.keys(PAGES).join(", ");
  const message =
    game === null ? `game: is missing; use one of ${known}` : `game: '${game}' is not a game here; use one of ${known}`;
  document.getElementById("embed-status").hidden = true;
  const line = document.getElementById("embed-error");
  line.textContent = message;
  line.hidden = false;
  if (window.parent !== window) {
    const event = { source: "bugs-table", type: "error", game: game ?? "", message, parameter: "game" };
    window.parent.postMessage(event, "*"); // says only that the address was wrong
  }
})();
