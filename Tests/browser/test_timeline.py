"""`<endless-timeline>` on the bundled page, in Chromium, Firefox and WebKit: a meeting in Europe/London, in quarter
hours, with its America/New_York follower, opening the night London's clocks go back. Keys move it a step and its
form submits the exact RFC 3339 value, with the offset of the moment (01:00 happens twice, and is submitted so);
`+` and `-` walk the ladder with the instant under the pointer kept; a fling across the change settles on a tick,
in true time, with the follower on the same instant."""

from __future__ import annotations

import pytest

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
