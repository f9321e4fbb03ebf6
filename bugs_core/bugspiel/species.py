"""Bugspiel's own species data: categories and species cards, their loader, validator and values.

The data lives in two tab-separated files shipped in the package (`data/categories.tsv`,
`data/species.tsv`), written for this project (docs/rules/bugspiel.md, decision 3). This module
reads them with `importlib.resources`, so it works from a wheel, a zip import and under Pyodide
alike, checks every row, and computes card values by decision 4 in integers only.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType

from bugs_core.errors import BugsError

__all__ = [
    "CATEGORIES_FILE",
    "CATEGORY_COLUMNS",
    "DIET_CLASSES",
    "GLYPHS",
    "HABITAT_TERRAINS",
    "NOTE_MAX_LENGTH",
    "RANKS",
    "SPECIES_COLUMNS",
    "SPECIES_FILE",
    "WILD_COLOUR",
    "WILD_GLYPH",
    "WILD_TEXT_COLOUR",
    "Category",
    "DataError",
    "Diet",
    "DietClass",
    "Habitat",
    "Species",
    "SpeciesData",
    "Terrain",
    "base_value",
    "card_value",
    "contrast_ratio",
    "load_dataset",
    "parse_dataset",
    "terrains",
]

CATEGORIES_FILE = "categories.tsv"
"""Name of the categories file in the package's data folder (and in error messages)."""
SPECIES_FILE = "species.tsv"
"""Name of the species file in the package's data folder (and in error messages)."""

CATEGORY_COLUMNS: tuple[str, ...] = ("id", "rank", "common_name", "colour", "text_colour", "glyph")
"""The header row of categories.tsv, in order."""

SPECIES_COLUMNS: tuple[str, ...] = (
    "scientific_name",
    "common_name",
    "category",
    "habitats",
    "flying",
    "diet",
    "note",
)
"""The header row of species.tsv, in order."""

RANKS: tuple[str, ...] = ("class", "subclass", "superorder", "order", "suborder")
"""Taxonomic ranks a game category may have."""

GLYPHS: tuple[str, ...] = (
    "beetle",
    "shieldbug",
    "wasp",
    "fly",
    "butterfly",
    "moth",
    "spider",
    "grasshopper",
    "dragonfly",
    "cockroach",
    "woodlouse",
    "mite",
    "mayfly",
    "lacewing",
    "stonefly",
    "centipede",
    "millipede",
    "mantis",
    "stick",
    "earwig",
    "louse",
    "scorpion",
    "harvestman",
    "springtail",
    "thrips",
    "flea",
    "pseudoscorpion",
    "wild",
)
"""The fixed vocabulary of card silhouettes a renderer must know how to draw."""

WILD_COLOUR = "#d9d9d9"
"""Card colour of wild species, which have no category to take a colour from."""
WILD_TEXT_COLOUR = "#1a1a1a"
"""Text colour on wild cards."""
WILD_GLYPH = "wild"
"""Glyph of wild cards."""

NOTE_MAX_LENGTH = 140
"""Longest natural-history sentence a card can show."""

MIN_CONTRAST = 4.5
"""WCAG AA contrast for normal text: every card colour must reach it with its text colour."""

_GENUS_SPECIES = re.compile(r"[A-Z][a-z]+ [a-z]+(?:-[a-z]+)?")
_CATEGORY_ID = re.compile(r"[A-Z][a-z]+")
_HEX_COLOUR = re.compile(r"#[0-9a-f]{6}")


class DataError(BugsError):
    """A species data file is malformed; the message names the file, line and field."""

    def __init__(self, file: str, line: int, field: str, reason: str) -> None:
        self.file = file
        self.line = line
        self.field = field
        self.reason = reason
        where = f"{file}, line {line}" + (f", field {field!r}" if field else "")
        super().__init__(f"bad species data: {where}: {reason}")


class Habitat(enum.Enum):
    """A raw habitat of a species (rules §3.1); UNKNOWN is deliberately absent."""

    # Identity hash, as for Terrain below: each deck built looks habitats up per species.
    __hash__ = object.__hash__

    FRESHWATER = "FRESHWATER"
    MARINE = "MARINE"
    AQUATIC = "AQUATIC"
    SOIL = "SOIL"
    FOREST = "FOREST"
    GRASSLAND = "GRASSLAND"
    DESERT = "DESERT"
    URBAN = "URBAN"
    VARIED = "VARIED"


