"""One test per ruling of docs/rules/bag-of-bugs.md §6 that has behaviour (G1, G3, G5-G9, G11-G25,
G27-G33), plus the §5.1 table, the §5.4 example and the §7.2 windows; the legal and the illegal
side both asserted where there is one. Seat numbers in the notation count from 1 ("2:claim 3" is
seat index 1); the `seat` fields and the helpers' arguments are 0-based."""

from __future__ import annotations

import pytest
from bag_positions import at_window, illegal, legal, names, position, resolving, run, settle, tokens

from bugs_core.bag_of_bugs import GAME, rules
from bugs_core.bag_of_bugs import events as ev
from bugs_core.bag_of_bugs.actions import Claim, Take, Wait, parse_action
from bugs_core.bag_of_bugs.grabs import grab_choices
from bugs_core.bag_of_bugs.scoring import score, scores
from bugs_core.bag_of_bugs.state import BagSetup, Phase
from bugs_core.bag_of_bugs.tokens import (
    C1,
    C2,
    C3,
    LARVA,
    PAIRS_TO_END,
    ROCK,
    SCARY,
    TOKEN_LIMIT,
    WIND,
    bag_for,
    name,
)
from bugs_core.engine import SIMULTANEOUS, TERMINAL, play
from bugs_core.errors import InvalidActionError, SetupError
from bugs_core.rng import Rng

# G1, G3, §5.1: players and the bag


@pytest.mark.parametrize("players", [3, 4, 5])
def test_G1_three_to_five_players(players: int) -> None:
    """G1: 3, 4 and 5 players only."""
    state = GAME.initial_state(GAME.make_setup({"players": players}), Rng(1))
    assert len(state.collections) == players
    assert (GAME.min_players, GAME.max_players) == (3, 5)


@pytest.mark.parametrize("players", [0, 1, 2, 6, 7])
def test_G1_other_player_counts_rejected(players: int) -> None:
    """G1: no 2-player (or 6-player) game."""
    with pytest.raises(SetupError, match="3 to 5"):
        GAME.make_setup({"players": players})


def test_G1_no_seat_beyond_the_table() -> None:
    """G1: a submission for seat 5 in a game of 4 names no seat."""
    state = at_window(pool="c1")
    legal(state, "2:wait")
    illegal(state, "5:wait", "G1")


@pytest.mark.parametrize(
    ("players", "each", "rocks", "total", "limit", "pairs"),
    [(5, 10, 13, 85, 9, 6), (4, 8, 11, 69, 8, 5), (3, 6, 9, 53, 6, 4)],
)
def test_5_1_bag_composition_table(
    players: int, each: int, rocks: int, total: int, limit: int, pairs: int
) -> None:
    """§5.1: per-kind counts, bag total, token limit, pairs to end, exactly one Rock left."""
    bag = bag_for(players)
    assert bag[: LARVA + 1] == (each,) * 7  # five colours, Scary, Larva
    assert (bag[WIND], bag[ROCK], sum(bag)) == (2, rocks, total)
    assert (TOKEN_LIMIT[players], PAIRS_TO_END[players]) == (limit, pairs)
    assert rocks - 2 * pairs == 1
    state = GAME.initial_state(GAME.make_setup({"players": players}), Rng(3))
    assert rules.all_tokens(state) == bag


def test_G3_removal_includes_rocks_but_not_wind() -> None:
    """G3: 2 (4) of each of the 8 non-Wind kinds are removed, Rock included; Wind never."""
    full, four, three = bag_for(5), bag_for(4), bag_for(3)
    for kind in (C1, C2, C3, SCARY, LARVA, ROCK):
        assert full[kind] - four[kind] == 2
        assert full[kind] - three[kind] == 4
    assert full[WIND] == four[WIND] == three[WIND] == 2


def test_G4_colours_have_neutral_ids() -> None:
    """G4: the five colours are C1..C5 in notation and in the log."""
    assert [str(Take((c,))) for c in (C1, C2, C3)] == ["take c1", "take c2", "take c3"]
    assert (name(C1), name(C3, 2)) == ("C1 Bug", "C3 Bugs")


# G5: the start player and the clockwise bag


def test_G5_start_drawer_is_seeded_random() -> None:
    """G5: a seeded random start Drawer: every seat can start, the same seed gives the same."""
    setup = BagSetup(players=5)
    starts = {rules.initial_state(setup, Rng(seed)).drawer for seed in range(40)}
    assert starts == {0, 1, 2, 3, 4}
    assert rules.initial_state(setup, Rng(7)) == rules.initial_state(setup, Rng(7))


