"""Build the static site in public/: vendored runtime, micropip, our wheel and the libraries it
needs (segno), the start-up snapshot, generated config, the game pages (from pages/, see
site_pages.py) and the service worker's precache list.

Stdlib only, so it runs before any virtualenv exists. Every step recreates its output from
pinned inputs (package-lock.json, pyodide-lock.json, pyproject.toml), so nothing it writes is
committed.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import site_pages
import site_stdlib

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = ROOT / "public"
VENDOR = PUBLIC / "vendor"
WHEELS = PUBLIC / "wheels"
CONFIG = PUBLIC / "pyscript.json"
OLD_CONFIG = PUBLIC / "pyscript.toml"  # what builds before the JSON config wrote
SERVICE_WORKER = PUBLIC / "sw.js"
SNAPSHOT = VENDOR / "pyodide" / "snapshot.bin.gz"
SITE_STDLIB = VENDOR / "pyodide" / "site_stdlib.zip"
"""The standard library the pages' Python starts with (scripts/site_stdlib.py): the stock zip
less the modules no page can import, compiled to bytecode (scripts/compile_stdlib.mjs)."""
STOCK_STDLIB = VENDOR / "pyodide" / "python_stdlib.zip"
BROWSER_PACKAGES = ((ROOT, "bugs_core"), (ROOT / "web", "bugs_web"), (ROOT / "web", "bugs_pages"))
"""Our packages as the pages import them, less their command-line modules (below)."""
SNAPSHOT_TOOLS = ("importlib", "json", "os", "pathlib", "pkgutil", "sys", "zipfile")
"""What scripts/snapshot.mjs's own Python imports to make the snapshot."""
COMMAND_LINE = ("cli", "__main__")
"""Module names (or their starts) of the command line, which never runs in a page."""
SNAPSHOT_SCRIPT = ROOT / "scripts" / "snapshot.mjs"
COMPILE_SCRIPT = ROOT / "scripts" / "compile_stdlib.mjs"
SNAPSHOT_IMPORTS = ("asyncio", "bugs_core", "bugs_web")
"""Imported into the snapshot: our packages (every module but the command line's) and what
the pages' own scripts import besides PyScript, which cannot be imported outside a page."""
SNAPSHOT_COMPILED = ("bugs_pages",)
"""Our packages the snapshot holds compiled but not imported (bugs_web.snapshot_imports): the
pages' glue imports PyScript, which exists only in a page."""
LIBRARY_COMMAND_LINE = ("segno.cli",)
"""The libraries' command-line modules, which never run in a page."""
PYSCRIPT_STDLIB = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
"""PyScript's Python package as its bundle writes it on each start: compiled into the snapshot
(scripts/snapshot.mjs)."""
PYSCRIPT_START = PYSCRIPT_STDLIB.parent.parent / "stdlib.js"
"""The module of PyScript's bundle that makes the script it runs before a page's first: the
snapshot expects that text (bugs_web.pyscript_start)."""
PRECACHE = PUBLIC / "sw-precache.js"
CACHE_PREFIX = "bugs-table-"
CACHE = ROOT / "build" / "site-cache"
NODE_MODULES = ROOT / "node_modules"

