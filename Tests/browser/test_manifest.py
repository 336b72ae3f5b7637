"""The elements as editors and frameworks know them: `custom-elements.json` (the Custom Elements Manifest) and
`endless.d.ts` (TypeScript), both served beside the script, match the elements the script defines in the browser:
their observed attributes, public properties (accessors, read-only when they have no setter), methods, events, parts
and custom properties. And the declarations type-check a page's use of the elements (`tsc`)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import urllib.request

import pytest
from selenium.webdriver.common.keys import Keys

from conftest import Page
from faults import FaultProxy

TAGS = ["endless-ruler", "endless-loop", "endless-grid", "endless-timeline"]
# The custom element lifecycle: the browser's to call, no API of the element's.
CALLBACKS = {"connectedCallback", "disconnectedCallback", "adoptedCallback", "attributeChangedCallback",
             "formAssociatedCallback", "formResetCallback", "formDisabledCallback", "formStateRestoreCallback"}

# Each element class as the browser has it: its name, its superclass's, its observed attributes, whether it is
# form-associated, its public accessors (read-only without a setter) and methods up its prototype chain below
# HTMLElement, the own properties of a new instance (none: its state is private), its shadow root's parts as shown,
# and the custom properties its shadow style reads.
CLASSES_JS = r"""
return arguments[0].map((tag) => {
  const cls = customElements.get(tag), fields = {}, methods = [];
  for (let proto = cls.prototype; proto !== HTMLElement.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
      if (name === 'constructor' || arguments[1].includes(name) || name in fields || methods.includes(name)) continue;
      if (d.get || d.set) fields[name] = !d.set;
      else if (typeof d.value === 'function') methods.push(name);
    }
  }
  const id = { 'endless-ruler': 'weight', 'endless-loop': 'loop', 'endless-grid': 'grid',
    'endless-timeline': 'meeting' }[tag];
  const el = document.getElementById(id);
  const parts = [...el.shadowRoot.querySelectorAll('[part]')].filter((p) => getComputedStyle(p).display !== 'none')
    .map((p) => p.getAttribute('part'));
  // The element's styles are constructed sheets (no `<style>`: a strict policy forbids them).
  const css = el.shadowRoot.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules]).map((r) => r.cssText).join('\n');
  return { tag, name: cls.name, superclass: Object.getPrototypeOf(cls).name, observed: [...cls.observedAttributes],
           formAssociated: Boolean(cls.formAssociated), fields, methods: methods.sort(),
           own: Object.keys(document.createElement(tag)), parts,
           cssProperties: [...new Set([...css.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]))].sort() };
});
"""

# From now on, the events each of the bundled page's elements dispatches: `window.__fired[id]`.
RECORD_EVENTS_JS = r"""
window.__fired = {};
for (const id of ['weight', 'loop', 'grid', 'meeting']) {
  const el = document.getElementById(id), seen = window.__fired[id] = [];
  el.dispatchEvent = function (event) {
    if (!seen.includes(event.type)) seen.push(event.type);
    return HTMLElement.prototype.dispatchEvent.call(this, event);
  };
}
"""


def fetch(page, path: str) -> tuple[str, str]:
    with urllib.request.urlopen(page.base + path, timeout=10) as response:
        assert response.status == 200, path
        return response.headers["Content-Type"], response.read().decode()


@pytest.fixture
def elements(page):
    """The classes as the browser has them, by tag."""
    return {c["tag"]: c for c in page.js(CLASSES_JS, TAGS, sorted(CALLBACKS))}


@pytest.fixture
def fired(page, server):
    """The events each element fires while it moves by key and settles, and while its server is away and back, by
    tag: the bundled page through a proxy (faults.py) that passes, refuses connections while keys are pressed, and
    passes again."""
    proxy = FaultProxy(server.port)
    try:
        page = Page(page.driver, proxy.base)
        page.open("/")
        page.js(RECORD_EVENTS_JS)

        def fire(count: int):
            page.wait_for(lambda: all(len(types) >= count for types in page.js("return window.__fired").values()),
                          lambda: f"events so far: {page.js('return window.__fired')}")

        for mode, count in [("pass", 3), ("refuse", 4)]:  # input, change, endless-frame; then endless-offline
            proxy.set(mode)
            for element_id in ["weight", "loop", "grid", "meeting"]:
                page.el(element_id).send_keys(Keys.ARROW_RIGHT)
            fire(count)
        proxy.set("pass")
        fire(5)  # endless-online
        events = page.js("return window.__fired")
    finally:
        # Away from the proxied page first: its follower timeline would ask again once the proxy is gone, and the
        # browser would log that refusal after the drain below, failing whichever test comes next.
        page.driver.get("about:blank")
        proxy.close()
        page.driver.get_log("browser")  # the browser's own lines about the connections refused
    # A timeline's `endless-item` needs items, which the bundled page has none of: test_items.py sees it fire.
    return {"endless-ruler": events["weight"], "endless-loop": events["loop"], "endless-grid": events["grid"],
            "endless-timeline": events["meeting"] + ["endless-item"]}


def test_the_elements_keep_no_public_state_of_their_own(elements):
    # Every public property is an accessor on the class, which the manifest and the declarations list.
    assert {tag: c["own"] for tag, c in elements.items()} == {tag: [] for tag in TAGS}


def test_the_manifest_matches_the_elements(page, elements, fired):
    content_type, text = fetch(page, "/custom-elements.json")
    assert content_type.startswith("application/json")
    manifest = json.loads(text)
    assert manifest["schemaVersion"] == "1.0.0"
    [module] = manifest["modules"]
    assert module["path"] == "endless.js"
    declarations = {d["name"]: d for d in module["declarations"]}
    exported = {e["name"]: e["declaration"]["name"] for e in module["exports"]
                if e["kind"] == "custom-element-definition"}
    assert exported == {tag: c["name"] for tag, c in elements.items()}
    read_by_css = set()
    for tag, c in elements.items():
        d = declarations[c["name"]]
        assert (d["customElement"], d["tagName"]) == (True, tag)
        assert d["superclass"]["name"] == c["superclass"] and c["superclass"] in declarations
        form = ["name", "disabled"] if c["formAssociated"] else []  # a form control's, from the platform
        # Changes nothing shown: not observed.
        read_when_used = ["haptics"] if tag in ("endless-ruler", "endless-timeline") else []
        assert [a["name"] for a in d["attributes"]] == c["observed"] + read_when_used + form, tag
        assert {m["name"]: m.get("readonly", False) for m in d["members"] if m["kind"] == "field"} == c["fields"], tag
        assert sorted(m["name"] for m in d["members"] if m["kind"] == "method") == c["methods"], tag
        assert sorted(e["name"] for e in d["events"]) == sorted(fired[tag]), tag
        assert [p["name"] for p in d["cssParts"]] == c["parts"], tag
        documented = {p["name"] for p in d["cssProperties"]}
        assert documented <= set(c["cssProperties"]), tag
        read_by_css |= set(c["cssProperties"])
        assert all(item.get("description") for item in d["attributes"] + d["members"] + d["events"]), tag
    assert read_by_css == {p["name"] for c in elements.values() for p in declarations[c["name"]]["cssProperties"]}


# The declarations of a .d.ts: `export declare … class Name extends Base {` … `}` at the start of a line.
CLASS = re.compile(r"^export declare (?:abstract )?class (\w+) extends (\w+) \{\n(.*?)^\}", re.M | re.S)
COMMENT = re.compile(r"/\*.*?\*/", re.S)


def declared_classes(text: str) -> dict:
    classes = {}
    for name, base, body in CLASS.findall(text):
        body = COMMENT.sub("", body)
        observed = re.search(r"static readonly observedAttributes: readonly \[(.*?)\];", body, re.S)
        classes[name] = {
            "extends": base,
            "getters": set(re.findall(r"^  get (\w+)\(", body, re.M)),
            "setters": set(re.findall(r"^  set (\w+)\(", body, re.M)),
            "methods": set(re.findall(r"^  (\w+)(?:<[^>]*>)?\(", body, re.M)),
            "observed": re.findall(r"'([\w-]+)'", observed.group(1)) if observed else None,
            "formAssociated": "static readonly formAssociated: true;" in body,
        }
    return classes


def test_the_typescript_declarations_match_the_elements(page, elements, fired):
    _, text = fetch(page, "/endless.d.ts")
    tag_map = dict(re.findall(r"^    '(endless-[\w-]+)': (\w+);", text.split("HTMLElementTagNameMap")[1], re.M))
    assert tag_map == {tag: c["name"] for tag, c in elements.items()}
    classes = declared_classes(text)
    events_map = COMMENT.sub("", text.split("export interface EndlessElementEventMap")[1].split("\n}")[0])
    events = re.findall(r"^  '([\w-]+)': ", events_map, re.M)
    timeline_map = COMMENT.sub("", text.split("export interface EndlessTimelineEventMap")[1].split("\n}")[0])
    timeline_events = re.findall(r"^  '([\w-]+)': ", timeline_map, re.M)
    inherited_methods = set()  # HTMLElement's own, which a class may declare again (addEventListener's overloads)
    for tag, c in elements.items():
        declared = classes[c["name"]]
        assert declared["observed"] == c["observed"] and declared["formAssociated"] == c["formAssociated"], tag
        getters, setters, methods = set(), set(), set()
        name = c["name"]
        while name != "HTMLElement":
            getters |= classes[name]["getters"]
            setters |= classes[name]["setters"]
            methods |= classes[name]["methods"]
            name = classes[name]["extends"]
        assert classes[c["name"]]["extends"] == c["superclass"], tag
        assert setters <= getters, tag
        assert {name: name not in setters for name in getters} == c["fields"], tag
        from_html = set(page.js("return arguments[0].filter((name) => name in HTMLElement.prototype)", sorted(methods)))
        inherited_methods |= from_html
        assert sorted(methods - from_html) == c["methods"], tag
        own = timeline_events if tag == "endless-timeline" else []
        assert sorted(events + own) == sorted(fired[tag]), tag
    assert inherited_methods == {"addEventListener", "removeEventListener"}


# A page's use of the elements, which the declarations must type-check (and reject where they should).
USE_TS = """
import type { EndlessRuler, EndlessLoop, EndlessGrid, EndlessTimeline } from './endless';

