"""Label formats, tick levels and haptics in every engine (Chromium, Firefox, WebKit), as a web developer uses them: a
form on another origin with an inch ruler in 16ths, a height in centimetres followed in feet and inches, a time of
day that goes round midnight, a grouped decimal, and a ruler that taps while dragged. Every text is the server's; the
form value stays the exact decimal, written with the step's decimals (`3.6250` for a ruler of 16ths)."""

from __future__ import annotations

import functools
import http.server
import re
import threading
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.keys import Keys

from test_every_browser import Browser, ENGINES  # noqa: F401  (the engines' drivers)

FORMATS_PAGE = """<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Formats</title><link rel="icon" href="data:,">
<script src="{base}/endless.js"></script></head>
<body>
<form id="form" action="/submitted.html" method="get">
  <endless-ruler id="inch" name="inch" format="fraction" value="3.3125"></endless-ruler>
  <endless-ruler id="cm" name="cm" min="100" max="250" step="0.5" unit="cm" ends="clamp" value="172.5"></endless-ruler>
  <endless-ruler id="feet" follows="cm" factor="0.39370078740157477" format="feet-inches"></endless-ruler>
  <endless-ruler id="time" name="time" format="time" value="1435"></endless-ruler>
  <endless-ruler id="big" name="big" grouping=",." min="0" max="10000000000" step="0.01" value="1234567.89">
  </endless-ruler>
  <endless-ruler id="tap" haptics format="fraction" value="1"></endless-ruler>
</form>
</body></html>
"""

VIEWS = ["inch", "cm", "feet", "time", "big", "tap"]

# What a ruler shows: its readout, ARIA text, form value (when named), and whether its tiles are in.
STATE_JS = """
const el = document.getElementById(arguments[0]);
return { value: el.value, text: el.readout.text, aria: el.getAttribute('aria-valuetext'),
  form: el.name ? new FormData(document.getElementById('form')).get(el.name) : null,
  live: el.shadowRoot.querySelectorAll('.canvas > svg').length > 0, image: el.readout.image };
"""

# The lengths of the ticks the live tiles draw (`M x 0V length`), distinct, longest first.
TICK_LENGTHS_JS = """
const v = document.getElementById(arguments[0]).shadowRoot.querySelector('.view');
const lengths = new Set();
for (const path of v.querySelectorAll('.canvas > svg path')) {
  for (const m of path.getAttribute('d').matchAll(/V([0-9.]+)/g)) lengths.add(Number(m[1]));
}
return [...lengths].sort((a, b) => b - a);
"""


@pytest.fixture(scope="module", params=ENGINES)
def browser(request):
    b = Browser(request.param)
    yield b
    b.quit()


@pytest.fixture(scope="module")
def formats_origin(server, tmp_path_factory):
    """A static server on another origin holding FORMATS_PAGE."""
    root = tmp_path_factory.mktemp("formats-origin")
    (root / "index.html").write_text(FORMATS_PAGE.format(base=server.base))
    (root / "submitted.html").write_text('<!doctype html><title>Submitted</title><link rel="icon" href="data:,">Thanks.')

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture
def page(browser, formats_origin):
    browser.get(formats_origin + "/")
    browser.wait(lambda: all(browser.js(STATE_JS, view)["live"] for view in VIEWS),
                 "the formats page's rulers did not go live")
    return browser


def shows(page, view: str, value: str, text: str):
    """Waits until `view`'s value, readout, ARIA text and form value say `value` and `text`."""
    def state():
        return page.js(STATE_JS, view)

    def right():
        s = state()
        named = s["form"] is None or s["form"] == value
        aria = s["aria"] == text or (s["aria"] is None and view == "feet")  # a follower is not a slider
        return s["value"] == value and s["text"] == text and aria and named
    page.wait(right, lambda: f"#{view} is not {value} ({text}): {state()}")


def test_each_format_writes_the_exact_value(page):
    shows(page, "inch", "3.3125", "3 5\u204416 in")
    shows(page, "cm", "172.5", "172.5 cm")
    shows(page, "feet", "68.0", "5\u2032 8\u2033")  # 172.5 cm is 67.91 in: the nearest half inch
    shows(page, "time", "1435", "23:55")
    shows(page, "big", "1234567.89", "1,234,567.89 kg")


def test_the_image_says_what_the_element_shows(page, server):
    for view in ["inch", "time", "big", "feet"]:
        state = page.js(STATE_JS, view)
        with urllib.request.urlopen(urllib.parse.urljoin(server.base + "/", state["image"])) as response:
            svg = response.read().decode()
        assert f"<title>Ruler at {state['text']}</title>" in svg, (view, state)


