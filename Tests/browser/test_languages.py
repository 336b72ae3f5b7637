"""Every reader's language in every engine (Chromium, Firefox, WebKit), as a page in German uses the elements: they
read the page's `lang` (the element's own, its closest ancestor's, `<html lang>`), draw their words in it, and redraw
when it changes; an Arabic page reads right to left with joined script; the form submits the same bytes throughout."""

from __future__ import annotations

import base64
import struct
import zlib

import numpy
import pytest

from conftest import SCREENSHOTS, static_origin
from test_every_browser import Browser, ENGINES  # noqa: F401  (the engines' drivers)

LANGUAGES_PAGE = """<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Sprachen</title><link rel="icon" href="data:,">
<script src="{base}/endless.js"></script></head>
<body>
<form id="form" action="/submitted.html" method="get">
  <endless-ruler id="kg" name="kg" value="72.4"></endless-ruler>
  <endless-timeline id="days" name="days" tz="Europe/London" scale="1d" value="2026-10-25T00:00:00+01:00">
  </endless-timeline>
  <endless-loop id="loop" item="3"></endless-loop>
  <endless-grid id="grid" style="height: 200px"></endless-grid>
  <div lang="ja"><endless-timeline id="ja" scale="1d" value="2026-10-25T00:00:00Z"></endless-timeline></div>
  <endless-timeline id="us" lang="en-US" scale="1h" value="2026-10-25T14:00:00Z"></endless-timeline>
  <endless-ruler id="hi" lang="hi-IN" min="0" max="10000000" step="0.5" ends="clamp" value="1234567.5"></endless-ruler>
  <endless-ruler id="fr" lang="fr-FR" min="0" max="10000" step="0.5" ends="clamp" value="1234.5"></endless-ruler>
  <endless-ruler id="ch" lang="de-CH" min="0" max="10000" step="0.5" ends="clamp" value="1234.5"></endless-ruler>
  <endless-timeline id="weeks" lang="en-US" scale="1w" value="2026-12-27T00:00:00Z"></endless-timeline>
  <endless-timeline id="fa" lang="fa-IR" tz="Asia/Tehran" scale="1mo" value="2026-03-21T00:00:00+03:30">
  </endless-timeline>
  <endless-timeline id="th" lang="th-TH" scale="1y" value="2026-01-01T00:00:00Z"></endless-timeline>
  <endless-timeline id="he" lang="he-IL-u-ca-hebrew" scale="1mo" value="2026-09-12T00:00:00Z"></endless-timeline>
</form>
</body></html>
"""

VIEWS = ["kg", "days", "loop", "grid", "ja", "us", "hi", "fr", "ch", "weeks", "fa", "th", "he"]

# A view's readout, ARIA text, direction and the words its tiles draw; the form as it would be submitted.
STATE_JS = """
const el = document.getElementById(arguments[0]);
const tiles = [...el.shadowRoot.querySelectorAll('.canvas > svg')];
return { value: el.value ?? null, text: el.readout.text ?? null, aria: el.getAttribute('aria-valuetext'),
  image: el.readout.image ?? '', live: tiles.length > 0 && Boolean(el.shadowRoot.querySelector('.frame.live')),
  words: tiles.flatMap((s) => [...s.querySelectorAll('text')].map((t) => t.textContent)),
  submitted: new URLSearchParams(new FormData(document.getElementById('form'))).toString() };
"""

# How wide the SVG draws `text` and how wide the page's own text draws it (shaped, so joined), in the tiles' font,
# and the sum of its letters drawn one by one (each alone: unjoined forms).
SHAPING_JS = """
const [id, text] = arguments;
const el = document.getElementById(id);
const node = [...el.shadowRoot.querySelectorAll('.canvas > svg text')].find((t) => t.textContent === text);
if (!node) return null;
const style = getComputedStyle(node), ctx = document.createElement('canvas').getContext('2d');
ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
const letters = [...text].filter((c) => c.trim()).reduce((sum, c) => sum + ctx.measureText(c).width, 0);
return { svg: node.getComputedTextLength(), page: ctx.measureText(text).width, letters };
"""


