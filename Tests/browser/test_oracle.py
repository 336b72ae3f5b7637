"""An oracle Endless did not write: for a few thousand random instants, zones, rungs and locales, the words the server
draws on a timeline (a tick's field, the context that opens there, the spoken value) and on a ruler equal what the
browser's own `Intl.DateTimeFormat` and `Intl.NumberFormat` write for the same fields, in Chromium and Firefox. Each
engine carries its own ICU and CLDR, and the server Apple's (in Foundation); where their data differ, the difference
is named in CLDR_DIFFERENCES, and a difference not named there fails."""

from __future__ import annotations

import datetime
import json
import random
import re
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ElementTree
import zoneinfo

import pytest

from test_every_browser import Browser

CASES = 2000
SEED = 51
LOCALES = [
    "en-US", "en-GB", "de-DE", "de-CH", "fr-FR", "es-ES", "it-IT", "pt-BR", "nl-NL", "sv-SE", "pl-PL", "ru-RU",
    "uk-UA", "el-GR", "tr-TR", "ja-JP", "ko-KR", "zh-Hans-CN", "zh-Hant-TW", "hi-IN", "bn-BD", "ar-EG", "fa-IR", "he-IL",
    "th-TH", "vi-VN", "id-ID",
]
ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Asia/Kolkata", "Africa/Cairo", "Australia/Sydney"]
# Each rung, where its tick stands (`unit`), the fields `Intl` writes for the tick (`minor`) and for the context that
# opens at its first tick of a larger unit (`context`, and that unit).
RUNGS = {
    "1min": ("minute", {"hour": "numeric", "minute": "2-digit"}, None),
    "1h": ("hour", {"hour": "numeric", "minute": "2-digit"},
           ("day", {"weekday": "long", "day": "numeric", "month": "long", "year": "numeric"})),
    "1d": ("day", {"weekday": "short", "day": "numeric"}, ("month", {"month": "long", "year": "numeric"})),
    "1mo": ("month", {"month": "short"}, ("year", {"year": "numeric"})),
    "1y": ("year", {"year": "numeric"}, None),
}
# Locales whose own calendar is not the Gregorian: their months and years begin elsewhere, so only the rungs whose
# ticks every calendar shares (minutes, hours, days) are asked of them, and `Intl` uses the same calendar.
OWN_CALENDARS = {"fa-IR": "persian", "th-TH": "buddhist"}
# A crowded row's short form, by rung and row: what `Intl` writes for the same fields. Words are compared at a
# spacing where every language's long form fits (ROOMY), and again at the default one, where a row too tight for its
# long form takes this one (or words only every so many ticks).
SHORT = {
    ("1d", "minor"): {"day": "numeric"},
    ("1h", "context"): {"day": "numeric", "month": "short", "year": "numeric"},
    ("1d", "context"): {"month": "short", "year": "numeric"},
}
ROOMY = 240

# Where the server's ICU (Foundation's: Apple's ICU, with Apple's own CLDR data) and the ICU and CLDR both browsers
# carry write the same fields differently, by locale and what is compared (a rung's tick, a context, a number):
# what each writes, the server's first. Every other label must be the browser's, character for character.
CLDR_DIFFERENCES: dict[tuple[str, str], str] = {
    ("bn-BD", "*"): "Bengali numbers in Latin digits (Apple's default numbering, latn), or Bengali ones (beng)",
    ("ar-EG", "minor 1d"): "a short weekday ثلاثاء, or الثلاثاء",
    ("ar-EG", "context 1h"): "a comma before the year, or none",
    ("de-DE", "minor 1d"): "`Sa. 14.`, or `Sa., 14.`",
    ("de-CH", "minor 1d"): "`Fr. 1.`, or `Fr., 1.`",
    ("de-CH", "number"): "groups by ’ (U+2019, as CLDR writes it), or by ' (U+0027)",
    ("el-GR", "minor 1h"): "the day period μμ, or μ.μ.",
    ("el-GR", "minor 1min"): "the day period μμ, or μ.μ.",
    ("el-GR", "minor 1mo"): "March as Μάρ, or Μαρ",
    ("en-US", "minor 1d"): "`Mon 1`, or `1 Mon`",
    ("he-IL", "minor 1d"): "`יום ג׳ 1`, or `יום ג׳ ה-1`",
    ("hi-IN", "context 1d"): "October spelt अक्तूबर, or अक्टूबर",
    ("hi-IN", "minor 1h"): "the day period before the hour, पू, or after it, am",
    ("hi-IN", "minor 1min"): "the day period before the hour, पू, or after it, am",
    ("ja-JP", "context 1h"): "a space before the weekday, or none",
    ("zh-Hans-CN", "context 1h"): "a space before the weekday, or none",
    ("zh-Hant-TW", "context 1h"): "a space before the weekday, or none",
    ("zh-Hans-CN", "minor 1d"): "`17 周三`, or `17日周三`",
    ("ru-RU", "minor 1d"): "a capital weekday, `Вс, 1`, or `вс, 1`",
    ("th-TH", "minor 1d"): "a short weekday อ., or อังคาร",
    ("vi-VN", "minor 1d"): "`CN, 12`, or `CN, ngày 12`",
    ("vi-VN", "context 1h"): "`ngày` before the day, or not",
}

