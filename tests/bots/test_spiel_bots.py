"""Bots of Bugspiel: every move legal, read from the seat's view only (the decks' order is
never seen), reproducible, the heuristic sensible in hand-built positions and stronger than
random play, and each level within its budget."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from bugs_core.bots import BOTS, Bot, Budget, ByGameBot, RandomBot, get_level
from bugs_core.bots.drive import play_bots
from bugs_core.bots.spiel_heuristic import (
    COMING_KEEP,
    SpielHeuristicBot,
    Table,
    ahead,
    candidates,
    evaluate,
    hand_values,
    lines,
    may_pass,
)
from bugs_core.bots.spiel_search import SpielSearchBot
from bugs_core.bugspiel import rules
from bugs_core.bugspiel.actions import BuyBonus, Fly, Pass, PlayBonus, PlayBug, Spot
from bugs_core.bugspiel.board import Space
from bugs_core.bugspiel.cards import Card, card, card_count, goal_value
from bugs_core.bugspiel.deck import BonusCard, CategoryGoal
from bugs_core.bugspiel.game import GAME
from bugs_core.bugspiel.species import Terrain
from bugs_core.bugspiel.state import EMPTY, NOBODY, BugspielState, BugspielView, End
from bugs_core.rng import Rng

SMALL = Budget(iterations=12)


def setup(players: int = 3) -> Any:
    """A small-board game's setup."""
    return GAME.make_setup({"players": players})


def walk(seed: int, moves: int, players: int = 3) -> BugspielState:
    """A position `moves` random moves into a game (or its end, if that comes first)."""
    state = GAME.initial_state(setup(players), Rng(seed))
    rng = Rng(seed, stream=3)
    for _ in range(moves):
        if GAME.is_terminal(state):
            break
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


class Spy:
    """The Bugspiel game, recording every argument its methods are called with."""

    def __init__(self) -> None:
        self.seen: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        target = getattr(GAME, name)
        if not callable(target):
            return target

        def spied(*args: Any) -> Any:
            self.seen.extend(args)
            return target(*args)

        wrapped: Callable[..., Any] = spied
        return wrapped


class Limited:
    """A bot held to a fixed iteration budget whatever the caller passes."""

    def __init__(self, bot: Bot, iterations: int) -> None:
        self.bot = bot
        self.name = bot.name
        self.budget = Budget(iterations=iterations)

    def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Any:
        """The bot's move under this budget."""
        return self.bot.choose(game, view, rng, self.budget)


# --- hand-built positions -------------------------------------------------------------------


def find(test: Callable[[Card], bool], but: tuple[int, ...] = ()) -> Card:
    """The first card (by id) passing `test`, not among the ids in `but`."""
    for i in range(card_count()):
        c = card(i)
        if c.id not in but and test(c):
            return c
    pytest.fail("the data set has no card of that kind")


def spot(state: BugspielState, name: str) -> Spot:
    """The Spot of "B1a" (tile B1, space above; c centre, b below)."""
    space = {"a": Space.ABOVE, "c": Space.CENTRE, "b": Space.BELOW}[name[-1]]
    return Spot(state.board.tile(name[:-1]), space)


def position(
    bugs: dict[str, tuple[Card, int]],
    hands: list[list[Card]],
    bonus_hands: list[list[BonusCard]],
    terrain: Terrain,
) -> BugspielState:
    """A fresh 3-seat deal with every tile of one terrain, these bugs on the board (space ->
    (card, owner)), these hands and scores of 0; seat 0 to act."""
    s = GAME.initial_state(setup(), Rng(1))
    cards = [EMPTY] * len(s.cards)
    owners = [NOBODY] * len(s.owners)
    for name, (c, owner) in bugs.items():
        i = rules.spot_index(s.board, spot(s, name))
        cards[i], owners[i] = c.id, owner
    return replace(
        s,
        terrain=(terrain,) * len(s.terrain),
        cards=tuple(cards),
        owners=tuple(owners),
        bug_hands=tuple(tuple(sorted(c.id for c in h)) for h in hands),
        bonus_hands=tuple(tuple(h) for h in bonus_hands),
    )


def heuristic_move(state: BugspielState) -> Any:
    """The heuristic's move for the seat to act, through its view."""
    view = GAME.player_view(state, state.to_act)
    return SpielHeuristicBot().choose(GAME, view, Rng(0))


