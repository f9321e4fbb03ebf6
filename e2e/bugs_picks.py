"""One way to find a Bugs move by clicks, as a person feels for one, for every engine's driver.

A person's hand may hold no kind that moves alone with all its copies: a restricted lead (B24)
must be larger than the pile it follows, so it may need fewer copies of another kind or an
Outbreak beside it. The picker therefore tries each usable kind with all its copies, then
fewer, then kinds together, and picks up or passes only when nothing makes a move. Chromium
(Playwright) and WebKitGTK (Selenium) drive it through `Clicks`; Firefox's suite, in
JavaScript, follows the same steps (e2e/firefox/table.mjs)."""

from __future__ import annotations

from typing import Protocol

USABLE = "#table [data-pick]:not(.dim)"
CONFIRM = "#controls [data-action].primary"
CLEAR = "#controls [data-ui=clear]"
ANY_ACTION = "#controls [data-action]"
NO_CARDS = ("pickup", "pass")


class Clicks(Protocol):
    """What the picker needs of a driver: clicks and reads of the page, by CSS."""

    def count(self, css: str) -> int: ...

    def attr(self, css: str, name: str) -> str | None:
        """An attribute of the first match (None: no match or no such attribute)."""
        ...

    def attrs(self, css: str, name: str) -> list[str]:
        """An attribute of every match that has it, in document order."""
        ...

    def click(self, css: str, nth: int = 0) -> None:
        """A person's click on the `nth` match (-1: the last)."""
        ...


def _kind(kind: str) -> str:
    return f'#table [data-pick="{kind}"]'


def _confirmable(ui: Clicks) -> bool:
    action = ui.attr(CONFIRM, "data-action")
    return action is not None and action not in NO_CARDS


def _clear(ui: Clicks) -> None:
    if ui.count(CLEAR):
        ui.click(CLEAR)


def pick_a_move(ui: Clicks) -> str:
    """Select cards until a move can be confirmed and confirm it, else pick up or pass; the
    `data-action` of the button clicked."""
    kinds = ui.attrs(USABLE, "data-pick")
    for kind in kinds:
        for n in range(ui.count(f"{_kind(kind)} [data-copy]"), 0, -1):
            ui.click(f"{_kind(kind)} [data-copy]", n - 1)  # copy n: n of this kind
            if _confirmable(ui):
                return _confirm(ui)
            _clear(ui)
    for kind in kinds:  # kinds together, each with all its copies
        group = _kind(kind)
        if ui.attr(group, "aria-pressed") == "true" or "dim" in (ui.attr(group, "class") or ""):
            continue
        ui.click(f"{group} [data-copy]", -1)
        if _confirmable(ui):
            return _confirm(ui)
    _clear(ui)
    action = ui.attr(ANY_ACTION, "data-action")
    assert action in NO_CARDS, f"no card makes a move, and the page offers {action!r}"
    ui.click(ANY_ACTION)
    return str(action)


def _confirm(ui: Clicks) -> str:
    action = ui.attr(CONFIRM, "data-action")
    ui.click(CONFIRM)
    return str(action)