def test_keys_move_by_the_finest_tick_and_a_clock_goes_round(page):
    page.press("inch", Keys.ARROW_RIGHT)
    shows(page, "inch", "3.3750", "3 3\u20448 in")
    page.press("inch", Keys.PAGE_UP)
    shows(page, "inch", "4.3750", "4 3\u20448 in")
    page.press("time", Keys.ARROW_RIGHT)
    shows(page, "time", "0", "0:00")  # 23:55 and 5 minutes: midnight, not 24:00
    page.press("time", Keys.ARROW_LEFT)
    shows(page, "time", "1435", "23:55")
    page.press("time", Keys.ARROW_LEFT)
    shows(page, "time", "1430", "23:50")


def test_a_scroll_settles_on_a_sixteenth_and_the_form_submits_exact_decimals(page):
    # 37 px along ticks 8 px apart: 4.6 sixteenths, it settles on 5 (3 5/16 + 5/16 = 3 5/8).
    page.js("document.getElementById('inch').shadowRoot.querySelector('.view').scrollLeft += 37")
    shows(page, "inch", "3.6250", "3 5\u20448 in")
    page.js("document.getElementById('form').submit()")
    page.wait(lambda: "inch=3.6250" in page.url and "time=1435" in page.url and "big=1234567.89" in page.url,
              lambda: f"submitted to {page.url}")


def test_an_inch_of_sixteenths_has_five_tick_lengths(page):
    lengths = page.js(TICK_LENGTHS_JS, "inch")
    assert len(lengths) == 5, lengths
    assert lengths == sorted(lengths, reverse=True) and lengths[-1] > 0, lengths
    assert len(page.js(TICK_LENGTHS_JS, "big")) == 2, "a ruler without subdivisions keeps its two lengths"


# Records each vibration asked for, in an engine that has `navigator.vibrate` and in one that has not (WebKit).
RECORD_VIBRATIONS_JS = """
window.__buzz = [];
Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (pattern) => { __buzz.push(pattern); return true; } });
"""


def drag(page, view: str, pixels: int, touching: bool = True):
    """Scrolls `view` by `pixels` with a finger on it (touch events around the scroll) or without."""
    if touching:
        page.js(f"document.getElementById('{view}').dispatchEvent(new Event('touchstart', {{ bubbles: true }}))")
    page.js(f"document.getElementById('{view}').shadowRoot.querySelector('.view').scrollLeft += {pixels}")


def test_haptics_tap_once_a_tick_is_crossed_while_dragging(page):
    page.js(RECORD_VIBRATIONS_JS)
    drag(page, "tap", 40)
    page.wait(lambda: page.js("return __buzz.length") >= 1, "no vibration while a finger dragged the ruler over ticks")
    page.js("document.getElementById('tap').dispatchEvent(new Event('touchend', { bubbles: true }))")
    shows(page, "tap", "1.3125", "1 5\u204416 in")
    taps = page.js("return __buzz.length")
    drag(page, "tap", 40, touching=False)  # the page scrolls it, no finger: silent
    shows(page, "tap", "1.6250", "1 5\u20448 in")
    assert page.js("return __buzz.length") == taps
    # Without `haptics`, silent too.
    drag(page, "inch", 40)
    shows(page, "inch", "3.6250", "3 5\u20448 in")
    assert page.js("return __buzz.length") == taps


def test_haptics_are_silent_where_there_is_no_vibration_and_under_reduced_motion(page):
    # No `navigator.vibrate` at all (WebKit has none): dragging works and nothing fails.
    page.js("delete Navigator.prototype.vibrate; delete navigator.vibrate;")
    assert page.js("return typeof navigator.vibrate") == "undefined"
    drag(page, "tap", 40)
    shows(page, "tap", "1.3125", "1 5\u204416 in")
    assert page.js("return document.getElementById('tap').shadowRoot.querySelector('.error').hidden")
    if page.engine != "chromium":
        return
    # Reduced motion asked for (Chromium emulates the media feature): no vibration.
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        page.js(RECORD_VIBRATIONS_JS)
        assert page.js("return matchMedia('(prefers-reduced-motion: reduce)').matches")
        drag(page, "tap", 40)
        shows(page, "tap", "1.6250", "1 5\u20448 in")
        assert page.js("return __buzz.length") == 0
    finally:
        page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_bad_format_says_why_in_one_line(page):
    page.js("document.getElementById('inch').setAttribute('step', '0.1')")
    page.wait(lambda: page.js("return document.getElementById('inch').shadowRoot.querySelector('.error').textContent"),
              "no message for a fraction ruler of tenths")
    message = page.js("return document.getElementById('inch').shadowRoot.querySelector('.error').textContent")
    assert re.match(r"^step: must be 0\.5, 0\.25, 0\.125 or 0\.0625", message), message
