"""Every view laid out by the real `endless render`, judged from its SVG with the fonts' own advances (svgtext.py
reads them from the TTF files): no two texts meet, and a timeline's leading label names the period that holds its
edge. ENDLESS_BIN names the binary (scripts/test sets it)."""
import itertools
import os
import subprocess
from datetime import datetime, timezone

import pytest

import svgtext

BIN = os.environ.get("ENDLESS_BIN", ".build/debug/endless")
RUNGS = ["1s", "5s", "15s", "30s", "1min", "5min", "15min", "30min", "1h", "3h", "6h", "12h", "1d", "1w", "1mo",
         "3mo", "1y", "10y", "100y", "1000y"]
SPACINGS = ["2", "13", "40", "80", "200"]
LOCALES = ["en", "de-DE", "ar-EG", "ja-JP", "fa-IR", "hi-IN", "zh-u-ca-chinese"]
# A spring-forward day in Berlin, a fall-back one in New York, and the Moon landing in UTC.
PLACES = [("2026-03-29T01:30:00Z", "Europe/Berlin"), ("2026-11-01T06:00:00Z", "America/New_York"),
          ("1969-07-20T00:00:00Z", "UTC")]


def render(view, *arguments):
    answer = subprocess.run([BIN, "render", view, *arguments], capture_output=True, timeout=60)
    assert answer.returncode == 0, answer.stderr.decode()
    return answer.stdout


def meeting(document):
    """The pairs of texts that meet where a reader sees them (within the document)."""
    seen = svgtext.visible(document, svgtext.texts(document))
    return [(a.words, round(a.left, 1), b.words, round(b.left, 1)) for a, b in svgtext.overlapping(seen)]


@pytest.mark.parametrize("rung", RUNGS)
def test_no_two_words_of_a_timeline_meet(rung):
    found = []
    for (at, zone), spacing, locale in itertools.product(PLACES, SPACINGS, LOCALES):
        document = render("timeline", "--scale", rung, "--spacing", spacing, "--locale", locale, "--at", at,
                          "--tz", zone, "--width", "1600")
        found += [(at, zone, spacing, locale, pair) for pair in meeting(document)]
    assert found == []


# Upright at three widths: the contexts' column narrows to 64 points, and the readout wraps across the fields'
# column on a backdrop that hides the fields it covers (svgtext.visible cuts what a backdrop covers).
@pytest.mark.parametrize("shape", [["--dir", "rtl"], ["--hours", "12"], ["--orientation", "vertical"],
                                   ["--orientation", "vertical", "--width", "120"],
                                   ["--orientation", "vertical", "--width", "400", "--hours", "12"]])
def test_no_two_words_meet_mirrored_upright_or_on_a_twelve_hour_clock(shape):
    found = []
    for rung, spacing, locale in itertools.product(["1s", "15min", "1h", "12h", "1d", "1w", "1mo", "3mo", "1y",
                                                    "10y", "100y"], SPACINGS, ["en", "ar-EG", "ja-JP", "fa-IR"]):
        document = render("timeline", "--scale", rung, "--spacing", spacing, "--locale", locale, "--at",
                          "2026-10-25T00:30:00Z", "--tz", "Europe/Berlin", *shape)
        found += [(rung, spacing, locale, pair) for pair in meeting(document)]
    assert found == []


@pytest.mark.parametrize("mirrored", [False, True])
@pytest.mark.parametrize("rung,edge", [("1y", "1960s"), ("10y", "1800–1899"), ("100y", "1000–1999"),
                                       ("1mo", "1968")])
def test_the_leading_label_names_the_period_that_holds_the_edge(rung, edge, mirrored):
    # 1200 points wide at 80 a tick: the leading edge (left, or right where time runs to the left) is 7.5 ticks
    # before the Moon landing (1mo: December 1968).
    document = render("timeline", "--at", "1969-07-20T00:00:00Z", "--scale", rung, "--width", "1200",
                      *(["--dir", "rtl"] if mirrored else []))
    labels = [text for text in svgtext.texts(document) if text.size == 13 and text.top < 10]
    # Pushed back by the next period's words, as a sticky header.
    leading = max(labels, key=lambda text: text.right) if mirrored else min(labels, key=lambda text: text.left)
    assert leading.words == edge


def test_a_ruler_at_every_spacing_and_magnitude_keeps_its_labels_apart():
    found, drawn = [], set()
    for spacing, value, form in itertools.product(["2", "5", "13", "40"], ["0", "72.4", "999999999999"],
                                                  [[], ["--format", "feet-inches"], ["--format", "fraction"],
                                                   ["--format", "time", "--min", "0", "--ends", "clamp"],
                                                   ["--grouping", ",.", "--locale", "hi-IN"], ["--locale", "ar-EG"],
                                                   ["--min", "-1000000000000", "--max", "1000000000000"]]):
        arguments = ["--spacing", spacing, "--value", value, "--width", "1600", *form]
        if value == "999999999999" and "--max" not in form:
            arguments += ["--max", "1000000000000"]
        answer = subprocess.run([BIN, "render", "ruler", *arguments], capture_output=True, timeout=60)
        if answer.returncode != 0:  # a value past this ruler's ends is refused, as it should be
            assert b"--value: must be between" in answer.stderr, answer.stderr
            continue
        drawn.add(" ".join(form))
        found += [(spacing, value, form, pair) for pair in meeting(answer.stdout)]
    assert found == [] and len(drawn) == 7  # every form drawn at some value


