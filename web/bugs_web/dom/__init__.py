"""The browser-bound modules: the only ones in `bugs_web` that reach `pyscript` or `js` (inside
their functions, so they import under CPython and the memory snapshot can hold them)."""