def test_G5_bag_passes_clockwise() -> None:
    """G5: after a turn the next seat clockwise draws; the seat before it does not."""
    state = resolving(pool="c1", drawer=3, claims={1: 0}, bag="c2 c2 c2 c2 c2 c2 c2 c2")
    assert state.drawer == 0  # 4 players: seat 3's left is seat 0
    assert state.turn_no == 2
    assert state.drawer != 2


# G6-G9: drawing


def test_G6_drawer_keeps_drawing_after_every_grabber_has_claimed() -> None:
    """G6: no stopping early: with every grabber claimed the Drawer draws to the limit, and
    no window opens for anyone."""
    happened: list[ev.Event] = []
    state = settle(position(phase=Phase.DRAW, claims={1: 1, 2: 2, 3: 3}, bag="c1 " * 12), happened)
    reveals = [e for e in happened if isinstance(e, ev.Reveal)]
    assert len(reveals) == TOKEN_LIMIT[4]
    assert not any(isinstance(e, ev.WindowResolved) for e in happened)
    assert state.phase is Phase.LEFTOVERS  # the Drawer's only decision besides Wind gives


def test_G6_drawer_never_grabs_or_stops() -> None:
    """G6/G33: the Drawer has no submission in a window (and no stop action exists)."""
    state = at_window(pool="c1", drawer=0)
    illegal(state, "1:wait", "G33")
    illegal(state, "1:claim 1", "G33")
    assert all(a.seat != 0 for a in rules.legal_actions(state) if isinstance(a, Wait | Claim))
    with pytest.raises(InvalidActionError):
        parse_action("stop")


def test_G7_rocks_and_wind_count_towards_the_limit() -> None:
    """G7: every token counts: a bag of exactly 8 tokens with a Rock and two Winds is drawn out
    to the limit of 8 and no further."""
    happened: list[ev.Event] = []
    bag = "wind wind rock c1 c1 c1 c1 c1"
    state = settle(position(phase=Phase.DRAW, claims={1: 1, 2: 2, 3: 3}, bag=bag), happened)
    stopped = [e for e in happened if isinstance(e, ev.Stopped)]
    assert [e.reason for e in stopped] == ["limit"]
    assert len([e for e in happened if isinstance(e, ev.Reveal)]) == 8
    assert state.drawn == 8


def test_G7_limit_is_not_reached_one_token_early() -> None:
    """G7: 7 tokens drawn of a limit of 8 is not the limit: a window opens."""
    state = settle(position(phase=Phase.DRAW, pool="c1 c1 c1 c1 c1 c1", bag="c2 c2"))
    assert state.phase is Phase.WINDOW
    assert state.drawn == 7


def test_G8_limit_token_is_also_the_second_rock() -> None:
    """G8: the limit-th token is also the second Rock: stop, with normal Rock processing."""
    happened: list[ev.Event] = []
    state = settle(
        position(phase=Phase.DRAW, pool="rock c1 c1 c1 c1 c1 c1", claims={1: 1}, bag="rock"),
        happened,
    )
    stop = next(e for e in happened if isinstance(e, ev.Stopped))
    assert (stop.reason, stop.rocks, stop.pairs) == ("rock", 2, 1)
    assert state.rock_pairs == 1
    assert ROCK not in state.pool


def test_G9_no_window_after_the_terminal_token() -> None:
    """G9: the second Rock closes grabbing at once: no window, and a claim is refused after it;
    a non-terminal reveal opens a window."""
    stopped = settle(position(players=3, phase=Phase.DRAW, pool="rock c1 c2", bag="rock"))
    assert stopped.phase is Phase.LEFTOVERS
    illegal(stopped, "2:claim 1", "G9")
    opened = settle(position(players=3, phase=Phase.DRAW, pool="rock c1 c2", bag="c3"))
    assert opened.phase is Phase.WINDOW
    legal(opened, "2:claim 1")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_G10_no_window_before_the_first_reveal(players: int) -> None:
    """G10: the first window follows token 1; nobody can claim before it is revealed."""
    for seed in range(10):
        state = GAME.initial_state(GAME.make_setup({"players": players}), Rng(seed))
        assert state.phase is Phase.WINDOW
        assert state.drawn == len(state.pool) == 1