@pytest.fixture(scope="module", params=ENGINES)
def languages(request, server, tmp_path_factory):
    """LANGUAGES_PAGE on another origin, open in one engine."""
    root = tmp_path_factory.mktemp("languages-origin")
    (root / "index.html").write_text(LANGUAGES_PAGE.format(base=server.base))
    with static_origin(root) as origin:
        b = Browser(request.param)
        yield b, origin + "/"
        b.quit()


def state(b: Browser, view: str) -> dict:
    return b.js(STATE_JS, view)


def shows(b: Browser, view: str, check, what: str) -> dict:
    """Waits until `view` is live and `check(state)` holds."""
    return b.wait(lambda: (lambda s: s["live"] and check(s) and s)(state(b, view)),
                  lambda: f"#{view} does not show {what}: {state(b, view)}")


def test_a_german_page_shows_german_everywhere(languages):
    b, url = languages
    b.get(url)
    kg = shows(b, "kg", lambda s: s["aria"] == "72,4 kg", "72,4 kg")
    assert kg["value"] == "72.4" and kg["text"] == "72,4 kg" and "locale=de" in kg["image"], kg
    assert "kg=72.4" in kg["submitted"], kg
    days = shows(b, "days", lambda s: "So. 25." in s["words"], "German days")
    assert "Oktober 2026" in days["words"] and days["aria"].startswith("Sonntag, 25. Oktober 2026"), days
    assert "days=2026-10-25T00%3A00%3A00%2B01%3A00" in days["submitted"], days
    # Its own `lang`, or its closest ancestor's, wins over the page's.
    shows(b, "ja", lambda s: "25日(日)" in s["words"], "Japanese days")
    shows(b, "us", lambda s: "2\u202fPM" in s["words"], "an American 12-hour clock")
    hi = shows(b, "hi", lambda s: s["aria"] == "12,34,567.5 kg", "Indian grouping")
    assert hi["value"] == "1234567.5", hi
    for view in ["loop", "grid"]:
        assert "locale=de" in shows(b, view, lambda s: True, "its tiles")["image"]


def test_every_named_language_in_every_engine(languages):
    b, url = languages
    b.get(url)
    fr = shows(b, "fr", lambda s: s["aria"] == "1\u202f234,5 kg", "French groups")
    ch = shows(b, "ch", lambda s: s["aria"] == "1’234.5 kg", "Swiss groups")
    assert fr["value"] == ch["value"] == "1234.5", (fr, ch)
    # American weeks start on Sunday; 27 December 2026 opens week 1 of 2027.
    weeks = shows(b, "weeks", lambda s: "W01" in s["words"], "American weeks")
    assert weeks["value"] == "2026-12-27T00:00:00Z" and weeks["aria"].startswith("Sunday"), weeks
    # 1 Farvardin 1405 is 21 March 2026; 2569 is 2026 in the Buddhist era; 1 Tishrei 5787 is 12 September 2026.
    fa = shows(b, "fa", lambda s: "فروردین" in s["words"] and any("۱۴۰۵" in w for w in s["words"]), "Persian months")
    assert fa["value"] == "2026-03-21T00:00:00+03:30", fa
    shows(b, "th", lambda s: any("2569" in w for w in s["words"]), "the Buddhist year")
    he = shows(b, "he", lambda s: any("תשרי" in w for w in s["words"]), "Hebrew months")
    assert he["value"] == "2026-09-12T00:00:00Z", he


