"""The games' kits by id: each game package of the core registry (`bugs_core.registry.PACKAGES`)
has its kit in `games/<package>/`, so a game's UI needs no line here."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from bugs_core.registry import PACKAGES

from .kit import GameKit


def _kits() -> dict[str, GameKit[Any]]:
    kits: list[GameKit[Any]] = [
        import_module(f"{__package__}.games.{package}").KIT for package in PACKAGES
    ]
    return {kit.game_id: kit for kit in kits}


KITS: dict[str, GameKit[Any]] = _kits()
"""Every game's kit, by game id, in the order the site lists the games."""