INTL_JS = """
const out = [];
for (const c of arguments[0]) {
  if (c.kind === 'number') {
    out.push(new Intl.NumberFormat(c.locale, { minimumFractionDigits: c.decimals,
      maximumFractionDigits: c.decimals }).format(c.value));
    continue;
  }
  const options = { ...c.options, timeZone: c.zone };
  // On a 12-hour clock an hour's tick is the hour alone (`2 PM`), as Endless writes it; a 24-hour one `14:00`.
  const cycle = new Intl.DateTimeFormat(c.locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  if (c.scale === '1h' && c.what === 'minor' && /h1[12]/.test(cycle)) delete options.minute;
  out.push(new Intl.DateTimeFormat(c.locale, options).format(new Date(c.instant * 1000)));
}
return out;
"""


def spaced(text: str | None) -> str | None:
    """`text` with the no-break spaces CLDR puts in dates and times (U+202F before `PM`, U+00A0 after a Russian year)
    as the plain space both browsers' `Intl` writes there instead, for pages that compare times as text."""
    return text and text.replace("\u202f", " ").replace("\u00a0", " ")


def agrees(engine: str, case: dict, theirs: str) -> bool:
    """Whether the server's label is the browser's, but for the spaces and the differences named above. Chromium also
    matches an hour's width to the one its skeleton asks (`UDATPG_MATCH_HOUR_FIELD_LENGTH`): `7:00` where CLDR's
    pattern, which Firefox and the server write, has `07:00`."""
    ours, theirs = spaced(case["server"]), spaced(theirs)
    if engine == "chromium" and case["what"] == "minor" and case["scale"] in ("1h", "1min") and ours:
        ours = re.sub(r"^0(?=[0-9])", "", ours)
    return ours == theirs


def named(case: dict) -> str | None:
    what = case["what"] + (f" {case['scale']}" if case.get("scale") else "")
    return CLDR_DIFFERENCES.get((case["locale"], what)) or CLDR_DIFFERENCES.get((case["locale"], "*"))


def label_at(svg: str, x: float, bold: bool) -> str | None:
    """The text a window's tiles draw at `x` (a tick's field, or a context `bold` 4 points after its tick)."""
    root = ElementTree.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    for group in root.findall(f"{ns}g"):
        transform = group.get("transform", "")
        if not transform.startswith("translate("):
            continue
        shift = float(transform[len("translate("):-1].split()[0])
        for text in group.iter(f"{ns}text"):
            if (text.get("font-weight") == "bold") == bold and abs(shift + float(text.get("x")) - x) < 0.01:
                return text.text
    return None


def tick(rng: random.Random, unit: str, zone: zoneinfo.ZoneInfo) -> datetime.datetime:
    """A random instant where a zone's clock reads `unit`'s start, far from a change of its clock."""
    while True:
        local = datetime.datetime(rng.randint(1900, 2100), rng.randint(1, 12), rng.randint(1, 28),
                                  rng.randint(0, 23), rng.randint(0, 59), tzinfo=zone)
        local = local.replace(second=0, **{
            "minute": {}, "hour": {"minute": 0}, "day": {"minute": 0, "hour": 0},
            "month": {"minute": 0, "hour": 0, "day": 1}, "year": {"minute": 0, "hour": 0, "day": 1, "month": 1},
        }[unit])
        # Not within a day of a change of offset (whose ticks carry a note, and whose readings may be twice or none).
        before, after = local - datetime.timedelta(days=1), local + datetime.timedelta(days=1)
        if before.utcoffset() == local.utcoffset() == after.utcoffset():
            return local


