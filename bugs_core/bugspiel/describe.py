"""Sentences for the log (docs/rules/bugspiel.md §6-§10): what an action did, in the rulebook's
words, then the end of the game when the action ended it."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import seat_names
from ..grammar import agree, is_you, join, mid, names_subject, possessive, start, subject
from .actions import Action, BuyBonus, BuyBug, Fly, Pass, PlayBonus, PlayBug, Spot, spot_name
from .board import Space
from .cards import card, goal_label
from .deck import BonusCard
from .market import PRICES
from .rules import apply, bonus_points, spot_index, winners
from .species import load_dataset
from .state import EMPTY, BugspielState, End

_SPACE_WORDS = {Space.ABOVE: "a", Space.CENTRE: "c", Space.BELOW: "b"}
_TURN_WORDS = {1: ", turning the tile counter-clockwise", -1: ", turning the tile clockwise"}


def bonus_text(bonus: BonusCard) -> str:
    """ "Beetles (Coleoptera) + Flying Bugs", or "double Flying Bugs"."""
    if bonus.is_double:
        return f"double {goal_label(bonus.first)}"
    return f"{goal_label(bonus.first)} + {goal_label(bonus.second)}"


def _join(parts: Sequence[str]) -> str:
    return join(parts)


def _where(state: BugspielState, spot: Spot) -> str:
    terrain = state.terrain[state.board.index(spot.tile)]
    return f"{spot_name(spot)} ({terrain.value})"


def _landing(state: BugspielState, spot: Spot, who: Sequence[str], verb: str = "eats") -> str:
    """ " and eats Bo's aphid", " and eats its own aphid" (the mover's own bug), or ""."""
    there = state.cards[spot_index(state.board, spot)]
    if there == EMPTY:
        return ""
    owner = state.owners[spot_index(state.board, spot)]
    me = who[state.to_act]
    if owner == state.to_act:
        whose = "your own" if is_you(me) else "its own"
    else:
        whose = possessive(who[owner])
    return f" and {verb} {whose} {card(there).name}"


def _points(n: int) -> str:
    return f"{n} point" if n in (1, -1) else f"{n} points"


def _slide(before: BugspielState, after: BugspielState) -> str:
    """ "The markets slide one slot cheaper: ..." after a Pass (decision 12), or ""."""
    if after.bug_market == before.bug_market and after.bonus_market == before.bonus_market:
        return ""
    gone: list[str] = []
    came: list[str] = []
    old_bug, new_bug = before.bug_market[-1], after.bug_market[0]
    if old_bug is not None:
        gone.append(f"the {card(old_bug).name}")
    old_bonus, new_bonus = before.bonus_market[-1], after.bonus_market[0]
    if old_bonus is not None:
        gone.append(f"the bonus card {bonus_text(old_bonus)}")
    parts = []
    if gone:
        parts.append(f"{_join(gone)} {'is' if len(gone) == 1 else 'are'} discarded")
    if new_bug is not None:
        came.append(f"the {card(new_bug).name}")
    if new_bonus is not None:
        came.append(f"the bonus card {bonus_text(new_bonus)}")
    if came:
        parts.append(f"{_join(came)} {'comes' if len(came) == 1 else 'come'} in at 15 VP")
    empty = [m for m, c in (("bug", new_bug), ("bonus", new_bonus)) if c is None]
    if empty:
        parts.append(
            f"the {' and '.join(empty)} {'deck is' if len(empty) == 1 else 'decks are'} empty"
        )
    return f" The markets slide one slot cheaper: {'; '.join(parts)}."


def _whose(name: str) -> str:
    """Whose, at the start of a sentence: "Ana's", or 'Your'."""
    return "Your" if is_you(name) else possessive(name)


def how_it_ended(state: BugspielState, names: Sequence[str] | None = None) -> str:
    """ "The game ends: every player passed in a row. Ana wins with 104 points." """
    who = seat_names(names, state.players)
    if state.end is None:
        return ""
    won = winners(state)
    best = state.scores[won[0]]
    if len(won) == 1:
        result = f"{subject(who[won[0]], 'wins')} with {_points(best)}."
    else:
        result = f"{names_subject([who[s] for s in won], 'shares the win')} with {_points(best)}."
    reason = state.end.value
    if state.end is End.TARGET:
        reason = f"a score reached the target of {state.setup.target_score}"
    return f"The game ends: {reason}. {result}"


def describe(state: BugspielState, action: Action, names: Sequence[str] | None = None) -> str:
    """The log sentence for `action` in `state`, and the end of the game if it ends it."""
    who = seat_names(names, state.players)
    me = who[state.to_act]
    after = apply(state, action)
    match action:
        case Pass():
            text = f"{subject(me, 'passes')}.{_slide(state, after)}"
        case BuyBug(slot):
            bug = state.bug_market[slot]
            name = card(bug).name if bug is not None else "nothing"
            text = f"{subject(me, 'buys')} the {name} from the bug market for {PRICES[slot]} VP."
        case BuyBonus(slot):
            b = state.bonus_market[slot]
            name = bonus_text(b) if b is not None else "nothing"
            text = f"{subject(me, 'buys')} the bonus card {name} for {PRICES[slot]} VP."
        case PlayBug(cid, to, turn):
            played = card(cid)
            text = (
                f"{subject(me, 'plays')} the {played.name} on {_where(state, to)}"
                f"{_landing(state, to, who, agree(me, 'eats'))}"
                f"{_TURN_WORDS.get(turn, '')}: +{played.vp} VP."
            )
        case Fly(source, to, turn):
            flyer = card(state.cards[spot_index(state.board, source)])
            text = (
                f"{_whose(me)} {flyer.name} flies from {spot_name(source)} to {_where(state, to)}"
                f"{_landing(state, to, who)}{_TURN_WORDS.get(turn, '')}."
            )
        case PlayBonus(bonus, on):
            points = bonus_points(state, bonus, spot_index(state.board, on))
            scored = [f"{mid(who[p])} +{n}" for p, n in enumerate(points) if n]
            text = (
                f"{subject(me, 'plays')} the bonus card {bonus_text(bonus)} on {spot_name(on)}: "
                f"{_join(scored) if scored else 'nobody scores'}."
            )
        case _:
            text = f"{start(me)}: {action}."
    if after.end is not None:
        text += " " + how_it_ended(after, who)
    return text


def _every_bug(state: BugspielState) -> list[int]:
    """Every bug card of the game wherever it is: deck, market, hands, board, discard pile."""
    market = [c for c in state.bug_market if c is not None]
    hands = [c for hand in state.bug_hands for c in hand]
    board = [c for c in state.cards if c != EMPTY]
    return [*state.bug_deck, *market, *hands, *board, *state.bug_discard]


def opening(state: BugspielState, names: Sequence[str] | None = None) -> str:
    """The log's first sentence: the board, the whole deck by category (common names, the
    scientific one in brackets, as bonus cards name them) and who starts."""
    who = seat_names(names, state.players)
    data = load_dataset()
    cards = _every_bug(state)
    wild = sum([card(c).wild for c in cards])
    # Semicolons: common names hold commas and "and" themselves ("ants, bees and wasps").
    cats = "; ".join([f"{data.category(c).common_name} ({c})" for c in state.categories])
    return (
        f"A {state.setup.board} board of {len(state.board)} tiles; the deck holds "
        f"{len(cards)} bugs: {cats}; plus {wild} wild bug{'' if wild == 1 else 's'}. "
        f"{subject(who[state.to_act], 'starts')}; "
        f"the first to {state.setup.target_score} VP ends the game."
    )