RUNTIME_MODULE = "pyodide.asm.mjs"
"""Pyodide's runtime script as Pyodide ships it, an ES module (see CLASSIC_RUNTIME)."""
PYODIDE_FILES = (
    "pyodide.mjs",
    RUNTIME_MODULE,
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# micropip 0.11.x needs a 3.13+ target: pip on 3.11 would otherwise pick an old release.
MICROPIP_PYTHON = "3.13"
# PyScript's error plugin prints raw tracebacks onto the page; our pages say what failed in
# plain words instead (the traceback still reaches the console). The others serve elements and
# APIs the site does not use (<py-editor>, <py-game>, a terminal, donkey workers, notices of
# deprecated PyScript features): each is one more module fetched and run before PyScript asks
# for the interpreter, a round trip on every start.
DISABLED_PLUGINS = (
    "error",
    "deprecations-manager",
    "donkey",
    "py-editor",
    "py-game",
    "py-terminal",
)
# 1980-01-01, the earliest date a zip file can hold.
WHEEL_DATE_EPOCH = "315532800"


class BuildError(Exception):
    """A build step failed; the message says which and why."""


def log(message: str) -> None:
    """Print one build step."""
    print(f"[build] {message}", flush=True)


def run(command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command, failing the build with its name if it fails."""
    result = subprocess.run(command, cwd=cwd, env=env, check=False, stdin=subprocess.DEVNULL)
    if result.returncode != 0:
        raise BuildError(f"{' '.join(command)} exited with {result.returncode}")


def locked_npm_versions() -> dict[str, str]:
    """The npm packages and versions package-lock.json pins at the top level."""
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    prefix = "node_modules/"
    return {
        path[len(prefix) :]: entry["version"]
        for path, entry in lock["packages"].items()
        if path.startswith(prefix) and "/node_modules/" not in path[len(prefix) :]
    }


def node_modules_fresh() -> bool:
    """True when every package pinned in the lock is installed at its pinned version."""
    for name, version in locked_npm_versions().items():
        manifest = NODE_MODULES / name / "package.json"
        if not manifest.is_file():
            return False
        if json.loads(manifest.read_text(encoding="utf-8")).get("version") != version:
            return False
    return True


def ensure_node_modules() -> None:
    """Run `npm ci` when node_modules is missing or does not match package-lock.json."""
    if node_modules_fresh():
        log("node_modules matches package-lock.json")
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is not installed (Debian: apt-get install -y nodejs npm)")
    log("npm ci")
    run([npm, "ci", "--no-audit", "--no-fund"])


def copy_runtime() -> None:
    """Copy Pyodide's runtime and PyScript's dist files into public/vendor/."""
    shutil.rmtree(VENDOR, ignore_errors=True)
    pyodide_dir = VENDOR / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, pyodide_dir / name)
    module = hint_eager_compile(pyodide_dir / RUNTIME_MODULE)
    classic = pyodide_dir / CLASSIC_RUNTIME
    classic.write_text(classic_runtime(module), encoding="utf-8")
    # compiled as a browser compiles a classic script: any module syntax left is an error here
    run(["node", "-e", CLASSIC_CHECK, str(classic)])
    pyscript_dir = VENDOR / "pyscript"
    pyscript_dir.mkdir()
    for source in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").iterdir()):
        # No source maps: 3.5 MB that only a developer's tools would ever ask for.
        if source.suffix in {".js", ".css"}:
            shutil.copy2(source, pyscript_dir / source.name)
    log(f"vendored Pyodide and PyScript into {VENDOR.relative_to(ROOT)}/")


EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad\n"
"""V8's explicit compile hint (Chromium 136+; any other engine reads a comment): compile every
function of the file as it streams in, on a background thread. Put on Pyodide's runtime script,
whose 1.25 MB Emscripten module factory a start runs through: V8 otherwise compiles its
functions lazily, one by one on the main thread, on every visit (a module script served from
the offline cache is compiled afresh each time: traces of a fourth visit show it parsed in the
background again, no code cache read). bugs.html playable on a later visit
637 ms to 617, 649 to 618 and 617 to 606 (three A/Bs of 10-16 visits, alternating); first
visits 1,190 and 1,214 ms to 1,162 and 1,129 (medians of 3, new profiles)."""


def hint_eager_compile(script: Path) -> str:
    """Put `EAGER_COMPILE_HINT` at the top of `script`, once; return the script's text."""
    text = script.read_text(encoding="utf-8")
    if not text.startswith(EAGER_COMPILE_HINT):
        text = EAGER_COMPILE_HINT + text
        script.write_text(text, encoding="utf-8")
    return text


CLASSIC_RUNTIME = "pyodide.asm.js"
"""Pyodide's runtime script (pyodide.asm.mjs, the 1.25 MB Emscripten module factory) as a
classic script, which public/python.mjs loads instead. Chromium keeps no compiled code for a
module script the offline cache serves: traces of later visits show pyodide.asm.mjs parsed
afresh each time, 105 ms on a background thread, the other core's share of the start, where the
wasm runtime's checks wait for it. A classic script's code the cache keeps compiled (read back
in 13 ms). bugs.html playable on a later visit 543 ms to 528 (medians of 10 later visits,
alternating with the module build's, two profiles)."""
CLASSIC_GLOBAL = "_createPyodideModule"
"""The global the classic runtime defines: the factory pyodide.asm.mjs exports, under the name
Pyodide's own classic pyodide.asm.js gave it until 0.27."""
MODULE_EXPORT = f"export default {CLASSIC_GLOBAL};"


OTHER_EXPORT = re.compile(
    r"\bexport\s*(?:default\b|const\b|let\b|var\b|function\b|class\b|async\b|\{|\*)"
)
CLASSIC_CHECK = (
    "new (require('node:vm').Script)(require('node:fs').readFileSync(process.argv[1], 'utf8'))"
)


def classic_runtime(module: str) -> str:
    """The text of pyodide.asm.js from the text of pyodide.asm.mjs: the same code, its one export
    made a global (`CLASSIC_GLOBAL`) and `import.meta.url` the script's own address (in a worker,
    which evaluates it, the worker's). V8's compile hint stays on the first line, where it
    counts. A runtime with other exports fails here, and with any other module syntax (a static
    import) the build's check after (`CLASSIC_CHECK`)."""
    hint = EAGER_COMPILE_HINT if module.startswith(EAGER_COMPILE_HINT) else ""
    body = module.removeprefix(hint)
    if body.count(MODULE_EXPORT) != 1 or "import.meta" in body.replace("import.meta.url", ""):
        raise BuildError(
            f"pyodide.asm.mjs is not one function and {MODULE_EXPORT!r}: no classic script made"
        )
    body = body.replace(MODULE_EXPORT, f"return {CLASSIC_GLOBAL};")
    if OTHER_EXPORT.search(body):
        raise BuildError(
            f"pyodide.asm.mjs exports more than {MODULE_EXPORT!r}: no classic script made"
        )
    body = body.replace("import.meta.url", "scriptURL")
    return (
        f"{hint}// Made by scripts/site_build.py from pyodide.asm.mjs: the same code as a classic"
        " script, which the browser keeps compiled.\n"
        f"globalThis.{CLASSIC_GLOBAL} = ((scriptURL) => {{\n{body.rstrip()}\n}})"
        "(globalThis.document?.currentScript?.src ?? globalThis.location?.href);\n"
    )


def sha256_of(path: Path) -> str:
    """The hex SHA-256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def download_wheel(name: str, version: str, python: str = MICROPIP_PYTHON) -> Path:
    """Fetch a pure-Python wheel from PyPI once into the build cache and return its path."""
    target = CACHE / f"{name}-{version}"
    wheels = sorted(target.glob(f"{name}-*-py3-none-any.whl"))
    if not wheels:
        log(f"pip download {name}=={version}")
        run(
            [
                sys.executable, "-m", "pip", "download", f"{name}=={version}",
                "--no-deps", "--python-version", python,
                "--only-binary=:all:", "--disable-pip-version-check", "-d", str(target),
            ]
        )  # fmt: skip
        wheels = sorted(target.glob(f"{name}-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one {name} wheel in {target}, found {len(wheels)}")
    return wheels[0]


def download_micropip(version: str) -> Path:
    """Fetch micropip's wheel from PyPI once into the build cache and return its path."""
    return download_wheel("micropip", version)


def library_pins(pyproject: Path = ROOT / "pyproject.toml") -> list[tuple[str, str]]:
    """(name, version) of each library our package needs, as pyproject.toml pins it: the
    pages' Python must have the very version the tests ran with."""
    with pyproject.open("rb") as file:
        needs = tomllib.load(file)["project"]["dependencies"]
    pins = []
    for need in needs:
        name, equals, version = need.partition("==")
        if not equals or not version.strip() or any(c in version for c in "<>=!~*,; "):
            raise BuildError(f"pyproject.toml: pin {need!r} to one version (name==version)")
        pins.append((name.strip(), version.strip()))
    return pins


def vendor_libraries() -> list[Path]:
    """Serve the wheels of the libraries our package needs (segno) next to Pyodide, each
    named in pyodide-lock.json as micropip is, and return their paths in public/.

    A page has them without an installer: it unzips one the first time it needs it
    (`bugs_web.dom.browser.load_library`; segno's name is `bugs_web.qr.SEGNO_WHEEL`), so no
    start fetches them; the offline worker precaches them with the rest. The lock's entries
    are for a page elsewhere that installs our wheel with micropip (e2e/test_micropip.py):
    micropip finds our package's dependency in the lock and loads it from this site, not
    from PyPI.
    """
    lock_path = VENDOR / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    served = []
    for name, version in library_pins():
        wheel = download_wheel(name, version)
        target = lock_path.parent / wheel.name
        shutil.copy2(wheel, target)
        lock["packages"][name] = {
            "name": name,
            "version": version,
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": sha256_of(wheel),
            "package_type": "package",
            "imports": [name],
            "depends": [],
            "unvendored_tests": False,
            "tool": {},
        }
        served.append(target)
        log(f"vendored {wheel.name} and named it in pyodide-lock.json")
    lock_path.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")
    return served


def vendor_micropip() -> None:
    """Serve micropip next to Pyodide and point pyodide-lock.json at that exact file.

    The npm Pyodide ships no package wheels; PyPI's micropip wheel is built apart from
    Pyodide's, so its hash differs from the lock's and Pyodide would refuse it unpatched.
    """
    lock_path = VENDOR / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    entry = lock["packages"]["micropip"]
    wheel = download_micropip(entry["version"])
    shutil.copy2(wheel, lock_path.parent / wheel.name)
    entry["file_name"] = wheel.name
    entry["sha256"] = sha256_of(wheel)
    lock_path.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")
    log(f"vendored {wheel.name} and patched pyodide-lock.json")


def build_wheel() -> str:
    """Build our py3-none-any wheel into public/wheels/ and return its file name."""
    shutil.rmtree(WHEELS, ignore_errors=True)
    WHEELS.mkdir(parents=True)
    # setuptools reuses build/lib: a module deleted from the tree would live on in the wheel.
    for stale in (ROOT / "build" / "lib", *(ROOT / "build").glob("bdist.*")):
        shutil.rmtree(stale, ignore_errors=True)
    with tempfile.TemporaryDirectory() as tmp:
        log("pip wheel . (bugs_core + bugs_web)")
        run(
            [
                sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "--quiet",
                "--disable-pip-version-check", "-w", tmp,
            ],
            # Fixed zip timestamps: the same sources give the same wheel, hence the same
            # precache hash, and browsers keep their offline copy across rebuilds.
            env={**os.environ, "SOURCE_DATE_EPOCH": WHEEL_DATE_EPOCH},
        )  # fmt: skip
        wheels = sorted(Path(tmp).glob("*.whl"))
        if len(wheels) != 1 or not wheels[0].name.endswith("-py3-none-any.whl"):
            raise BuildError(f"expected one py3-none-any wheel, got {[w.name for w in wheels]}")
        shutil.copy2(wheels[0], WHEELS / wheels[0].name)
    (WHEELS / "wheel.json").write_text(wheel_note(wheels[0].name), encoding="utf-8")
    log(f"built wheels/{wheels[0].name}")
    return wheels[0].name


def pyscript_config() -> str:
    """The PyScript config every page shares, as JSON text.

    JSON, not TOML: PyScript reads JSON natively but fetches and runs a TOML parser first.
    `interpreter` resolves against the page's URL, so pages must sit next to this file at the
    site root. No `files` and no `packages`: our package is already unpacked and imported in
    the memory snapshot python.mjs starts from, and python.mjs unzips the wheel itself for a
    plain start (wheel.json names it). No installer (micropip) to fetch and run at each start.
    """
    config = {
        # Without `interpreter` PyScript would load Pyodide from a CDN. Ours is the vendored
        # one started from the build's memory snapshot (python.mjs).
        "interpreter": "./python.mjs",
        "plugins": [f"!{name}" for name in DISABLED_PLUGINS],
        # The bot worker (public/bugs_bots.py) only computes: strings in, strings out, never
        # the page's window or document, which a worker reaches only through SharedArrayBuffer
        # (a cross-origin isolated page). PyScript's documented flag for such a worker; without
        # it, every worker's start warned on the console that window and document are missing.
        # The worker reads it only as the page's config (bugs_web.dom.browser._start_worker).
        "sync_main_only": True,
    }
    return json.dumps(config, indent=2) + "\n"


def wheel_note(wheel_name: str) -> str:
    """The text of wheels/wheel.json: which wheel python.mjs unzips for a plain start."""
    return json.dumps({"wheel": wheel_name}) + "\n"


def precache_files(public: Path = PUBLIC) -> list[str]:
    """Every file the site serves, as sorted URL paths relative to the site root.

    The whole site, so that pages never visited still work offline, the game pages the
    build writes among them (whether or not written yet). Left out: the service worker and its
    precache list (the browser fetches those itself), the stock standard library (no page of
    the site loads it) and hidden files.
    """
    # the stock standard library: only a plain PyScript page on the vendored runtime loads it
    # (the benchmark's reference, e2e/test_micropip.py); the site's pages use SITE_STDLIB
    stock = STOCK_STDLIB.relative_to(PUBLIC).as_posix()
    # Pyodide's runtime as a module: the same plain page loads it; the site's pages and the bot
    # worker load the classic script made from it (CLASSIC_RUNTIME)
    module = (VENDOR / "pyodide" / RUNTIME_MODULE).relative_to(PUBLIC).as_posix()
    skipped = {SERVICE_WORKER.name, PRECACHE.name, stock, module}
    files = [f"{name}.html" for name in site_pages.game_parts()] if public == PUBLIC else []
    for path in public.rglob("*"):
        relative = path.relative_to(public)
        if not path.is_file() or any(part.startswith(".") for part in relative.parts):
            continue
        if "__pycache__" in relative.parts or relative.as_posix() in skipped:
            continue
        files.append(relative.as_posix())
    return sorted(set(files))


def precache_name(files: list[str], public: Path = PUBLIC) -> str:
    """The cache name: a hash of every precached file's path and bytes, and of the service
    worker, so a change to any of them makes browsers precache the site anew. The build makes
    every file the same from the same source (the snapshot too: scripts/snapshot.mjs), so a
    rebuild elsewhere, a deploy from CI, keeps the name and tells no player of a new version."""
    digest = hashlib.sha256()
    for name in [*files, SERVICE_WORKER.name]:
        data = (public / name).read_bytes()
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return CACHE_PREFIX + digest.hexdigest()[:16]


def precache_manifest(public: Path = PUBLIC) -> dict[str, Any]:
    """What sw.js precaches: {"cache": its name, "files": the URL paths}."""
    files = precache_files(public)
    return {"cache": precache_name(files, public), "files": files}


def precache_script(manifest: dict[str, Any]) -> str:
    """The text of sw-precache.js, which sw.js imports: the manifest as a global."""
    return (
        "// Generated by scripts/site_build.py: do not edit, do not commit.\n"
        f"self.PRECACHE = {json.dumps(manifest, indent=1)};\n"
    )


def built_precache(public: Path = PUBLIC) -> dict[str, Any]:
    """The manifest the last build wrote into sw-precache.js (what browsers precache now)."""
    text = (public / PRECACHE.name).read_text(encoding="utf-8")
    body = text.split("self.PRECACHE = ", 1)[1].rstrip().removesuffix(";")
    manifest: dict[str, Any] = json.loads(body)
    return manifest


def write_precache() -> None:
    """Write sw-precache.js, last: it hashes everything the earlier steps wrote."""
    manifest = precache_manifest()
    PRECACHE.write_text(precache_script(manifest), encoding="utf-8")
    size = sum((PUBLIC / name).stat().st_size for name in manifest["files"])
    log(
        f"wrote {PRECACHE.relative_to(ROOT)}: cache {manifest['cache']}, "
        f"{len(manifest['files'])} files, {size / 1e6:.1f} MB"
    )


def write_pages() -> None:
    """Write the game pages into public/ from pages/game.html and each game's part."""
    try:
        names = site_pages.write_games(PUBLIC)
    except (site_pages.PageError, OSError) as error:
        raise BuildError(f"the game pages: {error}") from error
    log(f"wrote {', '.join(f'{PUBLIC.relative_to(ROOT)}/{name}' for name in names)}")


def browser_sources() -> list[site_stdlib.Source]:
    """Every Python module a page or its bot worker may run: ours (the command line's aside),
    the pages' own scripts and PyScript's package."""
    if str(ROOT) not in sys.path:  # the build runs before any virtualenv: the package in the tree
        sys.path.insert(0, str(ROOT))
    from bugs_core import is_command_line  # its own rule; stdlib only, no I/O on import

    sources = [
        source
        for folder, package in BROWSER_PACKAGES
        for source in site_stdlib.package_sources(folder, package, is_command_line)
    ]
    sources.extend(
        site_stdlib.Source(f"__page_{path.stem}", path.read_text(encoding="utf-8"))
        for path in sorted(PUBLIC.glob("*.py"))
    )
    bundle = PYSCRIPT_STDLIB.read_text(encoding="utf-8")  # `export default {...JSON...};`
    tree = json.loads(bundle.split("export default", 1)[1].strip().removesuffix(";"))
    sources.extend(site_stdlib.tree_sources(tree))
    return sources


def library_sources(wheels: Sequence[Path]) -> Iterator[site_stdlib.Source]:
    """The modules of the libraries' wheels a page may run (their command lines aside): roots
    of the standard library's trim, so it keeps what they import (segno: xml.sax.saxutils).

    Not among browser_sources: that is our code, which must import no module left out on
    purpose, while a library may, on paths the pages never take (segno's show() opens a
    desktop browser; see bugs_web.qr for the one import that is not on such a path).
    """
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            for path in sorted(archive.namelist()):
                if path.endswith(".py") and ".dist-info/" not in path and ".data/" not in path:
                    source = site_stdlib.source_at(path, archive.read(path).decode("utf-8"))
                    if source.module not in LIBRARY_COMMAND_LINE:
                        yield source


def cached(name: str, suffix: str, digest: str, make: Callable[[Path], bytes]) -> Path:
    """build/site-cache/NAME-<digest>SUFFIX, made by `make` (given a scratch folder) when it is
    not there yet; older NAME files go, so the cache holds one of each."""
    kept = CACHE / f"{name}-{digest[:16]}{suffix}"
    if not kept.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            data = make(Path(tmp))
        for old in CACHE.glob(f"{name}-*"):
            old.unlink()
        kept.write_bytes(data)
    return kept


def trim_stdlib(libraries: Sequence[Path] = ()) -> None:
    """Write the site's standard library zip (scripts/site_stdlib.py), compiled to bytecode
    (scripts/compile_stdlib.mjs), beside the stock one, keeping what our code and the
    `libraries` (wheels) import. Compiled anew only when its inputs change, so a rebuild
    keeps the same bytes (and the snapshot made with them)."""
    roots = [*browser_sources(), *library_sources(libraries)]
    data, trimmed = site_stdlib.trim(STOCK_STDLIB.read_bytes(), roots, SNAPSHOT_TOOLS)
    digest = hashlib.sha256(data)
    for part in (COMPILE_SCRIPT, *(VENDOR / "pyodide" / name for name in PYODIDE_FILES)):
        digest.update(part.read_bytes())

    def compile_bytecode(tmp: Path) -> bytes:
        log("node scripts/compile_stdlib.mjs (the site's standard library to bytecode)")
        source, compiled = tmp / "source.zip", tmp / "compiled.zip"
        source.write_bytes(data)
        run(["node", str(COMPILE_SCRIPT), str(VENDOR / "pyodide"), str(source), str(compiled)])
        return compiled.read_bytes()

    kept = cached("stdlib", ".zip", digest.hexdigest(), compile_bytecode)
    shutil.copy2(kept, SITE_STDLIB)
    log(
        f"wrote {SITE_STDLIB.relative_to(ROOT)}: {len(trimmed.kept)} modules of "
        f"{len(trimmed.kept) + len(trimmed.dropped)}, {trimmed.site_bytes / 1e6:.2f} MB of "
        f"source (stock {trimmed.stock_bytes / 1e6:.2f} MB), "
        f"{SITE_STDLIB.stat().st_size / 1e6:.2f} MB compiled"
    )


def snapshot_command(wheel: Path, out: Path) -> list[str]:
    """The command that makes the memory snapshot of the pages' Python with `wheel` into `out`
    (scripts/snapshot.mjs, after the runtime, the wheel and the site stdlib are in place)."""
    return [
        "node", str(SNAPSHOT_SCRIPT), str(VENDOR / "pyodide"), str(SITE_STDLIB), str(wheel),
        str(PYSCRIPT_STDLIB), str(PYSCRIPT_START), str(out), *SNAPSHOT_IMPORTS,
        "--compile", *SNAPSHOT_COMPILED,
    ]  # fmt: skip


def make_snapshot(wheel_name: str) -> None:
    """The Pyodide memory snapshot the pages start from (scripts/snapshot.mjs), made with Node
    from the vendored Pyodide and our wheel. Made anew only when one of those changes, and to
    the byte from the same inputs anywhere, so a rebuild does not make browsers fetch it
    again."""
    wheel = WHEELS / wheel_name
    digest = hashlib.sha256()
    runtime = (VENDOR / "pyodide" / name for name in PYODIDE_FILES)
    for part in (SNAPSHOT_SCRIPT, wheel, PYSCRIPT_STDLIB, PYSCRIPT_START, SITE_STDLIB, *runtime):
        digest.update(part.read_bytes())
    digest.update(repr((SNAPSHOT_IMPORTS, SNAPSHOT_COMPILED)).encode())

    def make(tmp: Path) -> bytes:
        log("node scripts/snapshot.mjs (Python started and our modules imported, then saved)")
        raw = tmp / "snapshot.bin"
        run(snapshot_command(wheel, raw))
        # Gzipped by us, not left to the host: 31 MB of memory is about 7 MB this way, and
        # python.mjs inflates it in the browser. mtime=0: the same memory, the same file.
        return gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0)

    kept = cached("snapshot", ".bin.gz", digest.hexdigest(), make)
    shutil.copy2(kept, SNAPSHOT)
    log(f"wrote {SNAPSHOT.relative_to(ROOT)} ({SNAPSHOT.stat().st_size / 1e6:.1f} MB)")


def build() -> None:
    """Run every build step in order."""
    ensure_node_modules()
    copy_runtime()
    vendor_micropip()
    libraries = vendor_libraries()
    wheel_name = build_wheel()
    trim_stdlib(libraries)
    make_snapshot(wheel_name)
    CONFIG.write_text(pyscript_config(), encoding="utf-8")
    OLD_CONFIG.unlink(missing_ok=True)  # a stale copy would be precached and served
    log(f"wrote {CONFIG.relative_to(ROOT)}")
    write_pages()
    write_precache()
