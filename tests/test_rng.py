"""bugs_core.rng: PCG32's reference output, and the helpers built on it."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bugs_core.rng import MASK32, Rng

# pcg32-demo's first outputs for pcg32_srandom_r(&rng, 42, 54).
PCG32_REFERENCE = [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def draws(rng: Rng, count: int) -> list[int]:
    return [rng.next_u32() for _ in range(count)]


def test_pcg32_reference_vector() -> None:
    assert draws(Rng(42, 54), 6) == PCG32_REFERENCE


def test_default_stream_is_the_reference_stream() -> None:
    assert draws(Rng(42), 6) == PCG32_REFERENCE


def test_next_u64_joins_two_outputs_high_word_first() -> None:
    assert Rng(42, 54).next_u64() == (PCG32_REFERENCE[0] << 32) | PCG32_REFERENCE[1]


@pytest.mark.parametrize("bound", [1, 2, 3, 7, 10**9 + 7, 2**31 + 1, 2**32])
def test_below_stays_in_range(bound: int) -> None:
    rng = Rng(5)
    assert all(0 <= rng.below(bound) < bound for _ in range(2000))


def test_below_one_is_always_zero() -> None:
    rng = Rng(9)
    assert {rng.below(1) for _ in range(100)} == {0}


def test_below_is_roughly_uniform_on_a_small_bound() -> None:
    bound, count = 6, 60_000
    rng = Rng(2024)
    counts = Counter(rng.below(bound) for _ in range(count))
    expected = count / bound
    assert sorted(counts) == list(range(bound))
    for value, seen in counts.items():
        assert 0.8 * expected <= seen <= 1.2 * expected, (value, seen, expected)


def test_below_rejects_outputs_under_the_threshold() -> None:
    """For bound 2**31 + 1 the threshold is 2**31 - 1: about half the outputs would bias the
    low results, so they are skipped, each costing one draw."""
    bound = 2**31 + 1
    threshold = (2**32 - bound) % bound
    assert threshold == 2**31 - 1
    rng = Rng(5)
    rejected = 0
    for _ in range(200):
        reference = Rng.from_state(rng.getstate())
        r = reference.next_u32()
        while r < threshold:
            rejected += 1
            r = reference.next_u32()
        assert rng.below(bound) == r % bound
        assert rng.getstate() == reference.getstate()  # the same draws were used
    assert 60 < rejected < 340  # about one output in two is skipped


@pytest.mark.parametrize("bound", [1, 2, 3, 7, 54, 1000, 1023, 1024, 1025, 3**20, 2**32])
def test_below_matches_the_reference_rejection_for_every_size_of_bound(bound: int) -> None:
    """Small bounds take their threshold from a table and large ones work it out: both are
    the reference's r >= (2**32 - bound) % bound, on the same draws."""
    threshold = (2**32 - bound) % bound
    rng = Rng(bound)
    for _ in range(300):
        reference = Rng.from_state(rng.getstate())
        r = reference.next_u32()
        while r < threshold:
            r = reference.next_u32()
        assert rng.below(bound) == r % bound
        assert rng.getstate() == reference.getstate()


@pytest.mark.parametrize("bound", [0, -1, 2**32 + 1])
def test_below_rejects_bad_bounds(bound: int) -> None:
    with pytest.raises(ValueError, match=re.escape("bound must be in 1..2**32")):
        Rng(1).below(bound)


def test_randint_includes_both_ends() -> None:
    rng = Rng(3)
    assert {rng.randint(-2, 2) for _ in range(1000)} == {-2, -1, 0, 1, 2}


def test_shuffle_is_a_permutation_and_deterministic() -> None:
    items = list(range(52))
    first, second, other = items.copy(), items.copy(), items.copy()
    Rng(11).shuffle(first)
    Rng(11).shuffle(second)
    Rng(12).shuffle(other)
    assert sorted(first) == items
    assert first == second
    assert first != items
    assert other != first


def test_shuffle_of_short_lists() -> None:
    empty: list[int] = []
    one = ["x"]
    Rng(1).shuffle(empty)
    Rng(1).shuffle(one)
    assert (empty, one) == ([], ["x"])


def test_from_state_continues_identically() -> None:
    rng = Rng(77, 3)
    draws(rng, 10)
    copy = Rng.from_state(rng.getstate())
    assert draws(copy, 20) == draws(rng, 20)
    assert copy.getstate() == rng.getstate()


def test_getstate_is_a_plain_value() -> None:
    state = Rng(1).getstate()
    assert isinstance(state, tuple)
    assert all(isinstance(part, int) for part in state)
    assert state[1] % 2 == 1  # the increment is always odd


def test_spawn_children_differ_from_parent_and_are_reproducible() -> None:
    parent = Rng(8)
    child = parent.spawn()
    sibling = parent.spawn()
    child_draws, sibling_draws, parent_draws = draws(child, 8), draws(sibling, 8), draws(parent, 8)
    assert child_draws != parent_draws
    assert child_draws != sibling_draws

    again = Rng(8)
    assert draws(again.spawn(), 8) == child_draws
    assert draws(again.spawn(), 8) == sibling_draws
    assert draws(again, 8) == parent_draws


def test_random_is_in_the_unit_interval() -> None:
    rng = Rng(4)
    values = [rng.random() for _ in range(10_000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.45 < sum(values) / len(values) < 0.55


@pytest.mark.parametrize(("output", "expected"), [(0, 0.0), (MASK32, 1.0 - 2.0**-53)])
def test_random_extremes_stay_below_one(output: int, expected: float) -> None:
    class Constant(Rng):
        __slots__ = ()

        def next_u32(self) -> int:
            return output

    assert Constant(1).random() == expected


def test_choice() -> None:
    rng = Rng(6)
    assert {rng.choice(("a", "b", "c")) for _ in range(200)} == {"a", "b", "c"}
    with pytest.raises(ValueError, match="empty"):
        rng.choice([])