def test_switching_the_page_to_arabic_redraws_right_to_left_and_submits_the_same(languages):
    b, url = languages
    b.get(url)
    shows(b, "kg", lambda s: s["aria"] == "72,4 kg", "72,4 kg")
    # Read once both named views have joined the form: the timeline may answer after the ruler.
    before = shows(b, "days", lambda s: "So. 25." in s["words"] and "days=" in s["submitted"],
                   "German days")["submitted"]
    b.js("document.documentElement.lang = 'ar-EG'; document.documentElement.dir = 'rtl';")
    kg = shows(b, "kg", lambda s: s["aria"] == "٧٢٫٤ kg", "Arabic-Indic digits")
    assert "dir=rtl" in kg["image"] and "locale=ar-EG" in kg["image"] and kg["value"] == "72.4", kg
    days = shows(b, "days", lambda s: "dir=rtl" in s["image"] and any("أكتوبر" in w for w in s["words"]),
                 "Arabic months, right to left")
    assert days["value"] == "2026-10-25T00:00:00+01:00", days
    shows(b, "loop", lambda s: "٣" in s["words"], "Arabic-Indic items")
    # The Japanese view keeps its own language; the form submits what it did.
    shows(b, "ja", lambda s: "25日(日)" in s["words"], "Japanese days still")
    assert state(b, "kg")["submitted"] == before
    # Arabic letters join: the tiles draw a word as wide as the page's own text does, narrower than its letters
    # drawn apart.
    word = next(w for w in days["words"] if "أكتوبر" in w)
    widths = b.js(SHAPING_JS, "days", word)
    assert widths and abs(widths["svg"] - widths["page"]) <= 0.05 * widths["page"], widths
    assert widths["svg"] < 0.95 * widths["letters"], widths


# Beside an Arabic word the tiles draw, the page's own text of it (shaped, so joined) and the same letters kept apart
# (a zero-width non-joiner between each, so each in its unjoined form), in the tile text's font, at rest and opaque;
# each one's box in CSS pixels.
REFERENCES_JS = """
const [id, word] = arguments;
const el = document.getElementById(id);
el.scrollIntoView({ block: 'center' });  // the page scrolls; the view's own scroll is the reader's
const view = el.shadowRoot.querySelector('.view').getBoundingClientRect();
const inside = (r) => r.left >= view.left && r.right <= view.right && r.top >= view.top && r.bottom <= view.bottom;
const node = [...el.shadowRoot.querySelectorAll('.canvas > svg text')]
  .find((t) => t.textContent === word && inside(t.getBoundingClientRect()));
if (!node) return null;
const style = getComputedStyle(node);
const references = [word, [...word].join('\u200c')].map((text, index) => {
  const span = document.createElement('span');
  span.textContent = text;
  span.className = 'reference';
  Object.assign(span.style, { position: 'fixed', left: '8px', top: `${8 + index * 40}px`, font: style.font,
    fontFamily: style.fontFamily, fontSize: style.fontSize, fontWeight: style.fontWeight, color: style.fill,
    background: '#fafafa', whiteSpace: 'pre', direction: style.direction, zIndex: 10 });
  document.body.append(span);
  return span;
});
const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
return { svg: box(node), joined: box(references[0]), apart: box(references[1]), ratio: devicePixelRatio };
"""