# G11, G12: Rocks


def test_G11_lone_rock_stays_visible_then_goes_back() -> None:
    """G11: a lone Rock sits in the pool during the windows; at the end of drawing it returns."""
    window = settle(position(phase=Phase.DRAW, pool="rock", bag="c1 c1 c1 c1 c1 c1 c1"))
    assert window.phase is Phase.WINDOW
    assert ROCK in window.pool
    ended = settle(
        position(phase=Phase.DRAW, pool="rock c1 c1 c1 c1 c1 c1", claims={1: 1}, bag="c2")
    )
    assert ended.bag[ROCK] == 1  # back in the bag
    assert ended.rock_pairs == 0


def test_G12_rocks_leave_before_any_grab_and_cannot_be_taken() -> None:
    """G12: two Rocks would be the largest group, but they leave first: Grab 1 takes the C1."""
    happened: list[ev.Event] = []
    settle(position(phase=Phase.DRAW, pool="rock c1", claims={1: 1}, bag="rock"), happened)
    took = next(e for e in happened if isinstance(e, ev.Took))
    assert took.tokens == tokens("c1")
    assert all(ROCK not in c for g in range(1, 6) for c in grab_choices(tokens("rock c1"), g))
    with pytest.raises(InvalidActionError, match="G12"):
        parse_action("take rock")


# G13-G19: grabs


def test_G13_identical_means_same_kind() -> None:
    """G13: Scary is identical to Scary: Grab 3 takes both; C1 and C2 are not a pair."""
    state = resolving(pool="scary scary c1 c2", claims={3: 1})
    assert state.collections[1] == tokens("scary scary")
    assert grab_choices(tokens("c1 c2"), 3) == ((C1,), (C2,))  # no pair: one token, any kind


def test_G14_wind_is_a_kind_for_every_grab() -> None:
    """G14: two Winds are a group (largest for Grab 1), Grab 4 may include a Wind, and a
    lone Wind is a smallest group for Grab 2."""
    assert grab_choices(tokens("wind wind c1"), 1) == ((WIND,),)
    assert (C1, WIND) in grab_choices(tokens("wind c1 c2"), 4)
    assert (WIND,) in grab_choices(tokens("wind c1 c1"), 2)
    state = resolving(pool="wind wind c1", claims={1: 1}, collections=["", "c2", "", ""])
    assert state.collections[2] == tokens("c2")  # the Wind made seat 1 give its C2 away


def test_G15_tied_largest_group_is_the_grabbers_choice() -> None:
    """G15: Grab 1 with C1 and C2 tied at two: either; the smaller C3 group is illegal."""
    state = resolving(pool="c1 c1 c2 c2 c3", claims={1: 1})
    assert rules.current_player(state) == 1
    assert names(state) == ["take c1", "take c2"]
    illegal(state, "take c3", "G15")
    after = legal(state, "take c2")
    assert after.collections[1] == tokens("c2")


def test_G15_tied_smallest_group_is_the_grabbers_choice() -> None:
    """G15: Grab 2 with C2 and C3 tied at one: either; the larger C1 group is illegal."""
    state = resolving(pool="c1 c1 c2 c3", claims={2: 2})
    assert names(state) == ["take c2", "take c3"]
    illegal(state, "take c1", "G15")
    legal(state, "take c3")


def test_G15_single_largest_group_is_forced() -> None:
    """G15: without a tie there is nothing to choose: the grab resolves by itself."""
    state = resolving(pool="c1 c1 c2", claims={1: 1})
    assert state.collections[1] == tokens("c1")


def test_G16_grab_3_chooses_among_pairs_and_triples() -> None:
    """G16: any kind with two or more (a group of three qualifies); a single is illegal."""
    state = resolving(pool="c1 c1 c1 larva larva c2", claims={3: 1})
    assert names(state) == ["take c1", "take larva"]
    illegal(state, "take c2", "G16")
    after = legal(state, "take c1")
    assert after.collections[1] == tokens("c1 c1")


def test_G16_grab_3_without_a_pair_takes_one_of_any_kind() -> None:
    """G16: no pair: one token, the grabber's choice of kind."""
    state = resolving(pool="c1 c2 scary", claims={3: 1})
    assert names(state) == ["take c1", "take c2", "take scary"]
    after = legal(state, "take scary")
    assert after.collections[1] == tokens("scary")


