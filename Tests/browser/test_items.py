"""A timeline's items in every engine (Chromium, Firefox, WebKit): `<endless-timeline items="launches">` draws the
set the server reads from a file; a click on an item fires `endless-item` with its fields, a linked one is followed
unless the page says no; `]` and `[` step through the items and a screen reader hears each one's title and time, and
Enter chooses it; a file changed on disk shows within 2 s, and a broken one changes nothing."""

from __future__ import annotations

import base64
import json
import subprocess
import time

import pytest

from conftest import REPO, SCREENSHOTS, Server, _binary, static_origin
from test_every_browser import Browser, ENGINES  # noqa: F401

ITEMS = [
    {"id": "a1", "start": "2026-10-25T12:00:00Z", "end": "2026-10-25T18:00:00Z", "title": "Apollo",
     "lane": "Launches"},
    {"id": "b1", "start": "2026-10-25T15:00:00Z", "title": "Build 7", "lane": "Builds", "class": "green"},
    {"id": "a2", "start": "2026-10-25T20:00:00Z", "title": "Beacon", "lane": "Launches", "url": "/beacon.html"},
    {"id": "a3", "start": "2026-10-26T03:00:00Z", "end": "2026-10-26T05:00:00Z", "title": "Comet",
     "lane": "Launches", "class": "orange"},
]

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Launches</title><link rel="icon" href="data:,">
<script src="{base}/endless.js"></script></head>
<body style="margin: 0">
<form id="form"><endless-timeline id="t" name="t" items="launches" tz="UTC" scale="1h"
  value="2026-10-25T14:00:00Z"></endless-timeline></form>
<script>
window.chosen = [];
document.addEventListener('endless-item', (e) => {{
  window.chosen.push(e.detail);
  if (window.keepHere) e.preventDefault();
}});
</script>
</body></html>
"""

# The view's state: live, its value, the words its tiles draw, the lanes' names, what it said, the items chosen.
STATE_JS = """
const el = document.getElementById('t'), root = el.shadowRoot;
return { live: Boolean(root.querySelector('.frame.live')) && root.querySelectorAll('.canvas > svg').length > 0,
  value: el.value, height: el.getBoundingClientRect().height,
  words: [...root.querySelectorAll('.canvas > svg text')].map((t) => t.textContent),
  lanes: [...root.querySelectorAll('.lanes text')].map((t) => t.textContent),
  said: root.querySelector('.said').textContent, chosen: window.chosen ?? [], url: location.pathname };
"""

# The centre of the marker of the link whose title is `arguments[0]` (a title and its marker link alike), from the
# element's top left.
LINK_JS = """
const el = document.getElementById('t'), r = el.getBoundingClientRect();
const text = [...el.shadowRoot.querySelectorAll('.canvas a text')].find((t) => t.textContent === arguments[0]);
const href = text?.closest('a').getAttribute('href');
const marker = [...el.shadowRoot.querySelectorAll('.canvas a')].filter((a) => a.getAttribute('href') === href)
  .map((a) => a.querySelector('path, rect')).find(Boolean);