const ruler: EndlessRuler | null = document.querySelector('endless-ruler');
if (ruler) {
  const value: string = ruler.value;
  ruler.value = '80.5';
  ruler.value = 80.5;
  ruler.disabled = true;
  ruler.name = 'weight';
  const form: HTMLFormElement | null = ruler.form;
  const position: string | undefined = ruler.readout.position;
  ruler.press('Home');
  ruler.addEventListener('endless-frame', (event) => { const detail: null = event.detail; console.log(detail); });
  ruler.addEventListener('change', function () { console.log(this.value); });
  ruler.addEventListener('endless-offline', (event: Event) => console.log(event.bubbles));
  console.log(value, form, position);
  // @ts-expect-error: read-only
  ruler.form = null;
  // @ts-expect-error: no such key
  ruler.press('Space');
}
const loop: EndlessLoop = document.createElement('endless-loop');
loop.item = 3;
const grid: EndlessGrid = document.createElement('endless-grid');
grid.x = grid.y + 100;
const gridClass = customElements.get('endless-grid') as typeof EndlessGrid;
const attributes: readonly string[] = [...gridClass.observedAttributes];
console.log(loop.readout.item, grid.readout.text, attributes);
const meeting: EndlessTimeline = document.createElement('endless-timeline');
const when: number = meeting.valueAsNumber;
meeting.valueAsNumber = when + 15 * 60 * 1000;
meeting.value = '2026-10-25T01:00:00+00:00';
console.log(meeting.readout.number, meeting.readout.value);
meeting.addEventListener('endless-item', (event) => { const id: string = event.detail.id; console.log(id); });
// @ts-expect-error: a ruler has no items
ruler?.addEventListener('endless-item', (event) => console.log(event.detail.id));
"""


def test_the_typescript_declarations_type_check_a_pages_use(page, tmp_path):
    tsc = shutil.which("tsc")
    assert tsc, "no tsc: scripts/install installs Debian's node-typescript"
    (tmp_path / "endless.d.ts").write_text(fetch(page, "/endless.d.ts")[1])
    (tmp_path / "use.ts").write_text(USE_TS)
    result = subprocess.run([tsc, "--noEmit", "--strict", "--target", "es2022", "--lib", "es2022,dom",
                             "--moduleResolution", "node", "use.ts"], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
