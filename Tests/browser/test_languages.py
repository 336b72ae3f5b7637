"""Every reader's language in every engine (Chromium, Firefox, WebKit), as a page in German uses the elements: they
read the page's `lang` (the element's own, its closest ancestor's, `<html lang>`), draw their words in it, and redraw
when it changes; an Arabic page reads right to left with joined script; the form submits the same bytes throughout."""

from __future__ import annotations

import pytest

from conftest import static_origin
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
</form>
</body></html>
"""

VIEWS = ["kg", "days", "loop", "grid", "ja", "us", "hi"]

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


def test_switching_the_page_to_arabic_redraws_right_to_left_and_submits_the_same(languages):
    b, url = languages
    b.get(url)
    before = shows(b, "kg", lambda s: s["aria"] == "72,4 kg", "72,4 kg")["submitted"]
    shows(b, "days", lambda s: "So. 25." in s["words"], "German days")
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
