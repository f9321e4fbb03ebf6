"""Bugspiel species data (docs/rules/bugspiel.md decisions 3 and 4): the shipped set, its
validator."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from bugs_core.bugspiel.species import (
    CATEGORY_COLUMNS,
    GLYPHS,
    SPECIES_COLUMNS,
    DataError,
    Diet,
    DietClass,
    Habitat,
    Species,
    SpeciesData,
    Terrain,
    base_value,
    card_value,
    contrast_ratio,
    load_dataset,
    parse_dataset,
    terrains,
)
from bugs_core.errors import BugsError


@pytest.fixture(scope="module")
def data() -> SpeciesData:
    return load_dataset()


# --- the shipped data set -------------------------------------------------------------------


def test_shipped_data_validates_and_is_cached(data: SpeciesData) -> None:
    assert isinstance(data, SpeciesData)
    assert load_dataset() is data


def test_counts(data: SpeciesData) -> None:
    assert len(data.categories) >= 24
    assert len(data.species) - data.wild_count >= 300
    assert data.wild_count >= 20
    assert all(data.size(c.id) >= 1 for c in data.categories)


def test_scientific_names_are_unique_binomials(data: SpeciesData) -> None:
    names = [s.scientific_name for s in data.species]
    assert len(names) == len(set(names))
    assert all(len(n.split(" ")) == 2 for n in names)
    # Common names are shown alone on small cards, so they must tell cards apart too.
    commons = [s.common_name for s in data.species]
    assert len(commons) == len(set(commons))


def test_category_ids_and_common_names_are_unique(data: SpeciesData) -> None:
    ids = [c.id for c in data.categories]
    assert len(ids) == len(set(ids))
    commons = [c.common_name for c in data.categories]
    assert len(commons) == len(set(commons))


def test_categories_are_skewed_as_in_nature(data: SpeciesData) -> None:
    """The big four orders are the largest categories; the rest is a long tail."""
    by_size = sorted(data.categories, key=lambda c: -data.size(c.id))
    assert {c.id for c in by_size[:4]} == {"Coleoptera", "Hemiptera", "Diptera", "Hymenoptera"}
    assert by_size[0].id == "Coleoptera"


def test_smallest_category_fits_decision_3(data: SpeciesData) -> None:
    """7.5 <= sz/s_min < 8.5 with sz = floor(L/2) + 1."""
    ratio = Fraction(data.sz, data.smallest_size)
    assert Fraction(15, 2) <= ratio < Fraction(17, 2)
    assert data.sz == data.largest_size // 2 + 1


def test_base_values_span_1_to_8(data: SpeciesData) -> None:
    values = {base_value(c.id, data) for c in data.categories}
    assert min(values) == 1
    assert max(values) == 8
    # Our sizes are chosen so that every value between also occurs as some category's base value.
    assert values == set(range(1, 9))


def test_every_card_value_is_1_to_8(data: SpeciesData) -> None:
    assert all(1 <= card_value(s, data) <= 8 for s in data.species)


def test_hand_computed_card_values(data: SpeciesData) -> None:
    """Decision 4 worked by hand, with L = 64 (Coleoptera), so sz = 64 // 2 + 1 = 33.

    VP = max(1, floor((10*sz + c*(5 - 10w - 18p - 5f)) / (10c))):

    - Androctonus australis, a scorpion (c = 4), predator, walks:
      (330 + 4*(5 - 18)) / 40 = 278 / 40 = 6.95 -> 6.
    - Carausius morosus, a stick insect (c = 4), herbivore, walks:
      (330 + 4*5) / 40 = 350 / 40 = 8.75 -> 8, the top value.
    - Ephemera danica, a mayfly (c = 6), non-eating, flies:
      (330 + 6*(5 - 5)) / 60 = 330 / 60 = 5.5 -> 5.
    - Mantis religiosa, a mantis (c = 5), predator, flies:
      (330 + 5*(5 - 18 - 5)) / 50 = 240 / 50 = 4.8 -> 4.
    - Schistocerca gregaria, a grasshopper (c = 12), herbivore, flies:
      (330 + 12*0) / 120 = 2.75 -> 2.
    - Lumbricus terrestris, wild (W = 26), detritivore, crawls:
      (330 + 26*(5 - 10)) / 260 = 200 / 260 = 0.77 -> 0, raised to 1.
    - Limulus polyphemus, wild (W = 26), predator:
      (330 + 26*(5 - 10 - 18)) / 260 = -268 / 260 -> -2 (floor), raised to 1.
    - Coccinella septempunctata, a beetle (c = 64), predator, flies:
      (330 + 64*(5 - 18 - 5)) / 640 = -822 / 640 -> -2, raised to 1.
    """
    # The hand sums above rest on these sizes; if the data changes, redo them.
    assert data.largest_size == 64
    assert data.sz == 33
    sizes = {"Scorpiones": 4, "Phasmatodea": 4, "Ephemeroptera": 6, "Mantodea": 5}
    sizes |= {"Orthoptera": 12, "Coleoptera": 64}
    assert {k: data.size(k) for k in sizes} == sizes
    assert data.wild_count == 26
    expected = {
        "Androctonus australis": 6,
        "Carausius morosus": 8,
        "Ephemera danica": 5,
        "Mantis religiosa": 4,
        "Schistocerca gregaria": 2,
        "Lumbricus terrestris": 1,
        "Limulus polyphemus": 1,
        "Coccinella septempunctata": 1,
    }
    got = {name: card_value(data.species_named(name), data) for name in expected}
    assert got == expected


def test_a_species_from_elsewhere_is_valued_by_decision_4_not_by_name(data: SpeciesData) -> None:
    """Values are kept by the data's own species objects: an equal-named copy that differs
    (here a predator the data has as a herbivore) is worked out afresh."""
    stick = data.species_named("Carausius morosus")
    hunter = replace(stick, diet=Diet.CARNIVORE)
    assert card_value(stick, data) == 8  # (330 + 4*5) / 40 = 8.75 -> 8
    assert card_value(hunter, data) == 6  # (330 + 4*(5 - 18)) / 40 = 6.95 -> 6


def test_every_species_maps_to_a_terrain(data: SpeciesData) -> None:
    assert all(s.habitats and terrains(s) for s in data.species)


def test_every_diet_and_diet_class_is_present(data: SpeciesData) -> None:
    assert {s.diet for s in data.species} == set(Diet)
    assert {k for s in data.species for k in s.diet_classes} == set(DietClass)


def test_wild_species_have_no_category_and_categories_have_art(data: SpeciesData) -> None:
    assert all(s.is_wild == (s.category is None) for s in data.species)
    for cat in data.categories:
        assert cat.glyph in GLYPHS
        assert contrast_ratio(cat.colour, cat.text_colour) >= 4.5


def test_notes_are_short_sentences(data: SpeciesData) -> None:
    for s in data.species:
        assert 0 < len(s.note) <= 140
        assert s.note[0].isupper() and s.note.endswith("."), s.scientific_name


def test_distributions_and_play_mix(data: SpeciesData) -> None:
    """Prints the card-value, terrain and diet distributions; asserts a playable mix."""
    n = len(data.species)
    values = Counter(card_value(s, data) for s in data.species)
    terrain_counts = Counter(t for s in data.species for t in terrains(s))
    diets = Counter(s.diet for s in data.species)
    predators = sum(s.is_predator for s in data.species)
    flyers = sum(s.flying for s in data.species)

    print(f"\n{n} species: {n - data.wild_count} in {len(data.categories)} categories, ", end="")
    print(f"{data.wild_count} wild; L = {data.largest_size}, sz = {data.sz}")
    print("categories (size, base value):")
    for cat in data.categories:
        print(f"  {cat.id:<17} {data.size(cat.id):>3}  {base_value(cat.id, data)}")
    print("card values:", "  ".join(f"{v}: {values[v]}" for v in range(1, 9)))
    print("terrains:", "  ".join(f"{t.value}: {terrain_counts[t]}" for t in Terrain))
    print("diets:", "  ".join(f"{d.value}: {diets[d]}" for d in Diet))
    print(f"predators: {predators} ({100 * predators / n:.0f}%)  ", end="")
    print(f"flyers: {flyers} ({100 * flyers / n:.0f}%)")

    assert 0.15 <= predators / n <= 0.40
    assert all(terrain_counts[t] >= 0.15 * n for t in Terrain)
    assert 0.25 <= flyers / n <= 0.75
    assert all(diets[d] >= 5 for d in Diet)
    assert set(values) <= set(range(1, 9))


# --- the rules the loader encodes -----------------------------------------------------------


def test_terrain_mapping_follows_rules_3_1() -> None:
    def card(*habitats: Habitat) -> Species:
        return Species("Testus testus", "test", None, habitats, False, Diet.HERBIVORE, "A test.")

    assert terrains(card(Habitat.MARINE)) == {Terrain.WATER}
    assert terrains(card(Habitat.AQUATIC, Habitat.DESERT)) == {Terrain.WATER, Terrain.SOIL}
    assert terrains(card(Habitat.URBAN)) == {Terrain.GRASS}
    assert terrains(card(Habitat.VARIED)) == {Terrain.SOIL, Terrain.GRASS, Terrain.FOREST}


@pytest.mark.parametrize(
    ("diet", "predator", "prey"),
    [
        (Diet.HERBIVORE, False, True),
        (Diet.FUNGIVORE, False, True),
        (Diet.CARNIVORE, True, False),
        (Diet.OMNIVORE, True, False),
        (Diet.DETRITIVORE, False, True),
        (Diet.SCAVENGER, False, True),
        (Diet.NEGAVORE, False, True),
        (Diet.PARASITE, False, False),
    ],
)
def test_diet_classes(diet: Diet, predator: bool, prey: bool) -> None:
    s = Species("Testus testus", "test", "X", (Habitat.SOIL,), False, diet, "A test.")
    assert (s.is_predator, s.is_prey) == (predator, prey)


# --- the validator on small bad inputs ------------------------------------------------------

# A minimal valid set: L = 14 gives sz = 8, and 7.5 <= 8/1 < 8.5, so one category may have 1.
CATEGORIES_HEAD = "\t".join(CATEGORY_COLUMNS)
CATEGORY_ROWS = [
    "Bigida\torder\tbig bugs\t#e8c07a\t#1a1a1a\tbeetle",
    "Smallida\torder\tsmall bugs\t#bfe3f2\t#1a1a1a\tmayfly",
]
SPECIES_HEAD = "\t".join(SPECIES_COLUMNS)
SPECIES_ROWS = [
    f"Bigus {chr(97 + i)}lpha\tbig bug {i}\tBigida\tSOIL,FOREST\tno\tHERBIVORE\tA big bug."
    for i in range(14)
] + [
    "Smallus minor\tsmall bug\tSmallida\tFRESHWATER\tyes\tNEGAVORE\tA small bug.",
    "Wildus ferus\twild thing\t\tVARIED\tno\tDETRITIVORE\tA wild one.",
]


def species_text(rows: list[str]) -> str:
    return "\n".join([SPECIES_HEAD, *rows]) + "\n"


def categories_text(rows: list[str]) -> str:
    return "\n".join([CATEGORIES_HEAD, *rows]) + "\n"


def parse(species_rows: list[str], category_rows: list[str] = CATEGORY_ROWS) -> SpeciesData:
    return parse_dataset(categories_text(category_rows), species_text(species_rows))


def test_small_valid_set_parses() -> None:
    small = parse(SPECIES_ROWS)
    assert (small.largest_size, small.smallest_size, small.wild_count) == (14, 1, 1)
    assert base_value("Smallida", small) == 8
    assert small.species_named("Wildus ferus").habitats == (Habitat.VARIED,)


def with_row(index: int, row: str) -> list[str]:
    """SPECIES_ROWS with row `index` replaced; it sits on file line index + 2 (after the header)."""
    rows = list(SPECIES_ROWS)
    rows[index] = row
    return rows


@pytest.mark.parametrize(
    ("row", "field", "reason"),
    [
        ("Bigus zeta\tz\tBigida\tSOIL,SWAMP\tno\tHERBIVORE\tA bug.", "habitats", "SWAMP"),
        ("Bigus zeta\tz\tBigida\tUNKNOWN\tno\tHERBIVORE\tA bug.", "habitats", "UNKNOWN"),
        ("Bigus zeta\tz\tBigida\t\tno\tHERBIVORE\tA bug.", "habitats", "missing"),
        ("Bigus zeta\tz\tBigida\tSOIL,SOIL\tno\tHERBIVORE\tA bug.", "habitats", "twice"),
        ("Bigus zeta\tz\tBigida\tSOIL\tno\tUNKNOWN\tA bug.", "diet", "unknown diets"),
        ("Bigus zeta\tz\tBigida\tSOIL\tno\t\tA bug.", "diet", "unknown diets"),
        ("Bigus zeta\tz\tBigida\tSOIL\tno\tVEGAN\tA bug.", "diet", "VEGAN"),
        ("Bigus zeta\tz\tBigida\tSOIL\tno\tHERBIVORE\t", "note", "missing"),
        ("Bigus zeta\tz\tBigida\tSOIL\tno\tHERBIVORE\t" + "x" * 141, "note", "141"),
        ("Bigus alpha\tz\tBigida\tSOIL\tno\tHERBIVORE\tA bug.", "scientific_name", "duplicate"),
        ("Bigus zeta\tz\tBeetles\tSOIL\tno\tHERBIVORE\tA bug.", "category", "Beetles"),
        ("bigus zeta\tz\tBigida\tSOIL\tno\tHERBIVORE\tA bug.", "scientific_name", "Genus"),
        ("Bigus\tz\tBigida\tSOIL\tno\tHERBIVORE\tA bug.", "scientific_name", "Genus"),
        ("Bigus zeta\t\tBigida\tSOIL\tno\tHERBIVORE\tA bug.", "common_name", "missing"),
        ("Bigus zeta\tz\tBigida\tSOIL\tmaybe\tHERBIVORE\tA bug.", "flying", "yes or no"),
        ("Bigus zeta\tz\tBigida\tSOIL \tno\tHERBIVORE\tA bug.", "habitats", "spaces"),
    ],
)
def test_bad_species_row_names_file_line_and_field(row: str, field: str, reason: str) -> None:
    with pytest.raises(DataError) as caught:
        parse(with_row(3, row))
    message = str(caught.value)
    assert "species.tsv, line 5" in message
    assert f"field {field!r}" in message
    assert reason in message
    assert (caught.value.file, caught.value.line, caught.value.field) == ("species.tsv", 5, field)
    assert isinstance(caught.value, BugsError)


def test_duplicate_names_the_first_line_too() -> None:
    with pytest.raises(DataError, match=r"line 9, .*first on line 2"):
        parse(with_row(7, SPECIES_ROWS[0]))


def test_wrong_field_count_and_blank_line() -> None:
    with pytest.raises(DataError, match=r"species.tsv, line 3: 6 tab-separated fields"):
        parse(with_row(1, "Bigus zeta\tz\tBigida\tSOIL\tno\tHERBIVORE"))
    with pytest.raises(DataError, match=r"species.tsv, line 4: blank line"):
        parse(with_row(2, ""))


def test_bad_header() -> None:
    text = species_text(SPECIES_ROWS).replace("scientific_name", "name", 1)
    with pytest.raises(DataError, match=r"species.tsv, line 1: header must be"):
        parse_dataset(categories_text(CATEGORY_ROWS), text)


@pytest.mark.parametrize(
    ("row", "field", "reason"),
    [
        ("Smallida\torder\tsmall\t#bfe3f2\t#1a1a1a\tdragon", "glyph", "dragon"),
        ("Smallida\tfamily\tsmall\t#bfe3f2\t#1a1a1a\tmayfly", "rank", "family"),
        ("Smallida\torder\tsmall\tblue\t#1a1a1a\tmayfly", "colour", "blue"),
        ("Smallida\torder\tsmall\t#444444\t#1a1a1a\tmayfly", "text_colour", "contrast"),
        ("Bigida\torder\tsmall\t#bfe3f2\t#1a1a1a\tmayfly", "id", "duplicate"),
        ("small bugs\torder\tsmall\t#bfe3f2\t#1a1a1a\tmayfly", "id", "scientific name"),
    ],
)
def test_bad_category_row_names_file_line_and_field(row: str, field: str, reason: str) -> None:
    with pytest.raises(DataError) as caught:
        parse(SPECIES_ROWS, [CATEGORY_ROWS[0], row])
    message = str(caught.value)
    assert "categories.tsv, line 3" in message
    assert f"field {field!r}" in message
    assert reason in message


def test_category_without_species_is_refused() -> None:
    extra = "Emptida\torder\tnone\t#bfe3f2\t#1a1a1a\tflea"
    with pytest.raises(DataError, match=r"categories.tsv, line 4, field 'id': .*no species"):
        parse(SPECIES_ROWS, [*CATEGORY_ROWS, extra])


def test_sizes_breaking_decision_3_are_refused() -> None:
    # One more big bug: L = 15 still gives sz = 8; two more give L = 16, sz = 9 and 9/1 >= 8.5.
    more = [f"Bigus {chr(97 + i)}beta\tb\tBigida\tSOIL\tno\tHERBIVORE\tA bug." for i in range(2)]
    parse([*SPECIES_ROWS, *more[:1]])
    with pytest.raises(DataError, match=r"categories.tsv, line 3, .*'Smallida'.*9/1"):
        parse([*SPECIES_ROWS, *more])
