"""The test tiers. The default run (`pytest -n 2 tests`, as CI runs it) is everything but
`soak`; the fast tier (`pytest -n 2 tests -m "not slow"`) leaves out the `slow` tests, the
full-size fuzzers and many-games runs, each of which has a small counterpart in the fast tier.

A `-m` on the command line replaces the `-m 'not soak'` of pyproject's addopts, so every soak
test is made slow here as well: `-m "not slow"` then leaves the soak runs out too."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every `soak` test `slow` as well."""
    for item in items:
        if item.get_closest_marker("soak") is not None:
            item.add_marker(pytest.mark.slow)
