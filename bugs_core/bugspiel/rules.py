"""Bugspiel's turn rules (docs/rules/bugspiel.md §6.3-6.8, §10, decisions 2, 6, 9-12): what a seat
may do, what it does, and when the game ends.

Pure functions over `BugspielState`. A turn is one action (decision 9); the market slide, the
action's effect and the end check all happen inside `apply`, in the order of §6.8.
"""

from __future__ import annotations

import functools
from typing import assert_never

from ..errors import IllegalActionError
from ..rng import Rng
from .actions import Action, BuyBonus, BuyBug, Fly, Pass, PlayBonus, PlayBug, Spot
from .board import ROTATIONS, Board, Space, board_for, line_directions, rotate
from .cards import Card, all_cards, bonus_id, card, card_id, goal_matches, goal_value
from .deck import BonusCard, CategoryGoal
from .market import MARKET_SLOTS, buy, slide
from .setup import BugspielSetup, initial_setup
from .species import Terrain
from .state import EMPTY, NOBODY, BugspielState, End, evolve

__all__ = [
    "GUARD",
    "HAND_LIMIT",
    "IDLE_ROUNDS",
    "apply",
    "bonus_points",
    "can_place",
    "initial_state",
    "legal_actions",
    "line_of",
    "slide_markets",
    "spot_index",
    "spot_of",
    "winners",
]

HAND_LIMIT = 8
"""Most bug cards and most bonus cards a hand may hold, checked when buying (§6.3)."""
IDLE_ROUNDS = 3
"""Rounds of actions without progress that end the game (decision 10)."""
GUARD = 5000
"""Actions after which the game ends whatever happens (decision 10)."""
_ID_TURNS = (0, 1, -1)
"""The three turns in the order of their action ids (actions._TURNS)."""


# --- geometry by index ----------------------------------------------------------------------


@functools.cache
def _neighbours(name: str) -> tuple[tuple[int, ...], ...]:
    """For each tile index, the neighbour's index in each direction, -1 off the board."""
    board = board_for(name)
    return tuple(
        tuple(board.index(n) if (n := board.neighbour(t, d)) is not None else -1 for d in range(6))
        for t in board.tiles
    )


def spot_index(board: Board, spot: Spot) -> int:
    """The state's space number of a spot: tile index x 3 + space; KeyError off the board."""
    return board.index(spot.tile) * 3 + int(spot.space)


