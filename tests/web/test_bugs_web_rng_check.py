"""bugs_web.rng_check: the PCG32 reference-vector check the landing page shows."""

from __future__ import annotations

from bugs_core.rng import Rng
from bugs_web.rng_check import (
    PCG32_REFERENCE,
    RNG_OK_TEXT,
    RngCheck,
    check_rng,
    hex32,
)


class Scripted:
    """A generator that returns the given outputs, whatever its seed."""

    def __init__(self, outputs: list[int]) -> None:
        self.outputs = iter(outputs)

    def next_u32(self) -> int:
        return next(self.outputs)


def test_our_rng_matches_the_reference_vector() -> None:
    assert check_rng(Rng) == RngCheck("ok", "PRNG: PCG32 reference vector matches")
    assert RNG_OK_TEXT == "PRNG: PCG32 reference vector matches"


def test_the_factory_gets_the_reference_seed_and_stream() -> None:
    calls: list[tuple[int, int]] = []

    def make(seed: int, stream: int) -> Scripted:
        calls.append((seed, stream))
        return Scripted(list(PCG32_REFERENCE))

    assert check_rng(make).state == "ok"
    assert calls == [(42, 54)]


def test_the_first_wrong_output_is_named() -> None:
    outputs = list(PCG32_REFERENCE)
    outputs[3] = 0x1234
    outputs[5] = 0
    check = check_rng(lambda seed, stream: Scripted(outputs))
    assert check == RngCheck(
        "mismatch",
        "PRNG mismatch: output 4 of Rng(42, 54) is 0x00001234, "
        "the PCG32 reference vector has 0x83d2f293",
    )


def test_a_generator_that_raises_is_a_mismatch_not_a_crash() -> None:
    check = check_rng(lambda seed, stream: Scripted(list(PCG32_REFERENCE[:2])))
    assert check == RngCheck("mismatch", "PRNG check failed: StopIteration: no details given")

    def refuses(seed: int, stream: int) -> Scripted:
        raise ValueError("stream must be odd")

    assert check_rng(refuses) == RngCheck(
        "mismatch", "PRNG check failed: ValueError: stream must be odd"
    )


def test_hex32_pads_to_eight_digits() -> None:
    assert hex32(0xA15C02B7) == "0xa15c02b7"
    assert hex32(7) == "0x00000007"