class Terrain(enum.Enum):
    """One of the four tile terrains; the value is the name players see."""

    WATER = "Aquatic"
    SOIL = "Soil"
    GRASS = "Grassland"
    FOREST = "Forest"

    # Identity hash, as for `deck.DietGoal`: Enum's own __hash__ is Python code, and the bots'
    # rollouts test terrains against sets hundreds of thousands of times a move.
    __hash__ = object.__hash__


HABITAT_TERRAINS: Mapping[Habitat, frozenset[Terrain]] = MappingProxyType(
    {
        Habitat.FRESHWATER: frozenset({Terrain.WATER}),
        Habitat.MARINE: frozenset({Terrain.WATER}),
        Habitat.AQUATIC: frozenset({Terrain.WATER}),
        Habitat.SOIL: frozenset({Terrain.SOIL}),
        Habitat.DESERT: frozenset({Terrain.SOIL}),
        Habitat.GRASSLAND: frozenset({Terrain.GRASS}),
        Habitat.URBAN: frozenset({Terrain.GRASS}),
        Habitat.FOREST: frozenset({Terrain.FOREST}),
        # VARIED means "most land": Soil, Grass and Forest, but not Water (§3.1).
        Habitat.VARIED: frozenset({Terrain.SOIL, Terrain.GRASS, Terrain.FOREST}),
    }
)
"""The terrains each raw habitat allows (rules §3.1)."""


class Diet(enum.Enum):
    """What a species eats (rules §3.1); there is no UNKNOWN, so every card has a diet class."""

    HERBIVORE = "HERBIVORE"
    FUNGIVORE = "FUNGIVORE"
    CARNIVORE = "CARNIVORE"
    OMNIVORE = "OMNIVORE"
    DETRITIVORE = "DETRITIVORE"
    SCAVENGER = "SCAVENGER"
    NEGAVORE = "NEGAVORE"  # the adults do not eat
    PARASITE = "PARASITE"

    # Identity hash, as for Terrain: is_predator and is_prey look a diet up per call.
    __hash__ = object.__hash__


class DietClass(enum.Enum):
    """A class of diets that a rule or a bonus goal tests for (rules §3.1 table)."""

    PREDATOR = "predator"
    PREY = "prey"
    HERBIVORE_BONUS = "herbivore bonus"
    SCAVENGER_BONUS = "scavenger bonus"
    NON_EATING = "non-eating"
    PARASITE = "parasite"

    # Identity hash, as for Terrain: tested against each diet's set of classes.
    __hash__ = object.__hash__


DIET_CLASSES: Mapping[Diet, frozenset[DietClass]] = MappingProxyType(
    {
        Diet.HERBIVORE: frozenset({DietClass.PREY, DietClass.HERBIVORE_BONUS}),
        Diet.FUNGIVORE: frozenset({DietClass.PREY, DietClass.HERBIVORE_BONUS}),
        Diet.CARNIVORE: frozenset({DietClass.PREDATOR}),
        Diet.OMNIVORE: frozenset({DietClass.PREDATOR}),
        Diet.DETRITIVORE: frozenset({DietClass.PREY, DietClass.SCAVENGER_BONUS}),
        Diet.SCAVENGER: frozenset({DietClass.PREY, DietClass.SCAVENGER_BONUS}),
        Diet.NEGAVORE: frozenset({DietClass.PREY, DietClass.NON_EATING}),
        # Parasites are neither predators nor prey: nothing may eat them.
        Diet.PARASITE: frozenset({DietClass.PARASITE}),
    }
)
"""The classes each diet belongs to (rules §3.1)."""


@dataclass(frozen=True)
class Category:
    """A game category: an order or class whose species are added to a deck together."""

    id: str
    """Scientific name of the taxon, e.g. "Coleoptera"; bonus goals name it."""
    rank: str
    common_name: str
    colour: str
    """Card background, "#rrggbb"."""
    text_colour: str
    """Colour of text on the card, "#rrggbb", at least 4.5:1 against `colour`."""
    glyph: str
    """Silhouette keyword from `GLYPHS`."""


