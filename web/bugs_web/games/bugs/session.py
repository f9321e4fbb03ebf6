"""A game of Bugs at one device: who sits where, whose hand the screen may show, and what the
screen is for (a move, a hand-off, the end of a hand, the end of the game).

Pure and immutable, tested under CPython: the page's glue sends it events (a card picked, a
move confirmed, a bot's answer, "I am Ana") and draws what it says. The record is the single
source of truth: the state is always the replay of its actions, so a saved game, a shared link
and this screen can never disagree.

Privacy (docs/rules/bugs.md, B33: hands are private, their sizes public): the screen shows the
hand of `viewer` only. With one person at the table that is always the person; with several,
the screen goes to a hand-off ("Pass to Ana") whenever a different person is to act, and shows
no hand at all until Ana says she holds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bugs_core.bugs import GAME
from bugs_core.bugs.actions import Action
from bugs_core.bugs.state import HANDS_PER_GAME, BugsState, BugsView, Phase
from bugs_core.errors import BugsError
from bugs_core.grammar import agree, subject
from bugs_core.record import GameRecord, Seat, new_record
from bugs_core.rng import Rng

from ...replay import checked_action
from ...table import TurnTaking, sentence_names_of
from .picker import Picker, cards_used, move_label

PLAY, HANDOFF, HAND_OVER, GAME_OVER = "play", "handoff", "hand-over", "game-over"
"""What the screen is for."""


@dataclass(frozen=True, slots=True)
class Session(TurnTaking):
    """One game at the table. Build it with `Session.start`; every event returns a new one."""

    GAME = GAME
    record: GameRecord
    state: BugsState
    log: tuple[str, ...]
    viewer: int | None  # the seat whose hand the screen may show; None during a hand-off
    screen: str
    picker: Picker
    seen_hands: int  # hands whose end-of-hand screen was dismissed
    notice: str = ""  # one line for the person: why a click did nothing, a bot's error
    here: int | None = None  # by link: the one seat this device plays (`TurnTaking.by_link`)

    # -- building -----------------------------------------------------------------------

    @classmethod
    def start(
        cls, seats: Sequence[Seat], seed: int, options: dict[str, Any] | None = None
    ) -> Session:
        """A new game: the deal of hand 1 from `seed`."""
        record = new_record("bugs", {**(options or {}), "players": len(seats)}, seed, list(seats))
        state = GAME.initial_state(GAME.make_setup(record.setup), Rng(seed))
        dealer = sentence_names_of(record)[state.dealer]
        opening = (
            f"Hand 1 of {HANDS_PER_GAME}: {subject(dealer, 'deals')} and {agree(dealer, 'leads')}."
        )
        first = cls(record, state, (opening,), None, PLAY, Picker(()), 0)
        return first._settle()

    def _advance(self, index: int, text: str) -> Session:
        """A replay dismisses the end-of-hand screen before the next hand's first action."""
        session = self.next_hand() if self.screen == HAND_OVER else self
        return session._apply(checked_action(GAME, session.state, index, text))

    # -- what the page asks -------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None once the game is over."""
        return None if self.state.phase is Phase.GAME_OVER else self.state.to_act

    def view(self) -> BugsView | None:
        """The view the screen draws: the viewer's, or None when no hand may be shown."""
        if self.viewer is None:
            return None
        return GAME.player_view(self.state, self.viewer)

    def public_view(self) -> BugsView:
        """A view to draw the public table from when no hand may be shown. Its `hand` field is
        never drawn in that case (the renderer's `spectator` mode)."""
        return GAME.player_view(self.state, self.state.to_act)

    def my_turn(self) -> bool:
        """True when the screen shows the hand of the person to act and a move is expected."""
        return self.screen == PLAY and self.viewer is not None and self.viewer == self.to_act

    def _bots_may_move(self) -> bool:
        """Not during a hand-off or at the end of a hand."""
        return self.screen == PLAY

    def auto_continue(self) -> bool:
        """True when no person is at the table, so end-of-hand screens move on by themselves."""
        return not self.people

    # -- events -------------------------------------------------------------------------

    def pick(self, kind: int, copy: int) -> Session:
        """A click on copy `copy` of the card kind `kind` in the viewer's hand."""
        if not self.my_turn():
            return replace(self, notice="Wait for your turn.")
        picker = self.picker.toggle(kind, copy)
        if picker == self.picker and not 0 <= copy < self._held(kind):
            return self
        notice = "" if picker != self.picker else self.picker.refusal(kind)
        return replace(self, picker=picker, notice=notice)

    def step(self, kind: int, delta: int) -> Session:
        """One more (1) or one fewer (-1) card of `kind`, from the keyboard."""
        if not self.my_turn() or self._held(kind) == 0:
            return self
        picker = self.picker.step(kind, delta, self._held(kind))
        notice = "" if picker != self.picker or delta < 0 else self.picker.refusal(kind)
        return replace(self, picker=picker, notice=notice)

    def clear(self) -> Session:
        """Drop the selection."""
        return replace(self, picker=self.picker.clear(), notice="")

    def play(self, text: str) -> Session:
        """The viewer confirms the move written `text`; a notice says why if it is refused."""
        move = self._own_move(text, "It is not your turn.")
        return move if isinstance(move, Session) else self._apply(move)

    def _own_move(self, text: str, waiting: str) -> Action | Session:
        """The legal move written `text` on the viewer's turn, else this session with a notice
        saying why (`waiting` when it is not their turn)."""
        if not self.my_turn():
            return replace(self, notice=waiting)
        try:
            return self.legal_move(text, self.picker.legal)  # type: ignore[no-any-return]
        except BugsError as error:
            return replace(self, notice=str(error))

    def compose(self, text: str) -> Session:
        """A hint's move written `text` selected in the viewer's hand, card kind by card kind
        as the person's own picks select it, so the hand and its Play button show it; the
        move is never applied. Showing the move already selected drops it. Unchanged, with a
        notice saying why, when it takes no cards (its own button plays it) or is not legal."""
        action = self._own_move(text, "Wait for your turn.")
        if isinstance(action, Session):
            return action
        if self.composes(text):
            return self.clear()
        picker = self.picker.clear()
        for kind, count in enumerate(cards_used(action)):
            if count:
                picker = picker.set_count(kind, count)
        if action not in picker.choices():
            view = self.view()
            assert view is not None  # my_turn: the viewer's hand shows
            return replace(
                self, notice=f"{move_label(view, action)}: no cards to pick, its button plays it."
            )
        return replace(self, picker=picker, notice="")

    def composes(self, text: str) -> bool:
        """True while the selected cards make the move written `text` (a hint's)."""
        return self.my_turn() and text in {str(a) for a in self.picker.choices()}

    def take_device(self) -> Session:
        """The person named on the hand-off screen says only they can see it now."""
        if self.screen != HANDOFF or self.to_act is None:
            return self
        return self._show(self.to_act)

    def next_hand(self) -> Session:
        """Dismiss the end-of-hand screen."""
        if self.screen != HAND_OVER:
            return self
        return replace(self, seen_hands=self.seen_hands + 1, screen=PLAY)._settle()

    # -- internals ----------------------------------------------------------------------

    def _held(self, kind: int) -> int:
        view = self.view()
        return view.hand[kind] if view is not None and 0 <= kind < len(view.hand) else 0

    def _apply(self, action: Action) -> Session:
        sentence = GAME.describe(self.state, action, self.sentence_names)
        state = GAME.apply(self.state, action)
        record = self.record.with_action(action)
        moved = replace(
            self,
            record=record,
            state=state,
            log=(*self.log, sentence),
            picker=Picker(()),
            notice="",
        )
        return moved._settle()

    def _settle(self) -> Session:
        """Decide what the screen is for after the state changed."""
        finished = len(self.state.hand_scores)
        if self.state.phase is Phase.GAME_OVER:
            return replace(self, screen=GAME_OVER, viewer=self._keeper(), picker=Picker(()))
        if finished > self.seen_hands:
            viewer = self.viewer if self.here is None else self.here
            return replace(self, screen=HAND_OVER, picker=Picker(()), viewer=viewer)
        seat = self.state.to_act
        if not self.moves_here(seat):  # a bot's turn, or by link another person's elsewhere
            return replace(self, screen=PLAY, viewer=self._keeper(), picker=Picker(()))
        if self.viewer == seat or len(self.people) == 1 or self.here is not None:
            return self._show(seat)
        return replace(self, screen=HANDOFF, viewer=None, picker=Picker(()))

    def _keeper(self) -> int | None:
        """Whose hand stays on screen while bots play: the only person's, else the current
        viewer's (the person still holding the device), never a new one; by link, always
        this device's seat."""
        if self.here is not None:
            return self.here
        if len(self.people) == 1:
            return self.people[0]
        return self.viewer

    def _show(self, seat: int) -> Session:
        legal = GAME.legal_actions(self.state) if self.state.to_act == seat else ()
        return replace(self, screen=PLAY, viewer=seat, picker=Picker(tuple(legal)))


make_seats = Session.make_seats
"""Seats for a game of Bugs from the setup form's (name, kind) pairs."""