@pytest.mark.parametrize("locale", ["en", "ar-EG", "fa-IR", "hi-IN"])
def test_a_grid_keeps_its_coordinates_apart_at_every_tile_size_zoom_and_magnitude(locale):
    found = []
    for tile, at, zoom in itertools.product(["10", "13", "40", "100", "300"], ["0", "999999999999", "-999999999999"],
                                            ["0", "7", "30"]):
        document = render("grid", "--tile", tile, "--x", at, "--y", at, "--zoom", zoom, "--locale", locale,
                          "--width", "600", "--height", "400")
        assert svgtext.texts(document), (tile, at, zoom)  # labelled, if only every few tiles
        found += [(tile, at, zoom, pair) for pair in meeting(document)]
    assert found == []


@pytest.mark.parametrize("shape", [[], ["--orientation", "vertical", "--width", "120", "--height", "1600"]])
def test_a_loop_keeps_its_numbers_apart_at_every_spacing(shape):
    found = []
    for spacing, offset, locale, count in itertools.product(["10", "13", "40", "150"], ["0", "999999999999999"],
                                                            ["en", "ar-EG", "fa-IR"], ["21", "100000"]):
        arguments = ["--spacing", spacing, "--offset", offset, "--locale", locale, "--count", count]
        document = render("loop", *arguments, *(shape or ["--width", "1600"]))
        found += [(spacing, offset, locale, count, pair) for pair in meeting(document)]
    assert found == []


@pytest.fixture(scope="module")
def items(tmp_path_factory):
    """The first 20,000 items `scripts/make-items` writes: twelve lanes of bars, points and bursts, 1990 to 2040."""
    path = tmp_path_factory.mktemp("items") / "items.jsonl"
    made = subprocess.run([os.path.join(os.path.dirname(__file__), "../../scripts/make-items"), "20000"],
                          capture_output=True, check=True)
    path.write_bytes(made.stdout)
    return str(path)


def item_faults(document, mirrored, vertical=False):
    """What a reader would not trust in a timeline with items: texts that meet, a lane's name on an item, a title
    on an item not its own, and a title twice. An upright one is read transposed, time along x as in a horizontal
    one (its items are the horizontal ones turned a quarter)."""
    found = svgtext.visible(document, svgtext.texts(document, transpose=vertical), transpose=vertical)
    faults = [("meet", a.words, round(a.left, 1), b.words, round(b.left, 1)) for a, b in svgtext.overlapping(found)]
    shapes = svgtext.shapes(document, transpose=vertical)
    for text in found:
        if text.size != 12:
            continue
        on = [s for s in shapes if s.left < text.right and text.left < s.right and s.top < text.bottom - 1
              and text.top + 1 < s.bottom]
        if text.bold:  # a lane's name, in its own band
            faults += [("name on an item", text.words, s.fill, round(s.left, 1)) for s in on]
            continue
        # A title stands only on the bar it begins inside of (4 points in, or at the window's edge); a point's
        # marker is before it.
        own = [s for s in on if s.bottom - s.top == 18
               and (s.right >= text.right + 3.5 or s.right >= 1399 if mirrored else s.left <= text.left - 3.5)]
        faults += [("title on an item", text.words, round(text.left, 1), s.fill, round(s.left, 1))
                   for s in on if s not in own or len(own) > 1]
    seen = set()
    for text in found:  # two items' titles may be cut alike (`g…`): only whole ones are compared
        if text.size == 12 and not text.bold and not text.words.endswith("…") and (text.words, text.top) in seen:
            faults.append(("twice", text.words, round(text.left, 1)))
        seen.add((text.words, text.top))
    return faults


# Upright, the items are the horizontal ones turned a quarter: read transposed, time along x.
@pytest.mark.parametrize("shape", [[], ["--dir", "rtl"], ["--orientation", "vertical"]])
def test_items_are_titled_once_on_their_own_and_lanes_are_named_clear(items, shape):
    found = []
    vertical = "vertical" in shape
    size = ["--width", "700", "--height", "1400"] if vertical else ["--width", "1400", "--height", "700"]
    for rung, spacing, at in itertools.product(["1h", "1d", "1w", "1mo", "1y"], ["13", "40", "80"],
                                               ["2020-06-15T00:00:00Z", "1999-12-31T12:00:00Z"]):
        document = render("timeline", "--items", items, "--scale", rung, "--spacing", spacing, "--at", at, *size,
                          *shape)
        found += [(rung, spacing, at, fault)
                  for fault in item_faults(document, mirrored="rtl" in shape, vertical=vertical)]
    assert found == []
