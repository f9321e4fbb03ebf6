"""`evolver(cls)`: a fast `dataclasses.replace` for the games' frozen, slotted states.

The rules make a new state for every action, and a search makes millions. `replace` walks the
fields on every call and the frozen `__init__` sets each one through `object.__setattr__`;
profiling put that at 40% of a random Bugs game. The evolver is compiled once per class, as
dataclasses builds `__init__`.

It fills a draft: a plain class with the very same slots, whose attributes the interpreter
sets with one specialised instruction each (a frozen class must go through a C call per
field, which costs twice as much again in Pyodide). The finished draft then becomes an
instance of the frozen class (`__class__` assignment, allowed between classes of the same
layout), and is frozen from then on.

The evolver's type takes any keyword, so each state module shows mypy `dataclasses.replace` as
its `evolve` instead (under `TYPE_CHECKING`): mypy's dataclass plugin checks replace's keywords
against the fields, and the rules still call the compiled evolver, with no layer in between.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


def evolver(cls: type[T]) -> Callable[..., T]:
    """`evolve(state, field=value, ...)` for the frozen, slotted dataclass `cls`: a copy with
    those fields changed, equal and hashing like `replace`'s, still frozen. An unknown field
    name is a TypeError, as with `replace`. No `__post_init__` runs (the classes have none)."""
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} is not a slotted dataclass without __post_init__")
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    draft = type(f"{cls.__name__}Draft", (), {"__slots__": cls.__dict__["__slots__"]})
    probe: Any = object.__new__(draft)
    # Warning: `__class__` assignment between slotted classes of one layout is CPython's (and so
    # Pyodide's) behaviour, not a language guarantee; another interpreter may refuse it here.
    probe.__class__ = cls  # a layout the assignment refuses fails here, once
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "Draft": draft}
    namespace["KEEP"] = object()
    keywords = ", ".join(f"{n}=KEEP" for n in names)
    lines = [f"def evolve(state, *, {keywords}):", "    s = new(Draft)"]
    lines += [f"    s.{n} = state.{n} if {n} is KEEP else {n}" for n in names]
    lines += ["    s.__class__ = cls", "    return s"]
    exec("\n".join(lines), namespace)  # our own fixed text, as dataclasses does
    evolve: Callable[..., T] = namespace["evolve"]
    evolve.__qualname__ = f"evolve[{cls.__name__}]"
    return evolve
