"""Shared set-up of the rules tests: plain asserts in the position helpers report like tests."""

import pytest

pytest.register_assert_rewrite("bugs_positions")
