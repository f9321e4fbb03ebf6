"""A small stand-in browser for driving the game pages' glue (`bugs_pages`) under CPython.

The document is the real page (public/<page>.html) parsed into `Element`s; whatever the glue
puts into `innerHTML` is parsed the same way (lazily, on the first look inside), so
`querySelector`, `closest` and clicks work on the nodes the page really rendered. Selectors
cover what the glue and the tests use (tags, `#id`, `.class`, `[attr]`, `[attr=value]`,
`[attr="value"]`, `:not(...)`, descendants, lists); anything else raises, so a test cannot pass
on a selector the stand-in silently misreads.

`install` puts stand-in `pyscript`, `pyodide` and `pyodide.ffi` modules into `sys.modules`;
the caller's monkeypatch takes them out again.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import types
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import pytest

from bugs_web.bot_service import choose_move

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import site_pages  # noqa: E402  (scripts/ is not a package)

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


# -- selectors ---------------------------------------------------------------------------------

SIMPLE = re.compile(
    r"""\#(?P<id>[\w-]+)
    |\.(?P<cls>[\w-]+)
    |\[(?P<attr>[\w-]+)(?:=(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[\w-]+)))?\]
    |:not\((?P<neg>[^()]*)\)""",
    re.VERBOSE,
)
Test = Callable[["Element"], bool]


def _has_id(value: str) -> Test:
    return lambda e: e.getAttribute("id") == value


def _has_class(value: str) -> Test:
    return lambda e: value in (e.getAttribute("class") or "").split()


def _has_attribute(name: str, value: str | None) -> Test:
    if value is None:
        return lambda e: e.hasAttribute(name)
    return lambda e: e.getAttribute(name) == value


def _is_tag(name: str) -> Test:
    return lambda e: e.tag == name


def _not(test: Test) -> Test:
    return lambda e: not test(e)


def _compound(text: str) -> Test:
    """One compound selector (no combinators) as a test of an element."""
    tests: list[Test] = []
    tag = re.match(r"\*|[a-zA-Z][\w-]*", text)
    at = 0
    if tag:
        if tag.group(0) != "*":
            tests.append(_is_tag(tag.group(0).lower()))
        at = tag.end()
    while at < len(text):
        m = SIMPLE.match(text, at)
        if m is None:
            raise ValueError(f"the fake DOM does not understand the selector {text!r}")
        at = m.end()
        if m["id"] is not None:
            tests.append(_has_id(m["id"]))
        elif m["cls"] is not None:
            tests.append(_has_class(m["cls"]))
        elif m["attr"] is not None:
            value = next((v for v in (m["dq"], m["sq"], m["bare"]) if v is not None), None)
            tests.append(_has_attribute(m["attr"], value))
        else:
            tests.append(_not(_compound(m["neg"].strip())))
    if not tests:
        raise ValueError(f"empty selector {text!r}")
    return lambda e: all(t(e) for t in tests)


def _split_list(selector: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(selector):
        depth += (ch in "[(" and 1) or 0
        depth -= (ch in "])" and 1) or 0
        if ch == "," and depth == 0:
            parts.append(selector[start:i])
            start = i + 1
    parts.append(selector[start:])
    return [p.strip() for p in parts]


def matcher(selector: str) -> Test:
    """A selector list as a test of an element (descendant combinators only)."""
    chains: list[list[Test]] = []
    for part in _split_list(selector):
        if any(c in part for c in ">+~"):
            raise ValueError(f"the fake DOM does not understand the combinator in {part!r}")
        chains.append([_compound(p) for p in re.split(r"\s+(?![^\[]*\])", part) if p])

    def matches_chain(e: Element, chain: list[Test]) -> bool:
        if not chain[-1](e):
            return False
        node = e.parent
        for test in reversed(chain[:-1]):  # the nearest matching ancestor is always right here
            while node is not None and not test(node):
                node = node.parent
            if node is None:
                return False
            node = node.parent
        return True

    return lambda e: any(matches_chain(e, chain) for chain in chains)


# -- the tree ----------------------------------------------------------------------------------


class Style:
    def __init__(self) -> None:
        self.properties: dict[str, str] = {}

    def setProperty(self, name: str, value: str) -> None:
        self.properties[name] = value


class Element:
    """An element: attributes, children (parsed lazily from innerHTML), a few DOM properties."""

    def __init__(self, doc: Document, tag: str, attrs: dict[str, str] | None = None) -> None:
        self.doc = doc
        self.tag = tag.lower()
        self.attributes: dict[str, str] = dict(attrs or {})
        self.parent: Element | None = None
        self._children: list[Element | str] = []
        self._source: str | None = None  # innerHTML not parsed yet
        self._value: str | None = None
        self._checked: bool | None = None
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}
        self.style = Style()
        self.clientWidth = 960
        self.offsetWidth = 960
        self.scrollTop = 0
        self.focused = 0  # how many times focus() was called

    def __repr__(self) -> str:
        attrs = " ".join(f'{k}="{v}"' for k, v in self.attributes.items())
        return f"<{self.tag} {attrs}>"

    # -- the tree

    @property
    def children_nodes(self) -> list[Element | str]:
        if self._source is not None:
            source, self._source = self._source, None
            self._children = parse(self.doc, source, self)
        return self._children

    @property
    def children(self) -> list[Element]:
        return [c for c in self.children_nodes if isinstance(c, Element)]

    def descendants(self) -> Iterator[Element]:
        """Every element inside, in document order."""
        stack = list(reversed(self.children))
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def ancestors(self) -> Iterator[Element]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def contains(self, other: Any) -> bool:
        return other is self or (isinstance(other, Element) and self in other.ancestors())

    def querySelector(self, selector: str) -> Element | None:
        test = matcher(selector)
        return next((e for e in self.descendants() if test(e)), None)

    def querySelectorAll(self, selector: str) -> list[Element]:
        test = matcher(selector)
        return [e for e in self.descendants() if test(e)]

    def closest(self, selector: str) -> Element | None:
        test = matcher(selector)
        return next((e for e in (self, *self.ancestors()) if test(e)), None)

    def after(self, node: Element) -> None:
        assert self.parent is not None
        siblings = self.parent.children_nodes
        node.parent = self.parent
        siblings.insert(siblings.index(self) + 1, node)

    def before(self, node: Element) -> None:
        assert self.parent is not None
        siblings = self.parent.children_nodes
        node.parent = self.parent
        siblings.insert(siblings.index(self), node)

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children_nodes.remove(self)
            self.parent = None

    @property
    def childElementCount(self) -> int:
        return len(self.children)

    @property
    def firstElementChild(self) -> Element | None:
        return next(iter(self.children), None)

    def appendChild(self, node: Element) -> None:
        node.parent = self
        self.children_nodes.append(node)

    # -- content

    @property
    def innerHTML(self) -> str:
        if self._source is not None:
            return self._source
        return "".join(serialize(c) for c in self._children)

    @innerHTML.setter
    def innerHTML(self, html: str) -> None:
        active = self.doc.activeElement
        if active is not self and self.contains(active):
            self.doc.activeElement = self.doc.body  # the focused node went with the old content
        for child in self._children:
            if isinstance(child, Element):
                child.parent = None
        self._children = []
        self._source = str(html)

    @property
    def textContent(self) -> str:
        return "".join(c if isinstance(c, str) else c.textContent for c in self.children_nodes)

    @textContent.setter
    def textContent(self, text: str) -> None:
        self.innerHTML = ""
        self._source = None
        self._children = [str(text)]

    # -- attributes and the properties that reflect them

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name.lower())

    def setAttribute(self, name: str, value: object) -> None:
        self.attributes[name.lower()] = str(value)

    def removeAttribute(self, name: str) -> None:
        self.attributes.pop(name.lower(), None)

    def hasAttribute(self, name: str) -> bool:
        return name.lower() in self.attributes

    def _flag(self, name: str, on: bool) -> None:
        if on:
            self.attributes[name] = ""
        else:
            self.attributes.pop(name, None)

    @property
    def hidden(self) -> bool:
        return "hidden" in self.attributes

    @hidden.setter
    def hidden(self, on: bool) -> None:
        self._flag("hidden", bool(on))

    @property
    def disabled(self) -> bool:
        return "disabled" in self.attributes

    @disabled.setter
    def disabled(self, on: bool) -> None:
        self._flag("disabled", bool(on))

    @property
    def id(self) -> str:
        return self.attributes.get("id", "")

    @id.setter
    def id(self, value: str) -> None:
        self.attributes["id"] = value

    @property
    def className(self) -> str:
        return self.attributes.get("class", "")

    @className.setter
    def className(self, value: str) -> None:
        self.attributes["class"] = value

    @property
    def tagName(self) -> str:
        return self.tag.upper()

    @property
    def options(self) -> list[Element]:
        return self.querySelectorAll("option")

    @property
    def value(self) -> str:
        if self._value is not None:
            return self._value
        if self.tag == "select":
            options = self.options
            chosen = [o for o in options if o.hasAttribute("selected")] or options[:1]
            return chosen[0].value if chosen else ""
        if self.tag == "option":
            return self.attributes.get("value", self.textContent)
        return self.attributes.get("value", "")

    @value.setter
    def value(self, value: str) -> None:
        value = str(value)
        if self.tag == "select" and value not in [o.value for o in self.options]:
            value = ""  # as a browser does with a value no option has
        self._value = value

    @property
    def checked(self) -> bool:
        """A checkbox's state: its `checked` attribute until a test sets it."""
        if self._checked is not None:
            return self._checked
        return "checked" in self.attributes

    @checked.setter
    def checked(self, value: bool) -> None:
        self._checked = bool(value)

    @property
    def scrollHeight(self) -> int:
        return len(self.innerHTML)  # grows with the content, without parsing it

    # -- behaviour

    def focus(self, _options: object = None) -> None:
        assert self.doc.attached(self), f"focus() on a node no longer in the page: {self!r}"
        self.focused += 1
        self.doc.activeElement = self

    def scrollIntoView(self, options: object = None) -> None:
        """Recorded in the document's `brought_into_view`, with its options."""
        assert self.doc.attached(self), f"scrollIntoView() on a node not in the page: {self!r}"
        self.doc.brought_into_view.append((self, options))

    def addEventListener(
        self, kind: str, listener: Callable[[Any], Any], capture: bool = False
    ) -> None:
        self.listeners.setdefault(kind, []).append(listener)  # bubbling order, capture or not