if (!marker) return null;
const b = marker.getBoundingClientRect();
return [b.left + b.width / 2 - r.left, b.top + b.height / 2 - r.top];
"""


def write_items(path, items):
    tmp = path.with_suffix(".tmp")
    tmp.write_text("".join(json.dumps(item) + "\n" for item in items))
    tmp.replace(path)  # whole at once, as an editor saves


@pytest.fixture(scope="module", params=ENGINES)
def launches(request, tmp_path_factory):
    """A server reading launches.jsonl, the page on another origin, open in one engine."""
    root = tmp_path_factory.mktemp("items")
    items = root / "launches.jsonl"
    write_items(items, ITEMS)
    server = Server(_binary(), arguments=["--items", f"launches={items}"])
    site = root / "site"
    site.mkdir()
    (site / "index.html").write_text(PAGE.format(base=server.base))
    (site / "beacon.html").write_text("<!doctype html><title>Beacon</title><p>Beacon")
    with static_origin(site) as origin:
        b = Browser(request.param)
        try:
            yield b, origin + "/", items, server
        finally:
            b.quit()
            server.stop()


def state(b: Browser) -> dict:
    return b.js(STATE_JS)


def shows(b: Browser, check, what: str, timeout: float = 10) -> dict:
    return b.wait(lambda: (lambda s: s["live"] and check(s) and s)(state(b)), lambda: f"not {what}: {state(b)}",
                  timeout)


def test_items_are_drawn_with_their_lanes_named(launches):
    b, url, _, _ = launches
    b.get(url)
    s = shows(b, lambda s: "Apollo" in s["words"] and s["lanes"] == ["Launches", "Builds"], "the items and lanes")
    # As high as the axis (120) and two lanes of a name's band (18) and one row (30), without a `height`.
    assert s["height"] == 216, s
    assert "Build 7" in s["words"] and "Beacon" in s["words"], s


def test_a_click_on_an_item_fires_endless_item_with_its_fields(launches):
    b, url, _, _ = launches
    b.get(url)
    s = shows(b, lambda s: "Apollo" in s["words"], "Apollo")
    width = b.js("return document.getElementById('t').getBoundingClientRect().width")
    b.click_at("t", width / 2, 120 + 18 + 11)  # under the pointer, in the first lane's row: Apollo's bar
    s = shows(b, lambda s: s["chosen"], "an endless-item")
    assert s["chosen"] == [{"id": "a1", "start": "2026-10-25T12:00:00Z", "end": "2026-10-25T18:00:00Z",
                            "title": "Apollo", "lane": "Launches", "class": "blue", "url": "",
                            "text": s["chosen"][0]["text"]}], s
    assert s["chosen"][0]["text"].startswith("Apollo, "), s
    # Nothing there (the lane's name's band): no event.
    b.click_at("t", width / 2, 120 + 9)
    time.sleep(0.5)
    assert len(state(b)["chosen"]) == 1


def test_a_linked_item_is_followed_unless_the_page_says_no(launches):
    b, url, _, _ = launches
    b.get(url)
    shows(b, lambda s: "Beacon" in s["words"], "Beacon")
    b.js("window.keepHere = true")
    at = b.wait(lambda: b.js(LINK_JS, "Beacon"), "no link drawn for Beacon")
    b.click_at("t", *at)
    s = shows(b, lambda s: s["chosen"], "an endless-item for the link")
    assert s["chosen"][0]["id"] == "a2" and s["chosen"][0]["url"] == "/beacon.html", s
    time.sleep(0.5)
    assert state(b)["url"] == "/", "the page cancelled it: it stays"
    b.js("window.keepHere = false")
    b.click_at("t", *at)
    b.wait(lambda: b.url.endswith("/beacon.html"), lambda: f"not followed: {b.url}")


def test_brackets_step_through_the_items_and_a_screen_reader_hears_each(launches):
    b, url, _, _ = launches
    b.get(url)
    shows(b, lambda s: "Apollo" in s["words"], "Apollo")
    b.js("document.getElementById('t').focus()")
    b.press("t", "]")  # from 14:00: the next to start is Build 7, at 15:00
    s = shows(b, lambda s: s["said"].startswith("Build 7, ") and s["value"] == "2026-10-25T15:00:00Z", "Build 7")
    assert "15:00" in s["said"] or "3:00" in s["said"], s
    b.press("t", "]")
    s = shows(b, lambda s: s["said"].startswith("Beacon, ") and s["value"] == "2026-10-25T20:00:00Z", "Beacon")
    b.press("t", "[")
    shows(b, lambda s: s["said"].startswith("Build 7, ") and s["value"] == "2026-10-25T15:00:00Z", "Build 7 again")
    # It stays on the item once settled (not on the nearest tick), and Enter chooses it.
    time.sleep(1.2)
    assert state(b)["value"] == "2026-10-25T15:00:00Z"
    b.press("t", "\ue007")  # Enter
    s = shows(b, lambda s: s["chosen"], "an endless-item for Enter")
    assert s["chosen"][0]["id"] == "b1", s
    # Back past the first: Apollo, at 12:00; nothing before it.
    b.press("t", "[")
    shows(b, lambda s: s["said"].startswith("Apollo, ") and s["value"] == "2026-10-25T12:00:00Z", "Apollo")
    # Two presses at once are two steps: the second goes from the first's answer.
    b.press("t", "]]")
    shows(b, lambda s: s["said"].startswith("Beacon, ") and s["value"] == "2026-10-25T20:00:00Z", "Beacon, two on")


def test_a_changed_file_shows_within_two_seconds_and_a_broken_one_changes_nothing(launches):
    b, url, items, server = launches
    b.get(url)
    shows(b, lambda s: "Apollo" in s["words"], "Apollo")
    write_items(items, ITEMS + [{"id": "d1", "start": "2026-10-25T13:00:00Z", "title": "Delta", "lane": "Builds"}])
    written = time.monotonic()
    shows(b, lambda s: "Delta" in s["words"], "Delta, added to the file", timeout=2.5)
    took = time.monotonic() - written
    assert took <= 2, f"the change showed after {took:.2f} s"
    items.write_text(items.read_text() + '{"id": "e1", "start": "yesterday", "title": "Broken"}\n')
    b.wait(lambda: any("launches.jsonl:6: start:" in line for line in server.log),
           lambda: f"no line naming the broken field: {server.log[-3:]}")
    time.sleep(1.5)
    s = state(b)
    assert "Delta" in s["words"] and "Apollo" in s["words"] and "Broken" not in s["words"], s


VERTICAL_JS = """
const el = document.getElementById('v'), root = el.shadowRoot, r = el.getBoundingClientRect();
return { live: Boolean(root.querySelector('.frame.live')) && root.querySelectorAll('.canvas > svg').length > 0,
  width: r.width, height: r.height, words: [...root.querySelectorAll('.canvas > svg text')].map((t) => t.textContent),
  lanes: [...root.querySelectorAll('.lanes text')].map((t) => t.textContent),
  lanesLeft: root.querySelector('.lanes').getBoundingClientRect().left - r.left, chosen: window.chosen ?? [] };
