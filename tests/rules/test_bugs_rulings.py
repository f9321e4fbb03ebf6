"""One test per ruling B1-B37 of docs/rules/bugs.md §3, the legal and the illegal side both
asserted."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
from bugs_positions import illegal, legal, names, position, run, total_cards

from bugs_core.bugs import GAME, rules
from bugs_core.bugs.actions import PASS_LEAD, Play, WipeOut, parse_action
from bugs_core.bugs.cards import (
    DECK,
    EMPTY,
    EXTERMINATOR,
    NET,
    OUTBREAK,
    REPELLENT,
    bug_count,
    cards_of,
    copies,
    hand_of,
)
from bugs_core.bugs.state import HANDS_PER_GAME, BugsSetup, Phase, Restriction
from bugs_core.bugs.view import player_view
from bugs_core.engine import TERMINAL, play
from bugs_core.errors import IllegalActionError, SetupError
from bugs_core.rng import Rng

# B1-B6: players, hands, deck, deal, direction


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_B01_three_to_six_players_accepted(players: int) -> None:
    """B1: 3-6 players."""
    state = rules.initial_state(BugsSetup(players=players), Rng(1))
    assert len(state.hands) == players
    assert GAME.min_players == 3
    assert GAME.max_players == 6


@pytest.mark.parametrize("players", [0, 1, 2, 7, 10])
def test_B01_other_player_counts_rejected(players: int) -> None:
    """B1: reject other counts by default."""
    with pytest.raises(SetupError):
        BugsSetup(players=players)
    with pytest.raises(SetupError):
        BugsSetup.from_options({"players": players})


def test_B02_always_six_hands() -> None:
    """B2: always 6 hands; hand 5 ending deals hand 6, hand 6 ending ends the game."""
    assert HANDS_PER_GAME == 6
    fifth = legal(position([[9], [1, 2], [3]], hand_no=5), "1x9")
    assert fifth.hand_no == 6
    assert fifth.phase is Phase.LEAD
    sixth = legal(position([[9], [1, 2], [3]], hand_no=6), "1x9")
    assert sixth.phase is Phase.GAME_OVER
    assert sixth.hand_no == 6
    assert rules.legal_actions(sixth) == ()


def test_B02_a_random_game_lasts_six_hands() -> None:
    """B2: a whole game played out by a random policy has exactly six hands."""
    steps = list(play(GAME, BugsSetup(players=6), seed=11))
    final = steps[-1].state
    assert final.phase is Phase.GAME_OVER
    assert len(final.hand_scores) == 6
    assert [s.state.hand_no for s in steps[:-1]] == sorted(s.state.hand_no for s in steps[:-1])
    assert {s.state.hand_no for s in steps} == {1, 2, 3, 4, 5, 6}


def test_B03_deck_contents() -> None:
    """B3: 54 cards: 10-v copies of v = 1..9, 2 Outbreak, 3 Net, 3 Repellent, 1 Exterminator."""
    assert [DECK[v] for v in range(1, 10)] == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert [copies(v) for v in range(1, 10)] == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert (DECK[OUTBREAK], DECK[NET], DECK[REPELLENT], DECK[EXTERMINATOR]) == (2, 3, 3, 1)
    assert sum(DECK) == 54
    assert bug_count(DECK) == 45
    for players in (3, 4, 5, 6):
        state = rules.initial_state(BugsSetup(players=players), Rng(players))
        assert total_cards(state) == DECK


def test_B03_no_bug_value_outside_1_to_9() -> None:
    """B3: bug values run 1..9; a play of value 10 is illegal."""
    state = position([[1, 2, 9], [3], [4]])
    illegal(state, Play(10, 1), "B3")
    illegal(state, WipeOut(0), "B3")
    legal(state, "1x9")


def test_B04_first_dealer_seeded_random_by_default() -> None:
    """B4: config `first_dealer`; default: seeded random seat."""
    setup = BugsSetup(players=5)
    dealers = {rules.initial_state(setup, Rng(seed)).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3, 4}
    for seed in range(5):
        a = rules.initial_state(setup, Rng(seed))
        b = rules.initial_state(setup, Rng(seed))
        assert a == b
        assert a.to_act == a.dealer
        assert a.phase is Phase.LEAD


def test_B04_first_dealer_fixed_seat() -> None:
    """B4: a fixed `first_dealer` deals hand 1 and leads it, whatever the seed."""
    for seed in range(10):
        state = rules.initial_state(BugsSetup(players=4, first_dealer=2), Rng(seed))
        assert (state.dealer, state.to_act, state.phase) == (2, 2, Phase.LEAD)


@pytest.mark.parametrize(
    "players, sizes",
    [(3, [18, 18, 18]), (4, [14, 14, 13, 13]), (5, [11, 11, 11, 11, 10]), (6, [9] * 6)],
)
def test_B05_deal_from_dealers_left_one_at_a_time(players: int, sizes: list[int]) -> None:
    """B5: one at a time from the dealer's left; extra cards go to the earliest in the deal, the
    dealer never has more than anyone else. `sizes` are in deal order, the dealer last."""
    for dealer in range(players):
        state = rules.initial_state(BugsSetup(players=players, first_dealer=dealer), Rng(7))
        in_deal_order = [sum(state.hands[(dealer + 1 + i) % players]) for i in range(players)]
        assert in_deal_order == sizes
        assert sum(state.hands[dealer]) == min(in_deal_order)


def test_B05_card_i_of_the_shuffle_goes_to_seat_dealer_plus_1_plus_i() -> None:
    """B5: the i-th card of the shuffled deck goes to seat (dealer + 1 + i) mod n."""
    deck = cards_of(DECK)
    Rng(5).shuffle(deck)
    hands = rules.deal(4, 1, Rng(5))
    expected = [hand_of(deck[(seat - 2) % 4 :: 4]) for seat in range(4)]
    assert list(hands) == expected


def test_B06_direction_reset_to_left_each_hand() -> None:
    """B6: direction left (+1) at the start of each hand, reset at every new hand."""
    reversed_hand = position([[5], [1, 2], [3]], direction=-1)
    after = legal(reversed_hand, "1x5")
    assert after.hand_no == 2
    assert after.direction == 1
    assert rules.initial_state(BugsSetup(players=3), Rng(0)).direction == 1


def test_B06_reversal_persists_through_pick_up_until_another_repellent() -> None:
    """B6: a reversal persists through pick-ups within a hand until another Repellent."""
    state = position([[2, 3, 3, 4], [REPELLENT, 5, 5], [REPELLENT, 6, 6]])
    state = run(state, "1x2", "repellent")
    assert (state.direction, state.to_act) == (-1, 0)
    state = legal(state, "pickup")
    assert (state.direction, state.phase, state.to_act) == (-1, Phase.LEAD, 0)
    state = legal(state, "1x3")
    assert state.to_act == 2  # still counter-clockwise after the pick-up
    state = legal(state, "repellent")
    assert (state.direction, state.to_act) == (1, 0)


# B7-B16: leads, swarm size, beats, Outbreaks, action cards


def test_B07_a_lead_is_one_value_with_outbreaks() -> None:
    """B7: one bug value v: c >= 1 real cards of v plus 0..k Outbreaks; value (c+k)v; never
    mixed values."""
    state = position([[2, 2, 2, OUTBREAK, 5], [3], [4]])
    assert names(state) == {
        "1x2",
        "1x2+o",
        "2x2",
        "2x2+o",
        "3x2",
        "3x2+o",
        "1x5",
        "1x5+o",
    }
    after = legal(state, "2x2+o")
    assert (after.swarm_size, after.swarm_value, after.phase) == (6, 2, Phase.RESPOND)
    illegal(state, "4x2", "B7")
    illegal(state, "1x3", "B7")


def test_B08_outbreak_never_alone() -> None:
    """B8: Outbreak needs >= 1 real bug in the same play, in every context."""
    lead = position([[OUTBREAK, OUTBREAK, 3], [4], [5]])
    assert all(a.count >= 1 for a in rules.legal_actions(lead) if isinstance(a, Play))
    illegal(lead, Play(3, 0, 1), "B8")
    illegal(lead, Play(3, 0, 2), "B8")
    legal(lead, "1x3+oo")
    respond = position([[4], [OUTBREAK, 5, 5], [6]], pile=[(0, 4, 1)], to_act=1)
    illegal(respond, Play(4, 0, 1), "B8")  # "increase" with an Outbreak alone
    illegal(respond, Play(5, 0, 1), "B8")  # "beat" with an Outbreak alone
    legal(respond, "1x5+o")


def test_B09_two_outbreaks_in_one_play() -> None:
    """B9: several Outbreaks in one play: each adds one copy, so both with one 9 = 27."""
    state = position([[9, OUTBREAK, OUTBREAK, 1], [1], [2]])
    after = legal(state, "1x9+oo")
    assert after.swarm_size == 27
    assert after.discard[OUTBREAK] == 2


def test_B09_outbreaks_outside_the_limit_are_illegal() -> None:
    """B9: at most `max_outbreaks_per_play` (default 2) Outbreaks; never a negative number."""
    state = position([[9, OUTBREAK, OUTBREAK, OUTBREAK, 1], [1], [2]])  # three: a built position
    illegal(state, Play(9, 1, 3), "B9")
    illegal(state, Play(9, 1, -1), "B9")
    one = position([[9, OUTBREAK, OUTBREAK, 1], [1], [2]], max_outbreaks_per_play=1)
    illegal(one, "1x9+oo", "B9")
    assert legal(one, "1x9+o").swarm_size == 18


def test_B10_no_action_card_on_a_lead() -> None:
    """B10: action cards only answer an existing swarm; never on a lead."""
    state = position([[NET, REPELLENT, EXTERMINATOR, 2], [3], [4]])
    for text in ("net", "repellent", "exterminator"):
        illegal(state, text, "B10")
    legal(state, "1x2")
    respond = position([[3], [NET, REPELLENT, EXTERMINATOR, 2], [4]], pile=[(0, 3, 1)], to_act=1)
    assert {"net", "repellent", "exterminator"} <= names(respond)


def test_B11_leader_must_lead() -> None:
    """B11: the leader may not pass or pick up while a lead exists."""
    state = position([[2, NET], [3], [4]])
    illegal(state, "pickup", "B11")
    illegal(state, "pass", "B11")
    assert names(state) == {"1x2"}


def test_B11_forced_pass_lead_without_a_legal_lead() -> None:
    """B11: no legal lead (no bug cards, or only the restricted value below the threshold):
    the lead passes to the next player in the current direction."""
    no_bugs = position([[NET, OUTBREAK], [3], [4]])
    assert rules.legal_actions(no_bugs) == (PASS_LEAD,)
    after = legal(no_bugs, "pass")
    assert (after.phase, after.to_act, after.hands) == (Phase.LEAD, 1, no_bugs.hands)
    assert legal(position([[NET, OUTBREAK], [3], [4]], direction=-1), "pass").to_act == 2
    restricted = position([[2, NET], [3], [4]], restriction=(0, 2, 10))
    assert names(restricted) == {"pass"}
    assert legal(restricted, "pass").to_act == 1


def test_B12_swarm_size_of_the_current_run() -> None:
    """B12: a lead or beat sets the size to (c+k)v, an increase adds (c+k)v, an Exterminator
    sets 0; Outbreaks count but go to the discard pile, not the pile."""
    state = position([[3, 3, 3, EXTERMINATOR, 1], [3, 1], [3, OUTBREAK, 1], [7, 7, 7, 1]], to_act=0)
    state = legal(state, "3x3")
    assert (state.swarm_size, state.swarm_value) == (9, 3)
    state = legal(state, "1x3")
    assert state.swarm_size == 12
    state = legal(state, "1x3+o")
    assert state.swarm_size == 18
    assert state.discard[OUTBREAK] == 1
    assert sum(p.count for p in state.pile) == 5  # the Outbreak is not a card of the pile
    state = legal(state, "3x7")
    assert (state.swarm_size, state.swarm_value) == (21, 7)  # a beat replaces
    state = legal(state, "exterminator")
    assert (state.swarm_size, state.swarm_value) == (0, 0)
    assert Play(3, 1, 1).size == 6  # the engine computes the announcement


def test_B13_same_bugs_means_the_current_swarm_value() -> None:
    """B13: after a Net, 'the same bugs' is the value of the last bug play since the lead."""
    state = position([[3, 3, 3, 1], [5, 5, 1], [NET, 1], [5, 3, 1]])
    state = run(state, "3x3", "2x5", "net")
    assert state.to_act == 3
    assert legal(state, "1x5").swarm_size == 15  # an increase of the 5s
    illegal(state, "1x3", "B14")  # 3s are no longer the swarm: a beat of 10 it is not


def test_B14_beat_needs_a_different_value_strictly_greater() -> None:
    """B14: a beat is a different single value, strictly greater than the swarm size; the value
    may already lie lower in the pile."""
    state = position([[1], [4, 4, 3, 3, 3, 1], [2]], pile=[(0, 2, 4)], to_act=1)
    assert state.swarm_size == 8
    illegal(state, "2x4", "B14")
    illegal(state, "1x1", "B14")
    after = legal(state, "3x3")
    assert (after.swarm_size, after.swarm_value, len(after.pile)) == (9, 3, 2)
    again = position([[1], [7, 1], [2, 2, 2, 2, 1]], pile=[(0, 2, 1), (1, 7, 1)], to_act=2)
    assert legal(again, "4x2").swarm_size == 8  # 2s lie lower in the pile


def test_B15_outbreak_in_an_increase_or_a_beat() -> None:
    """B15: Outbreak is usable in an increase or a beat with >= 1 real card of that value."""
    state = position([[1], [3, OUTBREAK, 5, 5], [2]], pile=[(0, 3, 3)], to_act=1)
    assert legal(state, "1x3+o").swarm_size == 15
    after = legal(state, "1x5+o")
    assert (after.swarm_size, after.swarm_value) == (10, 5)
    illegal(state, "1x5", "B14")  # 5 does not beat 9 without the Outbreak
    illegal(state, "1x3+oo", "B15")  # one Outbreak held


def test_B16_one_option_and_one_action_card_per_turn() -> None:
    """B16: exactly one of A/B/C/D per turn, and one action card."""
    state = position([[2, 1], [NET, REPELLENT, 5], [4, 4]])
    state = legal(state, "1x2")
    after_net = legal(state, "net")
    assert after_net.to_act == 2  # the turn is over after one action card
    assert after_net.hands[1] == hand_of([REPELLENT, 5])
    illegal(after_net, "repellent", "B16")  # no second action card: seat 2 acts now


def test_B17_net_passes_the_swarm_unchanged() -> None:
    """B17: discard the Net; the unchanged swarm passes to the next player in direction."""
    state = position([[1], [NET, 1], [2], [3]], pile=[(0, 3, 2)], to_act=1)
    after = legal(state, "net")
    assert (after.swarm_size, after.swarm_value, after.pile) == (6, 3, state.pile)
    assert (after.to_act, after.direction, after.phase) == (2, 1, Phase.RESPOND)
    assert after.discard[NET] == 1
    assert after.hands[1] == hand_of([1])
    back = position([[1], [NET, 1], [2], [3]], pile=[(2, 3, 2)], to_act=1, direction=-1)
    assert legal(back, "net").to_act == 0
    illegal(position([[1], [NET], [2]], pile=[(0, 3, 2)], to_act=1), "net", "B27")


def test_B18_repellent_skips_netters() -> None:
    """B18: 4 seats: S0 leads, S1 Net, S2 Repellent -> S0 acts, direction -1."""
    state = position([[2, 2, 1], [NET, 1], [REPELLENT, 1], [5, 1]])
    state = run(state, "1x2", "net", "repellent")
    assert (state.direction, state.to_act) == (-1, 0)
    assert state.discard[REPELLENT] == 1
    assert state.to_act != 1  # the netter is invisible
    assert legal(state, "1x2").to_act == 3  # play continues in the new direction


def test_B18_repellent_when_every_other_seat_netted() -> None:
    """B18: never the Repellent player; if every other seat is skipped, the adjacent seat."""
    state = position([[2, 2, NET, 1], [NET, REPELLENT, 1], [NET, 1]])
    state = run(state, "1x2", "net", "net", "net")
    assert state.to_act == 1
    after = legal(state, "repellent")
    assert (after.direction, after.to_act) == (-1, 0)


def test_B19_net_or_repellent_back_to_the_swarms_owner() -> None:
    """B19: allowed: the owner faces its own swarm and may pick it up (taking back its lead)."""
    netted = run(position([[2, 2, 5, 1], [NET, 1], [NET, 1]]), "1x2", "net", "net")
    assert (netted.to_act, netted.swarm_size, netted.pile[-1].seat) == (0, 2, 0)
    sprayed = run(position([[2, 2, 5, 1], [REPELLENT, 1], [NET, 1]]), "1x2", "repellent")
    assert (sprayed.to_act, sprayed.direction) == (0, -1)
    taken_back = legal(netted, "pickup")
    assert taken_back.hands[0] == hand_of([2, 2, 5, 1])
    assert (taken_back.phase, taken_back.to_act) == (Phase.LEAD, 0)
    assert taken_back.restriction == Restriction(0, 2, 2)
    illegal(netted, "1x1", "B14")  # facing its own swarm, it still must beat it


def test_B20_exterminator_zeroes_the_swarm_and_keeps_the_bugs() -> None:
    """B20: swarm 0, no value, bugs stay; the next player may start any single value, use an
    action card or pick up. Not a lead: no wipe-out."""
    state = position([[3, 3, 3, 1], [EXTERMINATOR, 4], [9, 1, 7, NET]])
    state = run(state, "3x3", "exterminator")
    assert (state.swarm_size, state.swarm_value, state.to_act) == (0, 0, 2)
    assert state.phase is Phase.RESPOND
    assert [(p.value, p.count) for p in state.pile] == [(3, 3)]
    assert state.discard[EXTERMINATOR] == 1
    assert names(state) == {"1x1", "1x7", "1x9", "net", "pickup"}
    illegal(state, "wipe 9", "B25")
    after = legal(state, "1x1")
    assert (after.swarm_size, after.swarm_value, len(after.pile)) == (1, 1, 2)


def test_B21_pick_up_always_legal_when_responding() -> None:
    """B21: voluntary pick-up is always legal on a response turn, including at swarm 0 after
    an Exterminator; never on a lead; a responder picks up rather than passes."""
    state = position([[3, 3, 3, 1], [EXTERMINATOR, 4, 4, 4, 4], [1, 7]])
    state = legal(state, "3x3")
    assert "pickup" in names(state)  # even holding a beat (4x4 = 16)
    illegal(state, "pass", "B21")
    zero = legal(state, "exterminator")
    assert legal(zero, "pickup").phase is Phase.LEAD
    illegal(position([[1, 2], [3], [4]]), "pickup", "B11")


def test_B22_pick_up_takes_every_bug_since_the_lead_not_the_discard() -> None:
    """B22: every bug card in the pile since the last lead, including those before an
    Exterminator; never the discard pile (Outbreak, action cards)."""
    state = position([[3, 3, OUTBREAK, 1], [EXTERMINATOR, 1], [7, 1]])
    state = run(state, "2x3+o", "exterminator", "1x7")
    after = legal(state, "pickup")
    assert after.hands[0] == hand_of([1, 3, 3, 7])
    assert after.hands[0][OUTBREAK] == after.hands[0][EXTERMINATOR] == 0
    assert after.discard == hand_of([OUTBREAK, EXTERMINATOR])
    assert after.pile == ()


def test_B23_the_picker_leads_at_once() -> None:
    """B23: the picker leads immediately; nobody acts in between; direction unchanged."""
    state = position([[1], [5, 5, 1], [2]], pile=[(0, 6, 1)], to_act=1, direction=-1)
    after = legal(state, "pickup")
    assert (after.phase, after.to_act, after.direction) == (Phase.LEAD, 1, -1)
    assert all(isinstance(a, Play | WipeOut) for a in rules.legal_actions(after))
    illegal(after, "net", "B10")


def test_B24_lead_restriction_after_a_one_value_pick_up() -> None:
    """B24: a one-value pile restricts the picker's next lead of v to more than the announced
    size at pick-up (Outbreak duplicates included); other values are free."""
    state = position([[4, 1, OUTBREAK], [4, 4, OUTBREAK, 1], [5]])
    state = run(state, "1x4+o", "pickup")
    assert state.restriction == Restriction(1, 4, 8)
    assert state.hands[1] == hand_of([1, 4, 4, 4, OUTBREAK])
    illegal(state, "2x4", "B24")  # 8 is not more than 8
    illegal(state, "1x4+o", "B24")
    legal(state, "3x4")  # 12
    legal(state, "2x4+o")  # 12
    after = legal(state, "1x1")  # another value: unrestricted
    assert after.restriction is None  # expires after that lead


def test_B24_restriction_expires_after_a_pass_lead_and_allows_a_wipe_out() -> None:
    """B24: expires after a PassLead; wiping out v is allowed (a wipe-out is not a lead)."""
    passed = legal(position([[2, NET], [3], [4]], restriction=(0, 2, 10)), "pass")
    assert passed.restriction is None
    state = position([[4, 4, 1], [4, 4, 4, 4, 1], [5]])
    state = run(state, "2x4", "pickup")
    assert state.restriction == Restriction(1, 4, 8)
    assert state.hands[1][4] == 6
    after = legal(state, "wipe 4")
    assert (after.phase, after.to_act, after.hands[1]) == (Phase.LEAD, 1, hand_of([1]))


def test_B25_wipe_out_only_when_leading() -> None:
    """B25: only in the LEAD phase (the dealer's opening lead, or after a pick-up); all 10-v
    copies; 0..2 Outbreaks go with it; discards are public; the player leads again."""
    colony = [3] * 7
    state = position([[*colony, 9, OUTBREAK, OUTBREAK, 1], [2], [5]])
    assert {"wipe 3", "wipe 3+o", "wipe 3+oo", "wipe 9", "wipe 9+o", "wipe 9+oo"} <= names(state)
    after = legal(state, "wipe 3+o")
    assert (after.phase, after.to_act) == (Phase.LEAD, 0)
    assert after.discard == hand_of([*colony, OUTBREAK])
    assert player_view(after, 2).discard == after.discard
    illegal(after, "wipe 9+oo", "B15")  # one Outbreak left
    responding = position([[1], [*colony, 2], [5]], pile=[(0, 1, 1)], to_act=1)
    illegal(responding, "wipe 3", "B25")


def test_B25_wipe_out_needs_the_whole_colony() -> None:
    """B25: the player must hold all 10-v copies of v."""
    state = position([[3, 3, 3, 3, 3, 3, 8, 1], [2], [5]])
    illegal(state, "wipe 3", "B25")
    illegal(state, "wipe 8", "B25")


def test_B26_a_wipe_out_may_empty_the_hand() -> None:
    """B26: a wipe-out that empties the hand ends it with that player out."""
    for hand, text in (([9], "wipe 9"), ([9, OUTBREAK], "wipe 9+o")):
        after = legal(position([hand, [2, 2], [5]]), text)
        assert after.hand_no == 2
        assert after.last_hand is not None
        assert (after.last_hand.out, after.last_hand.reason) == (0, "out")
        assert after.last_hand.points == (0, 2, 1)
    kept = legal(position([[9, OUTBREAK], [2, 2], [5]]), "wipe 9")
    assert (kept.hand_no, kept.phase, kept.to_act) == (1, Phase.LEAD, 0)


@pytest.mark.parametrize("card", [NET, REPELLENT, EXTERMINATOR])
def test_B27_no_action_card_as_the_last_card(card: int) -> None:
    """B27: a Net/Repellent/Exterminator play is illegal if it is the player's last card."""
    last = position([[1], [card], [2]], pile=[(0, 4, 1)], to_act=1)
    text = {NET: "net", REPELLENT: "repellent", EXTERMINATOR: "exterminator"}[card]
    illegal(last, text, "B27")
    assert names(last) == {"pickup"}
    assert text in names(position([[1], [card, 1], [2]], pile=[(0, 4, 1)], to_act=1))


def test_B27_a_bug_play_with_outbreak_may_empty_the_hand() -> None:
    """B27: a bug play that includes Outbreak(s) may empty the hand."""
    state = position([[1], [5, OUTBREAK], [2]], pile=[(0, 3, 3)], to_act=1)
    after = legal(state, "1x5+o")
    assert after.last_hand is not None
    assert (after.last_hand.out, after.hand_no) == (1, 2)


@pytest.mark.parametrize(
    "cards, expected",
    [
        ([NET, REPELLENT], {"net", "repellent", "pickup"}),
        ([NET], {"pickup"}),
        ([OUTBREAK, OUTBREAK], {"pickup"}),
        ([OUTBREAK, NET], {"net", "pickup"}),
    ],
)
def test_B28_last_cards_that_are_action_cards(cards: list[int], expected: set[str]) -> None:
    """B28: responder holds [Net, Repellent] -> Net, Repellent and PickUp; [Net] -> only
    PickUp; [Outbreak, Outbreak] -> only PickUp; [Outbreak, Net] -> Net."""
    state = position([[1], cards, [2]], pile=[(0, 4, 1)], to_act=1)
    assert names(state) == expected


def test_B28_outbreak_and_net_then_only_pick_up() -> None:
    """B28: [Outbreak, Net]: Net legal, and next time only PickUp."""
    state = position([[4, NET, 1], [OUTBREAK, NET], [NET, 1]], pile=[(0, 4, 1)], to_act=1)
    state = run(state, "net", "net", "net")
    assert state.to_act == 1
    assert state.hands[1] == hand_of([OUTBREAK])
    assert names(state) == {"pickup"}
    illegal(state, "net", "B16")


def test_B29_the_hand_ends_at_once_when_a_hand_empties() -> None:
    """B29: immediately when any hand becomes empty; the swarm is not answered."""
    state = position([[1], [5, 5], [9, 9]], pile=[(0, 4, 2)], to_act=1)
    after = legal(state, "2x5")
    assert after.hand_no == 2
    assert after.last_hand is not None
    assert (after.last_hand.out, after.last_hand.reason) == (1, "out")
    assert after.last_hand.hands[2] == hand_of([9, 9])
    going_on = legal(position([[1], [5, 5, 1], [9]], pile=[(0, 4, 2)], to_act=1), "2x5")
    assert (going_on.hand_no, going_on.to_act, going_on.phase) == (1, 2, Phase.RESPOND)


def test_B30_one_point_per_card_of_any_kind() -> None:
    """B30: every other player scores 1 per card in hand, all kinds; the player out scores 0."""
    state = position(
        [[9], [1, OUTBREAK, NET], [REPELLENT, EXTERMINATOR, 2, 2, 3]], scores=[4, 2, 7], hand_no=2
    )
    after = legal(state, "1x9")
    assert after.last_hand is not None
    assert after.last_hand.points == (0, 3, 5)
    assert after.scores == (4, 5, 12)
    assert after.hand_scores[-1] == (0, 3, 5)
    assert len(after.hand_scores) == 2


def test_B31_most_points_in_the_hand_deals_next() -> None:
    """B31: the player with the most points scored in the hand just played (not in total)."""
    state = position([[9], [1, 1], [5, 5, 5], [1]], scores=[0, 50, 0, 0], hand_no=2)
    after = legal(state, "1x9")
    assert after.last_hand is not None
    assert after.last_hand.next_dealer == 2
    assert (after.dealer, after.to_act) == (2, 2)


def test_B31_ties_go_to_most_ones_then_twos() -> None:
    """B31: ties: most 1s, then 2s, ... at the first difference; action cards are ignored."""
    ones = legal(position([[9], [1, 2, 2], [1, 1, 9], [2, 2, 2]], dealer=0), "1x9")
    assert ones.dealer == 2
    twos = legal(position([[9], [1, 2, 2], [1, 2, 3], [1, NET, NET]], dealer=1), "1x9")
    assert twos.dealer == 1  # last clockwise from seat 2, but most 2s


def test_B31_still_tied_first_clockwise_from_previous_dealers_left() -> None:
    """B31: still tied: the first of them clockwise from the previous dealer's left."""
    state = position([[9], [5, NET], [7], [5, OUTBREAK]], dealer=2, to_act=0)
    after = legal(state, "1x9")
    assert after.last_hand is not None
    assert after.last_hand.points == (0, 2, 1, 2)
    assert after.dealer == 3  # seat 3 is the previous dealer's left; seat 1 comes later


def test_B32_lowest_total_wins_and_ties_share() -> None:
    """B32: lowest cumulative score after 6 hands; ties share the win."""
    state = position([[9], [1], [2]], scores=[10, 4, 4], hand_no=6)
    over = legal(state, "1x9")
    assert over.phase is Phase.GAME_OVER
    assert over.scores == (10, 5, 5)
    assert rules.winners(over) == (1, 2)
    assert GAME.returns(over) == (0.0, 0.5, 0.5)
    assert GAME.current_player(over) == TERMINAL
    assert over.last_hand is not None
    assert over.last_hand.next_dealer is None
    assert rules.legal_actions(over) == ()
    with pytest.raises(IllegalActionError) as info:
        rules.apply(over, parse_action("1x1"))
    assert info.value.rule == "B32"
    assert GAME.returns(state) == (0.0, 0.0, 0.0)


def test_B33_hands_private_sizes_and_the_table_public() -> None:
    """B33: hands are private; hand sizes, pile, discard, swarm, direction, restriction and
    scores are public."""
    state = position(
        [[1, 2, 3], [4, 4, 5, NET], [6, 7]],
        pile=[(0, 4, 1)],
        to_act=1,
        direction=-1,
        discard=[OUTBREAK],
        scores=[3, 1, 2],
        hand_no=2,
    )
    view = player_view(state, 2)
    field_names = {f.name for f in fields(view)}
    assert "hands" not in field_names
    assert "rng" not in field_names
    assert view.hand == state.hands[2]
    assert view.hand_sizes == (3, 4, 2)
    assert (view.pile, view.discard, view.swarm_size, view.swarm_value) == (
        state.pile,
        state.discard,
        4,
        4,
    )
    assert (view.direction, view.restriction, view.scores) == (-1, None, (3, 1, 2))
    other_hands = (hand_of([9, 9, 9]), hand_of([1, 1, 1, 1]), state.hands[2])
    assert player_view(replace(state, hands=other_hands), 2) == view  # contents stay hidden
    assert player_view(state, 1).hand == state.hands[1]


def test_B34a_stall_when_no_bug_card_is_left() -> None:
    """B34a: if a PassLead leaves no bug card in any hand, the hand ends with nobody out and is
    scored normally."""
    state = position([[NET, OUTBREAK], [REPELLENT], [EXTERMINATOR, NET]])
    after = legal(state, "pass")
    assert after.hand_no == 2
    assert after.last_hand is not None
    assert (after.last_hand.out, after.last_hand.reason) == (None, "stall")
    assert after.last_hand.points == (2, 1, 2)
    assert after.scores == (2, 1, 2)
    going_on = legal(position([[NET, OUTBREAK], [3], [NET]]), "pass")
    assert (going_on.hand_no, going_on.to_act, going_on.phase) == (1, 1, Phase.LEAD)


def test_B34b_action_cap_ends_the_hand() -> None:
    """B34b: an action cap per hand, default 5000, with the same outcome as a stall."""
    assert BugsSetup().max_actions_per_hand == 5000
    hands = [[1, 1, 1, 2], [1, 1, 3], [1, 1, 4]]
    before = legal(position(hands, pile=[(2, 1, 1)], actions_this_hand=4998), "1x1")
    assert (before.hand_no, before.actions_this_hand) == (1, 4999)
    capped = legal(position(hands, pile=[(2, 1, 1)], actions_this_hand=4999), "1x1")
    assert capped.hand_no == 2
    assert capped.actions_this_hand == 0
    assert capped.last_hand is not None
    assert (capped.last_hand.out, capped.last_hand.reason) == (None, "cap")
    assert capped.last_hand.points == (3, 3, 3)


def test_B35_two_players_only_with_the_flag() -> None:
    """B35: off by default; with `allow_two_players`, Net and Repellent both just return the
    swarm to the opponent."""
    with pytest.raises(SetupError):
        BugsSetup(players=2)
    dealt = rules.initial_state(BugsSetup(players=2, allow_two_players=True), Rng(2))
    assert [sum(h) for h in dealt.hands] == [27, 27]
    state = position([[2, 2, NET, 1], [NET, REPELLENT, 3, 1]], allow_two_players=True)
    state = legal(state, "1x2")
    assert state.to_act == 1
    state = legal(state, "net")
    assert state.to_act == 0
    state = legal(state, "net")
    assert state.to_act == 1
    after = legal(state, "repellent")
    assert (after.to_act, after.direction) == (0, -1)


def test_B36_every_hand_is_dealt_from_all_54_cards() -> None:
    """B36: the discard pile returns between hands; all 54 cards are reshuffled every hand."""
    state = position(
        [[9], [1, 1], [5]],
        discard=[7, 7, 7, OUTBREAK, NET],
        pile=[(1, 3, 2)],
        swarm=0,
        swarm_value=0,
        phase=Phase.LEAD,
    )
    after = legal(state, "1x9")
    assert after.hand_no == 2
    assert total_cards(after) == DECK
    assert after.discard == EMPTY
    assert sum(sum(h) for h in after.hands) == 54
    assert (after.pile, after.swarm_size, after.restriction) == ((), 0, None)
    assert after.known == (EMPTY,) * 3
    assert after.netted == (False,) * 3


def test_B37_the_swarms_owner_has_all_options() -> None:
    """B37: the player who played the current swarm may act on it again with all options A-D."""
    hands = [[2, 2, 5, NET, EXTERMINATOR, 1], [NET, 1], [NET, 1]]
    state = run(position(hands), "1x2", "net", "net")
    assert state.to_act == 0
    assert names(state) == {"1x2", "1x5", "net", "exterminator", "pickup"}
    assert legal(state, "1x2").swarm_size == 4  # A: increase
    assert legal(state, "1x5").swarm_size == 5  # B: beat
    assert legal(state, "exterminator").swarm_size == 0  # C
    assert legal(state, "pickup").hands[0][2] == 2  # D
    illegal(state, "1x1", "B14")