def rgba(png: bytes) -> numpy.ndarray:
    """A PNG's pixels (8-bit RGB or RGBA, as browsers' screenshots are) as an array of rows of RGBA."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, data, header = 8, b"", None
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            data += body
        at += 12 + length
    width, height, depth, colour = header[:4]
    assert depth == 8 and colour in (2, 6), header
    size = 4 if colour == 6 else 3
    raw = numpy.frombuffer(zlib.decompress(data), dtype=numpy.uint8).reshape(height, width * size + 1)
    rows = numpy.zeros((height, width * size), dtype=numpy.int32)
    previous = numpy.zeros(width * size, dtype=numpy.int32)
    for y in range(height):
        kind, line = raw[y, 0], raw[y, 1:].astype(numpy.int32)
        if kind == 2:
            line = (line + previous) & 255
        elif kind in (1, 3, 4):  # left-dependent: byte by byte
            out = line.copy()
            for x in range(width * size):
                left = out[x - size] if x >= size else 0
                up, corner = previous[x], previous[x - size] if x >= size else 0
                if kind == 1:
                    out[x] = (line[x] + left) & 255
                elif kind == 3:
                    out[x] = (line[x] + (left + up) // 2) & 255
                else:
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    out[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
            line = out
        rows[y], previous = line, line
    pixels = rows.reshape(height, width, size)
    return pixels[..., :3].astype(numpy.int32)


def ink(pixels: numpy.ndarray, box, ratio: float) -> numpy.ndarray:
    """The glyphs in `box` (CSS pixels): the darker pixels' bounding box, as grey levels."""
    left, top, right, bottom = (int(round(v * ratio)) for v in box)
    grey = pixels[max(top, 0):bottom, max(left, 0):right].mean(axis=2)
    dark = numpy.argwhere(grey < 200)
    assert len(dark), f"no ink in {box}"
    (y0, x0), (y1, x1) = dark.min(axis=0), dark.max(axis=0) + 1
    return grey[y0:y1, x0:x1]


def test_arabic_letters_join_in_the_tiles_as_on_the_page(languages):
    """Pixel-checked: an Arabic word the server drew looks as the page's own text of it does (the browser's shaping,
    letters joined), and not as its letters kept apart do."""
    b, url = languages
    b.get(url)
    # Before any answer came: each view opens where it was to, in the new language.
    b.js("document.documentElement.lang = 'ar-EG'; document.documentElement.dir = 'rtl';")
    days = shows(b, "days", lambda s: any("أكتوبر" in w for w in s["words"]), "Arabic months")
    assert days["value"] == "2026-10-25T00:00:00+01:00", days
    boxes = next(filter(None, (b.js(REFERENCES_JS, "days", w) for w in days["words"] if "أكتوبر" in w)), None)
    assert boxes, f"no Arabic word in sight: {days['words']}"
    # The references painted before the screenshot (WebKit once shot the page between a layout and its paint).
    b.js_async("const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(done));")
    png = (b.marionette.screenshot(format="binary") if b.engine == "firefox" else b.driver.get_screenshot_as_png())
    pixels = rgba(png if isinstance(png, bytes) else base64.b64decode(png))
    drawn, joined, apart = (ink(pixels, boxes[name], boxes["ratio"]) for name in ("svg", "joined", "apart"))
    # As wide as the page's, and its ink spread along the line alike (each column's darkness, correlated at the best
    # of a few pixels' shift: the two stand at different fractions of a pixel), far more than the letters apart, which
    # are wider. Heights may differ by a neighbour's mark inside the text's box.
    assert abs(drawn.shape[1] - joined.shape[1]) <= 2, (drawn.shape, joined.shape)
    assert apart.shape[1] >= drawn.shape[1] + 4, (drawn.shape, apart.shape)
    likeness, unlikeness = alike(drawn, joined), alike(drawn, apart)
    assert likeness > 0.8 and likeness > unlikeness + 0.2, (
        f"the tiles' word is laid out unlike the page's: {likeness:.2f}, against {unlikeness:.2f} for letters apart")


def alike(one: numpy.ndarray, other: numpy.ndarray) -> float:
    """How alike two images' columns of ink are: the best correlation of their darkness, column by column, shifted by
    up to 3 pixels either way."""
    a, b = (255 - one).sum(axis=0), (255 - other).sum(axis=0)
    best = -1.0
    for shift in range(-3, 4):
        x, y = (a[shift:], b) if shift >= 0 else (a, b[-shift:])
        width = min(len(x), len(y))
        if width > 8:
            best = max(best, float(numpy.corrcoef(x[:width], y[:width])[0, 1]))
    return best


def test_changing_an_elements_own_lang_redraws_it_where_it_was(languages):
    b, url = languages
    b.get(url)
    shows(b, "us", lambda s: "2\u202fPM" in s["words"], "an American 12-hour clock")
    b.js("document.getElementById('us').lang = 'de-DE';")
    us = shows(b, "us", lambda s: "14:00" in s["words"], "a German 24-hour clock")
    assert us["value"] == "2026-10-25T14:00:00Z", us


