"""bugs_web.qr: a share link's QR code as SVG, read back by a decoder (zbar) and module by module
against segno's own matrix; a link too long for any QR code says so; segno reaches the pages."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
import zipfile
import zlib
from pathlib import Path

import pytest
import segno

from bugs_core.errors import BugsError
from bugs_core.link import encode_link
from bugs_core.record import GameRecord, Seat, new_record, replay_states
from bugs_core.registry import get_game
from bugs_web.qr import MAX_BYTES, QUIET_ZONE, SEGNO_WHEEL, TooLongForQRError, qr_svg

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import site_build  # noqa: E402

NS = {"svg": "http://www.w3.org/2000/svg"}
ZBARIMG = shutil.which("zbarimg")
PAGE = "https://bugs.example/table/bugs.html"


def played(game_id: str, players: int, moves: int | None, seed: int = 5) -> GameRecord:
    """A game of random legal moves: `moves` of them, or to its end."""
    seats = [Seat("Zoe", "human"), *(Seat(f"Bot {i}", "hard") for i in range(1, players))]
    record = new_record(game_id, {"players": players}, seed, seats)
    rules = get_game(game_id)
    state = list(replay_states(record))[-1]
    pick = random.Random(seed)
    while not rules.is_terminal(state) and (moves is None or len(record.actions) < moves):
        action = pick.choice(rules.legal_actions(state))
        record = record.with_action(action)
        state = rules.apply(state, action)
    return record


def share_link(record: GameRecord) -> str:
    return f"{PAGE}#g={encode_link(record)}"


LINKS = {
    "a few moves of Bugs": share_link(played("bugs", 3, 6)),
    "a whole game of Bugs": share_link(played("bugs", 3, None)),
    "Bugspiel": share_link(played("bugspiel", 2, 12)),
}


def modules_of(svg: str) -> list[list[int]]:
    """The module grid an SVG from qr_svg draws (quiet zone included), read from its path."""
    root = ET.fromstring(svg)
    side = int(root.attrib["viewBox"].split()[2])
    grid = [[0] * side for _ in range(side)]
    path = root.find("svg:path", NS)
    assert path is not None
    d = path.attrib["d"]
    runs = re.findall(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z", d)
    assert "".join(f"M{x} {y}h{n}v1h-{m}z" for x, y, n, m in runs) == d  # nothing else in it
    for x, y, n, m in runs:
        assert n == m
        for column in range(int(x), int(x) + int(n)):
            assert not grid[int(y)][column], "a module drawn twice"
            grid[int(y)][column] = 1
    return grid


def png_of(grid: list[list[int]], scale: int = 4) -> bytes:
    """A black-on-white 8-bit greyscale PNG of a module grid, `scale` pixels a module."""
    rows = b"".join(
        b"\0" + bytes(0 if dark else 255 for dark in row for _ in range(scale))
        for row in grid
        for _ in range(scale)
    )
    side = len(grid) * scale

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return len(data).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")

    header = side.to_bytes(4, "big") * 2 + bytes([8, 0, 0, 0, 0])
    return b"\x89PNG\r\n\x1a\n" + b"".join(
        (chunk(b"IHDR", header), chunk(b"IDAT", zlib.compress(rows)), chunk(b"IEND", b""))
    )


def zbar(png: Path) -> str:
    """What zbarimg reads in an image (Debian's zbar-tools)."""
    if ZBARIMG is None:  # a failure, not a skip: scripts/check installs it
        pytest.fail("zbarimg is missing: apt-get install -y zbar-tools", pytrace=False)
    done = subprocess.run(
        [ZBARIMG, "--raw", "-q", str(png)], capture_output=True, check=True, timeout=60
    )
    return done.stdout.decode("utf-8").removesuffix("\n")


def test_the_svg_is_well_formed_named_scalable_and_self_contained() -> None:
    title = 'QR code of the game\'s link, for "Ana" & <Bo>'
    svg = qr_svg(LINKS["a few moves of Bugs"], title=title)
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.attrib["role"] == "img"
    titles = root.findall("svg:title", NS)
    assert [t.text for t in titles] == [title] and root[0] is titles[0]  # first: its name
    x, y, width, height = map(int, root.attrib["viewBox"].split())
    assert (x, y) == (0, 0) and width == height
    assert "width" not in root.attrib and "height" not in root.attrib  # scales to its box
    assert root.attrib["shape-rendering"] == "crispEdges"
    light = root.find("svg:rect", NS)
    assert light is not None and light.attrib["fill"] == "#fff"
    assert (light.attrib["width"], light.attrib["height"]) == (str(width), str(width))
    path = root.find("svg:path", NS)
    assert path is not None and path.attrib["fill"] == "#000"
    # nothing to fetch: no links, no images, no styles
    fetching = {"href", "{http://www.w3.org/1999/xlink}href", "style", "src"}
    assert not [node for node in root.iter() if set(node.attrib) & fetching]
    assert {n.tag.split("}")[1] for n in root.iter()} == {"svg", "title", "rect", "path"}
    # the quiet zone: no dark module within QUIET_ZONE of an edge
    grid = modules_of(svg)
    sides = [row[:QUIET_ZONE] + row[-QUIET_ZONE:] for row in grid]
    assert not any(any(row) for row in [*grid[:QUIET_ZONE], *grid[-QUIET_ZONE:], *sides])


@pytest.mark.parametrize("name", list(LINKS))
def test_the_svg_draws_segnos_matrix(name: str) -> None:
    link = LINKS[name]
    code = segno.make_qr(link, error="l", boost_error=True)
    expected = [[int(bool(m)) for m in row] for row in code.matrix_iter(border=QUIET_ZONE)]
    assert modules_of(qr_svg(link, title="QR code")) == expected


@pytest.mark.parametrize("name", list(LINKS))
def test_a_decoder_reads_the_link_back(name: str, tmp_path: Path) -> None:
    link = LINKS[name]
    # segno's own PNG of the code, and a PNG of the modules our SVG draws
    code = segno.make_qr(link, error="l", boost_error=True)
    code.save(tmp_path / "segno.png", scale=4, border=QUIET_ZONE)
    (tmp_path / "svg.png").write_bytes(png_of(modules_of(qr_svg(link, title="QR code"))))
    assert zbar(tmp_path / "segno.png") == link
    assert zbar(tmp_path / "svg.png") == link


@pytest.mark.parametrize("name", list(LINKS))
def test_the_error_level_is_the_highest_the_smallest_code_holds(name: str) -> None:
    link = LINKS[name]
    code = segno.make_qr(link, error="l", boost_error=True)  # as qr_svg makes it
    assert code.version == segno.make_qr(link, error="l", boost_error=False).version
    levels = "LMQH"
    for higher in levels[levels.index(code.error) + 1 :][:1]:
        with pytest.raises(segno.DataOverflowError):
            segno.make_qr(link, error=higher, version=code.version, boost_error=False)


def test_a_link_too_long_for_any_qr_code_says_so() -> None:
    assert qr_svg("a" * MAX_BYTES, title="QR code").startswith("<svg")  # version 40 holds it
    assert segno.make_qr("a" * MAX_BYTES, error="l").designator == "40-L"
    too_long = PAGE + "#g=" + "A" * MAX_BYTES
    with pytest.raises(TooLongForQRError) as raised:
        qr_svg(too_long, title="QR code")
    error = raised.value
    assert isinstance(error, BugsError)
    assert (error.length, error.limit) == (len(too_long), MAX_BYTES)
    assert str(error) == (
        f"a link of {len(too_long)} characters is too long for a QR code, which holds at most 2953"
    )


def test_segno_imports_where_urllib_request_is_left_out() -> None:
    """The site's standard library has no urllib.request, which segno imports through
    xml.sax.saxutils: qr_svg still draws, and leaves the module as missing as it found it."""
    script = textwrap.dedent(
        """
        import sys
        sys.modules["urllib.request"] = None  # as missing as a module can be
        from bugs_web.qr import qr_svg
        assert "segno" not in sys.modules  # imported when a code is first drawn
        assert qr_svg("https://bugs.example/#g=AQ", title="t").startswith("<svg")
        assert "segno" in sys.modules and "urllib.request" not in sys.modules
        """
    )
    paths = [str(ROOT), str(ROOT / "web")]
    command = [sys.executable, "-c", f"import sys; sys.path[:0] = {paths!r}\n{script}"]
    subprocess.run(command, check=True)


def test_the_pages_get_the_pinned_segno_and_what_it_imports() -> None:
    """The page loads the wheel the build vendors, the one pyproject.toml pins."""
    pins = site_build.library_pins()
    assert ("segno", segno.__version__) in pins  # the tests ran with the pages' version
    assert [f"{n}-{v}-py3-none-any.whl" for n, v in pins] == [SEGNO_WHEEL]
    if not site_build.SITE_STDLIB.is_file():
        return  # the rest needs a built site
    files = site_build.precache_files()
    for name, version in pins:
        assert f"vendor/pyodide/{name}-{version}-py3-none-any.whl" in files  # offline too
    names = set(zipfile.ZipFile(site_build.SITE_STDLIB).namelist())
    assert {"xml/sax/saxutils.pyc", "xml/sax/handler.pyc", "gzip.pyc"} <= names
    assert "webbrowser.pyc" not in names  # segno's show() alone imports it
