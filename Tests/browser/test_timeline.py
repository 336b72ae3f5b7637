"""`<endless-timeline>` in Chromium, Firefox and WebKit. On the bundled page: a meeting in Europe/London, in quarter
hours, with its America/New_York follower, opening the night London's clocks go back. Keys move it a step and its
form submits the exact RFC 3339 value, with the offset of the moment (01:00 happens twice, and is submitted so);
`+` and `-` walk the ladder with the instant under the pointer kept; a fling across the change settles on a tick,
in true time, with the follower on the same instant.

On a page of another origin, timelines drawn each way a ruler can be: vertical (time runs down, a key moves it a
step along it), right to left (later instants to the left; → goes later, as a ruler's → goes higher, and both scroll
left), and themed (`dark` always, `auto` as the system's scheme says, the default light even under a dark system):
the element, its scroller, its pointer, its labels and its ticks in the theme's colours. The server draws and places
everything; these check what the browser shows of it."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

from conftest import TILE_BOX_JS
from test_every_browser import ENGINES, Browser

# The element's value, the form's, whether it is valid and not stale, its scale, its follower's value and its number.
STATE_JS = """
const el = document.getElementById('meeting'), ny = document.getElementById('meeting-new-york');
if (!el.shadowRoot) return { live: false };  // not upgraded yet: the page loads its script after the first paint
return { value: el.value, form: new FormData(el.form).get('meeting'), valid: el.matches(':valid'),
  stale: el.hasAttribute('stale'), zoom: el.zoom, follower: ny.value, number: el.valueAsNumber,
  labels: [...el.shadowRoot.querySelectorAll('text')].map((t) => t.textContent),
  live: Boolean(el.shadowRoot.querySelector('.frame.live .canvas > *')) };
"""


@pytest.fixture(scope="module", params=ENGINES)
def browser(request):
    b = Browser(request.param)
    yield b
    b.quit()


def state(b: Browser) -> dict:
    return b.js(STATE_JS)


def settles(b: Browser, value: str, follower: str | None = None):
    b.wait(lambda: (lambda s: s["value"] == value and s["form"] == value and s["valid"] and not s["stale"]
                    and (follower is None or s["follower"] == follower))(state(b)),
           lambda: f"the meeting did not settle at {value}: {state(b)}")


def open_page(b: Browser, server):
    b.get(server.base + "/?meeting=2026-10-25T00:30:00Z")
    b.wait(lambda: state(b)["live"], "the meeting's timeline did not go live")
    settles(b, "2026-10-25T01:30:00+01:00", "2026-10-24T20:30:00-04:00")


def test_keys_step_through_the_repeated_hour_and_the_form_submits_it(browser, server):
    b = browser
    open_page(b, server)
    for _ in range(2):
        b.press("meeting", "\ue014")  # ArrowRight: a quarter hour
    settles(b, "2026-10-25T01:00:00+00:00", "2026-10-24T21:00:00-04:00")
    assert state(b)["number"] == 1_792_890_000_000
    labels = state(b)["labels"]
    # The hour that happens twice is drawn twice, each with its offset under it.
    assert "01:00+01:00" in labels and "01:00+00:00" in labels, labels
    b.js("document.getElementById('meeting-form').requestSubmit()")
    b.wait(lambda: "meeting=2026-10-25T01%3A00%3A00%2B00%3A00" in b.url, lambda: f"submitted to {b.url}")
    b.wait(lambda: b.js("return document.getElementById('submitted-meeting').textContent")
           == "Submitted: meeting=2026-10-25T01:00:00+00:00", "the page did not say what was submitted")


def test_zoom_walks_the_ladder_and_keeps_the_instant(browser, server):
    b = browser
    open_page(b, server)
    b.press("meeting", "+")
    b.wait(lambda: state(b)["zoom"] == "30min", lambda: f"+ did not zoom in: {state(b)}")
    settles(b, "2026-10-25T01:30:00+01:00")
    for rung in ["1h", "3h"]:  # a rung a press, each answered before the next (as test_zoom.py's keys)
        b.press("meeting", "-")
        b.wait(lambda: state(b)["zoom"] == rung, lambda: f"- did not zoom out to {rung}: {state(b)}")
    b.wait(lambda: state(b)["valid"] and not state(b)["stale"], lambda: f"not answered: {state(b)}")
    # At 3 hours a tick, the value snaps to the step (which follows the scale): within the hour and a half.
    number = state(b)["number"]
    assert abs(number - 1_792_888_200_000) <= 5_400_000, state(b)


def test_a_fling_across_the_change_settles_on_a_tick_in_true_time(browser, server):
    b = browser
    open_page(b, server)
    # Ten hours on, at 80 points an hour, across the 01:00 that happens twice: true time, so 10 hours are 800 points.
    b.js("document.getElementById('meeting').shadowRoot.querySelector('.view').scrollBy({ left: 800 })")
    settles(b, "2026-10-25T10:30:00+00:00", "2026-10-25T06:30:00-04:00")


# Timelines at noon UTC, a quarter hour a step (20 points at 80 an hour): down a page, right to left beside a ruler
# that is, and in each theme.
TIMELINES_PAGE = """<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Timelines</title><link rel="icon" href="data:,">
<script src="{base}/endless.js"></script></head>
<body style="margin: 0">
<form id="form" action="/submitted.html" method="get">
  <endless-timeline id="down" name="down" orientation="vertical" step="15min"
    value="2026-06-15T12:00:00Z"></endless-timeline>
  <endless-timeline id="rtl" name="rtl" dir="rtl" step="15min" value="2026-06-15T12:00:00Z"></endless-timeline>
  <endless-ruler id="rtl-ruler" name="rtl-ruler" dir="rtl" value="50"></endless-ruler>
  <endless-timeline id="dark" theme="dark" value="2026-06-15T12:00:00Z" height="60"></endless-timeline>
  <endless-timeline id="auto" theme="auto" value="2026-06-15T12:00:00Z" height="60"></endless-timeline>
  <endless-timeline id="plain" value="2026-06-15T12:00:00Z" height="60"></endless-timeline>