# The bundled page's views and forms: each view's ARIA text and image, each form as it would be submitted.
PAGE_JS = """
const view = (id) => { const el = document.getElementById(id);
  return { aria: el.getAttribute('aria-valuetext'), image: el.readout?.image ?? '',
    live: Boolean(el.shadowRoot?.querySelector('.frame.live')) }; };
const form = (id) => new URLSearchParams(new FormData(document.getElementById(id))).toString();
return { weight: view('weight'), height: view('height'), meeting: view('meeting'), dir: document.documentElement.dir,
  forms: [form('height-form'), form('time-form'), form('meeting-form')],
  readout: document.getElementById('weight-value').value };
"""


def test_the_bundled_pages_picker_redraws_every_view_and_submits_the_same(languages, server):
    b, _ = languages
    b.get(server.base + "/")
    page = lambda: b.js(PAGE_JS)  # noqa: E731
    before = b.wait(lambda: (lambda p: p["weight"]["live"] and p["meeting"]["live"] and p["weight"]["aria"] == "60.0 kg"
                             and all(p["forms"]) and p)(page()), lambda: f"the page is not live in English: {page()}")
    b.js("const s = document.getElementById('language'); s.value = 'ar-EG'; s.dispatchEvent(new Event('change'));")
    after = b.wait(lambda: (lambda p: p["weight"]["aria"] == "٦٠٫٠ kg" and "أكتوبر" in (p["meeting"]["aria"] or "")
                            and p)(page()), lambda: f"the page did not redraw in Arabic: {page()}")
    assert after["dir"] == "rtl" and "dir=rtl" in after["weight"]["image"], after
    assert "locale=ar-EG" in after["height"]["image"] and after["readout"] == "٦٠٫٠ kg", after
    assert after["forms"] == before["forms"], (before, after)
    assert "lang=ar-EG" in b.url, b.url


# The readout of a Persian window at Nowruz, right to left: where each character of its `+03:30` stands (a range's
# box on the page), and the text as written.
OFFSET_JS = """
const text = [...document.querySelectorAll('text')].find((t) => t.textContent.includes('+03:30'));
if (!text) return null;
const node = text.firstChild, at = node.data.indexOf('+03:30'), range = document.createRange();
const x = (i) => { range.setStart(node, i); range.setEnd(node, i + 1); return range.getBoundingClientRect().left; };
return { plus: x(at), first: x(at + 1), last: x(at + 5), text: text.textContent };
"""


def test_an_offset_in_right_to_left_text_reads_left_to_right(languages, server):
    """`+03:30` in a Persian readout (the window as a page of its own, in each engine): isolated (U+2066 … U+2069),
    with a left-to-right mark, its sign stands before its digits and they run left to right, as the browser's `Intl` writes it, not `03:30+`.
    The picture is kept (screenshots/rtl-offset-ENGINE.png, as docs/rtl-offset-ENGINE.png shows it)."""
    b, _ = languages
    b.get(server.base + "/svg/timeline?scale=1mo&locale=fa-IR&tz=Asia/Tehran&at=2026-03-21T00:00:00%2B03:30"
          "&width=900&dir=rtl")
    found = b.wait(lambda: b.js(OFFSET_JS), "no readout with +03:30")
    assert "\u2066\u200e+03:30\u2069" in found["text"], found
    assert found["plus"] < found["first"] < found["last"], found
    SCREENSHOTS.mkdir(exist_ok=True)
    png = b.marionette.screenshot(format="binary") if b.engine == "firefox" else b.driver.get_screenshot_as_png()
    (SCREENSHOTS / f"rtl-offset-{b.engine}.png").write_bytes(png if isinstance(png, bytes) else base64.b64decode(png))
