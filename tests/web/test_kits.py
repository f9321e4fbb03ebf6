"""bugs_web.kits: one record per game, tied to the rules' registry and to the site's own
JavaScript and HTML tables, which cannot import it."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from bugs_core.registry import GAMES
from bugs_web.embed import parse_seats
from bugs_web.kits import KITS

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = ROOT / "public"
PAGES = ROOT / "pages"


def js_table(path: Path, name: str) -> dict[str, str]:
    """The object literal `const NAME = {...};` of a script, read as JSON."""
    text = path.read_text(encoding="utf-8")
    found = re.search(rf"const {name} = (\{{[^}}]*\}});", text)
    assert found, f"no table {name} in {path.name}"
    literal = re.sub(r"([{,]\s*)([A-Za-z_][\w-]*)\s*:", r'\1"\2":', found.group(1))
    table: dict[str, str] = json.loads(literal)
    return table


def test_every_game_has_a_kit_and_every_kit_a_game() -> None:
    assert list(KITS) == list(GAMES)
    for game_id, kit in KITS.items():
        assert kit.game_id == game_id
        assert kit.session.GAME is GAMES[game_id]


def test_embed_route_sends_each_game_to_its_kits_page() -> None:
    assert js_table(PUBLIC / "embed-route.js", "PAGES") == {
        game_id: kit.page for game_id, kit in KITS.items()
    }


@pytest.mark.parametrize("game_id", list(KITS))
def test_default_seats_are_valid_seats(game_id: str) -> None:
    seats = parse_seats(KITS[game_id].default_seats, game_id)
    assert GAMES[game_id].min_players <= len(seats) <= GAMES[game_id].max_players


@pytest.mark.parametrize("game_id", list(KITS))
def test_paces_are_the_pages_bot_speeds(game_id: str) -> None:
    """The page's part (pages/<page>.toml, rendered into public/ by the build) offers the
    kit's bot speeds, which an embed address must choose from."""
    part = PAGES / KITS[game_id].page.replace(".html", ".toml")
    offered = [value for value, _label in tomllib.loads(part.read_text(encoding="utf-8"))["pace"]]
    assert sorted(offered, key=int) == list(KITS[game_id].paces)


@pytest.mark.parametrize("game_id", list(KITS))
def test_every_game_warns_what_its_link_gives_away(game_id: str) -> None:
    assert KITS[game_id].hidden_note.startswith("This link contains")