def test_G17_grab_4_chooses_two_kinds() -> None:
    """G17: Grab 4 picks two different kinds, one token each; one or three kinds are illegal."""
    state = resolving(pool="c1 c1 c2 larva", claims={4: 1})
    assert names(state) == ["take c1+c2", "take c1+larva", "take c2+larva"]
    illegal(state, "take c1", "G17")
    illegal(state, "take c1+c2+larva", "G17")
    after = legal(state, "take c1+larva")
    assert after.collections[1] == tokens("c1 larva")


def test_G17_grab_5_chooses_three_kinds_or_takes_all_kinds() -> None:
    """G17: Grab 5 picks three kinds; with fewer kinds it takes one of each, forced."""
    state = resolving(pool="c1 c2 c3 larva", claims={5: 1})
    assert len(names(state)) == 4
    illegal(state, "take c1+c2", "G17")
    legal(state, "take c1+c2+c3")
    forced = resolving(pool="c1 c1 larva", claims={5: 1})
    assert forced.collections[1] == tokens("c1 larva")
    one_kind = resolving(pool="c2 c2", claims={4: 1})
    assert one_kind.collections[1] == tokens("c2")


def test_G18_grab_on_an_empty_pool_yields_nothing() -> None:
    """G18: a claimed grab still resolves on an empty pool, and yields nothing."""
    happened: list[ev.Event] = []
    state = settle(position(pool="c1", claims={1: 1, 4: 2}, phase=Phase.RESOLVE), happened)
    assert ev.TookNothing(2, 4) in happened
    assert state.collections[2] == tokens("")
    assert state.collections[1] == tokens("c1")


def test_G19_claimed_grab_is_mandatory() -> None:
    """G19: a claim cannot be declined: the Scary Bug is taken; a seat without a claim takes
    nothing; no take is possible outside a grab's resolution."""
    state = resolving(pool="scary", claims={2: 1})
    assert state.collections[1] == tokens("scary")
    assert all(c == tokens("") for i, c in enumerate(state.collections) if i != 1)
    illegal(at_window(pool="c1"), "take c1", "G19")


# G20-G25: Wind and leftovers


def test_G20_wind_gives_after_the_whole_grab_and_before_the_next() -> None:
    """G20: the tokens of one grab join together, the give may use one just taken, and it
    happens before the next Grab number resolves; the Wind then returns to the bag."""
    state = resolving(pool="wind c1 c2 c3 c4 c5 c5", claims={4: 1, 5: 2}, bag="")
    happened: list[ev.Event] = []
    state = legal(state, "take c1+wind", happened)
    assert happened == [ev.Took(1, 4, tokens("c1 wind")), ev.Gave(1, 2, C1)]  # just taken
    assert state.phase is Phase.CHOOSE and state.grab == 5  # Grab 5 resolves after the give
    assert state.collections[2] == tokens("c1")
    assert state.bag[WIND] == 1


def test_G20_holder_chooses_the_token_to_give() -> None:
    """G20/G24: holding two kinds, the Wind's holder chooses; a kind not held is illegal."""
    state = resolving(pool="wind c1", claims={4: 1}, collections=["", "scary", "", ""])
    assert state.phase is Phase.WIND
    assert rules.current_player(state) == 1
    assert names(state) == ["give c1", "give scary"]
    illegal(state, "give larva", "G24")
    after = legal(state, "give scary")
    assert after.collections[2] == tokens("scary")
    assert after.collections[1] == tokens("c1")


def test_G21_wind_with_an_empty_collection_gives_nothing() -> None:
    """G21: only a Wind taken means an empty collection: nothing is given, the Wind goes back;
    no give is possible without a Wind."""
    happened: list[ev.Event] = []
    state = settle(position(pool="wind wind c1 c2 c3", claims={1: 1, 4: 2}, bag=""), happened)
    assert happened[:2] == [ev.Took(1, 1, tokens("wind")), ev.Gave(1, 2, None)]
    assert state.collections[1] == state.collections[2] == tokens("")
    assert state.bag[WIND] == 1
    illegal(state, "give c1", "G20")


def test_G22_two_winds_at_once_are_two_gives() -> None:
    """G22: Grab 3 takes the pair of Winds: two separate gives, one per Wind."""
    state = resolving(pool="wind wind c1", claims={3: 1}, collections=["", "c2 c3 scary", "", ""])
    assert state.wind_queue == (1, 1)
    state = legal(state, "give scary")
    assert state.phase is Phase.WIND
    state = legal(state, "give c2")
    assert state.collections[2] == tokens("scary c2")
    assert state.collections[1] == tokens("c3")


