"""A game page in embed mode (`?embed=1`, set by embed.html): the glue's side of embedding.

Only the glue imports this (it needs the browser). A page calls `run_embedded` once at the end
of its `main()` and `report(record)` at the end of its `draw()`; both do nothing on a page that
is not embedded. What to play, what each parameter means and which events to post are decided
by the pure `bugs_web.embed`; this file reads the address, starts the game (or the read-only
replay) on the page, shows a wrong parameter in the frame, and hands events to
`public/embed-frame.js`, which posts them to the host page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bugs_core.errors import BugsError
from bugs_core.record import GameRecord

from ..embed import Embed, EmbedError, EventFeed, error_event, parse_embed
from .browser import element, found, fresh_seed

_feed: list[EventFeed] = []  # the page's one feed, once it runs embedded

REPLAY_BAR = (
    '<div class="replay-buttons">'
    '<button type="button" class="button quiet" data-replay="first">« Start</button>'
    '<button type="button" class="button quiet" data-replay="back">◀ Back</button>'
    '<button type="button" class="button quiet" data-replay="next">Next ▶</button>'
    '<button type="button" class="button quiet" data-replay="last">End »</button>'
    "</div>"
    '<p id="replay-status" class="replay-status" role="status" aria-live="polite"></p>'
)


def _post(data: dict[str, Any]) -> None:
    from pyscript import window

    bridge: Any = getattr(window, "bugsTableEmbed", None)
    if found(bridge):
        bridge.post(json.dumps(data))


def _watch_height() -> None:
    from pyscript import window

    bridge: Any = getattr(window, "bugsTableEmbed", None)
    if found(bridge):
        bridge.watch()


def report(record: GameRecord) -> None:
    """Post the events `record` adds since the last call (nothing when not embedded)."""
    for feed in _feed:
        for data in feed.update(record):
            _post(data)


def _address_pairs() -> list[tuple[str, str]]:
    from pyscript import window

    entries = window.URLSearchParams.new(window.location.search).entries()
    return [(str(name), str(value)) for name, value in entries]


def run_embedded(page: Any, game_id: str, session_class: Any) -> None:
    """If the address says embed, start what it asks for at once: a game with its seats
    (`page.begin(session_class.start(...))`), or a read-only replay of its record (the
    sessions of `session_class.replay_steps`)."""
    pairs = _address_pairs()
    if not any(name == "embed" for name, _ in pairs):
        return
    element("setup").hidden = True
    try:
        embed = parse_embed(pairs, game_id)
        if embed.read_only:
            Replay(page, embed, session_class.replay_steps).show_at(-1)
        else:
            _feed.append(EventFeed(embed.mode))
            seed = embed.seed if embed.seed is not None else fresh_seed()
            page.begin(session_class.start(embed.seats, seed, embed.options))
    except EmbedError as error:
        _show_error(game_id, str(error), error.parameter)
    _watch_height()


def _show_error(game_id: str, message: str, parameter: str | None) -> None:
    from pyscript import document

    line = document.createElement("p")
    line.id = "embed-error"
    line.className = "error embed-error"
    line.setAttribute("role", "alert")
    line.setAttribute("data-parameter", parameter or "")
    line.textContent = f"This embedded game cannot start. {message}"
    document.querySelector("main").prepend(line)
    _post(error_event(game_id, message, parameter))


class Replay:
    """A read-only replay on the page: the page's own session at each position of the record,
    drawn by the page; the table and its dialogs are inert, a bar steps through the moves."""

    def __init__(self, page: Any, embed: Embed, steps: Callable[[GameRecord], list[Any]]) -> None:
        assert embed.record is not None
        self.page = page
        self.record = embed.record
        try:
            self.sessions = steps(embed.record)
        except BugsError as error:  # the link decoded, so only a page bug gets here
            raise EmbedError("record", str(error)) from None
        self.at = len(self.sessions) - 1
        feed = EventFeed(embed.mode)
        for data in feed.update(embed.record):  # ready, and the end if the game is over
            _post(data)
        self._build()

    def _build(self) -> None:
        from pyodide.ffi import create_proxy
        from pyscript import document

        bar = document.createElement("nav")
        bar.id = "replay-bar"
        bar.className = "replay-bar"
        bar.setAttribute("aria-label", "Replay")
        bar.innerHTML = REPLAY_BAR
        game = element("game")
        game.before(bar)
        game.inert = True  # nothing on the table or in its dialogs takes a click or a key
        element("dialog").inert = True
        bar.addEventListener("click", create_proxy(self.on_click))

    def on_click(self, event: Any) -> None:
        target: Any = event.target
        button: Any = target.closest("[data-replay]") if hasattr(target, "closest") else None
        if not found(button):
            return
        step = str(button.getAttribute("data-replay"))
        last = len(self.sessions) - 1
        where = {"first": 0, "back": self.at - 1, "next": self.at + 1, "last": last}[step]
        self.show_at(max(0, min(last, where)))

    def show_at(self, index: int) -> None:
        """Draw the position after `index` moves (-1: the last)."""
        from pyscript import document

        self.at = index % len(self.sessions)
        page = self.page
        page.session = self.sessions[self.at]
        element("setup").hidden = True
        element("game").hidden = False
        page.draw()
        total = len(self.sessions) - 1
        element("replay-status").textContent = f"Replay: move {self.at} of {total}"
        element("game").setAttribute("data-replay-at", str(self.at))
        for button in document.querySelectorAll("[data-replay]"):
            name = str(button.getAttribute("data-replay"))
            button.disabled = (name in ("first", "back") and self.at == 0) or (
                name in ("next", "last") and self.at == total
            )
