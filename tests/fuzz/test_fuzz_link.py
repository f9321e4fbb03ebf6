"""Fuzzing the share-link decoder: random text and bytes, damaged links and forged ones with a
recomputed checksum. A link opens a legal game or raises our own error with a message; nothing
else ever comes out, and no input takes longer than the profile's deadline."""

from __future__ import annotations

import pytest
from fuzz_inputs import (
    corpus,
    damaged_links,
    forged_links,
    fuzz,
    link_bytes,
    only_our_errors,
    random_links,
    to_link,
    varint,
)

from bugs_core.link import LinkError, decode_link
from bugs_core.record import GameRecord


def decodes_or_refuses(text: str) -> None:
    """The property: decode_link gives a record (every move of it replayed through the rules
    while decoding) or raises a BugsError with a message."""
    record = only_our_errors(lambda: decode_link(text))
    assert record is None or isinstance(record, GameRecord)


test_random_text, test_random_text_full, test_random_text_soak = fuzz(
    decodes_or_refuses, random_links()
)
test_damaged_links, test_damaged_links_full, test_damaged_links_soak = fuzz(
    decodes_or_refuses, damaged_links()
)
test_forged_links, test_forged_links_full, test_forged_links_soak = fuzz(
    decodes_or_refuses, forged_links()
)


# --- regressions: inputs the fuzzing found ----------------------------------------------------


def test_regression_a_setup_nested_2000_deep_is_unreadable() -> None:
    """Was a RecursionError out of json.loads. The failing input: the corpus's first record
    (Bugs, 3 players, seed 1, no moves) with its setup replaced by [[...]] 2000 deep and the
    checksum recomputed."""
    real = link_bytes(corpus()[0].link)
    setup = b'{"players":3}'
    at = real.index(setup) - 1
    nested = b"[" * 2000 + b"]" * 2000
    forged = real[:at] + varint(len(nested)) + nested + real[at + 1 + len(setup) :]
    with pytest.raises(LinkError, match="setup is not readable"):
        decode_link(to_link(forged, fix_crc=True))