"""


# Apollo's bar and every text showing "Apollo", from the view's left: the tiles' (clipped to the view, less what the
# backing of the leading edge's titles hides) and the edge's.
EDGE_JS = """
const root = document.getElementById('t').shadowRoot, v = root.querySelector('.view').getBoundingClientRect();
const backings = [...root.querySelectorAll('.edge rect')].map((r) => r.getBoundingClientRect())
  .sort((a, b) => a.left - b.left);  // a bar's, then the background past it
const shown = (t, hidden) => {
  const b = t.getBoundingClientRect();
  let left = Math.max(b.left, v.left);
  for (const r of hidden ? backings : []) if (r.top < b.bottom - 2 && b.top + 2 < r.bottom && r.left <= left + 1) {
    left = Math.max(left, r.right);
  }
  return Math.min(b.right, v.right) - left > 1 ? { left: b.left - v.left, visible: left - v.left } : null;
};
const apollo = (scope) => [...root.querySelectorAll(scope + ' text')].filter((t) => t.textContent === 'Apollo');
return { tiles: apollo('.canvas > svg:not(.edge)').map((t) => shown(t, true)).filter(Boolean),
  edge: apollo('.edge').map((t) => shown(t, false)).filter(Boolean),
  bar: apollo('.canvas > svg:not(.edge)').map((t) => t.getBoundingClientRect().left - 4 - v.left)[0] ?? null };
