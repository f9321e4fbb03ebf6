"""scripts/site_stdlib.py: the site's standard library keeps what the pages' code can import."""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import site_build  # noqa: E402
import site_stdlib  # noqa: E402
from site_stdlib import Source, imports_of  # noqa: E402

BUILT = site_build.SITE_STDLIB.is_file()


def test_imports_are_found_anywhere_but_in_a_main_block() -> None:
    text = """
import json
from . import sibling
from ..up import thing
def lazy():
    import gzip
if __name__ == "__main__":
    import doctest
else:
    import heapq
"""
    found = imports_of(Source("pkg.sub.mod", text))
    assert {"json", "gzip", "heapq", "pkg.sub", "pkg.sub.sibling"} <= found
    assert {"pkg.up", "pkg.up.thing"} <= found
    assert "pkg" in found  # parents too: importing pkg.up runs pkg first
    assert "doctest" not in found
    # in a package's __init__, one dot is the package itself
    assert "pkg.sub.part" in imports_of(Source("pkg.sub", "from .part import x", package=True))


def stock_zip() -> bytes:
    files = {
        "encodings/": "",
        "encodings/__init__.py": "import codecs\nfrom . import aliases\n",
        "encodings/aliases.py": "",
        "encodings/utf_8.py": "",
        "encodings/cp1252.py": "",
        "codecs.py": "",
        "used.py": "def later():\n    import helper\n",
        "helper.py": "import unittest\n",
        "unused.py": "",
        "unittest/": "",
        "unittest/__init__.py": "",
        "data/": "",
        "data/__init__.py": "",
        "data/table.txt": "1 2 3",
        "site-packages/": "",
        "site-packages/README.txt": "",
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as stock:
        for name, text in files.items():
            stock.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), text)
    return out.getvalue()


def test_trim_keeps_what_the_roots_reach_and_the_named_codecs() -> None:
    roots = [Source("page", "import used\nimport data\n")]
    data, trimmed = site_stdlib.trim(stock_zip(), roots)
    names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
    # a lazy import is followed; an UNREACHABLE one is not, even from a kept module
    assert {"used.py", "helper.py", "codecs.py"} <= names
    assert "unittest/__init__.py" not in names and "unittest/" not in names
    assert "unused.py" not in names and "unused" in trimmed.dropped
    # codecs are imported by name at run time: the kept ones are named, the others go
    assert {"encodings/__init__.py", "encodings/aliases.py", "encodings/utf_8.py"} <= names
    assert "encodings/cp1252.py" not in names
    # a kept package keeps its data files and folder; a folder of no module stays
    assert {"data/", "data/table.txt", "site-packages/", "site-packages/README.txt"} <= names
    assert trimmed.site_bytes == len(data) < trimmed.stock_bytes
    # the same inputs, the same bytes (the snapshot and the precache name follow them)
    assert site_stdlib.trim(stock_zip(), roots)[0] == data


def test_modules_asked_for_by_name_are_kept_with_what_they_import() -> None:
    data, _ = site_stdlib.trim(stock_zip(), [], modules=["used"])
    assert {"used.py", "helper.py"} <= set(zipfile.ZipFile(io.BytesIO(data)).namelist())


def test_the_pages_code_imports_no_module_left_out_on_purpose() -> None:
    """UNREACHABLE is for imports in the standard library's own paths a page never takes: our
    code naming one of them would fail in the browser."""
    sources = site_build.browser_sources()
    modules = {source.module for source in sources}
    assert {"bugs_core.engine", "bugs_web.bot_worker", "pyscript.events"} <= modules
    assert not any(".cli" in name or name.endswith("__main__") for name in modules)
    offending = {
        (source.module, name)
        for source in sources
        for name in imports_of(source)
        if site_stdlib.unreachable(name)
    }
    # the soak's process pool runs from the command line only (python -m bugs_core soak)
    assert offending <= {("bugs_core.soak", "multiprocessing")}


@pytest.mark.skipif(not BUILT, reason="needs a built site: python scripts/site.py build")
def test_the_built_site_starts_python_with_its_own_standard_library() -> None:
    site = zipfile.ZipFile(site_build.SITE_STDLIB)
    names = set(site.namelist())
    # compiled: each module's bytecode (scripts/compile_stdlib.mjs) in place of its source
    assert not any(name.endswith(".py") for name in names)
    assert {"asyncio/__init__.pyc", "json/__init__.pyc", "encodings/utf_8.pyc", "site.pyc"} <= names
    assert {"_pyodide/__init__.pyc", "pyodide/ffi/__init__.pyc", "pkgutil.pyc"} <= names
    assert not {"unittest/__init__.pyc", "pdb.pyc", "encodings/cp1252.pyc"} & names
    header = site.read("asyncio/__init__.pyc")[:16]
    assert int.from_bytes(header[4:8], "little") == 0b01  # hash-based, unchecked (PEP 552)
    wrapper = (site_build.PUBLIC / "python.mjs").read_text(encoding="utf-8")
    assert f"stdLibURL: `${{folder}}{site_build.SITE_STDLIB.name}`" in wrapper
    files = site_build.precache_files()
    assert "vendor/pyodide/site_stdlib.zip" in files
    assert "vendor/pyodide/python_stdlib.zip" not in files  # no page of the site loads it