def test_G23_the_left_is_the_next_seat_clockwise() -> None:
    """G23: seat 3 of 4 gives to seat 0, the next Drawer after seat 3; not to seat 2."""
    state = resolving(pool="wind c1", claims={4: 3}, drawer=2, collections=["", "", "", "c2"])
    state = legal(state, "give c2")
    assert state.collections[0] == tokens("c2")
    assert state.collections[2] == tokens("")


def test_G24_any_collected_token_may_be_given_including_scary() -> None:
    """G24: Bugs, Larvae and Scary Bugs may be given (dumping a Scary Bug is legal); Wind and
    Rock never are; receiving triggers nothing."""
    state = resolving(
        pool="wind c1", claims={4: 1}, collections=["", "scary larva", "", ""], bag=""
    )
    assert names(state) == ["give c1", "give scary", "give larva"]
    after = legal(state, "give scary")
    assert after.collections[2] == tokens("scary")
    assert after.wind_queue == ()
    with pytest.raises(InvalidActionError):
        parse_action("give wind")


def test_G25_drawer_takes_all_leftovers_with_their_winds() -> None:
    """G25: the Drawer takes all or returns all; no partial take; Winds taken resolve for the
    Drawer."""
    state = resolving(pool="c1 c2 wind", claims={}, collections=["scary", "", "", ""], bag="")
    assert state.phase is Phase.LEFTOVERS
    assert rules.current_player(state) == 0
    assert names(state) == ["take all", "return all"]
    illegal(state, "take c1", "G19")
    state = legal(state, "take all")
    assert state.phase is Phase.WIND
    assert rules.current_player(state) == 0
    state = legal(state, "give scary")
    assert state.collections[0] == tokens("c1 c2")
    assert state.collections[1] == tokens("scary")


def test_G25_drawer_returns_all_leftovers_winds_too() -> None:
    """G25: returning puts every leftover token, Winds included, back into the bag; taking or
    returning is refused before the grabs are done."""
    state = resolving(pool="c1 c2 wind", claims={}, bag="")
    happened: list[ev.Event] = []
    after = legal(state, "return all", happened)
    assert happened[0] == ev.Returned(0, tokens("c1 c2 wind"))
    assert rules.all_tokens(after) == tokens("c1 c2 wind")  # all in the bag or redrawn
    assert after.collections == state.collections
    illegal(resolving(pool="c1 c2", claims={1: 1}), "take all", "G25")


def test_G26_a_returned_wind_is_not_drawn_again_this_turn() -> None:
    """G26: the Wind goes back into the bag during resolution; the next draw is next turn's."""
    state = resolving(pool="wind c1", claims={4: 1}, collections=["", "scary", "", ""], bag="")
    happened: list[ev.Event] = []
    after = legal(state, "give scary", happened)
    kinds_seen = [type(e).__name__ for e in happened]
    assert kinds_seen == ["Gave", "TurnOver", "Reveal"]
    assert after.turn_no == 2


# G27: public information


def test_G27_views_show_the_public_state_but_not_the_bag_order() -> None:
    """G27: pool, claims, collections, pairs, the draw count and the bag's composition are in
    every view; the generator (the order) is not."""
    state = at_window(pool="c1 rock", claims={3: 2}, collections=["c1", "", "larva", ""])
    for seat in range(4):
        view = GAME.player_view(state, seat)
        assert (view.pool, view.claims, view.collections) == (
            state.pool,
            state.claims,
            state.collections,
        )
        assert (view.bag, view.drawn, view.rock_pairs) == (state.bag, 2, 0)
        assert not hasattr(view, "rng")


# G28-G30, §5.4: scoring


def test_G30_5_4_rule_book_example_scores_14() -> None:
    """G30/§5.4: 4+3+2+1+1 colours, 1 Larva, 3 Scary and the most Scary: 14."""
    example = tokens("c1 c1 c1 c1 c2 c2 c2 c3 c3 c4 c5 larva scary scary scary")
    assert score(example, most_scary=True) == 14
    assert scores([example, tokens("scary")]) == (14, -1)


