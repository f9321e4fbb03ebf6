// embedding.html: writes this site's address into the snippets, and logs the events that
// embed.js fires on the live example (as text: names and sentences are never HTML).
"use strict";

(() => {
  const site = new URL(".", location.href).href.replace(/\/$/, "");
  for (const code of document.querySelectorAll("code[data-site]")) {
    code.textContent = code.textContent.replaceAll("https://SITE", site);
  }
  const frame = document.getElementById("example");
  const log = document.getElementById("event-log");
  const TYPES = ["ready", "move", "end", "resize", "error"];

  function line(detail) {
    switch (detail.type) {
      case "ready":
        return `ready: ${detail.players.map((p) => `${p.name} (${p.kind})`).join(", ")}`;
      case "move":
        return `move ${detail.move_number}: ${detail.sentence}`;
      case "end":
        return `end: scores ${detail.scores.join(", ")}; won by ${detail.winner_names.join(" and ")}`;
      case "resize":
        return `resize: ${detail.height} px`;
      default:
        return `${detail.type}: ${detail.message ?? ""}`;
    }
  }

  for (const type of TYPES) {
    frame.addEventListener(`bugs-table:${type}`, (event) => {
      const item = document.createElement("li");
      item.dataset.type = type;
      item.textContent = line(event.detail);
      log.append(item);
      while (log.children.length > 60) log.firstElementChild.remove();
    });
  }
})();
