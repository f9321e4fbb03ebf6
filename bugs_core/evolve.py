"""`evolver(cls)`: a fast `dataclasses.replace` for the games' frozen, slotted states.

The rules make a new state for every action, and a search makes millions. `replace` walks the
fields on every call and the frozen `__init__` sets each one through `object.__setattr__`;
profiling put that at 40% of a random Bugs game. The evolver is compiled once per class, as
dataclasses builds `__init__`, and sets the slots directly.
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
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "KEEP": object()}
    lines = [f"def evolve(state, *, {', '.join(f'{n}=KEEP' for n in names)}):", "    s = new(cls)"]
    for n in names:
        # A slot's member descriptor sets the value even though the class is frozen.
        namespace[f"set_{n}"] = getattr(cls, n).__set__
        lines.append(f"    set_{n}(s, state.{n} if {n} is KEEP else {n})")
    lines.append("    return s")
    exec("\n".join(lines), namespace)  # our own fixed text, as dataclasses does
    evolve: Callable[..., T] = namespace["evolve"]
    evolve.__qualname__ = f"evolve[{cls.__name__}]"
    return evolve