@dataclass(frozen=True)
class Species:
    """One bug card: a real species with the traits the rules read."""

    scientific_name: str
    """Genus and species, e.g. "Lucanus cervus"; unique, it identifies the card."""
    common_name: str
    category: str | None
    """Category id, or None for a wild species."""
    habitats: tuple[Habitat, ...]
    """Raw habitats in `Habitat` order (a tuple, so iteration is the same in every process)."""
    flying: bool
    diet: Diet
    note: str
    """One sentence of natural history for the card."""

    @property
    def is_wild(self) -> bool:
        """True for a species outside every game category."""
        return self.category is None

    @property
    def diet_classes(self) -> frozenset[DietClass]:
        """The classes of this species' diet."""
        return DIET_CLASSES[self.diet]

    @property
    def is_predator(self) -> bool:
        """True if it eats other bugs (carnivores and omnivores)."""
        return DietClass.PREDATOR in DIET_CLASSES[self.diet]

    @property
    def is_prey(self) -> bool:
        """True if a predator may eat it; predators and parasites never are."""
        return DietClass.PREY in DIET_CLASSES[self.diet]


def terrains(species: Species) -> frozenset[Terrain]:
    """The terrains where the species may be played (rules §3.1); never empty for valid data."""
    return _terrains_of(species.habitats)


@functools.cache  # every game's deal asks it of every card of its deck
def _terrains_of(habitats: tuple[Habitat, ...]) -> frozenset[Terrain]:
    allowed: frozenset[Terrain] = frozenset()
    for habitat in habitats:
        allowed |= HABITAT_TERRAINS[habitat]
    return allowed