</form>
</body></html>
"""
VIEWS = ["down", "rtl", "rtl-ruler", "dark", "auto", "plain"]

# A view's value (the form's too), whether answered, its shape, its scroll, and its hour labels that are in sight, in
# the order they stand along its axis (placed by their tile's place and their own `x` or `y`: a text's own box is no
# measure in every engine).
VIEW_JS = TILE_BOX_JS + r"""
const el = document.getElementById(arguments[0]), v = el.shadowRoot?.querySelector('.view');
if (!v || !tilesOf(v).length || !el.shadowRoot.querySelector('.frame.live')) return { live: false };
const vertical = el.getAttribute('aria-orientation') === 'vertical', r = v.getBoundingClientRect();
const [start, length] = vertical ? [r.top, v.clientHeight] : [r.left, v.clientWidth];
const labels = tilesOf(v).flatMap((s) => [...s.querySelectorAll('text')]
  .filter((t) => /^\d\d:\d\d$/.test(t.textContent))
  .map((t) => [t.textContent, (vertical ? boxOf(s).top + t.y.baseVal[0].value : boxOf(s).left + t.x.baseVal[0].value)
    - start])).filter(([, at]) => at >= 0 && at <= length).sort((a, b) => a[1] - b[1]).map(([text]) => text);
return { live: true, value: el.value, form: new FormData(el.form).get(el.name), valid: el.matches(':valid'),
  stale: el.hasAttribute('stale'), orientation: el.getAttribute('aria-orientation'),
  size: [el.offsetWidth, el.offsetHeight], scroll: [v.scrollLeft, v.scrollTop], labels };
"""

# A view's colours: the element's and its scroller's backgrounds, its pointer's, its labels' ink and its ticks' (null
# while it has none: a new theme places it anew).
LOOK_JS = r"""
const root = document.getElementById(arguments[0]).shadowRoot, $ = (selector) => root.querySelector(selector);
const colour = (el, name) => el && getComputedStyle(el)[name];
return [colour(root.host, 'backgroundColor'), colour($('.view'), 'backgroundColor'),
  colour($('.pointer'), 'backgroundColor'), colour($('.canvas text'), 'fill'), colour($('.canvas path'), 'stroke')];