def spot_of(board: Board, index: int) -> Spot:
    """The spot of a state's space number."""
    return Spot(board.tiles[index // 3], Space(index % 3))


def line_of(state: BugspielState, tile: int) -> tuple[int, ...]:
    """The tile indices of the line through `tile` (§2.4), end to end along its axis.

    From the tile, each way along its rotation's axis, take next tiles while they exist, have
    the same rotation and hold a card on at least one space.
    """
    nb = _neighbours(state.setup.board)
    rot = state.rotations[tile]
    cards = state.cards
    forward, backward = line_directions(rot)

    def walk(direction: int) -> list[int]:
        out: list[int] = []
        t = nb[tile][direction]
        while (
            t >= 0
            and state.rotations[t] == rot
            and (cards[3 * t] != EMPTY or cards[3 * t + 1] != EMPTY or cards[3 * t + 2] != EMPTY)
        ):
            out.append(t)
            t = nb[t][direction]
        return out

    return (*reversed(walk(backward)), tile, *walk(forward))


# --- setup ----------------------------------------------------------------------------------


def _sorted_bonus(cards: tuple[BonusCard, ...] | list[BonusCard]) -> tuple[BonusCard, ...]:
    return tuple(sorted(cards, key=bonus_id))


def initial_state(setup: BugspielSetup, rng: Rng) -> BugspielState:
    """The opening of §5 as a state: seat 0 to act, every score 0, every space empty."""
    opening = initial_setup(setup, rng)
    spaces = len(opening.board) * 3
    return BugspielState(
        setup=setup,
        terrain=opening.terrain,
        rotations=(0,) * len(opening.board),
        cards=(EMPTY,) * spaces,
        owners=(NOBODY,) * spaces,
        bug_deck=tuple(card_id(s) for s in opening.bug_deck),
        bonus_deck=opening.bonus_deck,
        bug_market=tuple(None if s is None else card_id(s) for s in opening.bug_market),
        bonus_market=opening.bonus_market,
        bug_discard=(),
        bonus_discard=(),
        bug_hands=tuple(tuple(sorted(card_id(s) for s in h)) for h in opening.bug_hands),
        bonus_hands=tuple(_sorted_bonus(h) for h in opening.bonus_hands),
        scores=(0,) * setup.players,
        to_act=0,
        categories=opening.deck.categories,
    )


# --- legality -------------------------------------------------------------------------------


def can_place(state: BugspielState, c: Card, space: int, vacated: int = -1) -> bool:
    """May card c be put on this space (§6.4)? The terrain must suit it; a predator needs prey
    there, anything else an empty space. `vacated` is a space treated as empty (a flyer's own)."""
    if state.terrain[space // 3] not in c.terrains:
        return False
    there = EMPTY if space == vacated else state.cards[space]
    if c.predator:
        return there != EMPTY and card(there).prey
    return there == EMPTY


def _matches_without_wild(bonus: BonusCard, c: Card) -> bool:
    return goal_matches(bonus.first, c) or goal_matches(bonus.second, c)


def _flyers(state: BugspielState, seat: int) -> list[int]:
    table = all_cards()
    cards = state.cards
    return [
        i
        for i, owner in enumerate(state.owners)
        if owner == seat and cards[i] != EMPTY and table[cards[i]].flying
    ]


ACTION_CACHE = 512
"""Entries kept by each bounded cache below: the two of shared action objects, and the cards
each bonus card matches."""


@functools.cache
def _spots(name: str) -> tuple[Spot, ...]:
    """`spot_of` for every space number of the board, made once."""
    board = board_for(name)
    return tuple(spot_of(board, i) for i in range(3 * len(board.tiles)))


# Bounded: a page plays game after game, and with every card and space seen an unbounded cache
# would hold hundreds of thousands of actions. A game uses about 170 card-space pairs and 200
# flights; at 512 the caches are full within a few games, so a page's memory stops growing
# there (at 2,048 it grew for 15 games, some 10,000 Python objects), at the same speed.
@functools.lru_cache(maxsize=ACTION_CACHE)
def _bug_plays(name: str, cid: int, space: int) -> tuple[PlayBug, ...]:
    """The three PlayBug actions (one per turn, id order) of card `cid` to `space`. Actions are
    immutable, so legal_actions hands out these shared ones instead of making new ones."""
    to = _spots(name)[space]
    return tuple([PlayBug(cid, to, turn) for turn in _ID_TURNS])


@functools.lru_cache(maxsize=ACTION_CACHE)
def _flights(name: str, source: int, space: int) -> tuple[Fly, ...]:
    """The three Fly actions (one per turn, id order) from `source` to `space`."""
    spots = _spots(name)
    return tuple([Fly(spots[source], spots[space], turn) for turn in _ID_TURNS])


_MATCHES: dict[int, tuple[BonusCard, frozenset[int]]] = {}
"""`_bonus_matches` so far, by the bonus card's id(): hashing a bonus card is a call into
Python (its goals' hashes too), an id is not. Each entry keeps its card, so the id stays its
own while the entry lasts."""


def _bonus_matches(bonus: BonusCard) -> frozenset[int]:
    """The ids of the cards that a bonus card may be played on (`_matches_without_wild`)."""
    kept = _MATCHES.get(id(bonus))
    if kept is not None and kept[0] is bonus:
        return kept[1]
    matches = frozenset([c.id for c in all_cards() if _matches_without_wild(bonus, c)])
    if len(_MATCHES) >= ACTION_CACHE:
        _MATCHES.clear()  # bounded, as the caches above; refilled within a game or two
    _MATCHES[id(bonus)] = (bonus, matches)
    return matches


@functools.lru_cache(maxsize=64)
def _homes(terrain: tuple[Terrain, ...]) -> dict[frozenset[Terrain], tuple[int, ...]]:
    """For a board's terrain, per set of terrains a card lives in, the spaces on those tiles
    in order: the terrain half of `can_place`, worked out once per game."""
    kinds = {c.terrains for c in all_cards()}
    return {
        kind: tuple([s for s in range(3 * len(terrain)) if terrain[s // 3] in kind])
        for kind in kinds
    }


def legal_actions(state: BugspielState) -> tuple[Action, ...]:
    """Every legal action of the seat to act, in canonical (id) order; () once the game is over.

    Pass is always among them (decision 2). Each bug play and flight comes with the three
    turns of the tile it lands on (decision 9).
    """
    if state.end is not None:
        return ()
    seat = state.to_act
    name = state.setup.board
    spots = _spots(name)
    cards = state.cards
    homes = _homes(state.terrain)
    table = all_cards()
    found: list[Action] = [Pass()]
    if len(state.bug_hands[seat]) < HAND_LIMIT:
        found += [BuyBug(i) for i, c in enumerate(state.bug_market) if c is not None]
    if len(state.bonus_hands[seat]) < HAND_LIMIT:
        found += [BuyBonus(i) for i, b in enumerate(state.bonus_market) if b is not None]
    # can_place, unrolled: `homes` settles the terrain; a predator needs prey, others room.
    for cid in dict.fromkeys(state.bug_hands[seat]):
        c = table[cid]
        for s in homes[c.terrains]:
            there = cards[s]
            if (there != EMPTY and table[there].prey) if c.predator else there == EMPTY:
                found += _bug_plays(name, cid, s)
    for source in _flyers(state, seat):
        c = table[cards[source]]
        for s in homes[c.terrains]:
            # A flyer never lands on its own space, so the vacated one is never looked at.
            there = cards[s]
            if s != source and (
                (there != EMPTY and table[there].prey) if c.predator else there == EMPTY
            ):
                found += _flights(name, source, s)
    if state.bonus_hands[seat]:
        mine = [s for s, owner in enumerate(state.owners) if owner == seat and cards[s] != EMPTY]
        for bonus in dict.fromkeys(state.bonus_hands[seat]):
            matches = _bonus_matches(bonus)
            found += [PlayBonus(bonus, spots[s]) for s in mine if cards[s] in matches]
    # Built in id order without sorting: hands are sorted by id, spaces run in cell order (the
    # small board's cells keep the large board's order) and turns in their id order.
    return tuple(found)


def _illegal(action: Action, rule: str, reason: str) -> IllegalActionError:
    return IllegalActionError(action, rule, reason)


def _space(state: BugspielState, action: Action, spot: Spot) -> int:
    try:
        return spot_index(state.board, spot)
    except KeyError:
        raise _illegal(
            action, "§1.3", f"tile {spot.tile} is not on the {state.setup.board} board"
        ) from None


def _check_placement(state: BugspielState, action: Action, c: Card, s: int, vacated: int) -> None:
    terrain = state.terrain[s // 3]
    if terrain not in c.terrains:
        allowed = ", ".join(sorted(t.value for t in c.terrains))
        raise _illegal(
            action, "§6.4", f"the {c.name} lives in {allowed}, not on {terrain.value} tiles"
        )
    there = EMPTY if s == vacated else state.cards[s]
    if c.predator:
        if there == EMPTY:
            raise _illegal(action, "§6.4", f"the {c.name} is a predator: it must land on prey")
        if not card(there).prey:
            raise _illegal(
                action, "§6.4", f"the {card(there).name} there is not prey: nothing may eat it"
            )
    elif there != EMPTY:
        raise _illegal(action, "§6.4", "that space is taken; only a predator may land on a bug")


def _check_turn(action: Action, turn: int) -> None:
    if turn not in ROTATIONS:
        raise _illegal(action, "§2.3", f"a tile turns by -1, 0 or +1, not {turn!r}")


def check(state: BugspielState, action: Action) -> None:
    """Raise IllegalActionError naming the rule if `action` is not legal now."""
    if state.end is not None:
        raise _illegal(action, "§10", "the game is over")
    seat = state.to_act
    match action:
        case Pass():
            return
        case BuyBug(slot) | BuyBonus(slot):
            bugs = isinstance(action, BuyBug)
            market = state.bug_market if bugs else state.bonus_market
            hand = state.bug_hands[seat] if bugs else state.bonus_hands[seat]
            what = "bug" if bugs else "bonus"
            if not 0 <= slot < MARKET_SLOTS:
                raise _illegal(action, "§6.1", f"market slots are 0 to {MARKET_SLOTS - 1}")
            if len(hand) >= HAND_LIMIT:
                raise _illegal(action, "§6.3", f"a hand holds at most {HAND_LIMIT} {what} cards")
            if market[slot] is None:
                raise _illegal(action, "§6.3", f"{what} market slot {slot} is empty")
        case PlayBug(cid, to, turn):
            _check_turn(action, turn)
            if cid not in state.bug_hands[seat]:
                raise _illegal(action, "§6.3", "that bug is not in your hand")
            _check_placement(state, action, card(cid), _space(state, action, to), -1)
        case Fly(source, to, turn):
            _check_turn(action, turn)
            s = _space(state, action, source)
            t = _space(state, action, to)
            if state.owners[s] != seat or state.cards[s] == EMPTY:
                raise _illegal(action, "§6.6", "only your own bug may fly")
            c = card(state.cards[s])
            if not c.flying:
                raise _illegal(action, "§6.6", f"the {c.name} does not fly")
            if s == t:
                raise _illegal(action, "§6.6", "a flyer must move to another space")
            _check_placement(state, action, c, t, s)
        case PlayBonus(bonus, on):
            if bonus not in state.bonus_hands[seat]:
                raise _illegal(action, "§6.7", "that bonus card is not in your hand")
            s = _space(state, action, on)
            if state.owners[s] != seat or state.cards[s] == EMPTY:
                raise _illegal(action, "§6.7", "a bonus card goes on one of your own bugs")
            if not _matches_without_wild(bonus, card(state.cards[s])):
                raise _illegal(
                    action,
                    "§6.7",
                    f"the {card(state.cards[s]).name} matches neither goal of the card "
                    "(a wild bug only by its diet or flying: decision 11)",
                )
        case _:
            raise _illegal(action, "§6.3", "not a Bugspiel action")


# --- scoring --------------------------------------------------------------------------------


def bonus_points(state: BugspielState, bonus: BonusCard, space: int) -> tuple[int, ...]:
    """What each seat scores when `bonus` is played on `space` (§6.7, decision 11).

    For each seat and each of the two goals: the goal's value over the seat's own bugs on every
    space of the line's tiles that match it without wild; if that is above 0 and the goal is a
    category, the seat's wild bugs in the line count too, at 2 x their value.
    """
    tiles = line_of(state, space // 3)
    points = [0] * state.players
    for goal in (bonus.first, bonus.second):
        base = [0] * state.players
        wild = [0] * state.players
        for t in tiles:
            for s in (3 * t, 3 * t + 1, 3 * t + 2):
                cid = state.cards[s]
                if cid == EMPTY:
                    continue
                c = card(cid)
                owner = state.owners[s]
                if goal_matches(goal, c):
                    base[owner] += goal_value(goal, c)
                elif isinstance(goal, CategoryGoal) and c.wild:
                    wild[owner] += goal_value(goal, c)
        for p in range(state.players):
            if base[p] > 0:
                points[p] += base[p] + wild[p]
    return tuple(points)


def winners(state: BugspielState) -> tuple[int, ...]:
    """The seats with the highest score; a tie is a shared win (decision 7)."""
    best = max(state.scores)
    return tuple(i for i, s in enumerate(state.scores) if s == best)


# --- apply ----------------------------------------------------------------------------------


def _put(
    cards: list[int], owners: list[int], discard: list[int], s: int, cid: int, seat: int
) -> None:
    """Land a bug on a space; a predator's prey underneath goes to the discard pile (§6.5)."""
    if cards[s] != EMPTY:
        discard.append(cards[s])
    cards[s] = cid
    owners[s] = seat


def _ended(state: BugspielState) -> End | None:
    """The first end condition that holds (§10.1, decision 10), or None."""
    if state.passes >= state.players:
        return End.ALL_PASSED
    if state.bug_market[0] is None:
        return End.BUG_MARKET
    if state.bonus_market[0] is None:
        return End.BONUS_MARKET
    if max(state.scores) >= state.setup.target_score:
        return End.TARGET
    if state.idle >= IDLE_ROUNDS * state.players:
        return End.NO_PROGRESS
    if state.moves >= GUARD:
        return End.GUARD
    return None


def apply(state: BugspielState, action: Action) -> BugspielState:
    """The state after `action` (checked; IllegalActionError otherwise), with the market slid,
    the effect scored, the end checked and the turn passed on (§6.8)."""
    check(state, action)
    seat = state.to_act
    scores = list(state.scores)
    # Every action but Pass resets the passes; each case passes the fields it changes, by name
    # (mypy checks them), together with these.
    moves = state.moves + 1
    to_act = (seat + 1) % state.players
    match action:
        case Pass():
            after = evolve(
                state, passes=state.passes + 1, idle=state.idle + 1, moves=moves, to_act=to_act
            )
        case BuyBug(slot):
            bought = buy(state.bug_market, slot, state.bug_deck)
            hands = list(state.bug_hands)
            hands[seat] = tuple(sorted((*hands[seat], bought.card)))
            scores[seat] -= bought.cost
            after = evolve(
                state,
                bug_market=bought.market,
                bug_deck=bought.deck,
                bug_discard=state.bug_discard + bought.discarded,
                bug_hands=tuple(hands),
                scores=tuple(scores),
                passes=0,
                idle=0,
                moves=moves,
                to_act=to_act,
            )
        case BuyBonus(slot):
            got = buy(state.bonus_market, slot, state.bonus_deck)
            bonus_hands = list(state.bonus_hands)
            bonus_hands[seat] = _sorted_bonus([*bonus_hands[seat], got.card])
            scores[seat] -= got.cost
            after = evolve(
                state,
                bonus_market=got.market,
                bonus_deck=got.deck,
                bonus_discard=state.bonus_discard + got.discarded,
                bonus_hands=tuple(bonus_hands),
                scores=tuple(scores),
                passes=0,
                idle=0,
                moves=moves,
                to_act=to_act,
            )
        case PlayBug() | Fly():
            to, turn = action.to, action.turn
            cards, owners = list(state.cards), list(state.owners)
            discard = list(state.bug_discard)
            t = spot_index(state.board, to)
            bug_hands = state.bug_hands
            if isinstance(action, PlayBug):
                cid = action.card
                hand = list(bug_hands[seat])
                hand.remove(cid)
                hands = list(bug_hands)
                hands[seat] = tuple(hand)
                bug_hands = tuple(hands)
                scores[seat] += card(cid).vp
                progress = True
            else:
                s = spot_index(state.board, action.source)
                cid = cards[s]
                cards[s], owners[s] = EMPTY, NOBODY
                # A flight counts as progress only when it eats (decision 10).
                progress = cards[t] != EMPTY
            _put(cards, owners, discard, t, cid, seat)
            rotations = list(state.rotations)
            rotations[t // 3] = rotate(rotations[t // 3], turn)
            after = evolve(
                state,
                cards=tuple(cards),
                owners=tuple(owners),
                bug_discard=tuple(discard),
                rotations=tuple(rotations),
                bug_hands=bug_hands,
                scores=tuple(scores),
                passes=0,
                idle=0 if progress else state.idle + 1,
                moves=moves,
                to_act=to_act,
            )
        case PlayBonus(bonus, on):
            gained = bonus_points(state, bonus, spot_index(state.board, on))
            scores = [a + b for a, b in zip(scores, gained, strict=True)]
            bonus_hands = list(state.bonus_hands)
            kept = list(bonus_hands[seat])
            kept.remove(bonus)
            bonus_hands[seat] = tuple(kept)
            after = evolve(
                state,
                bonus_hands=tuple(bonus_hands),
                bonus_discard=(*state.bonus_discard, bonus),
                scores=tuple(scores),
                passes=0,
                idle=0,
                moves=moves,
                to_act=to_act,
            )
        case _:
            assert_never(action)
    end = _ended(after)
    if end is None and isinstance(action, Pass):
        # Decision 12: a Pass that does not end the game slides both markets one slot cheaper;
        # an emptied slot 0 then ends it (decision 10).
        after = slide_markets(after)
        end = _ended(after)
    return after if end is None else evolve(after, end=end)


def slide_markets(state: BugspielState) -> BugspielState:
    """Both markets one slot cheaper, each refilled from its own deck (decision 12)."""
    bugs = slide(state.bug_market, state.bug_deck)
    bonus = slide(state.bonus_market, state.bonus_deck)
    return evolve(
        state,
        bug_market=bugs.market,
        bug_deck=bugs.deck,
        bug_discard=state.bug_discard + bugs.discarded,
        bonus_market=bonus.market,
        bonus_deck=bonus.deck,
        bonus_discard=state.bonus_discard + bonus.discarded,
    )
