"""bugs.html: Bugs on the table page. Its own parts: the hand drawn for the seat that may see
it (the hand-off between people at one device is the session's), cards picked by click and by
key, and the end-of-hand screen, which moves on by itself when no person is at the table.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document

from bugs_web.dom.browser import element as el
from bugs_web.dom.browser import found
from bugs_web.games.bugs import KIT
from bugs_web.games.bugs.screen import (
    controls_html,
    game_over_html,
    hand_over_html,
    handoff_html,
    status_text,
)
from bugs_web.games.bugs.session import HAND_OVER, PLAY, Session
from bugs_web.games.bugs.table_svg import render_table
from bugs_web.kit import GameKit

from .table_page import TurnTablePage

KEY_KINDS = {"KeyO": 10, "KeyN": 11, "KeyR": 12, "KeyX": 13}
KEY_KINDS.update({f"Digit{v}": v for v in range(1, 10)})
KEY_KINDS.update({f"Numpad{v}": v for v in range(1, 10)})
"""The keys that pick a card kind: 1-9 the values, O, N, R and X the action cards."""
GROUP_KEYS = ("Enter", "Space", "Minus", "Backspace", "NumpadAdd")
"""Keys on a focused card group: one more of it, or (Minus, Backspace) one fewer."""


class BugsPage(TurnTablePage[Session]):
    """The Bugs table."""

    focus_keys = ("data-pick",)

    def __init__(self, kit: GameKit[Session]) -> None:
        super().__init__(kit)
        self.touch = False  # the latest press on the page was a finger's, not a mouse's

    def wire(self) -> None:
        """Listen (capturing, before the click it leads to) for what presses the page."""
        document.addEventListener("pointerdown", create_proxy(self.on_press), True)

    def on_press(self, event: Any) -> None:
        """Note whether a finger or a mouse is about to click."""
        self.touch = str(event.pointerType) == "touch"

    def table_svg(self, s: Session, replaying: bool, width: int) -> str:
        # a replay at a table of several people shows no hand: the device may be anyone's now
        spectator = s.screen != PLAY or s.viewer is None or (replaying and len(s.people) > 1)
        usable = None
        if s.my_turn() and not replaying:
            usable = [k for k in range(14) if s.picker.usable(k)]
        view = None if spectator else s.view()  # None only for a spectator: no hand shows
        return render_table(
            view or s.public_view(),
            names=s.names,
            selected={k: n for k, n in enumerate(s.picker.selection) if n},
            usable=usable,
            spectator=spectator,
            thinking=s.to_act if self.thinking else None,
            width=width,
        )

    def draw_controls(self, s: Session, replaying: bool) -> None:
        el("controls").innerHTML = "" if replaying else controls_html(s)

    def status_text(self, s: Session) -> str:
        return status_text(s, self.thinking)

    def dialog_html(self, s: Session) -> str:
        return handoff_html(s) or hand_over_html(s) or game_over_html(s)

    def attributes(self, s: Session) -> dict[str, str]:
        return {"screen": s.screen, "viewer": "" if s.viewer is None else str(s.viewer)}

    def on_table_click(self, target: Any, s: Session) -> Session | None:
        action = target.closest("[data-action]")
        if found(action):
            return s.play(str(action.getAttribute("data-action")))
        pick = target.closest("[data-pick]")
        if not found(pick):
            return None
        kind = int(pick.getAttribute("data-pick"))
        if self.touch:
            # A covered copy shows a strip too thin for a finger: on a touch screen a tap
            # anywhere on the kind's cards takes one more of them, round to none (as Enter).
            return s.step(kind, 1)
        copy = target.closest("[data-copy]")
        index = int(copy.getAttribute("data-copy")) if found(copy) else 0
        return s.pick(kind, index)

    def on_ui(self, name: str, s: Session) -> Session | None:
        if name == "clear":
            return s.clear()
        if name == "take":
            return s.take_device()
        if name == "next-hand":
            return s.next_hand()
        return None

    def on_table_key(self, event: Any, code: str, tag: str, s: Session) -> Session | None:
        target = event.target
        group = target.closest("[data-pick]") if hasattr(target, "closest") else None
        group = group if found(group) else None
        if group is not None and code in GROUP_KEYS:
            event.preventDefault()
            delta = -1 if code in ("Minus", "Backspace") else 1
            return s.step(int(group.getAttribute("data-pick")), delta)
        if group is not None and code in ("ArrowLeft", "ArrowRight"):
            event.preventDefault()
            move_focus(group, 1 if code == "ArrowRight" else -1)
            return None
        if code in KEY_KINDS:
            event.preventDefault()
            return s.step(KEY_KINDS[code], -1 if event.shiftKey else 1)
        if code == "Escape":
            return s.clear()
        if code == "KeyP" and s.my_turn():
            return s.play("pickup")
        if code in ("Enter", "NumpadEnter") and tag not in ("button", "a", "summary"):
            choices = s.picker.choices()
            if len(choices) == 1:
                event.preventDefault()
                return s.play(str(choices[0]))
        return None

    def show_hint(self, s: Session, text: str) -> Session:
        return s.compose(text)

    def shows_hint(self, s: Session, text: str) -> bool:
        return s.composes(text)

    def hint_place(self, s: Session, text: str) -> Any:
        """The move's button, right under the hand that shows its cards picked."""
        for button in el("controls").querySelectorAll("[data-action]"):
            if str(button.getAttribute("data-action")) == text:
                return button
        return None

    def bots_due(self, s: Session) -> bool:
        return s.bot_to_move() or (s.screen == HAND_OVER and s.auto_continue())

    async def between_turns(self, generation: int, s: Session) -> bool:
        """With no person at the table, the end-of-hand screen moves on by itself."""
        if not (s.screen == HAND_OVER and s.auto_continue()):
            return False
        await asyncio.sleep(self.pace_ms() / 1000 * 2)
        moved = self.current(generation)
        if moved is not None:
            self.show_moved(moved.next_hand())
        return True


def move_focus(group: Any, delta: int) -> None:
    """Focus the card group `delta` places on from `group`, round the hand."""
    groups = list(el("table").querySelectorAll("[data-pick]"))
    keys = [str(g.getAttribute("data-pick")) for g in groups]
    here = keys.index(str(group.getAttribute("data-pick")))
    groups[(here + delta) % len(groups)].focus()


def main() -> None:
    """Wire bugs.html (public/bugs.py calls this)."""
    BugsPage(KIT).main()
