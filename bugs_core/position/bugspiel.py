"""Bugspiel positions (docs/rules/bugspiel.md §5, §6): the board with its rotations and bugs, the
two markets, the two decks, the hands, the scores and the pass counts.

A bug card is its id (`cards.card`), a bonus card its id (`cards.bonus_id`); lists of either
are comma-separated, "-" when empty, a market slot with no card is ".". The fields:

    terrain=FSAG...           each tile's terrain, in board cell order: Aquatic, Soil,
                              Grassland, Forest
    rotations=0+-0...         each tile's rotation: - (-1), 0 or + (+1) (default all 0)
    spaces=.,12@0,.,...       each space's bug and its owner (id@seat), or . when empty
    bugs=4,17/-               each seat's bug hand, seat 0 first (their number is the players)
    bonuses=3/210,211         each seat's bonus cards
    scores=12,7 to=1          the scores, the seat whose turn it is
    bug_market=243,.,...      the bug market's slots, 15 VP first; bonus_market= the same
    bug_deck=... bonus_deck=  the decks, top first; bug_discard= bonus_discard=, oldest first
    passes=1 idle=2 moves=40  passes in a row, actions without progress, actions played
    end=target                why the game ended, once it has (all_passed, bug_market, ...)
    categories=Coleoptera,... the deck's categories, in the order the deck building chose them
    options=board:large       setup options away from the rulings
"""

from __future__ import annotations

from typing import Any

from ..bugspiel import audit, cards
from ..bugspiel.board import board_for
from ..bugspiel.deck import BonusCard
from ..bugspiel.market import MARKET_SLOTS
from ..bugspiel.setup import BugspielSetup
from ..bugspiel.species import Terrain
from ..bugspiel.state import EMPTY, NOBODY, BugspielState, End
from . import Fields, PositionError, joined, listed, options_text, seat, setup_of, whole

TERRAINS = {"A": Terrain.WATER, "S": Terrain.SOIL, "G": Terrain.GRASS, "F": Terrain.FOREST}
ROTATIONS = {"-": -1, "0": 0, "+": 1}
ENDS = {end.name.lower(): end for end in End}
NO_CARD = "."


def _bug(text: str) -> int:
    return whole(text, 0, cards.card_count() - 1)


def _bonus(text: str) -> BonusCard:
    return cards.bonus_from_id(whole(text, 0, cards.bonus_count() - 1))


def _bugs_text(ids: tuple[int, ...]) -> str:
    return joined(map(str, ids))


def _bonuses_text(bonuses: tuple[BonusCard, ...]) -> str:
    return joined(str(cards.bonus_id(b)) for b in bonuses)


def _market_text(slots: tuple[Any, ...], text: Any) -> str:
    return ",".join(NO_CARD if s is None else text(s) for s in slots)


def _market_of(value: str, parse: Any) -> tuple[Any, ...]:
    slots = tuple(None if s == NO_CARD else parse(s) for s in value.split(","))
    if len(slots) != MARKET_SLOTS:
        raise ValueError(f"a market has {MARKET_SLOTS} slots, 15 VP first")
    return slots


def _space_text(card_id: int, owner: int) -> str:
    return NO_CARD if card_id == EMPTY else f"{card_id}@{owner}"


def _space_of(text: str, players: int) -> tuple[int, int]:
    if text == NO_CARD:
        return EMPTY, NOBODY
    card_id, at, owner = text.partition("@")
    if not at:
        raise ValueError(f"a space holds id@seat or ., not {text!r}")
    return _bug(card_id), seat(owner, players)


def _letters(text: str, meaning: dict[str, Any]) -> tuple[Any, ...]:
    wrong = [c for c in text if c not in meaning]
    if wrong:
        raise ValueError(f"{wrong[0]!r} is none of {', '.join(meaning)}")
    return tuple(meaning[c] for c in text)


def _category(text: str) -> str:
    known = {c.category for c in cards.all_cards() if c.category}
    if text not in known:
        raise ValueError(f"no category {text!r} ({', '.join(sorted(known))})")
    return text


