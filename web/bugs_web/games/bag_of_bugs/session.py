"""A game of Bag of Bugs at one device, in real time: reaction windows that open after each
reveal and close on a timer, claims from people (keys, clicks, taps) and from bots, prompts with
a default when their timer runs out.

Pure and immutable, tested under CPython. The page's glue owns the clock: it asks
`window_millis` how long the current window stays open, forwards claims and bot answers, and
calls `close_window` when the time is up. The record is the single source of truth: the state is
always the replay of its actions. Window submissions are applied as they come; the rules keep
them secret (a view shows "has chosen", never what) until the sub-round resolves, so a bot asked
at the window's opening decides exactly as it would after a person's claim.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bugs_core.bag_of_bugs import GAME, rules
from bugs_core.bag_of_bugs import events as ev
from bugs_core.bag_of_bugs.actions import Action, Claim, Wait
from bugs_core.bag_of_bugs.state import BagState, BagView, Phase
from bugs_core.bag_of_bugs.tokens import GRAB_TOKENS
from bugs_core.bots.bag_heuristic import choose_action
from bugs_core.errors import BugsError
from bugs_core.grammar import is_you, start
from bugs_core.record import GameRecord, Seat, new_record
from bugs_core.rng import Rng

from ...table import TableSession, bot_seed, sentence_names_of
from .table_svg import table_words

KEY_ROWS = ("12345", "QWERT", "ASDFG", "ZXCVB", "67890")
"""Each person's five keys for Grab 1-5, by their order among the people at the table."""
DECISION_SECONDS = 20
"""A person's prompt (which group, which kinds, what to give, the leftovers) waits this long,
then takes the default, so one absent player cannot stall the table."""
FAST_FORWARD_MS = 250
"""Window length when no person can grab in it: bots only, so just long enough to follow."""


