"""Bugs Table's user interface in Python: pure views and drivers the PyScript pages call.

Nothing here imports `pyscript` or `js`, so every module runs and is tested under CPython;
the thin glue scripts in public/ adapt these to the browser's DOM.
"""