def test_heuristic_cashes_in_a_rich_bonus_card_near_the_end() -> None:
    beetle = find(lambda c: c.category == "Coleoptera" and not c.predator and not c.wild)
    terrain = next(iter(beetle.terrains))
    double = BonusCard.of(CategoryGoal("Coleoptera"), CategoryGoal("Coleoptera"))
    state = position(
        {"B1a": (beetle, 0), "B1c": (beetle, 0), "B1b": (beetle, 0)},
        hands=[[], [], []],
        bonus_hands=[[double], [], []],
        terrain=terrain,
    )
    # Two cards left in the bug deck: a purchase or two more and the game ends.
    state = replace(state, bug_deck=state.bug_deck[:2])
    move = heuristic_move(state)
    assert isinstance(move, PlayBonus) and move.bonus == double
    assert rules.apply(state, move).scores[0] == 3 * 2 * 2 * beetle.vp


def test_heuristic_eats_the_bug_a_rival_scores_with() -> None:
    predator = find(lambda c: c.predator and not c.flying)
    bait = find(
        lambda c: (
            c.prey
            and not c.wild
            and c.category is not None
            and bool(c.terrains & predator.terrains)
        )
    )
    other = find(
        lambda c: (
            c.prey
            and not c.wild
            and c.category not in (None, bait.category)
            and bool(c.terrains & predator.terrains & bait.terrains)
        ),
        but=(bait.id,),
    )
    terrain = next(iter(predator.terrains & bait.terrains & other.terrains))
    assert bait.category is not None
    theirs = BonusCard.of(CategoryGoal(bait.category), CategoryGoal(bait.category))
    state = position(
        {"A1a": (other, 1), "C2a": (bait, 1)},
        hands=[[predator], [], []],
        bonus_hands=[[], [theirs], []],
        terrain=terrain,
    )
    move = heuristic_move(state)
    assert isinstance(move, PlayBug) and move.card == predator.id
    assert move.to == spot(state, "C2a")


def test_heuristic_turns_a_tile_to_join_its_line() -> None:
    beetle = find(lambda c: c.category == "Coleoptera" and not c.predator and not c.wild)
    filler = find(
        lambda c: (
            c.category not in (None, "Coleoptera")
            and not c.predator
            and bool(c.terrains & beetle.terrains)
        )
    )
    terrain = next(iter(beetle.terrains & filler.terrains))
    double = BonusCard.of(CategoryGoal("Coleoptera"), CategoryGoal("Coleoptera"))
    # B1 is turned (+1) and full: two of seat 0's beetles and another seat's bug of no use to
    # anyone. Along rotation +1's axis its neighbours are A1 and C1, still at rotation 0.
    state = position(
        {"B1a": (beetle, 0), "B1c": (beetle, 0), "B1b": (filler, 2)},
        hands=[[beetle], [], []],
        bonus_hands=[[double], [], []],
        terrain=terrain,
    )
    b1 = state.board.index(state.board.tile("B1"))
    state = replace(state, rotations=tuple(1 if t == b1 else 0 for t in range(10)))
    c1 = state.board.index(state.board.tile("C1"))
    for turn in (0, 1, -1):
        after = rules.apply(state, PlayBug(beetle.id, spot(state, "C1a"), turn))
        joined = any(b1 in line and c1 in line for line in lines(after))
        assert joined == (turn == 1)
    values = {
        turn: evaluate(rules.apply(state, PlayBug(beetle.id, spot(state, "C1a"), turn)), 0)
        for turn in (0, 1, -1)
    }
    assert values[1] > values[0] and values[1] > values[-1]
    move = heuristic_move(state)
    assert isinstance(move, PlayBug) and move.card == beetle.id and move.turn == 1
    assert state.board.label(move.to.tile) in ("A1", "C1")


def test_heuristic_passes_when_nothing_is_worth_it() -> None:
    beetle = find(lambda c: c.category == "Coleoptera" and not c.predator and not c.wild)
    terrain = next(iter(beetle.terrains))
    state = position(
        {"B1a": (beetle, 1)}, hands=[[], [], []], bonus_hands=[[], [], []], terrain=terrain
    )
    # Seat 0 is ahead; buying anything costs VP it cannot use at once.
    state = replace(state, scores=(5, 0, 0))
    assert heuristic_move(state) == Pass()


