"""A game of Bugspiel at one device: who sits where, whose turn it is, and the person's
selection on the way to a move (a card, then a lit space, then the tile's turn, then confirm).

Pure and immutable, tested under CPython: the page's glue sends it events (a hand card, a space
or a market slot picked, a rotation, confirm, pass, a bot's answer) and draws what it says. The
record is the single source of truth: the state is always the replay of its actions.

Everything on the table is public (docs/rules/bugspiel.md, decision 8), so several people share
the device without a hand-off screen: the hands drawn as "yours" are those of the person to act.
A selection is a `pick` ("bug:<card id>", "bonus:<bonus id>", "space:<index>" for a flyer on the
board, "buy-bug:<slot>", "buy-bonus:<slot>"), the space `chosen` among its lit targets and the
`turn` of the chosen tile. `pending()` is the action a confirm would play; it is always one of
the engine's legal actions, and `preview()` says what it scores with the engine's numbers.
After a Pass that slid the markets (decision 12), `slid` says what the table shows moving.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bugs_core.bugspiel import GAME
from bugs_core.bugspiel.actions import Action, BuyBonus, BuyBug, Fly, Pass, PlayBonus, PlayBug
from bugs_core.bugspiel.board import rotate
from bugs_core.bugspiel.cards import bonus_from_id, bonus_id, card, goal_label
from bugs_core.bugspiel.deck import BonusCard
from bugs_core.bugspiel.describe import bonus_text, how_it_ended, opening
from bugs_core.bugspiel.market import PRICES
from bugs_core.bugspiel.rules import HAND_LIMIT, bonus_points, line_of, spot_index, spot_of
from bugs_core.bugspiel.state import EMPTY, BugspielState, BugspielView
from bugs_core.errors import BugsError
from bugs_core.grammar import counted
from bugs_core.record import GameRecord, Seat, new_record
from bugs_core.rng import Rng

from ...table import TurnTaking, sentence_names_of

CLOCKWISE, COUNTER_CLOCKWISE = -1, 1
"""Turn steps in the notation's sense: +1 turns a tile counter-clockwise, -1 clockwise."""


@dataclass(frozen=True, slots=True)
class Preview:
    """What the pending move does, before it is confirmed: a title, the effects in words and,
    for a bonus card, the line it scores and every seat's points (the engine's numbers)."""

    action: Action
    title: str
    effects: tuple[str, ...] = ()
    line: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    confirm: str = "Confirm"


@dataclass(frozen=True, slots=True)
class MarketSlide:
    """The markets' slide at a Pass (decision 12): every card one slot cheaper, slot 0 refilled
    from its deck. Only what the table already shows: the cards that left slot 7, never a
    deck's order."""

    moves: int
    """The record's length after the Pass (the page plays each slide once)."""
    bug_gone: int | None
    """The bug card discarded from the 1 VP slot, or None when that slot was empty."""
    bonus_gone: BonusCard | None
    """The bonus card discarded from the 1 VP slot, or None when that slot was empty."""


def market_slide(before: BugspielState, after: BugspielState, moves: int) -> MarketSlide | None:
    """The slide from `before` to `after` (the states around a Pass), or None when the markets
    stayed as they were (a Pass that ended the game)."""
    if (
        before.bug_market == after.bug_market
        and before.bonus_market == after.bonus_market
        and len(before.bug_deck) == len(after.bug_deck)
        and len(before.bonus_deck) == len(after.bonus_deck)
    ):
        return None
    return MarketSlide(moves, before.bug_market[-1], before.bonus_market[-1])


def _kind_and_number(pick: str | None) -> tuple[str, int]:
    if pick is None:
        return "", -1
    kind, _, number = pick.partition(":")
    return kind, int(number)


