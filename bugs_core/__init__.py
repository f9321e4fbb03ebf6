"""Bugs Table: pure-Python rules engines, records and bots for three bug games.

The package has no dependencies and does no I/O, so it runs the same in CPython
and in the browser on Pyodide.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
