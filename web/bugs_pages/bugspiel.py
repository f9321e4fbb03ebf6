"""bugspiel.html: Bugspiel on the table page. Its own parts: the board and markets, picks that
light the legal spaces, turning a tile before confirming, the board and target in the setup,
the markets' slide after a Pass played once, and the popup that shows a hovered or focused card
in full.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy

from bugs_web.dom.browser import element as el
from bugs_web.dom.browser import found
from bugs_web.games.bugspiel import KIT
from bugs_web.games.bugspiel.screen import (
    ROTATE_BUTTONS,
    SLIDE_MS,
    SlideClock,
    controls_html,
    game_over_html,
    highlight_of,
    popup_html,
    status_text,
)
from bugs_web.games.bugspiel.session import CLOCKWISE, COUNTER_CLOCKWISE, SpielSession
from bugs_web.games.bugspiel.table_svg import render_table
from bugs_web.kit import GameKit

from .table_page import TurnTablePage, now

PICKS = ("data-hand-bug", "data-hand-bonus", "data-buy-bug", "data-buy-bonus", "data-space")
"""The attributes of what a person may pick on the table, in the order they are tried."""
PICK_SELECTOR = ", ".join(f"[{name}]" for name in PICKS)
CARD_SELECTOR = "[data-card], [data-bonus]"
ROTATIONS = {ui: step for ui, _label, step in ROTATE_BUTTONS}


class SpielPage(TurnTablePage[SpielSession]):
    """The Bugspiel table, with its card popup."""

    selects = ("pace", "board", "target")
    focus_keys = (*PICKS, "data-ui")

    def __init__(self, kit: GameKit[SpielSession]) -> None:
        super().__init__(kit)
        self.popup = ""  # the card the popup shows now, as "card:12" or "bonus:40"
        self.slides = SlideClock()  # when the markets' latest slide began to play
        self.sliding = False  # the table drawn last marks a slide

    def read_options(self) -> dict[str, Any]:
        return {"board": str(el("board").value), "target_score": int(str(el("target").value))}

    def table_svg(self, s: SpielSession, replaying: bool, width: int) -> str:
        self.slides, into = self.slides.at(s.slid, now() * 1000)
        self.sliding = into is not None
        if into is not None:  # a redraw while the slide plays goes on where it was
            box = el("table")
            box.style.setProperty("--slide-ms", f"{SLIDE_MS}ms")
            box.style.setProperty("--slide-delay", f"{-round(into)}ms")
        return render_table(
            s.view(),
            names=s.names,
            highlight=highlight_of(s),
            interactive=s.my_turn() and not replaying,
            thinking=s.to_act if self.thinking else None,
            width=width,
            slide=s.slid if into is not None else None,
        )

    def table_drawn(self, s: SpielSession) -> None:
        """Each moved market card's offset from its old slot, for spiel.css's slide."""
        if not self.sliding:
            return
        for node in el("table").querySelectorAll("[data-slide-dx]"):
            for axis in ("dx", "dy"):
                offset = str(node.getAttribute(f"data-slide-{axis}"))
                node.style.setProperty(f"--slide-{axis}", f"{offset}px")

    def draw_controls(self, s: SpielSession, replaying: bool) -> None:
        el("controls").innerHTML = "" if replaying else controls_html(s)

    def status_text(self, s: SpielSession) -> str:
        return status_text(s, self.thinking)

    def dialog_html(self, s: SpielSession) -> str:
        return game_over_html(s)

    def attributes(self, s: SpielSession) -> dict[str, str]:
        pending = s.pending()
        return {
            "screen": "game-over" if s.over else "play",
            "record": s.record.to_json(),
            "pick": s.pick or "",
            "pending": "" if pending is None else str(pending),
        }

    def on_table_click(self, target: Any, s: SpielSession) -> SpielSession | None:
        node = target.closest(PICK_SELECTOR)
        return activate(s, node) if found(node) else None

    def on_ui(self, name: str, s: SpielSession) -> SpielSession | None:
        if name == "confirm":
            return s.confirm()
        if name == "pass":
            return s.pass_turn()
        if name == "clear":
            return s.clear()
        if name in ROTATIONS:
            return s.rotate(ROTATIONS[name])
        return None

    def on_table_key(self, event: Any, code: str, tag: str, s: SpielSession) -> SpielSession | None:
        target = event.target
        node = target.closest(PICK_SELECTOR) if hasattr(target, "closest") else None
        node = node if found(node) else None
        if code == "Escape":
            self.on_leave()
            return s.clear()
        if code == "KeyR":
            event.preventDefault()
            return s.rotate(COUNTER_CLOCKWISE if event.shiftKey else CLOCKWISE)
        if code == "KeyP" and s.my_turn():
            event.preventDefault()
            return s.pass_turn()
        if node is not None and code in ("Enter", "NumpadEnter", "Space"):
            event.preventDefault()
            if code != "Space" and s.pending() is not None and is_chosen(s, node):
                return s.confirm()
            return activate(s, node)
        on_a_button = tag in ("button", "a", "summary")
        if code in ("Enter", "NumpadEnter") and not on_a_button and s.pending() is not None:
            event.preventDefault()
            return s.confirm()
        return None

    # -- the card popup ------------------------------------------------------------------

    def wire(self) -> None:
        table = el("table")
        table.addEventListener("mouseover", create_proxy(self.on_over))
        table.addEventListener("focusin", create_proxy(self.on_over))
        table.addEventListener("focusout", create_proxy(self.on_out))
        table.addEventListener("mouseleave", create_proxy(lambda _e: self.on_leave()))

    def on_leave(self) -> None:
        el("card-popup").hidden = True

    def show_popup(self, node: Any) -> None:
        """The card under the pointer or the focus, in full."""
        kind = "card" if found(node.getAttribute("data-card")) else "bonus"
        number = int(str(node.getAttribute(f"data-{kind}")))
        key = f"{kind}:{number}"
        popup = el("card-popup")
        if key != self.popup:
            popup.innerHTML = popup_html(kind, number)
            self.popup = key
        popup.hidden = False

    def on_over(self, event: Any) -> None:
        target = event.target
        node = target.closest(CARD_SELECTOR) if hasattr(target, "closest") else None
        if found(node):
            self.show_popup(node)
        elif event.type == "mouseover":
            self.on_leave()

    def on_out(self, event: Any) -> None:
        if event.type == "focusout":
            self.on_leave()


def activate(s: SpielSession, node: Any) -> SpielSession | None:
    """A pick on the table, by a click or by Enter/Space on the focused element."""
    for name in PICKS:
        value = node.getAttribute(name)
        if not found(value):
            continue
        number = int(str(value))
        if name == "data-hand-bug":
            return s.pick_hand_bug(number)
        if name == "data-hand-bonus":
            return s.pick_hand_bonus(number)
        if name == "data-buy-bug":
            return s.pick_buy("bug", number)
        if name == "data-buy-bonus":
            return s.pick_buy("bonus", number)
        return s.pick_space(number)
    return None


def is_chosen(s: SpielSession, node: Any) -> bool:
    """True if `node` is what the pending move would use: the chosen space or the market slot."""
    space = node.getAttribute("data-space")
    if found(space) and s.chosen is not None and int(str(space)) == s.chosen:
        return True
    for market in ("bug", "bonus"):
        slot = node.getAttribute(f"data-buy-{market}")
        if found(slot) and s.pick == f"buy-{market}:{slot}":
            return True
    return False


def main() -> None:
    """Wire bugspiel.html (public/spiel.py calls this)."""
    SpielPage(KIT).main()
