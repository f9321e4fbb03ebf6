"""Hypothesis profiles of the fuzz tests: 10,000 inputs per target in the default run (marked
`slow`), 300 in the fast tier (`-m "not slow"`), 200,000 in the soak run (`pytest -m soak
tests/fuzz`). Derandomized and without an example database so that
a CI run is reproducible and leaves nothing behind; the deadline makes a slow input a failure."""

from __future__ import annotations

from datetime import timedelta

from hypothesis import HealthCheck, settings

settings.register_profile(
    "fuzz",
    max_examples=10_000,
    derandomize=True,
    database=None,
    # Generous for a loaded 2-core CI machine; the slowest real input takes a few milliseconds.
    deadline=timedelta(seconds=1),
    # The corpus mutations draw many choices per input; that is the point, not a slow strategy.
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=False,
)
settings.register_profile("fuzz-fast", settings.get_profile("fuzz"), max_examples=300)
settings.register_profile("fuzz-soak", settings.get_profile("fuzz"), max_examples=200_000)