def write(state: BugspielState) -> dict[str, str]:
    """The fields of `state`, defaults left out."""
    letter = {t: k for k, t in TERRAINS.items()}
    turn = {r: k for k, r in ROTATIONS.items()}
    n = state.players
    f = {
        "terrain": "".join(letter[t] for t in state.terrain),
        "rotations": "".join(turn[r] for r in state.rotations),
        "spaces": ",".join(map(_space_text, state.cards, state.owners)),
        "bugs": "/".join(map(_bugs_text, state.bug_hands)),
        "bonuses": "/".join(map(_bonuses_text, state.bonus_hands)),
        "scores": ",".join(map(str, state.scores)),
        "to": str(state.to_act),
        "bug_market": _market_text(state.bug_market, str),
        "bonus_market": _market_text(state.bonus_market, lambda b: str(cards.bonus_id(b))),
        "bug_deck": _bugs_text(state.bug_deck),
        "bonus_deck": _bonuses_text(state.bonus_deck),
        "bug_discard": _bugs_text(state.bug_discard),
        "bonus_discard": _bonuses_text(state.bonus_discard),
        "passes": str(state.passes),
        "idle": str(state.idle),
        "moves": str(state.moves),
        "end": "-" if state.end is None else state.end.name.lower(),
        "categories": joined(state.categories),
        "options": options_text(state.setup.to_options()),
    }
    defaults = {
        "rotations": "0" * len(state.terrain),
        "bonuses": "/".join("-" * n),
        "bug_discard": "-",
        "bonus_discard": "-",
        "passes": "0",
        "idle": "0",
        "moves": "0",
        "end": "-",
        "categories": "-",
        "options": "-",
    }
    return {name: value for name, value in f.items() if defaults.get(name) != value}


def read(fields: Fields) -> BugspielState:
    """The state the fields set up (PositionError names a bad field)."""
    hands = fields.read("bugs", lambda t: tuple(listed(h, _bug) for h in t.split("/")))
    n = len(hands)
    setup = setup_of(BugspielSetup.from_options, fields, "bugs", n)
    terrain = fields.read("terrain", lambda t: _letters(t, TERRAINS))
    tiles = len(board_for(setup.board))
    if len(terrain) != tiles:
        raise PositionError("terrain", f"the {setup.board} board has {tiles} tiles")
    rotations = fields.read("rotations", lambda t: _letters(t, ROTATIONS), "0" * tiles)
    if len(rotations) != tiles:
        raise PositionError("rotations", f"one rotation for each of the {tiles} tiles")
    spaces = fields.read("spaces", lambda t: tuple(_space_of(s, n) for s in t.split(",")))
    if len(spaces) != 3 * tiles:
        raise PositionError("spaces", f"{3 * tiles} spaces, three per tile, not {len(spaces)}")
    bonuses = fields.read(
        "bonuses", lambda t: tuple(listed(h, _bonus) for h in t.split("/")), "/".join("-" * n)
    )
    scores = fields.read("scores", lambda t: listed(t, lambda s: whole(s, -(10**6))))
    for name, value in (("bonuses", bonuses), ("scores", scores)):
        if len(value) != n:
            raise PositionError(name, f"{len(value)} entries for {n} seats")
    end = fields.get("end", "-")
    if end != "-" and end not in ENDS:
        raise PositionError("end", f"one of {', '.join(ENDS)}, or - while the game goes on")
    return BugspielState(
        setup=setup,
        terrain=terrain,
        rotations=rotations,
        cards=tuple(c for c, _ in spaces),
        owners=tuple(o for _, o in spaces),
        bug_deck=fields.read("bug_deck", lambda t: listed(t, _bug)),
        bonus_deck=fields.read("bonus_deck", lambda t: listed(t, _bonus)),
        bug_market=fields.read("bug_market", lambda t: _market_of(t, _bug)),
        bonus_market=fields.read("bonus_market", lambda t: _market_of(t, _bonus)),
        bug_discard=fields.read("bug_discard", lambda t: listed(t, _bug), "-"),
        bonus_discard=fields.read("bonus_discard", lambda t: listed(t, _bonus), "-"),
        bug_hands=hands,
        bonus_hands=bonuses,
        scores=scores,
        to_act=fields.read("to", lambda t: seat(t, n)),
        passes=fields.read("passes", whole, "0"),
        idle=fields.read("idle", whole, "0"),
        moves=fields.read("moves", whole, "0"),
        end=None if end == "-" else ENDS[end],
        categories=fields.read("categories", lambda t: listed(t, _category), "-"),
    )


def check(state: BugspielState) -> list[str]:
    """The soak's checks of one state."""
    return audit.check_state(state)
