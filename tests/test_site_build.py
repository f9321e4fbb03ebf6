"""scripts/site_build.py's precache list: the whole site, under a name that follows its bytes."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import site_build  # noqa: E402
import site_pages  # noqa: E402

PUBLIC = site_build.PUBLIC
BUILT = site_build.CONFIG.is_file()


def make_site(root: Path) -> Path:
    """A small site tree: pages, a vendored file, the service worker and things to leave out."""
    files = {
        "index.html": "<p>home</p>",
        "bugs.html": "<p>bugs</p>",
        "site.css": "body {}",
        "landing.py": "print('hi')",
        "icons/icon-192.png": "png",
        "vendor/pyodide/pyodide.asm.wasm": "wasm",
        "sw.js": "importScripts('sw-precache.js');",
        "sw-precache.js": "self.PRECACHE = {};",
        ".hidden": "x",
        "__pycache__/landing.cpython-311.pyc": "x",
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_precache_lists_every_file_but_the_worker_and_its_list(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    assert site_build.precache_files(site) == [
        "bugs.html",
        "icons/icon-192.png",
        "index.html",
        "landing.py",
        "site.css",
        "vendor/pyodide/pyodide.asm.wasm",
    ]


def test_cache_name_changes_when_any_file_changes(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    files = site_build.precache_files(site)
    name = site_build.precache_name(files, site)
    assert re.fullmatch(r"bugs-table-[0-9a-f]{16}", name)
    assert site_build.precache_name(files, site) == name  # the same bytes, the same name

    wasm = site / "vendor/pyodide/pyodide.asm.wasm"
    wasm.write_text("wasm!", encoding="utf-8")
    changed = site_build.precache_name(files, site)
    assert changed != name
    wasm.write_text("wasm", encoding="utf-8")
    assert site_build.precache_name(files, site) == name

    (site / "sw.js").write_text("// a new worker", encoding="utf-8")
    assert site_build.precache_name(files, site) != name


@pytest.mark.slow  # two snapshots made with Node, a few seconds
@pytest.mark.skipif(not BUILT, reason="needs a built site: python scripts/site.py build")
def test_the_snapshot_is_made_to_the_byte_from_the_same_inputs(tmp_path: Path) -> None:
    # The cache name hashes the snapshot's bytes: were they to differ from one making to the
    # next, every rebuild of the same source (a deploy from CI) would be a "new version" for
    # every player, 7 MB each. Before snapshot.mjs held the clock, chance and its own path
    # still, two makings differed in 3,723 of 7,680 pages. The second runs a copy of the script
    # from another folder, as a clone elsewhere would.
    wheel = sorted(site_build.WHEELS.glob("bugs_table-*.whl"))[-1]
    first, second = tmp_path / "first.bin", tmp_path / "elsewhere" / "second.bin"
    second.parent.mkdir()
    site_build.run(site_build.snapshot_command(wheel, first))
    command = site_build.snapshot_command(wheel, second)
    script = second.parent / site_build.SNAPSHOT_SCRIPT.name
    shutil.copy(site_build.SNAPSHOT_SCRIPT, script)
    assert command[1] == str(site_build.SNAPSHOT_SCRIPT)
    command[1] = str(script)
    site_build.run(command, cwd=second.parent)
    made = first.read_bytes()
    assert len(made) > 10_000_000
    assert made == second.read_bytes()


def test_the_wheel_leaves_the_readme_out() -> None:
    # Its metadata would carry the README (34 KB), so a README edit would change the wheel, the
    # snapshot made with it and the cache name: a "new version" for every player, 7 MB each.
    with (site_build.ROOT / "pyproject.toml").open("rb") as file:
        assert "readme" not in tomllib.load(file)["project"]


def test_cache_name_changes_when_a_file_is_added_or_renamed(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    name = site_build.precache_name(site_build.precache_files(site), site)
    (site / "site.css").rename(site / "main.css")
    renamed = site_build.precache_name(site_build.precache_files(site), site)
    assert renamed != name
    (site / "extra.js").write_text("", encoding="utf-8")
    assert site_build.precache_name(site_build.precache_files(site), site) not in {name, renamed}


def test_precache_script_holds_the_manifest(tmp_path: Path) -> None:
    manifest = site_build.precache_manifest(make_site(tmp_path))
    (tmp_path / "sw-precache.js").write_text(site_build.precache_script(manifest), "utf-8")
    assert site_build.built_precache(tmp_path) == manifest


def test_service_worker_uses_the_builds_cache_prefix_and_list() -> None:
    worker = (PUBLIC / "sw.js").read_text(encoding="utf-8")
    assert f'const CACHE_PREFIX = "{site_build.CACHE_PREFIX}";' in worker
    assert f'importScripts("{site_build.PRECACHE.name}");' in worker
    assert 'register("sw.js"' in (PUBLIC / "boot.js").read_text(encoding="utf-8")


class References(HTMLParser):
    """The local URLs an HTML page loads or links: src, href and PyScript's config."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key in {"src", "href", "config"} and value:
                self.urls.append(value)


