"""A fast one-ply bot for Bugspiel (docs/rules/bugspiel.md).

Points come from bugs played from hand (their VP) and, mostly, from bonus cards, which score
every seat's matching bugs along a line of tiles (§6.7); buying costs VP. So the bot values a
position as each seat's score plus what its hand is worth there: a bonus card by the best play
it has now (its own points less what it hands the others), a bug by a share of its VP and of
what it adds to the seat's bonus goals. It tries each of a pruned set of moves, scores the
position after it against the other seats, and plays the best, or passes when nothing gains.

That one evaluation covers the plays the rules reward: a bug played for its VP, one placed or
turned to lengthen a line of the seat's own matching bugs, a bonus card cashed in when it gives
the seat more than the others, a cheap bug or bonus card bought when it fits the seat's goals
or its bugs on the board, a predator eating a bug that sat in a rival's scoring line, a tile
turned to break a rival's line. Cards in hand count for less as the end nears (and for nothing
once it has come, when only the win matters).

Every function reads only fields a view's table and a full state share, so the search's
rollouts call them on sampled states directly.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import replace
from typing import Any

from ..bugspiel.actions import Action, BuyBonus, BuyBug, Fly, Pass, PlayBonus, PlayBug, Spot
from ..bugspiel.board import Space, board_for, line_directions
from ..bugspiel.cards import BONUS_MULTIPLIER, card, card_count, goal_value
from ..bugspiel.deck import BonusCard, CategoryGoal, DietGoal, Goal
from ..bugspiel.market import PRICES
from ..bugspiel.rules import HAND_LIMIT, apply, legal_actions, winners
from ..bugspiel.state import EMPTY, BugspielState, BugspielView, End
from ..rng import Rng
from .base import Budget

BONUS_KEEP = 0.85
"""A bonus card in hand is worth this share of its best play now (it may grow, or be lost to a
turned tile or an eaten bug, and it is worth nothing once the game ends)."""
BONUS_FLOOR = 0.0
"""What a bonus card with no play worth anything now is still worth. Its goals may yet come,
but any floor above 0 (0.5 was tried) makes the bot hoard cards it never plays."""
COMING_KEEP = 0.3
"""A bonus card in hand is worth at least this share of what it would score once the seat's
matching bugs in hand are played into its line: buying a card that fits the hand, or a bug
that fits a card, pays over the coming turns, not only this one."""
BUG_KEEP = 0.6
"""A bug in hand that has somewhere to go is worth this share of its VP."""
BUG_SYNERGY = 0.3
"""... plus this share of what it would add to each of the seat's bonus goals it matches."""
OTHERS = 1.0
"""How much the other seats' mean points count against the seat's own."""
WIN = 1000.0
"""The value of a finished game won (shared wins split it); a lost one is worth none of it."""
CONFIDENCE = 0.1
"""A game still going is worth an even share of the win and this much more: the bot expects to
outplay the table, so it does not end a level game (everyone passing) for a shared win."""
ENDGAME_CARDS = 12
"""Cards left in the shorter deck below which cards in hand start to lose their worth: about
that many purchases more and a market's 15 VP slot runs empty, ending the game (§10.1)."""
ENDGAME_POINTS = 25
"""A score this close to the target also brings the end near."""


# --- card facts by id, flat for speed ----------------------------------------------------------


_DIET_KEYS: dict[DietGoal, int] = {goal: i for i, goal in enumerate(DietGoal)}
"""A small int per diet goal (flying included): quicker dict keys than the enum."""


@functools.cache
def _facts() -> tuple[tuple[Any, ...], ...]:
    """Per card id: (vp, category, wild, diet goal, flying, predator, prey, terrains, diet
    goal's key)."""
    out = []
    for i in range(card_count()):
        c = card(i)
        out.append(
            (
                c.vp,
                c.category,
                c.wild,
                c.diet_goal,
                c.flying,
                c.predator,
                c.prey,
                c.terrains,
                _DIET_KEYS[c.diet_goal],
            )
        )
    return tuple(out)


@functools.cache
def _diet_points() -> dict[DietGoal, int]:
    """Points per matching bug of each diet or flying goal (§3.3), from `cards.goal_value`."""
    return {goal: goal_value(goal, card(0)) for goal in DietGoal}


def _goal_points(bonus: BonusCard, cid: int) -> int:
    """What bug `cid` scores for a bonus card's two goals (§3.3), 0 where it matches neither."""
    points = 0
    for goal in (bonus.first, bonus.second):
        if _matches(goal, cid):
            points += goal_value(goal, card(cid))
    return points


