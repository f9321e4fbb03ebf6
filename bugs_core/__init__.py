"""Bugs Table: pure-Python rules engines, records and bots for three bug games.

The package has no dependencies and does no I/O, so it runs the same in CPython
and in the browser on Pyodide.
"""

__version__ = "0.1.0"

COMMAND_LINE = ("cli", "__main__")
"""How the command line's modules' names start (`cli`, `cli_ladder`, ..., `__main__`)."""


def is_command_line(module: str) -> bool:
    """Whether the module named `module` (dotted, or a file's stem) is the command line's.
    Those never run in a page: the site's build leaves them out of the browser's code and the
    snapshot, and the ladder out of its digest of the code that plays."""
    return any(part.startswith(COMMAND_LINE) for part in module.split("."))


__all__ = ["COMMAND_LINE", "__version__", "is_command_line"]
