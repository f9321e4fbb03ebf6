"""Fuzzing the record reader: random text, random JSON values and damaged records, each replayed
through the rules where it parses. Only our own errors, with a message, may come out."""

from __future__ import annotations

import json
from typing import Any

from fuzz_inputs import damaged_records, fuzz, only_our_errors, programs, record_shaped
from hypothesis import strategies as st

from bugs_core.record import from_dict, from_json, replay


def reads_or_refuses(text: str | bytes) -> None:
    """The property: from_json and then replay succeed or raise a BugsError with a message; a
    record that loads writes back to the same record."""
    record = only_our_errors(lambda: from_json(text))
    if record is not None:
        assert from_json(record.to_json()) == record
        only_our_errors(lambda: replay(record))


def reads_value_or_refuses(value: Any) -> None:
    """from_dict on any JSON value, then the same through the JSON text."""
    only_our_errors(lambda: from_dict(value))
    reads_or_refuses(json.dumps(value))


test_random_text, test_random_text_full, test_random_text_soak = fuzz(
    reads_or_refuses, st.text() | st.binary()
)
test_random_json, test_random_json_full, test_random_json_soak = fuzz(
    reads_value_or_refuses, programs(40).map(record_shaped)
)
test_damaged_records, test_damaged_records_full, test_damaged_records_soak = fuzz(
    reads_or_refuses, damaged_records()
)