"""


def test_a_bar_crossing_the_leading_edge_is_titled_there_once(launches):
    """Apollo's bar (12:00 to 18:00) scrolled until it begins 120 px before the view: its title stands at the
    view's leading edge, over a backing that hides the one its tile draws where it began, and only there; scrolled
    back, the edge is empty and the tile's title shows again."""
    b, url, _, _ = launches
    b.get(url)
    shows(b, lambda s: "Apollo" in s["words"], "Apollo drawn")
    start = b.js(EDGE_JS)
    # (Two tiles may draw it, each its part, at one place.)
    assert start["edge"] == [] and len({t["left"] for t in start["tiles"]}) == 1, start
    scroll_by = "document.getElementById('t').shadowRoot.querySelector('.view').scrollLeft += arguments[0]"

    def crossed():
        # Scrolled (again, where a first placement took it back) until the bar begins 120 px before the edge; then
        # at rest, the answer to where it settled in (an answer to a scroll still moving placed the title where the
        # edge was then, and it scrolled on with the tiles).
        seen = b.js(EDGE_JS)
        if not seen["edge"] and seen["bar"] is not None and seen["bar"] > -100:
            b.js(scroll_by, seen["bar"] + 120)
        return len(seen["edge"]) == 1 and abs(seen["edge"][0]["left"] - 4) <= 1.5 and seen

    crossing = b.wait(crossed, lambda: f"no title at the edge: {b.js(EDGE_JS)}")
    assert crossing["tiles"] == [], crossing  # its tile's title, 116 px before the edge, hidden
    shot(b, "edge")
    b.js(scroll_by, -240)
    back = b.wait(lambda: (lambda e: not e["edge"] and e)(b.js(EDGE_JS)), lambda: f"still at the edge: "
                  f"{b.js(EDGE_JS)}")
    assert len({t["left"] for t in back["tiles"]}) == 1 and back["tiles"][0]["left"] > 4, back


def test_a_vertical_timeline_stands_its_lanes_beside_the_axis(launches):
    b, url, _, _ = launches
    b.get(url)
    b.js("""document.getElementById('form').insertAdjacentHTML('beforeend', '<endless-timeline id="v" ' +
      'items="launches" tz="UTC" scale="1h" orientation="vertical" value="2026-10-25T14:00:00Z"></endless-timeline>')""")
    s = b.wait(lambda: (lambda s: s["live"] and "Apollo" in s["words"] and s["lanes"] and s)(b.js(VERTICAL_JS)),
               lambda: f"no vertical items: {b.js(VERTICAL_JS)}")
    # As wide as the axis's band (200) and two lanes of a name's band and one row (48 each); the names at the
    # lanes' left.
    assert s["width"] == 296 and s["height"] == 400 and s["lanes"] == ["Launches", "Builds"], s
    assert s["lanesLeft"] == 200, s
    b.click_at("v", 200 + 18 + 11, s["height"] / 2)  # at the pointer, in the first lane's row: Apollo's bar
    s = b.wait(lambda: (lambda s: s["chosen"] and s)(b.js(VERTICAL_JS)), "no endless-item from the vertical one")
    assert s["chosen"][0]["id"] == "a1", s


# What a reader sees of the titles, lanes' names and items in view, from the page's own boxes: each visible title
# (clipped to its tile's lanes and to the view) with where it stands, each lane's name, each bar and marker.
BOXES_JS = """
const el = document.getElementById(arguments[0]), root = el.shadowRoot;
const v = root.querySelector('.view').getBoundingClientRect();
const box = (node, clip) => {
  const b = node.getBoundingClientRect(), c = clip ? clip.getBoundingClientRect() : v;
  const left = Math.max(b.left, c.left, v.left), right = Math.min(b.right, c.right, v.right);
  const top = Math.max(b.top, c.top, v.top), bottom = Math.min(b.bottom, c.bottom, v.bottom);
  return right - left > 1 && bottom - top > 1 ? { left, right, top, bottom, at: b.left, words: node.textContent } : null;
};
const lanesOf = (t) => t.closest('g.items').parentNode;
// A tile's title under the leading edge's backing (a bar crossing it, titled there) shows only past it.
const backings = [...root.querySelectorAll('.edge rect')].map((r) => r.getBoundingClientRect())
  .sort((a, b) => a.left - b.left);  // a bar's, then the background past it
const uncovered = (b) => {
  for (const r of backings) if (b && r.top < b.bottom - 2 && b.top + 2 < r.bottom && r.left <= b.left + 1) {
    b = b.right - Math.max(b.left, r.right) > 1 ? { ...b, left: Math.max(b.left, r.right) } : null;
  }
  return b;
};
return {
  titles: [...root.querySelectorAll('.canvas > svg g.items text')].map((t) => uncovered(box(t, lanesOf(t))))
    .filter(Boolean).concat([...root.querySelectorAll('.edge text')].map((t) => box(t)).filter(Boolean)),
  names: [...root.querySelectorAll('.lanes text')].map((t) => box(t)).filter(Boolean),
  shapes: [...root.querySelectorAll('.canvas > svg g.items rect[rx], .canvas > svg g.items path')]
    .map((s) => box(s, lanesOf(s))).filter(Boolean),
};
"""