@pytest.mark.parametrize("make", [SpielHeuristicBot, SpielSearchBot], ids=["heuristic", "search"])
@pytest.mark.parametrize("scores", [(0, 5, 0), (5, 5, 0), (0, 0, 0)])
def test_a_seat_not_ahead_does_not_pass(make: Callable[[], Bot], scores: tuple[int, ...]) -> None:
    """The same position where the leader passes: behind or level, the seat keeps racing,
    whatever it costs now (any pass may start the chain that ends the game)."""
    beetle = find(lambda c: c.category == "Coleoptera" and not c.predator and not c.wild)
    terrain = next(iter(beetle.terrains))
    state = position(
        {"B1a": (beetle, 1)}, hands=[[], [], []], bonus_hands=[[], [], []], terrain=terrain
    )
    state = replace(state, scores=scores)
    assert not ahead(state, 0)
    view = GAME.player_view(state, 0)
    assert make().choose(GAME, view, Rng(3), SMALL) != Pass()
    # Two seats have passed: this pass would end the game, and hand the win away.
    last = replace(state, passes=2)
    assert make().choose(GAME, GAME.player_view(last, 0), Rng(3), SMALL) != Pass()


def test_with_nothing_else_legal_a_seat_behind_passes() -> None:
    state = replace(walk(4, 0), scores=(0, 9, 0))
    assert may_pass(state, 0, (Pass(),))
    assert not may_pass(state, 0, rules.legal_actions(state))


@pytest.mark.parametrize("seed", range(3))
def test_bots_never_pass_while_behind_in_whole_games(seed: int) -> None:
    """Every pass a bot makes in a whole game is made ahead, or with nothing else legal."""
    bots: list[Bot] = [Limited(SpielSearchBot(), 8), SpielHeuristicBot(), SpielHeuristicBot()]
    bots = bots[seed:] + bots[:seed]
    state = GAME.initial_state(setup(), Rng(40 + seed))
    rng = Rng(40 + seed, stream=5)
    passes = 0
    while not GAME.is_terminal(state):
        seat = state.to_act
        move = bots[seat].choose(GAME, GAME.player_view(state, seat), rng, SMALL)
        if move == Pass():
            passes += 1
            assert may_pass(state, seat, rules.legal_actions(state)), (seat, state.scores)
        state = GAME.apply(state, move)
    assert state.end is not End.ALL_PASSED or ahead(state, rules.winners(state)[0])


def test_heuristic_buys_a_bonus_card_for_the_bugs_in_its_hand() -> None:
    """Over the coming turns: two beetles in hand and nothing on the board, so no bonus card
    scores now; a cheap double-beetle card in the market will, once they are played."""
    b1 = find(lambda c: c.category == "Coleoptera" and not c.predator and not c.wild)
    b2 = find(lambda c: c.category == "Coleoptera" and not c.predator and not c.wild, (b1.id,))
    terrain = next(iter(b1.terrains & b2.terrains))
    beetles = BonusCard.of(CategoryGoal("Coleoptera"), CategoryGoal("Coleoptera"))
    state = position({}, hands=[[b1, b2], [], []], bonus_hands=[[], [], []], terrain=terrain)
    state = replace(state, bonus_market=(*state.bonus_market[:7], beetles), scores=(9, 0, 0))
    before = evaluate(state, 0)
    bought = rules.apply(state, BuyBonus(7))
    assert evaluate(replace(bought, to_act=0), 0) > before
    # The card's own worth, beyond what it adds to the bugs (BUG_SYNERGY, 1.2 here): a share
    # of what it will score once they are played, though it scores nothing now.
    points = 2 * (
        goal_value(CategoryGoal("Coleoptera"), b1) + goal_value(CategoryGoal("Coleoptera"), b2)
    )
    with_card = hand_values(Table(bought))[0]
    without = hand_values(Table(replace(bought, bonus_hands=((), (), ()))))[0]
    assert with_card - without >= COMING_KEEP * points - 1e-9


# --- legality, honesty, reproducibility --------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_every_move_is_legal_in_full_games(seed: int) -> None:
    bots: list[Bot] = [Limited(SpielSearchBot(), 8), SpielHeuristicBot(), RandomBot()]
    bots = bots[seed:] + bots[:seed]
    final = play_bots(GAME, setup(), bots, seed=seed, check=True)
    assert GAME.is_terminal(final)


@pytest.mark.parametrize(
    ("players", "board"),
    # The 4-seat game on the large board is the longest (slow); the fast tier plays the others.
    [(2, "small"), pytest.param(4, "large", marks=pytest.mark.slow), (3, "large")],
)
def test_every_move_is_legal_on_both_boards_with_2_to_4_players(players: int, board: str) -> None:
    game_setup = GAME.make_setup({"players": players, "board": board})
    bots: list[Bot] = [Limited(SpielSearchBot(), 6), SpielHeuristicBot(), RandomBot()]
    bots = (bots * 2)[:players]
    final = play_bots(GAME, game_setup, bots, seed=players, check=True)
    assert GAME.is_terminal(final)