"""
LIGHT = ["rgb(250, 250, 250)", "rgb(250, 250, 250)", "rgb(229, 57, 53)", "rgb(51, 51, 51)", "rgb(51, 51, 51)"]
DARK = ["rgb(30, 30, 30)", "rgb(30, 30, 30)", "rgb(255, 110, 106)", "rgb(221, 221, 221)", "rgb(221, 221, 221)"]


@pytest.fixture(scope="module")
def timelines_origin(server, tmp_path_factory):
    """A static server on another origin holding TIMELINES_PAGE."""
    root: Path = tmp_path_factory.mktemp("timelines-origin")
    (root / "index.html").write_text(TIMELINES_PAGE.format(base=server.base))

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def view(b: Browser, view_id: str) -> dict:
    return b.js(VIEW_JS, view_id)


def open_timelines(b: Browser, origin: str) -> Browser:
    b.get(origin + "/")
    b.wait(lambda: all(view(b, v)["live"] for v in VIEWS), "the timelines did not go live on a page of another origin")
    return b


@pytest.fixture
def timelines(browser, timelines_origin):
    return open_timelines(browser, timelines_origin)


def moves(b: Browser, view_id: str, value: str, scroll: list[float]):
    """Waits until `view_id` shows `value` (the form too), answered, its snap scrolled to `scroll` (within a point)."""
    b.wait(lambda: (lambda s: s["value"] == value and s["form"] == value and s["valid"] and not s["stale"] and all(
        abs(now - then) <= 1 for now, then in zip(s["scroll"], scroll)))(view(b, view_id)),
        lambda: f"#{view_id} did not move to {value} at scroll {scroll}: {view(b, view_id)}")


def test_a_vertical_timeline_runs_down_and_a_key_moves_it_a_step(timelines):
    b = timelines
    s = view(b, "down")
    assert (s["value"], s["orientation"], s["size"]) == ("2026-06-15T12:00:00Z", "vertical", [120, 400]), s
    assert s["labels"] == ["10:00", "11:00", "12:00", "13:00", "14:00"], s  # later is lower
    left, top = s["scroll"]
    b.press("down", "\ue014")  # ArrowRight: a step later, 20 points down its axis
    moves(b, "down", "2026-06-15T12:15:00Z", [left, top + 20])
    b.press("down", "\ue012")  # ArrowLeft: back
    moves(b, "down", "2026-06-15T12:00:00Z", [left, top])


def test_right_to_left_later_is_to_the_left_and_arrow_right_goes_later(timelines):
    b = timelines
    s = view(b, "rtl")
    labels = s["labels"]
    assert len(labels) >= 8 and labels == sorted(labels, reverse=True) and "12:00" in labels, s
    # → goes a step later, as a right-to-left ruler's → goes a tick higher: both scroll left.
    left, top = s["scroll"]
    b.press("rtl", "\ue014")
    moves(b, "rtl", "2026-06-15T12:15:00Z", [left - 20, top])
    ruler = view(b, "rtl-ruler")["scroll"]
    b.press("rtl-ruler", "\ue014")
    moves(b, "rtl-ruler", "50.1", [ruler[0] - 10, ruler[1]])
    b.press("rtl", "\ue012" * 2)  # ← twice: a step earlier than it opened
    moves(b, "rtl", "2026-06-15T11:45:00Z", [left + 20, top])
    # Scrolled 160 points right: two hours earlier, settled on its step.
    b.js("document.getElementById('rtl').shadowRoot.querySelector('.view').scrollLeft += 160")
    moves(b, "rtl", "2026-06-15T09:45:00Z", [left + 180, top])


def test_a_dark_timeline_is_dark_and_auto_and_the_default_are_light_in_a_light_system(timelines):
    b = timelines
    assert [b.js(LOOK_JS, v) for v in ["dark", "auto", "plain"]] == [DARK, LIGHT, LIGHT]
    # Another theme is another style: the same timeline redrawn in its colours.
    b.js("document.getElementById('plain').setAttribute('theme', 'dark')")
    b.wait(lambda: b.js(LOOK_JS, "plain") == DARK, lambda: f"the timeline made dark: {b.js(LOOK_JS, 'plain')}")


def test_under_a_dark_system_auto_is_dark_and_the_default_stays_light(browser, timelines_origin):
    b = Browser(browser.engine, dark=True)  # the same engine, its system's scheme dark from its start
    try:
        open_timelines(b, timelines_origin)
        assert [b.js(LOOK_JS, v) for v in ["dark", "auto", "plain"]] == [DARK, DARK, LIGHT]
    finally:
        b.quit()