@dataclass(frozen=True, slots=True)
class BagBotTurn:
    """A bot decision to compute: its seat, level, the record to replay and a seed; `key` says
    which window or decision it answers, so a late answer is dropped."""

    seat: int
    level: str
    record_json: str
    seed: int
    key: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BagSession(TableSession):
    """One game at the table. Build it with `BagSession.start`; every event returns a new one."""

    GAME = GAME

    record: GameRecord
    state: BagState
    log: tuple[str, ...]
    notice: str = ""  # one line for the people: a refused claim, a failed bot
    flash: str = ""  # a lost race, shown big during the re-grab window
    proposed: str = ""  # a hint's option, marked in the person's prompt until a move is made

    @classmethod
    def start(
        cls, seats: Sequence[Seat], seed: int, options: dict[str, Any] | None = None
    ) -> BagSession:
        """A new game: the bag filled from `seed`, drawn up to the first window."""
        chosen = {**(options or {}), "players": len(seats)}
        record = new_record("bag-of-bugs", chosen, seed, list(seats))
        state = GAME.initial_state(GAME.make_setup(record.setup), Rng(seed))
        opening = table_words(GAME.opening(state, sentence_names_of(record)))
        return cls(record, state, (opening,))

    # -- what the page asks -------------------------------------------------------------

    def keys_of(self, seat: int) -> str:
        """The five keys that claim Grab 1-5 for a person's seat ('' for a bot)."""
        if not self.is_person(seat):
            return ""
        return KEY_ROWS[self.people.index(seat) % len(KEY_ROWS)]

    def view(self) -> BagView:
        """What the screen draws. Everything but the bag's order and pending window choices is
        public (G27); the screen never shows pending choices, so any seat's view will do: the
        first person's, so that person's own reach can be marked."""
        seat = self.people[0] if self.people else 0
        return GAME.player_view(self.state, seat)

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.state.phase is Phase.GAME_OVER

    def state_winners(self) -> tuple[int, ...]:
        """The seats with the highest score (G32: ties share); meaningful once it is over."""
        return tuple(GAME.winners(self.state))

    def window_key(self) -> tuple[int, ...] | None:
        """Which window (turn, reveal, sub-round) is open, or None when none is."""
        w = self.state.window
        if self.state.phase is not Phase.WINDOW or w is None:
            return None
        return (self.state.turn_no, self.state.drawn, w.subround)

    def pending(self) -> tuple[int, ...]:
        """The seats still to submit in this window, or the one seat to decide now."""
        return tuple(GAME.pending_seats(self.state))

    def people_to_grab(self) -> tuple[int, ...]:
        """The people who may still claim in the open window."""
        if self.window_key() is None:
            return ()
        return tuple(s for s in self.pending() if self.is_person(s))

    def free_grabs(self) -> tuple[int, ...]:
        """The Grab tokens nobody holds."""
        return tuple(g for g in GRAB_TOKENS if self.state.claims[g - 1] is None)

    def reach(self, seat: int) -> int | None:
        """The Grab token `seat` reached for in this window and is waiting on (secret to
        others until the sub-round resolves), or None."""
        w = self.state.window
        if self.window_key() is None or w is None or seat not in w.seats:
            return None
        choice = w.choices[w.seats.index(seat)]
        return choice if choice else None

    def window_millis(self, pace_ms: int) -> int:
        """How long the open window stays open: the pace while a person may grab, a shorter
        re-grab window after a lost race, and a quick step when only bots decide."""
        if self.window_key() is None:
            return 0
        if not self.people_to_grab():
            return min(pace_ms, FAST_FORWARD_MS)
        w = self.state.window
        assert w is not None
        if w.subround > 1:
            return max(800, pace_ms * 2 // 3)
        return max(600, pace_ms)

    def decider(self) -> int | None:
        """The seat deciding a prompt (a grab's choice, a Wind give, the leftovers), if any."""
        if self.over or self.window_key() is not None:
            return None
        return self.pending()[0]

    def choices(self) -> tuple[Action, ...]:
        """The decider's options, the default first (what a timed-out prompt takes), then the
        others in canonical order."""
        seat = self.decider()
        if seat is None:
            return ()
        legal = tuple(GAME.legal_actions_for(self.state, seat))
        best = choose_action(GAME.player_view(self.state, seat), seat)
        if best not in legal:
            return legal
        return (best, *(a for a in legal if a != best))

    def person_deciding(self) -> int | None:
        """The person who must answer a prompt now, if it is a person's."""
        seat = self.decider()
        return seat if seat is not None and self.is_person(seat) else None

    def bot_turns(self) -> tuple[BagBotTurn, ...]:
        """The bot decisions to compute now: every bot still to submit in the open window (each
        decides on the window as it opened), or the bot deciding a prompt."""
        if self.over:
            return ()
        key = self._key()
        moves = len(self.record.actions)
        text = self.record.to_json()
        return tuple(
            BagBotTurn(
                s, self.record.seats[s].kind, text, bot_seed(self.record.seed, moves) + s, key
            )
            for s in self.pending()
            if not self.is_person(s)
        )

    # -- events -------------------------------------------------------------------------

    def claim(self, seat: int, grab: int) -> BagSession:
        """A person reaches for Grab `grab` in the open window."""
        if seat not in self.people_to_grab():
            who = self.names[seat] if 0 <= seat < len(self.names) else "That seat"
            return replace(self, notice=f"{who} cannot grab now.")
        if grab not in self.free_grabs():
            return replace(self, notice=f"Grab {grab} is taken already.")
        return self._apply(Claim(seat, grab))

    def close_window(self) -> BagSession:
        """The window's time is up: every person who has not reached for a token waits."""
        session = self
        key = self.window_key()
        for seat in self.people_to_grab():
            if session.window_key() != key:
                break
            session = session._apply(Wait(seat))
        return session

    def decide(self, text: str) -> BagSession:
        """The deciding person picks an option written `text`."""
        seat = self.person_deciding()
        if seat is None:
            return replace(self, notice="No choice is waiting for you now.")
        try:
            action = GAME.parse_action(text)
        except BugsError as error:
            return replace(self, notice=str(error))
        if action not in self.choices():
            return replace(self, notice=f"{text} is not one of the choices now.")
        return self._apply(action)

    def compose(self, text: str) -> BagSession:
        """A hint's move written `text` marked among the deciding person's options, for them
        to press or pass over; it is never applied. Showing the option already marked unmarks
        it. Unchanged, with a notice saying why, when it is not one of their choices now."""
        if self.person_deciding() is None:
            return replace(self, notice="No choice is waiting for you now.")
        if text not in {str(a) for a in self.choices()}:
            return replace(self, notice=f"{text} is not one of the choices now.")
        return replace(self, proposed="" if self.composes(text) else text, notice="")

    def composes(self, text: str) -> bool:
        """True while the person's prompt marks the option written `text` (a hint's)."""
        return bool(text) and text == self.proposed and self.person_deciding() is not None

    def default_decision(self) -> BagSession:
        """The person's prompt timed out: take the default, the choice the heuristic bot would
        make in their place (listed first)."""
        if self.person_deciding() is None or not self.choices():
            return self
        return self._apply(self.choices()[0])

    def bot_move(self, key: tuple[int, ...], seat: int, text: str) -> BagSession:
        """A bot's answer. Dropped when its window or decision has passed or the seat has
        answered already; reported, never applied, when illegal."""
        if self.over or key != self._key() or seat not in self.pending() or self.is_person(seat):
            return self
        try:
            action = GAME.parse_action(text)
            if action not in GAME.legal_actions_for(self.state, seat):
                raise BugsError(f"{text} is not legal now")
        except BugsError as error:
            return replace(self, notice=f"{self.names[seat]}'s bot failed: {error}")
        return self._apply(action)

    # -- internals ----------------------------------------------------------------------

    def _key(self) -> tuple[int, ...]:
        window = self.window_key()
        return window if window is not None else (len(self.record.actions),)

    def _apply(self, action: Action) -> BagSession:
        happened: list[ev.Event] = []
        sentence = table_words(GAME.describe(self.state, action, self.sentence_names))
        state = rules.apply(self.state, action, happened)
        after = replace(self, record=self.record.with_action(action), state=state)
        # The news of a lost race stays up for the whole re-grab window it opened: the bots'
        # choices in that window, which come at once, must not wipe it before anyone reads it.
        news = self._race_news(happened, state)
        same_window = after.window_key() is not None and after.window_key() == self.window_key()
        return replace(
            after,
            log=(*self.log, sentence),
            notice="",
            proposed="",
            flash=news or (self.flash if same_window else ""),
        )

    def _race_news(self, happened: list[ev.Event], state: BagState) -> str:
        """'Bo got Grab 3 first: Ana, grab again!' when a person lost a race just now."""
        for event in happened:
            if not isinstance(event, ev.WindowResolved):
                continue
            for seat, grab, winner in event.beaten:
                if self.is_person(seat):
                    names = self.sentence_names
                    loser = "" if is_you(names[seat]) else f"{names[seat]}, "
                    again = f": {loser}grab again!" if event.regrab else "."
                    return f"{start(names[winner])} got Grab {grab} first{again}"
        return ""


make_bag_seats = BagSession.make_seats
"""Seats for Bag of Bugs from the setup form's pairs (G1: 3 to 5)."""