def local_path(url: str) -> str | None:
    """The site-relative file a page's URL names, or None for another site, data: or #."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    path = parts.path.removeprefix("./")
    return path or "index.html"


def needed_by_pages() -> set[str]:
    """Every file the pages (committed or rendered from pages/), the web app manifest and the
    built config name."""
    needed = {"bugs_bots.py"}  # the bot worker's script, started from Python
    for text in site_pages.site_pages().values():
        parser = References()
        parser.feed(text)
        needed.update(p for p in map(local_path, parser.urls) if p is not None)
    manifest = json.loads((PUBLIC / "manifest.webmanifest").read_text(encoding="utf-8"))
    needed.update(icon["src"] for icon in manifest["icons"])
    if BUILT:
        needed.update(site_pages.render_games())  # written by the build, not committed
        config = json.loads(site_build.CONFIG.read_text(encoding="utf-8"))
        needed.add(config["interpreter"].removeprefix("./"))
        note = json.loads((PUBLIC / "wheels" / "wheel.json").read_text(encoding="utf-8"))
        needed.update({"wheels/wheel.json", f"wheels/{note['wheel']}"})  # python.mjs's plain start
        pyodide = PUBLIC / "vendor" / "pyodide"
        runtime = {*site_build.PYODIDE_FILES, site_build.SITE_STDLIB.name}
        runtime.discard(site_build.STOCK_STDLIB.name)  # the pages start with SITE_STDLIB
        runtime.discard(site_build.RUNTIME_MODULE)  # and with its classic script
        runtime.add(site_build.CLASSIC_RUNTIME)
        needed.update(f"vendor/pyodide/{name}" for name in runtime)
        lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
        needed.add(f"vendor/pyodide/{lock['packages']['micropip']['file_name']}")
    else:
        needed = {p for p in needed if not p.startswith(("vendor/", "wheels/", "pyscript.json"))}
    return needed


def test_precache_covers_every_file_the_pages_need() -> None:
    files = set(site_build.precache_files())
    missing = needed_by_pages() - files
    assert not missing, f"pages need files the service worker does not precache: {missing}"
    assert {"manifest.webmanifest", "favicon.svg", "icons/apple-touch-icon.png"} <= files


def test_every_page_links_the_web_app_manifest_and_its_icons() -> None:
    for name, text in site_pages.site_pages().items():
        parser = References()
        parser.feed(text)
        assert "manifest.webmanifest" in parser.urls, name
        assert "icons/apple-touch-icon.png" in parser.urls, name


def test_web_app_manifest_names_the_site_and_real_icons() -> None:
    manifest = json.loads((PUBLIC / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Bugs Table"
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    css = (PUBLIC / "site.css").read_text(encoding="utf-8")
    assert f"--forest: {manifest['theme_color']};" in css
    assert f"--paper: {manifest['background_color']};" in css
    sizes = set()
    for icon in manifest["icons"]:
        data = (PUBLIC / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


def test_the_config_loads_our_package_from_this_site_without_an_installer() -> None:
    config = json.loads(site_build.pyscript_config())
    assert config["interpreter"] == "./python.mjs"  # ours, not a CDN's
    # the snapshot has the package unpacked already; python.mjs unzips it for a plain start
    assert "files" not in config
    assert "packages" not in config  # micropip would be fetched, and a name sent to PyPI
    assert config["plugins"][0] == "!error"  # tracebacks are not drawn on the page
    core = (PUBLIC / "vendor" / "pyscript").glob("core-*.js")
    plugins = set(re.findall(r'"?([\w-]+)"?:\(\)=>import\("\./\1-', next(core).read_text()))
    assert {"error", "py-editor", "py-terminal"} <= plugins  # PyScript's plugins, as it names them
    assert {f"!{name}" for name in plugins} == set(config["plugins"])  # none of them is used
    # the bot worker never uses the page's window or document: no SharedArrayBuffer needed
    assert config["sync_main_only"] is True
    note = json.loads(site_build.wheel_note("bugs_table-9.9.9-py3-none-any.whl"))
    assert note == {"wheel": "bugs_table-9.9.9-py3-none-any.whl"}


def test_the_interpreter_is_the_vendored_pyodide_started_from_the_built_snapshot() -> None:
    wrapper = (PUBLIC / "python.mjs").read_text(encoding="utf-8")
    assert 'from "./vendor/pyodide/pyodide.mjs"' in wrapper
    assert f'"{site_build.SNAPSHOT.name}"' in wrapper
    assert site_build.SNAPSHOT.parent == site_build.VENDOR / "pyodide"
    if BUILT:
        assert site_build.SNAPSHOT.is_file()
        assert site_build.SNAPSHOT.read_bytes()[:2] == b"\x1f\x8b"  # gzipped
        assert "vendor/pyodide/snapshot.bin.gz" in site_build.precache_files()


def test_the_runtime_script_is_pyodides_own_with_the_eager_compile_hint(tmp_path: Path) -> None:
    """V8 compiles all of pyodide.asm.mjs as it streams in (`EAGER_COMPILE_HINT`): the hint
    is a comment on a line of its own before Pyodide's text, which is otherwise untouched."""
    script = tmp_path / site_build.RUNTIME_MODULE
    script.write_text("async function _createPyodideModule(){}\n", encoding="utf-8")
    site_build.hint_eager_compile(script)
    site_build.hint_eager_compile(script)  # put on twice: still one hint
    hinted = script.read_text(encoding="utf-8")
    assert hinted == "//# allFunctionsCalledOnLoad\nasync function _createPyodideModule(){}\n"
    if BUILT:
        served = (site_build.VENDOR / "pyodide" / site_build.RUNTIME_MODULE).read_bytes()
        own = (site_build.NODE_MODULES / "pyodide" / site_build.RUNTIME_MODULE).read_bytes()
        assert served == site_build.EAGER_COMPILE_HINT.encode() + own


