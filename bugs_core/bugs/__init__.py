"""Bugs: a climbing card game for 3-6 players over six hands (docs/rules/bugs.md)."""

from .game import GAME, BugsGame

__all__ = ["GAME", "BugsGame"]
