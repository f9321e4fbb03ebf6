"""The landing page's PRNG check: our Rng must reproduce PCG32's published reference output.

Game records replay only if the generator gives the same numbers in CPython and in Pyodide, so
the page compares the first outputs of `Rng(42, 54)` with the reference vector of `pcg32-demo`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from .selftest_view import failure_text

PCG32_SEED = 42
PCG32_STREAM = 54
PCG32_REFERENCE = (0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E)
"""The first outputs of `pcg32_srandom_r(42, 54)` in the PCG32 reference demo."""

RngCheckState = Literal["pending", "ok", "mismatch", "not-run"]


class U32Source(Protocol):
    """What the check needs of a generator."""

    def next_u32(self) -> int: ...


RngFactory = Callable[[int, int], U32Source]
"""Makes a generator from (seed, stream), like `bugs_core.rng.Rng`."""


@dataclass(frozen=True, slots=True)
class RngCheck:
    """The check's outcome: 'ok' or 'mismatch' (or 'not-run' if the engine did not load)."""

    state: RngCheckState
    text: str


RNG_OK_TEXT = "PRNG: PCG32 reference vector matches"
RNG_NOT_RUN = RngCheck("not-run", "PRNG check not run: the rules engine did not load")


def hex32(value: int) -> str:
    """'0xa15c02b7': eight hex digits, as the reference prints them."""
    return f"0x{value:08x}"


def check_rng(make: RngFactory) -> RngCheck:
    """Draw as many outputs as the reference vector has and compare them in order."""
    try:
        rng = make(PCG32_SEED, PCG32_STREAM)
        outputs = [rng.next_u32() for _ in PCG32_REFERENCE]
    except Exception as error:  # a broken generator must reach the page as a message
        return RngCheck("mismatch", failure_text("PRNG check failed", error))
    for index, (got, want) in enumerate(zip(outputs, PCG32_REFERENCE, strict=True), start=1):
        if got != want:
            return RngCheck(
                "mismatch",
                f"PRNG mismatch: output {index} of Rng({PCG32_SEED}, {PCG32_STREAM}) is "
                f"{hex32(got)}, the PCG32 reference vector has {hex32(want)}",
            )
    return RngCheck("ok", RNG_OK_TEXT)
