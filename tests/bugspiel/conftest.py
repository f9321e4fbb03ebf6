"""Shared set-up of the Bugspiel rule tests: plain asserts in the position helpers report."""

import pytest

pytest.register_assert_rewrite("spiel_positions")