def serialize(node: Element | str) -> str:
    if isinstance(node, str):
        return escape(node, quote=False)
    attrs = "".join(f' {k}="{escape(v)}"' for k, v in node.attributes.items())
    if node.tag in VOID:
        return f"<{node.tag}{attrs}>"
    return f"<{node.tag}{attrs}>{node.innerHTML}</{node.tag}>"


class _Builder(HTMLParser):
    def __init__(self, doc: Document, root: Element) -> None:
        super().__init__(convert_charrefs=True)
        self.doc = doc
        self.stack = [root]
        self.top: list[Element | str] = []

    def _add(self, node: Element | str) -> None:
        parent = self.stack[-1]
        if isinstance(node, Element):
            node.parent = parent
        if len(self.stack) == 1:
            self.top.append(node)
        else:
            parent._children.append(node)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Element(self.doc, tag, {k: v or "" for k, v in attrs})
        self._add(node)
        if node.tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._add(Element(self.doc, tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        self._add(data)


def _from_xml(doc: Document, node: ET.Element, parent: Element) -> Element:
    tag = node.tag.rpartition("}")[2]
    made = Element(doc, tag, {k.rpartition("}")[2]: v for k, v in node.attrib.items()})
    made.parent = parent
    if node.text:
        made._children.append(node.text)
    for child in node:
        made._children.append(_from_xml(doc, child, made))
        if child.tail:
            made._children.append(child.tail)
    return made


def parse(doc: Document, html: str, root: Element) -> list[Element | str]:
    """`html` as nodes under `root`: by the XML parser when it is well-formed XML (the SVG of
    the tables, fast), else by the HTML parser."""
    try:
        whole = ET.fromstring(f"<fragment>{html}</fragment>")
    except ET.ParseError:
        pass
    else:
        top = _from_xml(doc, whole, root)
        for child in top._children:
            if isinstance(child, Element):
                child.parent = root
        return top._children
    builder = _Builder(doc, root)
    builder.feed(html)
    builder.close()
    return builder.top


# -- document and window -----------------------------------------------------------------------


class Event:
    """A click or a key, as the glue reads it."""

    def __init__(self, kind: str, target: Any, **fields: Any) -> None:
        self.type = kind
        self.target = target
        self.code = fields.pop("code", "")
        self.key = fields.pop("key", "")
        self.shiftKey = fields.pop("shiftKey", False)
        self.ctrlKey = fields.pop("ctrlKey", False)
        self.altKey = fields.pop("altKey", False)
        self.metaKey = fields.pop("metaKey", False)
        assert not fields, fields
        self.defaultPrevented = False

    def preventDefault(self) -> None:
        self.defaultPrevented = True


class Document:
    """The page: the body of public/<page>.html as the build writes it, its elements by id."""

    def __init__(self, page: str) -> None:
        html = site_pages.site_pages()[page]  # as the build writes it
        body = html[html.index("<body") :]
        self.root = Element(self, "#document")
        self.root._children = parse(self, body, self.root)
        self.body = self.root.children[0]
        assert self.body.tag == "body"
        self.activeElement: Element = self.body
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}
        self.ids = {e.id: e for e in self.root.descendants() if e.id}  # the page's own
        self.focused = True  # the browser's focus is in this page (`hasFocus`)
        self.brought_into_view: list[tuple[Element, object]] = []  # `scrollIntoView` calls

    def hasFocus(self) -> bool:
        return self.focused

    def attached(self, node: Element) -> bool:
        return node is self.root or self.root in node.ancestors()

    def getElementById(self, name: str) -> Element | None:
        known = self.ids.get(name)
        if known is not None and known.id == name and self.attached(known):
            return known
        node = next((e for e in self.root.descendants() if e.id == name), None)
        if node is not None:
            self.ids[name] = node  # made by the glue (createElement), or rendered
        return node

    def querySelector(self, selector: str) -> Element | None:
        return self.root.querySelector(selector)

    def createElement(self, tag: str) -> Element:
        return Element(self, tag)

    def addEventListener(
        self, kind: str, listener: Callable[[Any], Any], capture: bool = False
    ) -> None:
        self.listeners.setdefault(kind, []).append(listener)  # bubbling order, capture or not

    def dispatch(self, event: Event) -> Event:
        """Bubble `event` from its target up to the document, as a browser does."""
        node = event.target
        path = [node, *node.ancestors()] if isinstance(node, Element) else []
        for element in path:
            for listener in list(element.listeners.get(event.type, [])):
                listener(event)
        for listener in list(self.listeners.get(event.type, [])):
            listener(event)
        return event

    def click(self, node: Element) -> Event:
        return self.dispatch(Event("click", node))

    def key(self, code: str, key: str = "", target: Any = None, **fields: Any) -> Event:
        """A keydown on `target` (the focused element by default)."""
        where = self.activeElement if target is None else target
        return self.dispatch(Event("keydown", where, code=code, key=key or code, **fields))


class Storage:
    """localStorage, backed by a dict."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.data[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)

    def key(self, index: int) -> str | None:
        keys = list(self.data)
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self) -> int:
        return len(self.data)


class Clock:
    """`performance.now()`: milliseconds the test moves on by hand."""

    def __init__(self) -> None:
        self.ms = 0.0

    def now(self) -> float:
        return self.ms


class SearchParams:
    def __init__(self, search: str) -> None:
        self.pairs = parse_qsl(search.lstrip("?"), keep_blank_values=True)

    @classmethod
    def new(cls, search: str) -> SearchParams:
        return cls(search)

    def get(self, name: str) -> str | None:
        return next((v for k, v in self.pairs if k == name), None)

    def entries(self) -> list[tuple[str, str]]:
        return list(self.pairs)


class Window:
    def __init__(self, search: str) -> None:
        self.clock = Clock()
        self.performance = types.SimpleNamespace(now=self.clock.now)
        self.location = types.SimpleNamespace(
            search=search, hash="", pathname="/page.html", origin="https://example.test"
        )
        self.localStorage = Storage()
        self.Object = types.SimpleNamespace(fromEntries=dict)
        self.URLSearchParams = SearchParams
        self.history = types.SimpleNamespace(replaceState=lambda *_a: None)
        self.Date = types.SimpleNamespace(
            now=lambda: 1_700_000_000_000,
            new=lambda: types.SimpleNamespace(getTimezoneOffset=lambda: 0),
        )
        self.console = types.SimpleNamespace(warn=lambda *_a: None, log=lambda *_a: None)
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}
        self.coarse = False  # True: a touch screen, for `matchMedia("(pointer: coarse)")`
        self.frame_callbacks: list[Callable[[float], Any]] = []
        self.timers: list[tuple[float, Callable[[], Any]]] = []  # (due, callback), unrun
        self.self = self.top = self  # a page of its own; a test frames it by another `top`
        self.scrolls: list[tuple[float, float]] = []  # each scrollTo(x, y), in order

    def scrollTo(self, x: float, y: float) -> None:
        self.scrolls.append((x, y))

    def setTimeout(self, callback: Callable[[], Any], delay_ms: float = 0) -> int:
        self.timers.append((self.clock.ms + delay_ms, callback))
        return len(self.timers)

    def run_timers(self) -> None:
        """Run each timer that is due by the clock, in the order they fall due."""
        due = sorted((t for t in self.timers if t[0] <= self.clock.ms), key=lambda t: t[0])
        self.timers = [t for t in self.timers if t[0] > self.clock.ms]
        for _when, callback in due:
            callback()

    def requestAnimationFrame(self, callback: Callable[[float], Any]) -> int:
        self.frame_callbacks.append(callback)
        return len(self.frame_callbacks)

    def next_frame(self) -> None:
        """What the browser runs before it paints the next frame."""
        callbacks, self.frame_callbacks = self.frame_callbacks, []
        for callback in callbacks:
            callback(self.clock.ms)

    def matchMedia(self, query: str) -> types.SimpleNamespace:
        return types.SimpleNamespace(matches=self.coarse and query == "(pointer: coarse)")

    def addEventListener(
        self, kind: str, listener: Callable[[Any], Any], capture: bool = False
    ) -> None:
        self.listeners.setdefault(kind, []).append(listener)  # bubbling order, capture or not


def install(monkeypatch: pytest.MonkeyPatch, page: str, search: str) -> tuple[Document, Window]:
    """Stand-in `pyscript`, `pyodide` and `pyodide.ffi` modules over a fresh copy of `page`."""
    document, window = Document(page), Window(search)
    pyscript = types.ModuleType("pyscript")
    pyscript.document = document  # type: ignore[attr-defined]
    pyscript.window = window  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda f: f  # type: ignore[attr-defined]
    ffi.create_once_callable = lambda f: f  # type: ignore[attr-defined]
    ffi.to_js = lambda v, **_k: v  # type: ignore[attr-defined]
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyscript", pyscript)
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    return document, window


# -- the bot worker ----------------------------------------------------------------------------


class Worker:
    """The page's bot worker, answering with `bot_service.choose_move` as the real one does.

    With `hold` set, each answer is computed when asked but handed back only once the test
    calls `release()`: a late answer. `error` makes every answer an error."""

    def __init__(self) -> None:
        self.asked: list[dict[str, Any]] = []
        self.answered: list[dict[str, Any]] = []
        self.hold = False
        self.error = ""
        self.waiting = 0  # answers computed and held back
        self.gate = asyncio.Event()
        self.warmed = 0

    def warm_up(self) -> None:
        self.warmed += 1

    def release(self) -> None:
        self.gate.set()

    async def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self.asked.append(request)
        answer: dict[str, Any] = json.loads(choose_move(json.dumps(request)))
        if self.error:
            answer = {"error": self.error}
        await asyncio.sleep(0)  # like the real worker: the page draws "thinking" first
        if self.hold:
            self.waiting += 1
            await self.gate.wait()
            self.waiting -= 1
        self.answered.append(answer)
        return answer