@pytest.mark.parametrize("seed", range(4))
def test_candidates_are_legal_and_keep_every_kind_of_move(seed: int) -> None:
    state = walk(seed, 12 + 10 * seed)  # these walks all stop before the game ends
    assert not GAME.is_terminal(state)
    legal = rules.legal_actions(state)
    kept = candidates(state, legal)
    assert kept and set(kept) <= set(legal)
    assert kept == [a for a in legal if a in set(kept)]  # canonical order
    # Only flights that eat nothing and join nothing of the seat's are ever left out, and Pass
    # where the seat is not ahead (`may_pass`).
    dropped = {type(a) for a in legal} - {type(a) for a in kept}
    assert dropped <= ({Fly} if may_pass(state, state.to_act, legal) else {Fly, Pass})


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("make", [SpielHeuristicBot, SpielSearchBot], ids=["heuristic", "search"])
def test_same_view_same_move_whatever_the_deck_order(seed: int, make: Callable[[], Bot]) -> None:
    position_ = walk(seed, 6 + 9 * seed)
    seat = position_.to_act
    view = GAME.player_view(position_, seat)
    first = GAME.sample_state(view, Rng(100 + seed))
    second = GAME.sample_state(view, Rng(200 + seed))
    assert first.bug_deck != second.bug_deck and first.bonus_deck != second.bonus_deck
    views = [GAME.player_view(real, seat) for real in (first, second)]
    assert views[0] == views[1] == view
    moves = []
    for real, seen in zip((first, second), views, strict=True):
        spy = Spy()
        moves.append(make().choose(spy, seen, Rng(7), SMALL))
        assert not any(arg is real for arg in spy.seen), "the bot saw the real state"
        assert all(not isinstance(arg, BugspielView) or arg == view for arg in spy.seen)
        assert all(
            not isinstance(arg, BugspielState) or arg.bug_deck != real.bug_deck for arg in spy.seen
        )
    assert moves[0] == moves[1]
    assert moves[0] in rules.legal_actions(position_)


@pytest.mark.parametrize("make", [SpielHeuristicBot, SpielSearchBot], ids=["heuristic", "search"])
def test_same_view_seed_and_budget_same_move(make: Callable[[], Bot]) -> None:
    bot = make()
    for moves in (0, 9, 25, 40):
        state = walk(9, moves)
        if GAME.is_terminal(state):
            continue
        view = GAME.player_view(state, state.to_act)
        first = bot.choose(GAME, view, Rng(5), SMALL)
        assert make().choose(GAME, view, Rng(5), SMALL) == first
        assert first in rules.legal_actions(state)


def test_millisecond_budget_gives_a_legal_move() -> None:
    state = walk(2, 12)
    view = GAME.player_view(state, state.to_act)
    move = SpielSearchBot().choose(GAME, view, Rng(1), Budget(millis=30))
    assert move in rules.legal_actions(state)


def test_registered_for_bugspiel() -> None:
    for name, kind in (("heuristic", SpielHeuristicBot), ("search", SpielSearchBot)):
        bot = BOTS[name]()
        assert isinstance(bot, ByGameBot) and isinstance(bot.bot_for(GAME), kind)


@pytest.mark.parametrize("level_id", ["easy", "medium", "hard"])
def test_each_level_makes_legal_moves(level_id: str) -> None:
    level = get_level(level_id)
    bot = level.make("bugspiel")
    state = walk(4, 15)
    for _ in range(3):
        if GAME.is_terminal(state):
            break
        view = GAME.player_view(state, state.to_act)
        move = bot.choose(GAME, view, Rng(5), level.budget("bugspiel"))
        state = rules.apply(state, move)  # checked: an illegal move raises


@pytest.mark.slow  # a tournament
def test_heuristic_beats_random() -> None:
    totals = {"heuristic": 0, "random": 0}
    for game in range(6):
        bots: list[Bot] = [SpielHeuristicBot(), RandomBot(), RandomBot()]
        bots = bots[game % 3 :] + bots[: game % 3]
        final = play_bots(GAME, setup(), bots, seed=300 + game)
        for seat, bot in enumerate(bots):
            totals[bot.name] += final.scores[seat]
    heuristic = totals["heuristic"] / 6
    random = totals["random"] / 12
    print(f"\nheuristic mean score {heuristic:.1f}, random {random:.1f}")
    assert heuristic > random + 20