def faults_in_view(boxes: dict) -> list:
    """A title shown at two places at once, two titles or a lane's name and an item that meet."""
    def meet(a, b, slack=1.0):
        return (a["left"] + slack < b["right"] and b["left"] + slack < a["right"]
                and a["top"] + 2 < b["bottom"] and b["top"] + 2 < a["bottom"])
    faults, places = [], {}
    for title in boxes["titles"]:
        places.setdefault((title["words"], round(title["top"])), set()).add(round(title["at"]))
    for (words, top), at in places.items():
        # A tile draws each title that reaches into it where every tile does: one place, never two.
        if not words.endswith("…") and max(at) - min(at) > 1:
            faults.append(("twice", words, sorted(at)))
    titles = sorted(boxes["titles"], key=lambda t: t["left"])
    for i, a in enumerate(titles):
        for b in titles[i + 1:]:
            if b["left"] > a["right"]:
                break
            if abs(a["at"] - b["at"]) > 1 and meet(a, b):
                faults.append(("titles meet", a["words"], b["words"]))
    faults += [("name on an item", n["words"], round(s["left"])) for n in boxes["names"] for s in boxes["shapes"]
               if meet(n, s)]
    return faults


BIG_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Twenty thousand items</title><link rel="icon" href="data:,">
<script src="{base}/endless.js"></script></head>
<body style="margin: 0">
<endless-timeline id="big" items="big" tz="UTC" scale="1w" spacing="60" height="560"
  value="2020-06-15T00:00:00Z"></endless-timeline>
</body></html>
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_fling_across_ten_blocks_shows_each_title_once_and_names_clear_of_items(engine, tmp_path):
    """The first 20,000 items of `scripts/make-items`, at a week a tick (a block 600 px): at rest, then each frame of
    a fling across ten blocks and at rest again, no title shows twice, no two titles meet and no lane's name is on
    an item. The screenshots at rest are kept (screenshots/items-ENGINE-*.png)."""
    made = subprocess.run([str(REPO / "scripts/make-items"), "20000"], capture_output=True, check=True)
    (tmp_path / "big.jsonl").write_bytes(made.stdout)
    server = Server(_binary(), arguments=["--items", f"big={tmp_path / 'big.jsonl'}"])
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(BIG_PAGE.format(base=server.base))
    with static_origin(site) as origin:
        b = Browser(engine)
        try:
            b.get(origin + "/")
            at_rest = lambda: b.wait(lambda: (lambda x: len(x["titles"]) > 10 and x)(b.js(BOXES_JS, "big")),
                                     "no titles drawn")
            shot(b, "start")
            assert faults_in_view(at_rest()) == []
            # A fling of 6,000 px (ten blocks), 100 px a frame (WebKit's smooth scrolling under WebDriver jumps),
            # read each frame as it goes.
            frames = b.js_async("""
              const done = arguments[arguments.length - 1], boxes = new Function('return (' + arguments[0] + ')')();
              const v = document.getElementById('big').shadowRoot.querySelector('.view'), seen = [];
              const frame = () => {
                seen.push(boxes());
                if (seen.length > 60) return done(seen);
                v.scrollLeft += 100;
                requestAnimationFrame(frame);
              };
              requestAnimationFrame(frame);
            """, "() => { const arguments = ['big']; " + BOXES_JS.strip() + " }")
            assert len(frames) == 61 and sum(len(boxes["titles"]) > 0 for boxes in frames) > 30
            found = [fault for boxes in frames for fault in faults_in_view(boxes)]
            assert found == [], found[:10]
            time.sleep(1.5)  # at rest: the answer to the last scroll in
            shot(b, "after")
            assert faults_in_view(at_rest()) == []
        finally:
            b.quit()
            server.stop()


def shot(b: Browser, name: str):
    SCREENSHOTS.mkdir(exist_ok=True)
    png = b.marionette.screenshot(format="binary") if b.engine == "firefox" else b.driver.get_screenshot_as_png()
    (SCREENSHOTS / f"items-{b.engine}-{name}.png").write_bytes(
        png if isinstance(png, bytes) else base64.b64decode(png))