CLASSIC_RUN = """
const vm = require("node:vm");
const [text, src] = [process.argv[1], process.argv[2]];
const page = { URL, document: { currentScript: { src } } };
vm.runInNewContext(text, page);  // compiled and run as a browser runs a classic script
const made = page._createPyodideModule;
made().then((url) => console.log(JSON.stringify([typeof made, url])));
"""


def test_the_classic_runtime_is_pyodides_module_as_a_classic_script(tmp_path: Path) -> None:
    """pyodide.asm.js: the same factory, defined as a global by a classic script, which sees
    its own address where the module saw import.meta.url; the compile hint stays first."""
    module = (
        site_build.EAGER_COMPILE_HINT
        + "async function _createPyodideModule(){return new URL('x.wasm', import.meta.url).href}"
        + "export default _createPyodideModule;\n"
    )
    classic = site_build.classic_runtime(module)
    assert classic.startswith(site_build.EAGER_COMPILE_HINT)
    assert "export" not in classic and "import.meta" not in classic
    src = "https://example.org/vendor/pyodide/pyodide.asm.js"
    ran = subprocess.run(
        ["node", "-e", CLASSIC_RUN, classic, src], capture_output=True, text=True, check=True
    )
    assert json.loads(ran.stdout) == ["function", "https://example.org/vendor/pyodide/x.wasm"]
    for odd in ("export const a = 1;", "const u = import.meta.resolve('x');"):
        with pytest.raises(site_build.BuildError, match="no classic script made"):
            site_build.classic_runtime(module + odd)
    # the build's check compiles it as a browser compiles a classic script: a static import
    # (which classic_runtime lets by) fails it
    check = ["node", "-e", site_build.CLASSIC_CHECK]
    for text, compiles in [
        (classic, True),
        (site_build.classic_runtime('import x from "y";\n' + module), False),
    ]:
        (tmp_path / "runtime.js").write_text(text, encoding="utf-8")
        ran = subprocess.run([*check, str(tmp_path / "runtime.js")], capture_output=True)
        assert (ran.returncode == 0) == compiles
    # python.mjs loads that file and takes that global (a static page cannot import the names)
    wrapper = (PUBLIC / "python.mjs").read_text(encoding="utf-8")
    assert f'const CLASSIC = "{site_build.CLASSIC_GLOBAL}";' in wrapper
    assert f'new URL("{site_build.CLASSIC_RUNTIME}", folder)' in wrapper
    # and, where that fails, imports Pyodide's own module
    assert f'new URL("{site_build.RUNTIME_MODULE}", folder)' in wrapper
    if BUILT:
        vendored = site_build.VENDOR / "pyodide"
        made = site_build.classic_runtime((vendored / site_build.RUNTIME_MODULE).read_text("utf-8"))
        assert (vendored / site_build.CLASSIC_RUNTIME).read_text("utf-8") == made
        files = site_build.precache_files()
        assert f"vendor/pyodide/{site_build.CLASSIC_RUNTIME}" in files
        assert f"vendor/pyodide/{site_build.RUNTIME_MODULE}" not in files  # no page loads it