@dataclass(frozen=True)
class SpeciesData:
    """A validated data set: the categories and the species, both in file order."""

    categories: tuple[Category, ...]
    species: tuple[Species, ...]
    # Derived lookups, filled in __post_init__; left out of equality and hashing.
    _sizes: Mapping[str, int] = field(init=False, repr=False, compare=False)
    _by_id: Mapping[str, Category] = field(init=False, repr=False, compare=False)
    _by_name: Mapping[str, Species] = field(init=False, repr=False, compare=False)
    _members: Mapping[str, tuple[Species, ...]] = field(init=False, repr=False, compare=False)
    _values: Mapping[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        sizes = dict.fromkeys((c.id for c in self.categories), 0)
        for sp in self.species:
            if sp.category is not None:
                sizes[sp.category] += 1
        object.__setattr__(self, "_sizes", MappingProxyType(sizes))
        object.__setattr__(self, "_by_id", MappingProxyType({c.id: c for c in self.categories}))
        object.__setattr__(
            self, "_by_name", MappingProxyType({s.scientific_name: s for s in self.species})
        )
        # Every game's deck walk asks for the members of one category after another.
        members: dict[str, list[Species]] = {c.id: [] for c in self.categories}
        for sp in self.species:
            if sp.category is not None:
                members.setdefault(sp.category, []).append(sp)
        object.__setattr__(
            self, "_members", MappingProxyType({k: tuple(v) for k, v in members.items()})
        )
        # Each deck build asks for the value of every card it walks (some 1,100 asks): worked
        # out here once, by the identity of this data's own species objects, which it keeps.
        values = {id(sp): _card_value(sp, self) for sp in self.species}
        object.__setattr__(self, "_values", MappingProxyType(values))

    def category(self, category_id: str) -> Category:
        """The category with this id; KeyError if there is none."""
        return self._by_id[category_id]

    def species_named(self, scientific_name: str) -> Species:
        """The species with this scientific name; KeyError if there is none."""
        return self._by_name[scientific_name]

    def members(self, category_id: str) -> tuple[Species, ...]:
        """The species of one category, in file order."""
        return self._members.get(category_id, ())

    @property
    def wild(self) -> tuple[Species, ...]:
        """The wild species, in file order."""
        return tuple(s for s in self.species if s.category is None)

    def size(self, category_id: str) -> int:
        """How many species the category has (c in decision 4)."""
        return self._sizes[category_id]

    @property
    def wild_count(self) -> int:
        """How many wild species there are (W in decision 4)."""
        return len(self.species) - sum(self._sizes.values())

    @property
    def largest_size(self) -> int:
        """The largest category's size (L in decision 4)."""
        return max(self._sizes.values())

    @property
    def smallest_size(self) -> int:
        """The smallest category's size (s_min in decision 3)."""
        return min(self._sizes.values())

    @property
    def sz(self) -> int:
        """floor(L/2) + 1, the numerator of every card value."""
        return self.largest_size // 2 + 1


def _value(sz: int, c: int, *, wild: bool, predator: bool, flyer: bool) -> int:
    # Decision 4 in integers: the reference's float sz/c + 0.5 - 1 - 1.8 - 0.5 is scaled by 10c,
    # so floor division gives the exact answer where floats would land one below on ties.
    w, p, f = int(wild), int(predator), int(flyer)
    return max(1, (10 * sz + c * (5 - 10 * w - 18 * p - 5 * f)) // (10 * c))


def card_value(species: Species, dataset: SpeciesData) -> int:
    """The card's victory points (decision 4): rarer categories are worth more.

    VP = max(1, floor((10*sz + c*(5 - 10*w - 18*p - 5*f)) / (10*c))), where c is the card's
    category size (W for a wild card) and w, p, f mark wild, predator and flyer.
    """
    value = dataset._values.get(id(species))
    return _card_value(species, dataset) if value is None else value


def _card_value(species: Species, dataset: SpeciesData) -> int:
    c = dataset.wild_count if species.category is None else dataset.size(species.category)
    return _value(
        dataset.sz, c, wild=species.is_wild, predator=species.is_predator, flyer=species.flying
    )


def base_value(category_id: str, dataset: SpeciesData) -> int:
    """The value of a non-predator, non-flying card of the category: its highest card value."""
    return _value(dataset.sz, dataset.size(category_id), wild=False, predator=False, flyer=False)


def contrast_ratio(colour: str, other: str) -> float:
    """WCAG 2 contrast ratio of two "#rrggbb" colours, from 1.0 to 21.0."""

    def luminance(hex_colour: str) -> float:
        channels = []
        for i in (1, 3, 5):
            v = int(hex_colour[i : i + 2], 16) / 255
            channels.append(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)
        r, g, b = channels
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(colour), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# The per-row error factory the field parsers receive: (field name, reason) -> error.
_Bad = Callable[[str, str], DataError]


def _rows(text: str, file: str, columns: tuple[str, ...]) -> list[tuple[int, list[str]]]:
    """Split a TSV text into (line number, fields), checking the header and field counts."""
    lines = text.splitlines()
    if not lines:
        raise DataError(file, 1, "", "the file is empty; it needs a header row")
    header = lines[0].split("\t")
    if tuple(header) != columns:
        raise DataError(file, 1, "", f"header must be {' | '.join(columns)}")
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            raise DataError(file, number, "", "blank line; every line must be a record")
        fields = line.split("\t")
        if len(fields) != len(columns):
            raise DataError(
                file, number, "", f"{len(fields)} tab-separated fields, expected {len(columns)}"
            )
        for name, value in zip(columns, fields, strict=True):
            if value != value.strip():
                raise DataError(file, number, name, "leading or trailing spaces")
        rows.append((number, fields))
    return rows


def _parse_categories(text: str, file: str) -> tuple[tuple[Category, int], ...]:
    """The categories with their line numbers, each row checked."""
    seen: dict[str, int] = {}
    out = []
    for number, fields in _rows(text, file, CATEGORY_COLUMNS):
        cid, rank, common, colour, text_colour, glyph = fields

        def bad(name: str, reason: str, number: int = number) -> DataError:
            return DataError(file, number, name, reason)

        if not _CATEGORY_ID.fullmatch(cid):
            raise bad("id", f"{cid!r} is not a capitalised scientific name like 'Coleoptera'")
        if cid in seen:
            raise bad("id", f"duplicate category {cid!r} (first on line {seen[cid]})")
        seen[cid] = number
        if rank not in RANKS:
            raise bad("rank", f"{rank!r} is not one of {', '.join(RANKS)}")
        if not common:
            raise bad("common_name", "missing")
        for name, value in (("colour", colour), ("text_colour", text_colour)):
            if not _HEX_COLOUR.fullmatch(value):
                raise bad(name, f"{value!r} is not a lower-case #rrggbb colour")
        ratio = contrast_ratio(colour, text_colour)
        if ratio < MIN_CONTRAST:
            raise bad("text_colour", f"contrast {ratio:.2f}:1 with {colour}, below 4.5:1")
        if glyph not in GLYPHS or glyph == WILD_GLYPH:
            raise bad("glyph", f"{glyph!r} is not a category glyph ({', '.join(GLYPHS[:-1])})")
        out.append((Category(cid, rank, common, colour, text_colour, glyph), number))
    return tuple(out)


def _parse_species(text: str, file: str, category_ids: frozenset[str]) -> tuple[Species, ...]:
    """The species, each row checked against the field vocabularies and the categories."""
    seen: dict[str, int] = {}
    out = []
    for number, fields in _rows(text, file, SPECIES_COLUMNS):
        name, common, category, habitats_text, flying, diet_text, note = fields

        def bad(field_name: str, reason: str, number: int = number) -> DataError:
            return DataError(file, number, field_name, reason)

        if not _GENUS_SPECIES.fullmatch(name):
            raise bad("scientific_name", f"{name!r} is not 'Genus species'")
        if name in seen:
            raise bad("scientific_name", f"duplicate species {name!r} (first on line {seen[name]})")
        seen[name] = number
        if not common:
            raise bad("common_name", "missing")
        if category and category not in category_ids:
            raise bad("category", f"unknown category {category!r} (leave it empty for wild)")
        habitats = _parse_habitats(habitats_text, bad)
        if flying not in ("yes", "no"):
            raise bad("flying", f"{flying!r} must be yes or no")
        diet = _parse_diet(diet_text, bad)
        if not note:
            raise bad("note", "missing: every card needs a sentence of natural history")
        if len(note) > NOTE_MAX_LENGTH:
            raise bad("note", f"{len(note)} characters, at most {NOTE_MAX_LENGTH}")
        out.append(
            Species(
                scientific_name=name,
                common_name=common,
                category=category or None,
                habitats=habitats,
                flying=flying == "yes",
                diet=diet,
                note=note,
            )
        )
    return tuple(out)


def _parse_habitats(text: str, bad: _Bad) -> tuple[Habitat, ...]:
    """Comma-separated raw habitats, in `Habitat` order; at least one, no UNKNOWN."""
    if not text:
        raise bad("habitats", "missing: name at least one habitat")
    names = text.split(",")
    found = set()
    for name in names:
        if name == "UNKNOWN":
            raise bad("habitats", "UNKNOWN is not allowed: every card must fit some terrain")
        try:
            habitat = Habitat(name)
        except ValueError:
            allowed = ", ".join(h.value for h in Habitat)
            raise bad("habitats", f"unknown habitat {name!r} (one of {allowed})") from None
        if habitat in found:
            raise bad("habitats", f"{name} given twice")
        found.add(habitat)
    return tuple(h for h in Habitat if h in found)


def _parse_diet(text: str, bad: _Bad) -> Diet:
    """One diet name; UNKNOWN is refused because it would leave the card without a class."""
    if text in ("", "UNKNOWN"):
        raise bad("diet", "unknown diets are not allowed: give one of the diet names")
    try:
        return Diet(text)
    except ValueError:
        allowed = ", ".join(d.value for d in Diet)
        raise bad("diet", f"unknown diet {text!r} (one of {allowed})") from None


def parse_dataset(
    categories_text: str,
    species_text: str,
    *,
    categories_file: str = CATEGORIES_FILE,
    species_file: str = SPECIES_FILE,
) -> SpeciesData:
    """Parse and validate the two TSV texts; raise DataError naming the file, line and field.

    Besides each row, checks the whole: every category has species, and the smallest and
    largest sizes satisfy decision 3 (7.5 <= sz/s_min < 8.5), so card values run from 1 to 8.
    """
    categories = _parse_categories(categories_text, categories_file)
    ids = frozenset(c.id for c, _ in categories)
    species = _parse_species(species_text, species_file, ids)
    if not categories:
        raise DataError(categories_file, 2, "", "no categories")
    data = SpeciesData(tuple(c for c, _ in categories), species)
    for cat, number in categories:
        if data.size(cat.id) == 0:
            raise DataError(categories_file, number, "id", f"category {cat.id!r} has no species")
    smallest = min(categories, key=lambda pair: data.size(pair[0].id))
    s_min = data.size(smallest[0].id)
    # 7.5 <= sz/s_min < 8.5, multiplied through by 2*s_min to stay in integers.
    if not 15 * s_min <= 2 * data.sz < 17 * s_min:
        raise DataError(
            categories_file,
            smallest[1],
            "id",
            f"smallest category {smallest[0].id!r} has {s_min} species and the largest "
            f"{data.largest_size}: sz/s_min = {data.sz}/{s_min} must be in [7.5, 8.5)",
        )
    return data


def _read(name: str) -> str:
    # files() rather than a path next to __file__: it also reads from a zipped wheel and Pyodide.
    package = resources.files(__package__ or "bugs_core.bugspiel")
    return package.joinpath("data").joinpath(name).read_text(encoding="utf-8")


@functools.cache
def load_dataset() -> SpeciesData:
    """The shipped data set, parsed and validated once per process."""
    return parse_dataset(_read(CATEGORIES_FILE), _read(SPECIES_FILE))