def _matches(goal: Goal, cid: int) -> bool:
    f = _facts()[cid]
    if isinstance(goal, CategoryGoal):
        return bool(f[1] == goal.category)
    if goal is DietGoal.FLYING:
        return bool(f[4])
    return f[3] is goal


@functools.cache
def _neighbours(name: str) -> tuple[tuple[int, ...], ...]:
    """For each tile index, the neighbour's index in each of the six directions, -1 off board."""
    board = board_for(name)
    return tuple(
        tuple(board.index(n) if (n := board.neighbour(t, d)) is not None else -1 for d in range(6))
        for t in board.tiles
    )


def lines(state: BugspielState) -> list[tuple[int, ...]]:
    """The board's lines (§2.4): every occupied tile lies in exactly one, the run of occupied
    tiles of its rotation along its axis; each line is a tuple of tile indices."""
    nb = _neighbours(state.setup.board)
    cards = state.cards
    rots = state.rotations
    tiles = len(rots)
    occupied = [
        cards[3 * t] != EMPTY or cards[3 * t + 1] != EMPTY or cards[3 * t + 2] != EMPTY
        for t in range(tiles)
    ]
    seen = [False] * tiles
    out: list[tuple[int, ...]] = []
    for t in range(tiles):
        if seen[t] or not occupied[t]:
            continue
        rot = rots[t]
        forward, backward = line_directions(rot)
        start = t
        n = nb[start][backward]
        while n >= 0 and occupied[n] and rots[n] == rot:
            start = n
            n = nb[start][backward]
        run = []
        n = start
        while n >= 0 and occupied[n] and rots[n] == rot:
            run.append(n)
            seen[n] = True
            n = nb[n][forward]
        out.append(tuple(run))
    return out


_WILD = "wild"
"""The key of a line's wild bugs' category value (no category id is spelled in lower case)."""
_FLYING = _DIET_KEYS[DietGoal.FLYING]
"""The key of a line's flyer count."""


class Table:
    """What the evaluation needs of one position, worked out once: the lines, and per line and
    seat the sums the goals score (as `rules.bonus_points` scores one goal): 2 x VP per
    category, and for wild bugs; the number of bugs per diet goal and of flyers."""

    __slots__ = ("_goal_points", "_sums", "lines", "players", "state")

    def __init__(self, state: BugspielState) -> None:
        self.state = state
        players = self.players = state.players
        self.lines = lines(state)
        facts = _facts()
        cards = state.cards
        owners = state.owners
        self._sums: list[dict[Any, list[int]]] = []
        for line in self.lines:
            sums: dict[Any, list[int]] = {}
            for t in line:
                for s in (3 * t, 3 * t + 1, 3 * t + 2):
                    cid = cards[s]
                    if cid == EMPTY:
                        continue
                    owner = owners[s]
                    f = facts[cid]
                    key = _WILD if f[2] else f[1]
                    if key not in sums:
                        sums[key] = [0] * players
                    sums[key][owner] += BONUS_MULTIPLIER * f[0]
                    key = f[8]
                    if key not in sums:
                        sums[key] = [0] * players
                    sums[key][owner] += 1
                    if f[4]:
                        if _FLYING not in sums:
                            sums[_FLYING] = [0] * players
                        sums[_FLYING][owner] += 1
            self._sums.append(sums)
        self._goal_points: dict[str | int, list[list[int]]] = {}

    def goal_points(self, goal: Goal) -> list[list[int]]:
        """For each line, each seat's points for `goal` there: its own matching bugs' goal
        values, its wild bugs' too for a category goal once it has a real match (§6.7)."""
        category = goal.category if isinstance(goal, CategoryGoal) else None
        cache_key = category if category is not None else _DIET_KEYS[goal]  # type: ignore[index]
        got = self._goal_points.get(cache_key)
        if got is not None:
            return got
        zero = [0] * self.players
        got = []
        if category is not None:
            for sums in self._sums:
                base = sums.get(category, zero)
                wild = sums.get(_WILD, zero)
                got.append([b + w if b > 0 else 0 for b, w in zip(base, wild, strict=True)])
        else:
            each = _diet_points()[goal]  # type: ignore[index]
            got = [[each * n for n in sums.get(cache_key, zero)] for sums in self._sums]
        self._goal_points[cache_key] = got
        return got

    def bonus_net(self, seat: int, bonus: BonusCard) -> float:
        """The best net value of playing `bonus` for `seat` now: over the lines where it has a
        bug that may host the card, its points less OTHERS x the other seats' mean; -inf when
        it has no host anywhere."""
        best = -float("inf")
        share = OTHERS / (self.players - 1)
        for a, b in zip(self.goal_points(bonus.first), self.goal_points(bonus.second), strict=True):
            mine = a[seat] + b[seat]
            if mine <= 0:  # no host of ours here: the card may not be played on this line
                continue
            net = mine - share * (sum(a) + sum(b) - mine)
            if net > best:
                best = net
        return best