def test_the_offline_worker_keeps_the_snapshot_it_precaches_inflated() -> None:
    worker = (PUBLIC / "sw.js").read_text(encoding="utf-8")
    path = site_build.SNAPSHOT.relative_to(PUBLIC).as_posix()
    assert f'const SNAPSHOT = "{path}";' in worker
    assert "await keepInflated(cache, SNAPSHOT);" in worker


def test_the_interpreter_knows_the_snapshots_size() -> None:
    """python.mjs weighs the snapshot against the line's speed: its figure is the built file's."""
    wrapper = (PUBLIC / "python.mjs").read_text(encoding="utf-8")
    found = re.search(r"^const SNAPSHOT_BYTES = ([\d.e]+);", wrapper, re.MULTILINE)
    assert found is not None
    if BUILT:
        size = site_build.SNAPSHOT.stat().st_size
        assert abs(float(found.group(1)) - size) < 0.1 * size


def test_a_made_file_is_cached_by_its_inputs_one_of_each_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(site_build, "CACHE", tmp_path / "cache")
    made: list[Path] = []

    def make(scratch: Path) -> bytes:
        assert scratch.is_dir()
        made.append(scratch)
        return b"first"

    first = site_build.cached("thing", ".bin", "a" * 64, make)
    assert first.read_bytes() == b"first" and first.name == f"thing-{'a' * 16}.bin"
    assert site_build.cached("thing", ".bin", "a" * 64, make) == first
    assert len(made) == 1  # the same inputs: not made again
    second = site_build.cached("thing", ".bin", "b" * 64, lambda scratch: b"second")
    site_build.cached("other", ".bin", "c" * 64, lambda scratch: b"other")
    names = sorted(path.name for path in (tmp_path / "cache").iterdir())
    assert names == [f"other-{'c' * 16}.bin", second.name]  # the old "thing" went
