"""Every module of bugs_core and bugs_web imports in CPython, so that even the browser-only
glue (bugs_web.dom.embed_frame, which the browser tests run) is at least imported by the fast tier;
the rest of the fast tier exercises each module further (README, Tests)."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import bugs_core
import bugs_web

MODULES = sorted(
    info.name
    for package in (bugs_core, bugs_web)
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
)


def test_the_packages_have_their_modules() -> None:
    assert {"bugs_core.evolve", "bugs_core.bugspiel.rules", "bugs_web.dom.embed_frame"} <= set(
        MODULES
    )


@pytest.mark.parametrize("name", MODULES)
def test_module_imports(name: str) -> None:
    assert importlib.import_module(name).__name__ == name