def endgame_keep(state: BugspielState) -> float:
    """The share of their worth that cards in hand keep: 1 far from the end, falling as a deck
    runs low or a score nears the target, 0 at the end."""
    if state.end is not None:
        return 0.0
    left = min(len(state.bug_deck), len(state.bonus_deck))
    keep = min(1.0, left / ENDGAME_CARDS)
    gap = state.setup.target_score - max(state.scores)
    if gap < ENDGAME_POINTS:
        keep = min(keep, max(0.0, gap / ENDGAME_POINTS))
    return max(0.1, keep)


def hand_values(table: Table) -> list[float]:
    """What each seat's hand is worth in this position (see the module docstring)."""
    state = table.state
    facts = _facts()
    # Terrains where a non-predator may land (an empty space) and where a predator may (prey).
    open_terrain = set()
    prey_terrain = set()
    for s, cid in enumerate(state.cards):
        terrain = state.terrain[s // 3]
        if cid == EMPTY:
            open_terrain.add(terrain)
        elif facts[cid][6]:
            prey_terrain.add(terrain)
    values = []
    for seat in range(state.players):
        total = 0.0
        bonuses = state.bonus_hands[seat]
        hand = state.bug_hands[seat]
        for bonus, copies in Counter(bonuses).items():
            net = table.bonus_net(seat, bonus)
            value = max(BONUS_FLOOR, BONUS_KEEP * net)
            # Over the coming turns the seat's own matching bugs in hand join a line of the
            # card's goals, and the card is played there: worth a share of what they add.
            coming = sum([_goal_points(bonus, cid) for cid in hand])
            if coming:
                value = max(value, COMING_KEEP * (max(net, 0.0) + coming))
            total += copies * value
        # In hand order, not a set's: the float sum below must not depend on hashing.
        goals = dict.fromkeys(g for b in bonuses for g in (b.first, b.second))
        for cid in state.bug_hands[seat]:
            f = facts[cid]
            where = prey_terrain if f[5] else open_terrain
            if where.isdisjoint(f[7]):
                continue
            worth = BUG_KEEP * f[0]
            for goal in goals:
                if _matches(goal, cid):
                    worth += BUG_SYNERGY * goal_value(goal, card(cid))
            total += worth
        values.append(total)
    return values


def seat_values(state: BugspielState) -> list[float]:
    """Each seat's score plus its hand's worth, shrunk as the end nears."""
    keep = endgame_keep(state)
    if keep <= 0.0:
        return [float(s) for s in state.scores]
    hands = hand_values(Table(state))
    return [s + keep * h for s, h in zip(state.scores, hands, strict=True)]


def evaluate(state: BugspielState, seat: int) -> float:
    """The position's worth to `seat`: its value less OTHERS x the other seats' mean, plus
    its share of WIN: at the end, all of it for a win (split on ties) or none; before the end,
    an even share and CONFIDENCE more."""
    lead = margin(seat_values(state), seat)
    if state.end is None:
        return lead + WIN * (1 / state.players + CONFIDENCE)
    won = winners(state)
    return lead + (WIN / len(won) if seat in won else 0.0)


def margin(values: list[float], seat: int) -> float:
    """The seat's value less OTHERS x the other seats' mean value."""
    others = (sum(values) - values[seat]) / (len(values) - 1)
    return values[seat] - OTHERS * others


# --- candidates ---------------------------------------------------------------------------------


def ahead(state: BugspielState, seat: int) -> bool:
    """True if `seat` has strictly more points than every other seat: the only seat that
    wins if the game ends now."""
    mine = state.scores[seat]
    return all([s < mine for i, s in enumerate(state.scores) if i != seat])


def may_pass(state: BugspielState, seat: int, legal: tuple[Action, ...]) -> bool:
    """May `seat` pass here? Only when it is ahead, or when nothing else is legal.

    Every pass may start or continue the chain that ends the game (all seats passing in a row,
    decision 10), and a seat behind, or level, hands the win away when that chain completes.
    The race to the target is the game (decision 15): the leader may wait for the markets to
    slide, the others keep racing."""
    return ahead(state, seat) or all([isinstance(a, Pass) for a in legal])


def candidates(state: BugspielState, legal: tuple[Action, ...]) -> list[Action]:
    """The legal actions worth comparing, in canonical order. Which of a tile's empty spaces a
    bug takes changes nothing that scores, so a non-predator keeps only the first. A flight
    that eats nothing earns nothing either: it is kept only onto another tile where the seat
    already has a bug (to lengthen a line), each source to each tile and turn once, unless no
    other move but Pass is left. Predators keep every prey they may eat, and every buy and
    bonus play stays. Pass stays only where `may_pass` allows it."""
    seat = state.to_act
    pool = legal if may_pass(state, seat, legal) else [a for a in legal if not isinstance(a, Pass)]
    owners = state.owners
    index = state.board.index
    kept: list[Action] = []
    seen: set[tuple[Any, ...]] = set()
    for action in pool:
        if isinstance(action, PlayBug):
            if not _facts()[action.card][5]:
                key: tuple[Any, ...] = ("p", action.card, action.to.tile, action.turn)
                if key in seen:
                    continue
                seen.add(key)
        elif isinstance(action, Fly):
            t = index(action.to.tile)
            if state.cards[3 * t + int(action.to.space)] == EMPTY:
                if t == index(action.source.tile) or seat not in owners[3 * t : 3 * t + 3]:
                    continue
                key = ("f", action.source, t, action.turn)
                if key in seen:
                    continue
                seen.add(key)
        kept.append(action)
    # Every move was a flight that neither eats nor joins a line and Pass is not allowed:
    # an idle flight it is (it at least keeps the game going toward the no-progress end).
    return kept or list(pool[:1])


def ranked(state: BugspielState, seat: int, legal: tuple[Action, ...]) -> list[tuple[float, int]]:
    """(value after the move, its index in `legal`) for every candidate, best first; ties go
    to the canonical order."""
    scored = []
    index = {a: i for i, a in enumerate(legal)}
    for action in candidates(state, legal):
        after = apply(state, action)
        if isinstance(action, Pass) and after.end is None and ends_on_next_pass(after):
            # The next seat may end the game by passing, and would win it: count on it.
            after = replace(after, end=End.ALL_PASSED)
        scored.append((evaluate(after, seat), index[action]))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return scored


def ends_on_next_pass(state: BugspielState) -> bool:
    """True if the seat to act would end the game by passing, and be among the winners."""
    return state.passes + 1 >= state.players and state.to_act in winners(state)


def choose_action(state: BugspielState, seat: int, legal: tuple[Action, ...]) -> Action:
    """The heuristic's move: the candidate whose position is worth most to `seat`; Pass wins
    ties with it (it is first in the canonical order)."""
    best = ranked(state, seat, legal)[0]
    return legal[best[1]]


# --- a cheap greedy policy for the search's rollouts ------------------------------------------


def quick_action(state: BugspielState, rng: Rng) -> Action:
    """A fast, sensible move for the seat to act, without listing every legal action: cash
    in a bonus card worth playing, else play the bug in hand worth most where it adds most to
    the seat's own goals, else buy a cheap card that fits, else pass."""
    seat = state.to_act
    facts = _facts()
    bonuses = state.bonus_hands[seat]
    # The lines and their sums are worked out only when a bonus card is to be valued: most
    # rollout moves of a seat without one never need them.
    table: Table | None = None
    # 1. A bonus card worth playing now: only on a bug of the seat's own, so not before it has
    # one on the board.
    if bonuses and seat in state.owners:
        table = Table(state)
        best_bonus: tuple[float, BonusCard] | None = None
        for bonus in dict.fromkeys(bonuses):
            net = table.bonus_net(seat, bonus)
            if net >= 4 and (best_bonus is None or net > best_bonus[0]):
                best_bonus = (net, bonus)
        if best_bonus is not None:
            bonus = best_bonus[1]
            host = _host(state, seat, bonus, table)
            if host is not None:
                return PlayBonus(bonus, host)
    # 2. The bug from hand worth most (its VP and its goal values), where it fits best.
    goals = [g for b in bonuses for g in (b.first, b.second)]
    plays = sorted(
        dict.fromkeys(state.bug_hands[seat]),
        key=lambda cid: (
            -facts[cid][0] - sum(goal_value(g, card(cid)) for g in goals if _matches(g, cid))
        ),
    )
    for cid in plays:
        space = _best_space(state, seat, cid, goals, rng)
        if space >= 0:
            return PlayBug(cid, _spot(state, space), 0)
    # 3. A cheap card that fits.
    if len(state.bug_hands[seat]) < HAND_LIMIT:
        for slot in (7, 6):
            cid_or_none = state.bug_market[slot]
            if cid_or_none is not None and (
                any(_matches(g, cid_or_none) for g in goals) or rng.below(3) == 0
            ):
                return BuyBug(slot)
    if len(bonuses) < HAND_LIMIT and len(bonuses) < 2:
        for slot in (7, 6, 5):
            b = state.bonus_market[slot]
            if b is None:
                continue
            if table is None:
                table = Table(state)
            if table.bonus_net(seat, b) > PRICES[slot]:
                return BuyBonus(slot)
    if not ahead(state, seat):
        # A seat behind keeps racing (`may_pass`): the cheapest card rather than a pass.
        if len(state.bug_hands[seat]) < HAND_LIMIT and state.bug_market[7] is not None:
            return BuyBug(7)
        if len(bonuses) < HAND_LIMIT and state.bonus_market[7] is not None:
            return BuyBonus(7)
    return Pass()


def _spot(state: BugspielState, space: int) -> Spot:
    return Spot(state.board.tiles[space // 3], Space(space % 3))


def _host(state: BugspielState, seat: int, bonus: BonusCard, table: Table) -> Spot | None:
    """A space of `seat` on the best line for `bonus` whose bug may host the card."""
    best = table.bonus_net(seat, bonus)
    share = OTHERS / (state.players - 1)
    pairs = zip(table.goal_points(bonus.first), table.goal_points(bonus.second), strict=True)
    for line, (a, b) in zip(table.lines, pairs, strict=True):
        mine = a[seat] + b[seat]
        if mine <= 0 or mine - share * (sum(a) + sum(b) - mine) < best:
            continue
        for t in line:
            for s in (3 * t, 3 * t + 1, 3 * t + 2):
                cid = state.cards[s]
                if (
                    cid != EMPTY
                    and state.owners[s] == seat
                    and (_matches(bonus.first, cid) or _matches(bonus.second, cid))
                ):
                    return _spot(state, s)
    return None


def _best_space(
    state: BugspielState,
    seat: int,
    cid: int,
    goals: list[Goal],
    rng: Rng,
) -> int:
    """A space where `cid` may land, at random among the best: a predator eats another seat's
    bug rather than its own, and any bug joins a tile where the seat has bugs sharing one of
    its goals; -1 if it has nowhere to go."""
    f = _facts()[cid]
    facts = _facts()
    mine = [g for g in goals if _matches(g, cid)]
    best = -1
    best_score = -1
    cards = state.cards
    for s in range(len(cards)):
        if state.terrain[s // 3] not in f[7]:
            continue
        there = cards[s]
        if f[5]:
            if there == EMPTY or not facts[there][6]:
                continue
        elif there != EMPTY:
            continue
        score = rng.below(4)
        if f[5] and state.owners[s] != seat:
            score += 4
        elif f[5]:
            score -= 8
        if mine:
            t = s // 3
            for u in (3 * t, 3 * t + 1, 3 * t + 2):
                other = cards[u]
                if (
                    other != EMPTY
                    and state.owners[u] == seat
                    and any(_matches(g, other) for g in mine)
                ):
                    score += 6
        if score > best_score:
            best, best_score = s, score
    return best


class SpielHeuristicBot:
    """Fast one-ply Bugspiel play (see the module docstring)."""

    name = "heuristic"

    def choose(
        self, game: Any, view: BugspielView, rng: Rng, budget: Budget | None = None
    ) -> Action:
        """The heuristic move of `view.seat`, read from the view's table alone: the legal
        actions and every value depend only on what the view shows. (A purchase tried on the
        table refills the market from its sorted deck; the evaluation reads no market, and
        whether the game ends reads only how many cards a deck holds.) So the move is the same
        whatever the hidden order, and `rng` is not used."""
        state = view.table
        return choose_action(state, view.seat, legal_actions(state))