@dataclass(frozen=True, slots=True)
class SpielSession(TurnTaking):
    """One game at the table. Build it with `SpielSession.start`; every event returns a new one."""

    GAME = GAME

    record: GameRecord
    state: BugspielState
    log: tuple[str, ...]
    legal: tuple[Action, ...]  # the person's legal actions now; () on a bot's turn or at the end
    viewer: int  # the seat whose hands are drawn as "yours": the person to act, or the last one
    pick: str | None = None
    chosen: int | None = None
    turn: int = 0
    notice: str = ""  # one line for the person: why a click did nothing, a bot's error
    slid: MarketSlide | None = None  # the slide of the last action, when it was such a Pass
    here: int | None = None  # by link: the one seat this device plays (`TurnTaking.by_link`)

    # -- building -----------------------------------------------------------------------

    @classmethod
    def start(
        cls, seats: Sequence[Seat], seed: int, options: dict[str, Any] | None = None
    ) -> SpielSession:
        """A new game from `seed`: decks built, terrain dealt, markets and hands filled (§5)."""
        chosen = {**(options or {}), "players": len(seats)}
        record = new_record("bugspiel", chosen, seed, list(seats))
        state = GAME.initial_state(GAME.make_setup(record.setup), Rng(seed))
        first = cls(record, state, (opening(state, sentence_names_of(record)),), (), 0)
        people = first.people
        return replace(first, viewer=people[0] if people else 0)._settle()

    # -- what the page asks -------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the game has ended (§10, decision 10)."""
        return self.state.end is not None

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None once the game is over."""
        return None if self.over else self.state.to_act

    def my_turn(self) -> bool:
        """True when a person is to act (and so the page takes clicks on the table)."""
        return self.moves_here(self.to_act)

    def view(self) -> BugspielView:
        """What the screen draws: everything but the decks' order, from the viewer's seat."""
        return GAME.player_view(self.state, self.viewer)

    def winners(self) -> tuple[int, ...]:
        """The seats with the highest score (ties share, decision 7)."""
        return tuple(GAME.winners(self.state))

    def ending(self) -> str:
        """The engine's sentence on how the game ended ('' while it goes on)."""
        return how_it_ended(self.state, self.sentence_names)

    def targets(self) -> frozenset[int]:
        """The spaces the current pick may go to, by the engine's legal actions."""
        kind, number = _kind_and_number(self.pick)
        board = self.state.board
        found: set[int] = set()
        for action in self.legal:
            if kind == "bug" and isinstance(action, PlayBug) and action.card == number:
                found.add(spot_index(board, action.to))
            elif kind == "space" and isinstance(action, Fly):
                if spot_index(board, action.source) == number:
                    found.add(spot_index(board, action.to))
            elif (
                kind == "bonus"
                and isinstance(action, PlayBonus)
                and bonus_id(action.bonus) == number
            ):
                found.add(spot_index(board, action.on))
        return frozenset(found)

    def pending(self) -> Action | None:
        """The legal action a confirm would play now, or None."""
        kind, number = _kind_and_number(self.pick)
        wanted: Action | None = None
        if kind == "buy-bug":
            wanted = BuyBug(number)
        elif kind == "buy-bonus":
            wanted = BuyBonus(number)
        elif self.chosen is not None:
            to = spot_of(self.state.board, self.chosen)
            if kind == "bug":
                wanted = PlayBug(number, to, self.turn)
            elif kind == "space":
                wanted = Fly(spot_of(self.state.board, number), to, self.turn)
            elif kind == "bonus":
                wanted = PlayBonus(bonus_from_id(number), to)
        return wanted if wanted is not None and wanted in self.legal else None

    def bonus_previews(self) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]:
        """With a bonus card picked and no space chosen yet: for each lit space, the line it
        would score and every seat's points there (the engine's numbers), for the table to
        show while that space is hovered or focused; () otherwise."""
        kind, number = _kind_and_number(self.pick)
        if kind != "bonus" or self.chosen is not None:
            return ()
        bonus = bonus_from_id(number)
        return tuple(
            (space, line_of(self.state, space // 3), bonus_points(self.state, bonus, space))
            for space in sorted(self.targets())
        )

    def rotatable(self) -> bool:
        """True when the pending move lands a bug, so its tile may be turned (decision 9)."""
        return isinstance(self.pending(), PlayBug | Fly)

    def preview(self) -> Preview | None:
        """What the pending move does, in the engine's numbers; None when nothing is pending."""
        action = self.pending()
        if action is None:
            return None
        state = self.state
        match action:
            case BuyBug(slot):
                bug = state.bug_market[slot]
                assert bug is not None
                label = f"Buy the {card(bug).name} for {PRICES[slot]} VP"
                return Preview(
                    action,
                    label,
                    (f"{card(bug).name}: {card(bug).vp} VP when played",),
                    confirm=label,
                )
            case BuyBonus(slot):
                bonus = state.bonus_market[slot]
                assert bonus is not None
                label = f"Buy the bonus card {bonus_text(bonus)} for {PRICES[slot]} VP"
                return Preview(action, label, confirm=f"Buy it for {PRICES[slot]} VP")
            case PlayBug(cid, to, turn):
                s = spot_index(state.board, to)
                played = card(cid)
                effects = [f"+{played.vp} VP for you"]
                effects += self._meal(s)
                effects.append(_turn_words(turn))
                title = f"Play the {played.name} on {to} ({state.terrain[s // 3].value})"
                return Preview(action, title, tuple(effects), confirm="Play it")
            case Fly(source, to, turn):
                s = spot_index(state.board, to)
                flyer = card(state.cards[spot_index(state.board, source)])
                effects = ["No VP for a flight", *self._meal(s), _turn_words(turn)]
                title = f"Fly the {flyer.name} from {source} to {to}"
                return Preview(action, title, tuple(effects), confirm="Fly there")
            case PlayBonus(bonus, on):
                s = spot_index(state.board, on)
                points = bonus_points(state, bonus, s)
                goals = f"{goal_label(bonus.first)} and {goal_label(bonus.second)}"
                if bonus.is_double:
                    goals = f"{goal_label(bonus.first)}, twice"
                title = f"Play the bonus card {bonus_text(bonus)} on {on}"
                tiles = line_of(state, s // 3)
                scores = (
                    f"Scores {goals} along a line of {counted(len(tiles), 'tile')}, "
                    "for every player"
                )
                return Preview(
                    action, title, (scores,), tiles, points, confirm="Play the bonus card"
                )
        return None

    def prompt(self) -> str:
        """What the person is asked to do next."""
        if not self.moves_here(self.to_act):
            return ""
        kind, number = _kind_and_number(self.pick)
        if self.pending() is not None:
            if self.rotatable():
                return "Turn the tile if you like, then confirm."
            return "Confirm, or pick something else."
        if kind == "bug":
            return f"Choose a lit space for the {card(number).name}."
        if kind == "space":
            return f"Choose a lit space for the {card(self.state.cards[number]).name} to fly to."
        if kind == "bonus":
            bonus = bonus_text(bonus_from_id(number))
            return f"Choose one of your lit bugs for the bonus card {bonus}."
        return "Pick a card from your hand, a market card or one of your flying bugs, or pass."

    # -- events -------------------------------------------------------------------------

    def pick_hand_bug(self, cid: int) -> SpielSession:
        """A click on a bug card in the hand of the person to act."""
        if (refused := self._refuse()) is not None:
            return refused
        if cid not in self.state.bug_hands[self.state.to_act]:
            return replace(self, notice="That bug is not in your hand.")
        return self._select(f"bug:{cid}", lambda s: s._homeless_bug(cid))

    def pick_hand_bonus(self, bid: int) -> SpielSession:
        """A click on a bonus card in the hand of the person to act."""
        if (refused := self._refuse()) is not None:
            return refused
        try:
            bonus = bonus_from_id(bid)
        except IndexError:
            return replace(self, notice="There is no such bonus card.")
        if bonus not in self.state.bonus_hands[self.state.to_act]:
            return replace(self, notice="That bonus card is not in your hand.")
        return self._select(f"bonus:{bid}", lambda s: s._unmatched_bonus(bid))

    def pick_buy(self, market: str, slot: int) -> SpielSession:
        """A click on a market slot; `market` is "bug" or "bonus"."""
        if (refused := self._refuse()) is not None:
            return refused
        bugs = market == "bug"
        cards = self.state.bug_market if bugs else self.state.bonus_market
        if not 0 <= slot < len(cards) or cards[slot] is None:
            return replace(self, notice="That market slot is empty.")
        hand = (self.state.bug_hands if bugs else self.state.bonus_hands)[self.state.to_act]
        if len(hand) >= HAND_LIMIT:
            what = "bug" if bugs else "bonus"
            return replace(
                self, notice=f"Your hand holds {HAND_LIMIT} {what} cards, the most it may hold."
            )
        return self._select(f"buy-{market}:{slot}", lambda _s: "")

    def pick_space(self, index: int) -> SpielSession:
        """A click on a space of the board: a lit target, or one of your flyers to move."""
        if (refused := self._refuse()) is not None:
            return refused
        if not 0 <= index < len(self.state.cards):
            return self
        if self.pick is not None and index in self.targets():
            same = self.chosen == index
            return replace(self, chosen=index, turn=self.turn if same else 0, notice="")
        if any(
            isinstance(a, Fly) and spot_index(self.state.board, a.source) == index
            for a in self.legal
        ):
            if self.pick == f"space:{index}":
                return self.clear()
            return replace(self, pick=f"space:{index}", chosen=None, turn=0, notice="")
        if self.pick is not None and self.pick.startswith(("bug:", "bonus:", "space:")):
            return replace(self, notice="That space is not lit: choose a lit space.")
        there = self.state.cards[index]
        if there != EMPTY and self.state.owners[index] == self.state.to_act and card(there).flying:
            return replace(self, notice=f"Your {card(there).name} has nowhere to fly to now.")
        return replace(
            self,
            notice="Pick a card from your hand, a market card or one of your flying bugs first.",
        )

    def rotate(self, delta: int) -> SpielSession:
        """Turn the chosen tile's preview one step: -1 clockwise, +1 counter-clockwise."""
        if not self.rotatable():
            return replace(self, notice="Choose where your bug goes first; then turn its tile.")
        return replace(self, turn=rotate(self.turn, delta), notice="")

    def confirm(self) -> SpielSession:
        """Play the pending move; a notice says what is missing otherwise."""
        if (refused := self._refuse()) is not None:
            return refused
        action = self.pending()
        if action is None:
            return replace(self, notice=self.prompt())
        return self._apply(action)

    def pass_turn(self) -> SpielSession:
        """The person to act passes (always legal, decision 2)."""
        if (refused := self._refuse()) is not None:
            return refused
        return self._apply(Pass())

    def play(self, text: str) -> SpielSession:
        """The person to act plays the move written `text`, if it is legal now."""
        move = self._own_move(text)
        return move if isinstance(move, SpielSession) else self._apply(move)

    def _own_move(self, text: str) -> Action | SpielSession:
        """The legal move written `text` on the person's turn, else this session with a
        notice saying why."""
        if (refused := self._refuse()) is not None:
            return refused
        try:
            return self.legal_move(text, self.legal)  # type: ignore[no-any-return]
        except BugsError as error:
            return replace(self, notice=str(error))

    def compose(self, text: str) -> SpielSession:
        """A hint's move written `text` made the pending choice by the person's own steps (the
        card or market slot or flyer, then its space, then the tile's turn), so the table
        shows it and its preview, ready to confirm (Enter) or change; the move is never
        applied. Showing the move already pending drops it. Unchanged, with a notice saying
        why, for a pass (its button plays it) or a move that is not legal now."""
        action = self._own_move(text)
        if isinstance(action, SpielSession):
            return action
        if self.pending() == action:
            return self.clear()
        board, start = self.state.board, self.clear()
        match action:
            case BuyBug(slot):
                composed = start.pick_buy("bug", slot)
            case BuyBonus(slot):
                composed = start.pick_buy("bonus", slot)
            case PlayBug(cid, to, turn):
                composed = start.pick_hand_bug(cid).pick_space(spot_index(board, to))
                composed = composed.rotate(turn) if turn else composed
            case Fly(source, to, turn):
                flyer = start.pick_space(spot_index(board, source))
                composed = flyer.pick_space(spot_index(board, to))
                composed = composed.rotate(turn) if turn else composed
            case PlayBonus(bonus, on):
                composed = start.pick_hand_bonus(bonus_id(bonus)).pick_space(spot_index(board, on))
            case _:
                return replace(self, notice="A pass needs no choosing: the Pass button plays it.")
        if composed.pending() != action:
            return replace(self, notice=f"{text} cannot be shown on the table.")
        return composed

    def composes(self, text: str) -> bool:
        """True while the pending choice is the move written `text` (a hint's)."""
        pending = self.pending()
        return self.my_turn() and pending is not None and str(pending) == text

    def clear(self) -> SpielSession:
        """Drop the selection (Esc)."""
        return replace(self, pick=None, chosen=None, turn=0, notice="")

    # -- internals ----------------------------------------------------------------------

    def _refuse(self) -> SpielSession | None:
        if self.over:
            return replace(self, notice="The game is over.")
        if not self.my_turn():
            return replace(self, notice="Wait for your turn.")
        return None

    def _select(self, pick: str, why_not: Callable[[SpielSession], str]) -> SpielSession:
        """Pick something (a second click on the same thing drops it); say why when it has
        nowhere to go."""
        if self.pick == pick:
            return self.clear()
        picked = replace(self, pick=pick, chosen=None, turn=0, notice="")
        if pick.startswith(("bug:", "bonus:")) and not picked.targets():
            return replace(picked, notice=why_not(picked))
        return picked

    def _homeless_bug(self, cid: int) -> str:
        c = card(cid)
        lives = ", ".join(sorted(t.value.lower() for t in c.terrains))
        if c.predator:
            return (
                f"The {c.name} has nowhere to go: a predator must land on prey, on a {lives} tile."
            )
        return f"The {c.name} has nowhere to go: it needs an empty space on a {lives} tile."

    def _unmatched_bonus(self, bid: int) -> str:
        bonus = bonus_from_id(bid)
        goals = goal_label(bonus.first)
        if not bonus.is_double:
            goals += f" or {goal_label(bonus.second)}"
        return (
            f"The bonus card {bonus_text(bonus)} needs one of your bugs on the board that is "
            f"{goals} (a wild bug only by its diet or flying)."
        )

    def _meal(self, space: int) -> list[str]:
        there = self.state.cards[space]
        if there == EMPTY:
            return []
        owner = self.state.owners[space]
        whose = "your own" if owner == self.state.to_act else f"{self.names[owner]}'s"
        return [f"Eats {whose} {card(there).name}"]

    def _apply(self, action: Action) -> SpielSession:
        sentence = GAME.describe(self.state, action, self.sentence_names)
        state = GAME.apply(self.state, action)
        record = self.record.with_action(action)
        slid = None
        if isinstance(action, Pass):
            slid = market_slide(self.state, state, len(record.actions))
        moved = replace(
            self,
            record=record,
            state=state,
            log=(*self.log, sentence),
            pick=None,
            chosen=None,
            turn=0,
            notice="",
            slid=slid,
        )
        return moved._settle()

    def _settle(self) -> SpielSession:
        """Recompute who is "you" and the legal moves after the state changed."""
        seat = self.to_act
        if self.here is not None and not self.moves_here(seat):  # by link: only this seat's
            return replace(self, legal=(), viewer=self.here)
        if seat is None or not self.is_person(seat):
            return replace(self, legal=())
        return replace(self, legal=tuple(GAME.legal_actions(self.state)), viewer=seat)


def _turn_words(turn: int) -> str:
    if turn == CLOCKWISE:
        return "Turns the tile clockwise"
    if turn == COUNTER_CLOCKWISE:
        return "Turns the tile counter-clockwise"
    return "Leaves the tile as it is"


make_spiel_seats = SpielSession.make_seats
"""Seats for Bugspiel from the setup form's (name, kind) pairs (2 to 4, decision 2)."""