def get(server, path: str) -> str:
    with urllib.request.urlopen(server.base + path) as answer:
        return answer.read().decode()


def server_cases(server, rng: random.Random) -> list[dict]:
    cases = []
    for _ in range(CASES):
        locale, zone = rng.choice(LOCALES), rng.choice(ZONES)
        scale = rng.choice([r for r in RUNGS if locale not in OWN_CALENDARS or r in ("1min", "1h", "1d")])
        unit, minor, context = RUNGS[scale]
        if locale in OWN_CALENDARS and context and context[0] != "day":
            context = None  # a Gregorian month's first is not its calendar's
        # Sometimes a context's first tick, so that its words are there to compare.
        at = tick(rng, context[0] if context and rng.random() < 0.4 else unit, zoneinfo.ZoneInfo(zone))
        instant = int(at.timestamp())
        query = urllib.parse.urlencode({"at": at.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                                        "scale": scale, "tz": zone, "locale": locale, "width": 1200})
        svg, crowded = (get(server, f"/svg/timeline?{query}&spacing={ROOMY}"), get(server, "/svg/timeline?" + query))
        base = {"locale": locale, "zone": zone, "instant": instant, "kind": "date", "scale": scale, "at": query,
                "calendar": OWN_CALENDARS.get(locale)}
        rows = [("minor", minor, 600, False)]
        if context and at == at.replace(**{"day": {"minute": 0, "hour": 0}, "month": {"minute": 0, "hour": 0, "day": 1},
                                           "year": {"minute": 0, "hour": 0, "day": 1, "month": 1}}[context[0]]):
            rows.append(("context", context[1], 604, True))
        for what, options, x, bold in rows:
            long = label_at(svg, x, bold)
            cases.append({**base, "what": what, "options": options, "server": long})
            # Where the default spacing crowds the row, its words there are its short form's, or none.
            drawn = label_at(crowded, x, bold)
            if drawn is not None and drawn != long:
                cases.append({**base, "what": "short", "options": SHORT.get((scale, what), options), "server": drawn})
    for _ in range(CASES // 4):  # numbers: a ruler's readout
        locale = rng.choice(LOCALES)
        decimals = rng.choice([0, 1, 2, 3])
        units = rng.randint(-10**9, 10**9)
        value = units / 10**decimals
        text = f"{value:.{decimals}f}"
        query = urllib.parse.urlencode({"value": text, "min": "-1000000000", "max": "1000000000",
                                        "step": "1" if decimals == 0 else "0." + "0" * (decimals - 1) + "1",
                                        "ends": "clamp", "unit": "", "locale": locale})
        frame = json.loads(get(server, "/frame/ruler?size=600,120&" + query))
        cases.append({"locale": locale, "kind": "number", "value": value, "decimals": decimals, "what": "number",
                      "server": frame["readout"]["text"], "at": query})
    return cases


@pytest.mark.parametrize("engine", ["chromium", "firefox"])
def test_the_servers_words_are_the_browsers_intl(server, engine):
    rng = random.Random(SEED)
    cases = server_cases(server, rng)
    b = Browser(engine)
    try:
        b.get(server.base + "/healthz")
        browser = b.js(INTL_JS, [{k: v for k, v in c.items() if k != "server"} for c in cases])
    finally:
        b.quit()
    differences = [
        (c["locale"], c["what"], c.get("scale"), c["server"], theirs, c["at"])
        for c, theirs in zip(cases, browser)
        if not agrees(engine, c, theirs) and not named(c)
    ]
    exact = sum(agrees(engine, c, theirs) for c, theirs in zip(cases, browser))
    print(f"{engine}: {exact} of {len(cases)} labels are its Intl's; the rest differ as CLDR_DIFFERENCES names")
    assert len(cases) >= CASES and exact >= 0.75 * len(cases) and not differences, (
        f"{len(differences)} of {len(cases)} labels differ from {engine}'s Intl, not as named: "
        + "\n".join(map(str, differences[:30])))