def test_G28_only_colours_are_bug_types_and_a_4_stack_counts_as_present() -> None:
    """G28: colour points 1/3/6/0; the set bonus needs all five colours (a 4-stack counts);
    Larva and Scary are not bug types."""
    assert score(tokens("c1"), False) == 1
    assert score(tokens("c1 c1"), False) == 3
    assert score(tokens("c1 c1 c1"), False) == 6
    assert score(tokens("c1 c1 c1 c1"), False) == 0
    assert score(tokens("c1 c1 c1 c1 c2 c3 c4 c5"), False) == 0 + 4 + 5
    assert score(tokens("c1 c2 c3 c4 larva scary"), False) == 4 + 3 - 1  # no bonus


def test_G29_most_scary_needs_at_least_one_and_ties_all_pay() -> None:
    """G29: nobody pays at 0 Scary; tied leaders all pay -2, the others do not."""
    assert scores([tokens("c1"), tokens("c2")]) == (1, 1)
    assert scores([tokens("scary scary"), tokens("scary scary"), tokens("scary")]) == (-4, -4, -1)


# G31, G32: the end


def test_G31_last_pair_finishes_the_turn_then_scores() -> None:
    """G31: the 5th pair (4 players) ends the game only after the turn: grabs, leftovers; then
    no further turn. One pair fewer and the game goes on."""
    start = position(
        phase=Phase.DRAW, pool="rock c1 c2 c3", claims={1: 1}, rock_pairs=4, bag="rock"
    )
    state = settle(start)
    assert state.end_triggered
    assert state.phase is Phase.CHOOSE  # Grab 1's tie still resolves
    state = run(state, "take c1", "take all")
    assert state.phase is Phase.GAME_OVER
    assert rules.current_player(state) == TERMINAL
    assert state.turn_no == 1
    assert state.collections[0] == tokens("c2 c3")
    going_on = settle(
        position(
            phase=Phase.DRAW,
            pool="rock c1",
            claims={1: 1},
            rock_pairs=3,
            bag="rock c2 c2 c2 c2 c2 c2 c2",
        )
    )
    # The second Rock may come at once or later; either way the game continues past turn 1.
    while going_on.turn_no == 1:
        going_on = rules.apply(going_on, rules.legal_actions(going_on)[0])
    assert not going_on.end_triggered
    assert going_on.phase is not Phase.GAME_OVER


def test_G32_a_tie_shares_the_victory() -> None:
    """G32: two seats tied on the top score share the win; returns split 1 between them."""
    state = settle(
        position(
            players=3,
            pool="",
            end_triggered=True,
            collections=["c1 c1", "c2 c2", "c3"],
            phase=Phase.CLEANUP,
        )
    )
    assert state.phase is Phase.GAME_OVER
    assert GAME.scores(state) == (3, 3, 1)
    assert GAME.winners(state) == (0, 1)
    assert GAME.returns(state) == (0.5, 0.5, 0.0)


# G33: claiming Grab tokens


def test_G33_any_free_token_once_per_turn_never_the_drawer() -> None:
    """G33: Grab 5 may be taken while 1 is free; a grabber holding a token cannot take a
    second; a taken token is final; the Drawer never grabs."""
    state = at_window(pool="c1 c2", claims={1: 2}, drawer=0)
    legal(state, "2:claim 5")
    illegal(state, "3:claim 2", "G33")  # seat 2 holds Grab 1
    illegal(state, "2:claim 1", "G33")  # Grab 1 is taken
    illegal(state, "1:claim 2", "G33")  # the Drawer
    assert "3:wait" not in names(state)


# G34 / §7.2: reaction windows


def test_G34_7_2_priority_rotates_every_window() -> None:
    """§7.2.4: 4 players, grabbers A, B, C from the Drawer's left: A>B>C, B>C>A, C>A>B, A>B>C."""
    state = position(drawer=0)
    assert [rules.priority(state, k) for k in (1, 2, 3, 4)] == [
        (1, 2, 3),
        (2, 3, 1),
        (3, 1, 2),
        (1, 2, 3),
    ]
    five = position(players=5, drawer=3)
    assert rules.priority(five, 1) == (4, 0, 1, 2)
    assert rules.priority(five, 3) == (1, 2, 4, 0)


