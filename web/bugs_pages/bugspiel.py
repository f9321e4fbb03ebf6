"""bugspiel.html: Bugspiel on the table page. Its own parts: the board and markets, picks that
light the legal spaces, turning a tile before confirming, the board and target in the setup,
the markets' slide after a Pass played once, and the popup that shows a card in full: on a
mouse's hover or the keyboard's focus, and on a touch screen on a tap on its "i" button or a long
press on it (where a tap on a tile picks its space, or opens a chooser of its spaces).
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from bugs_core.bugspiel.actions import BuyBonus, BuyBug
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
    space_chooser_html,
    status_text,
    tile_tap,
)
from bugs_web.games.bugspiel.session import CLOCKWISE, COUNTER_CLOCKWISE, SpielSession
from bugs_web.games.bugspiel.table_svg import render_table
from bugs_web.kit import GameKit

from .table_page import TurnTablePage, now

PICKS = ("data-hand-bug", "data-hand-bonus", "data-buy-bug", "data-buy-bonus", "data-space")
"""The attributes of what a person may pick on the table, in the order they are tried."""
PICK_SELECTOR = ", ".join(f"[{name}]" for name in PICKS)
CARD_SELECTOR = "[data-card], [data-bonus]"
ROTATIONS = {ui: step for ui, _arrow, _words, _key, step in ROTATE_BUTTONS}
LONG_PRESS_S = 0.5
"""How long a finger rests on a card before its popup opens."""
SLOP_PX = 10
"""How far a resting finger may drift and still be a long press, not a scroll."""


class SpielPage(TurnTablePage[SpielSession]):
    """The Bugspiel table, with its card popup."""

    selects = ("pace", "board", "target")
    focus_keys = (*PICKS, "data-ui")

    def __init__(self, kit: GameKit[SpielSession]) -> None:
        super().__init__(kit)
        self.popup = ""  # the card the popup shows now, as "card:12" or "bonus:40"
        self.slides = SlideClock()  # when the markets' latest slide began to play
        self.sliding = False  # the table drawn last marks a slide
        self.pinned = False  # a finger opened the popup: a tap outside closes it
        self.tile: int | None = None  # the tile whose space chooser shows (touch screens)
        self.tile_moves = 0  # the moves of the game when it opened: a move closes it
        self.presses = 0  # counts finger presses: a long press fires only if still the latest
        self.press_at: tuple[float, float] | None = None  # where the resting finger went down
        self.held_at = -1.0  # when the latest long press opened the popup (`now`)
        self.holding: asyncio.Future[None] | None = None  # the latest press's wait, kept
        self.drawing = False  # a redraw is under way (it puts the focus back where it was)
        self.finger = False  # the latest pointer pressed was a finger: no hover to show cards

    def draw(self) -> None:
        self.drawing = True
        try:
            super().draw()
        finally:
            self.drawing = False

    def touch(self) -> bool:
        """True on a touch screen: the table is drawn for fingers (`render_table`'s `touch`)."""
        return bool(window.matchMedia("(pointer: coarse)").matches)

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
            touch=self.touch(),
            fit=short_screen(),
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
        chooser = el("space-chooser")
        asking = self.tile is not None and self.tile_moves == len(s.record.actions)
        tile = self.tile if asking and not replaying else None
        markup = "" if tile is None else space_chooser_html(s, tile)
        chooser.innerHTML = markup
        chooser.hidden = not markup

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
        if now() - self.held_at < 1.0:  # the click a long press ends with: it opened the popup
            self.held_at = -1.0
            return None
        info = target.closest("[data-info]")
        if found(info):
            kind, _, which = str(info.getAttribute("data-info")).partition(":")
            self.show_popup(kind, int(which), pinned=True)
            return None
        tile = target.closest("[data-tile]")
        if found(tile):
            number = int(str(tile.getAttribute("data-tile")))
            space = tile_tap(s, number)
            if space is not None:
                self.tile = None
                return s.pick_space(space)
            self.tile, self.tile_moves = number, len(s.record.actions)
            return s.with_notice("")  # redrawn: the chooser shows
        node = target.closest(PICK_SELECTOR)
        if not found(node):
            return None
        self.tile = None
        return activate(s, node)

    def on_ui(self, name: str, s: SpielSession) -> SpielSession | None:
        self.tile = None
        if name == "close-tile":
            return s.with_notice("")
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
            self.tile = None
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

    def show_hint(self, s: SpielSession, text: str) -> SpielSession:
        return s.compose(text)

    def shows_hint(self, s: SpielSession, text: str) -> bool:
        return s.composes(text)

    def hint_place(self, s: SpielSession, text: str) -> Any:
        """The market slot a purchase takes, or the space a bug or bonus card goes to (the
        move bar shows the rest)."""
        match s.pending():
            case BuyBug(slot):
                return el("table").querySelector(f'[data-buy-bug="{slot}"]')
            case BuyBonus(slot):
                return el("table").querySelector(f'[data-buy-bonus="{slot}"]')
        return el("table").querySelector(".spiel-space.chosen")

    # -- the card popup ------------------------------------------------------------------

    def wire(self) -> None:
        table = el("table")
        table.addEventListener("pointerover", create_proxy(self.on_over))
        table.addEventListener("pointerleave", create_proxy(self.on_pointer_leave))
        table.addEventListener("focusin", create_proxy(self.on_focus))
        table.addEventListener("focusout", create_proxy(self.on_out))
        table.addEventListener("pointerdown", create_proxy(self.on_press))
        table.addEventListener("contextmenu", create_proxy(self.on_context_menu))
        for name in ("pointerup", "pointercancel", "pointermove"):
            document.addEventListener(name, create_proxy(self.on_release))
        # Capturing, so a tap anywhere closes a pinned popup before the tap does anything else.
        document.addEventListener("pointerdown", create_proxy(self.on_tap_anywhere), True)

    def on_leave(self) -> None:
        el("card-popup").hidden = True
        self.pinned = False
        chooser = el("space-chooser")
        if found(chooser) and not chooser.hidden:
            self.tile = None
            chooser.hidden = True

    def show_popup(self, kind: str, number: int, *, pinned: bool = False) -> None:
        """The card `kind` ("card" or "bonus") `number` in full; a pinned one (opened by a
        finger) stays until a tap elsewhere or Esc."""
        key = f"{kind}:{number}"
        popup = el("card-popup")
        if key != self.popup:
            popup.innerHTML = popup_html(kind, number)
            self.popup = key
        popup.hidden = False
        self.pinned = pinned

    def show_card_of(self, node: Any, *, pinned: bool = False) -> None:
        """The card a drawn card, slot or token stands for, in full."""
        kind = "card" if found(node.getAttribute("data-card")) else "bonus"
        self.show_popup(kind, int(str(node.getAttribute(f"data-{kind}"))), pinned=pinned)

    def hide_unpinned(self) -> None:
        if not self.pinned:
            el("card-popup").hidden = True

    def on_over(self, event: Any) -> None:
        """A mouse or pen over a card shows it. Not a finger's tap, nor the "mouse" the browser
        says is over a card when the page moves under a finger that tapped (a redraw, a
        scroll): on a phone, a card a tap never asked for would open over the market."""
        if str(event.pointerType) == "touch" or self.finger:
            return
        target = event.target
        node = target.closest(CARD_SELECTOR) if hasattr(target, "closest") else None
        if found(node):
            self.show_card_of(node)
        else:
            self.hide_unpinned()

    def on_pointer_leave(self, event: Any) -> None:
        if str(event.pointerType) != "touch":
            self.hide_unpinned()

    def on_focus(self, event: Any) -> None:
        """The keyboard's focus on a card shows it (not the focus a tap gives, nor the focus a
        redraw puts back: Esc's redraw would open the card it just closed)."""
        if self.drawing:
            return
        target = event.target
        node = target.closest(CARD_SELECTOR) if hasattr(target, "closest") else None
        if found(node) and target.matches(":focus-visible"):
            self.show_card_of(node)

    def on_out(self, _event: Any) -> None:
        self.hide_unpinned()

    def on_tap_anywhere(self, event: Any) -> None:
        """A press outside the popup and the info buttons closes a pinned popup. Any press
        says whether a finger or a mouse or pen was used last (`on_over`)."""
        self.finger = str(event.pointerType) == "touch"
        if not self.pinned:
            return
        target = event.target
        if hasattr(target, "closest") and found(target.closest("#card-popup, [data-info]")):
            return
        el("card-popup").hidden = True
        self.pinned = False

    def on_press(self, event: Any) -> None:
        """A finger down on a card (a tile's token too, under the tile's button) starts a long
        press."""
        self.presses += 1
        self.press_at = None
        self.held_at = -1.0  # a new press: the click a long press ended with is past
        if str(event.pointerType) != "touch":
            return
        x, y = float(event.clientX), float(event.clientY)
        for under in document.elementsFromPoint(x, y):
            node = under.closest(CARD_SELECTOR)
            if found(node):
                self.press_at = (x, y)
                self.holding = asyncio.ensure_future(self.hold(self.presses, node))
                return

    async def hold(self, press: int, node: Any) -> None:
        await asyncio.sleep(LONG_PRESS_S)
        if press == self.presses and self.press_at is not None:
            self.press_at = None
            self.held_at = now()
            self.show_card_of(node, pinned=True)

    def on_release(self, event: Any) -> None:
        """The finger lifts, or drifts (a scroll): no long press. A mouse or pen that moves is
        the pointer used last (`on_over`); a finger's moves are a scroll and say nothing new."""
        if str(event.pointerType) != "touch":
            self.finger = False
        start = self.press_at
        if start is None:
            return
        if str(event.type) == "pointermove":
            moved = abs(float(event.clientX) - start[0]) + abs(float(event.clientY) - start[1])
            if moved <= SLOP_PX:
                return
        self.press_at = None

    def on_context_menu(self, event: Any) -> None:
        """A long press on a card opens its popup, not the browser's menu."""
        if self.press_at is not None or now() - self.held_at < 1.0:
            event.preventDefault()


SHORT = "(orientation: landscape) and (max-height: 500px)"
"""A phone on its side: the board fits the screen above spiel.css's one-row move bar."""
CHROME_PX = 60
"""What a phone's browser takes of its screen's short side (its address bar, the status bar)."""
BAR_PX = 56
"""The move bar on a phone on its side: one row of finger-sized buttons (spiel.css)."""


def short_screen() -> int | None:
    """The height the table's board fits on a phone on its side (or a short window), else
    None. From the screen's short side, less the browser's bars, not from the window: on a
    phone the window's height changes as the address bar slides away, and the board would
    change size under a scrolling finger; but never more than the window (a short window on a
    desktop's tall screen). Never in an embed: its frame is sized to the table, and a table
    drawn for a short frame would size the frame anew."""
    if not window.matchMedia(SHORT).matches or document.documentElement.classList.contains("embed"):
        return None
    screen = window.screen
    height = min(int(min(screen.width, screen.height)), int(window.innerHeight) + CHROME_PX)
    return max(200, height - CHROME_PX - BAR_PX)


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