def test_G34_7_2_conflict_goes_to_priority_and_the_loser_regrabs() -> None:
    """§7.2.4: seats 1 and 3 both claim Grab 3. In window 2 (P = 2>3>1) seat 3 wins; in
    window 1 (P = 1>2>3) seat 1 would. The loser alone re-grabs at once in sub-round 2: the
    waiter may not, and the lost token stays taken."""
    bag = "c1 " * 20
    state = at_window(pool="c1 c2", bag=bag)
    assert rules.current_player(state) == SIMULTANEOUS
    happened: list[ev.Event] = []
    state = run(state, "2:claim 3", "3:wait")
    state = legal(state, "4:claim 3", happened)
    assert ev.WindowResolved(1, ((3, 3),), (2,), ((1, 3, 3),), True) in happened
    assert state.claims[2] == 3
    assert state.window is not None and state.window.subround == 2
    assert state.window.seats == (1,)
    illegal(state, "3:claim 1", "G34")
    illegal(state, "2:claim 3", "G33")
    state = legal(state, "2:claim 1")
    assert state.claims[0] == 1
    assert state.phase is Phase.WINDOW and state.drawn == 3  # the next reveal came
    first = run(at_window(pool="c1", bag=bag), "2:claim 3", "3:wait", "4:claim 3")
    assert first.claims[2] == 1


def test_G34_7_2_three_way_conflict_takes_two_subrounds() -> None:
    """§7.2.4: three claimants of one token: the first in P_k wins; the two losers re-grab, and
    a second conflict sends the last of them to a third sub-round."""
    state = run(at_window(pool="c1", bag="c1 " * 20), "2:claim 2", "3:claim 2", "4:claim 2")
    assert state.claims[1] == 1
    assert state.window is not None and state.window.seats == (2, 3)
    state = run(state, "3:claim 4", "4:claim 4")
    assert state.claims[3] == 2
    assert state.window is not None
    assert (state.window.subround, state.window.seats) == (3, (3,))
    state = legal(state, "4:wait")
    assert state.window is not None and state.window.subround == 1  # window 2
    assert GAME.pending_seats(state) == (3,)


def test_G34_7_2_each_seat_submits_once_per_subround() -> None:
    """§7.2.4: a seat that submitted cannot submit again in the same sub-round."""
    state = legal(at_window(pool="c1"), "2:claim 3")
    illegal(state, "2:wait", "G34")
    assert GAME.pending_seats(state) == (2, 3)
    assert GAME.legal_actions_for(state, 1) == ()
    assert GAME.legal_actions_for(state, 2)[0] == Wait(2)


def test_G34_7_4_sequential_mode_polls_in_priority_order() -> None:
    """§7.4 `sequential`: the grabbers answer one at a time in P_k; a claim takes effect at
    once; answering out of turn is illegal."""
    state = at_window(pool="c1 c2", grab_mode="sequential", bag="c1 " * 20)  # P = 2>3>1
    assert rules.current_player(state) == 2
    illegal(state, "2:claim 3", "G34")
    state = legal(state, "3:claim 3")
    assert state.claims[2] == 2
    assert rules.current_player(state) == 3
    illegal(state, "4:claim 3", "G33")
    state = run(state, "4:wait", "2:claim 1")
    assert state.claims[0] == 1
    assert rules.current_player(state) == 3  # window 3 asks the one unclaimed grabber


def test_G34_7_2_random_games_never_have_more_windows_than_reveals() -> None:
    """§7.2.4: at most LIMIT - 1 windows per turn and n - 1 sub-rounds per window."""
    for seed in range(5):
        for step in play(GAME, GAME.make_setup({"players": 5}), seed):
            w = step.state.window
            if w is not None:
                assert step.state.drawn < TOKEN_LIMIT[5]
                assert w.subround <= 4


def test_G34_grab_mode_option() -> None:
    """§7.4: grab_mode is windowed_regrab by default, sequential on request, nothing else."""
    assert GAME.make_setup({"players": 4}).grab_mode == "windowed_regrab"
    setup = GAME.make_setup({"players": 3, "grab_mode": "sequential"})
    assert GAME.setup_options(setup) == {"players": 3, "grab_mode": "sequential"}
    assert GAME.make_setup(GAME.setup_options(setup)) == setup
    with pytest.raises(SetupError, match="grab_mode must be one of windowed_regrab, sequential"):
        GAME.make_setup({"players": 4, "grab_mode": "ranked"})
    with pytest.raises(SetupError, match="unknown option 'speed'"):
        GAME.make_setup({"players": 4, "speed": 2})


def test_take_notation_is_sorted() -> None:
    """Take carries its kinds sorted, whatever order the text names them in."""
    assert parse_action("take scary+c1") == Take((C1, SCARY))
