"""The texts of an SVG document as a reader's browser lays them out: each with its box, measured with the advances
of the fonts the document names (DejaVu Sans and its bold), read here from the TTF files with fontTools, not from
the server's table."""
import re
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache

from fontTools.ttLib import TTFont

FONTS = "/usr/share/fonts/truetype/dejavu"
SVG = "{http://www.w3.org/2000/svg}"


@lru_cache(maxsize=None)
def _font(bold):
    font = TTFont(f"{FONTS}/DejaVuSans{'-Bold' if bold else ''}.ttf")
    return font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm


def _fallback(char):
    # What a reader's other fonts draw: the rule docs/architecture.md states (full em for wide, none for marks).
    if unicodedata.category(char) in ("Mn", "Me", "Cf", "Cc"):
        return 0.0
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return 1.0
    return 0.75


def width(text, size, bold=False):
    cmap, hmtx, units = _font(bold)
    total = 0.0
    for char in text:
        glyph = cmap.get(ord(char))
        total += hmtx[glyph][0] / units if glyph else _fallback(char)
    return total * size


@dataclass
class Text:
    words: str
    left: float
    right: float
    top: float
    bottom: float
    size: float
    bold: bool = False
    # Where it comes in the document: a backdrop drawn later hides it.
    order: int = 0

    def overlaps(self, other, gap=0.5):
        return (
            self.left < other.right + gap
            and other.left < self.right + gap
            and self.top < other.bottom
            and other.top < self.bottom
        )


def _number(value, default=0.0):
    if value is None:
        return default
    return float(re.match(r"-?[0-9.]+(e-?[0-9]+)?", value.strip()).group(0))


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
# x and y swapped: a vertical timeline read as a horizontal one (time along x), where boxes overlap as they did.
TRANSPOSED = (0.0, 1.0, 1.0, 0.0, 0.0, 0.0)


def _transform(node, root):
    """A node's own transform as an affine (a, b, c, d, e, f): `translate`, `matrix`, or a nested `<svg>`'s place."""
    if node.tag == SVG + "svg" and node is not root:
        return (1.0, 0.0, 0.0, 1.0, _number(node.get("x")), _number(node.get("y")))
    transform = node.get("transform")
    if not transform:
        return IDENTITY
    numbers = [float(v) for v in re.findall(r"-?[0-9.]+(?:e-?[0-9]+)?", transform)]
    if transform.strip().startswith("matrix"):
        return tuple(numbers[:6])
    return (1.0, 0.0, 0.0, 1.0, numbers[0], numbers[1] if len(numbers) > 1 else 0.0)


def _then(outer, inner):
    """`inner`, then `outer`: their composition."""
    a, b, c, d, e, f = outer
    p, q, r, s_, t, u = inner
    return (a * p + c * q, b * p + d * q, a * r + c * s_, b * r + d * s_, a * t + c * u + e, b * t + d * u + f)


def _box(m, left, right, top, bottom):
    """The document box of a local box under `m` (a translation, or a quarter turn as a vertical timeline's items)."""
    a, b, c, d, e, f = m
    xs = [a * x + c * y + e for x in (left, right) for y in (top, bottom)]
    ys = [b * x + d * y + f for x in (left, right) for y in (top, bottom)]
    return min(xs), max(xs), min(ys), max(ys)


def texts(document, size=13.0, anchor="start", transpose=False):
    """Every line of text in `document` (a `<text>`'s own words, and each `<tspan>` with an x as a line of its
    own), with its box in the document's coordinates (x and y swapped where `transpose`)."""
    root = ET.fromstring(document)
    found = []
    order = {id(node): index for index, node in enumerate(root.iter())}

    def walk(node, m, inherited):
        style = dict(inherited)
        for name in ("font-size", "font-weight", "text-anchor"):
            if node.get(name) is not None:
                style[name] = node.get(name)
        m = _then(m, _transform(node, root))
        if node.tag == SVG + "text":
            # SVG's current text position: a span without an x goes on where the last ended, one without a y keeps
            # the last baseline.
            x, y = _number(node.get("x")), _number(node.get("y"))
            at = order[id(node)]
            x = line(node.text or "", x, y, style, at, m)
            for span in node:
                span_style = dict(style)
                for name in ("font-size", "font-weight", "text-anchor"):
                    if span.get(name) is not None:
                        span_style[name] = span.get(name)
                x = _number(span.get("x")) if span.get("x") else x
                y = y + _number(span.get("dy")) if span.get("dy") else _number(span.get("y"), y)
                x = line(span.text or "", x, y, span_style, at, m)
            return
        for child in node:
            walk(child, m, style)

    def line(words, x, y, style, at, m):
        """Adds a line's box (local `x` and `y`, placed by `m`); returns where the next character would go."""
        words = words.strip()
        if not words:
            return x
        size_ = _number(style.get("font-size"), size)
        bold = style.get("font-weight") == "bold"
        advance = width(words, size_, bold)
        anchor_ = style.get("text-anchor", anchor)
        left = x - advance / 2 if anchor_ == "middle" else x - advance if anchor_ == "end" else x
        box = _box(m, left, left + advance, y - 0.76 * size_, y + 0.24 * size_)
        found.append(Text(words, *box, size_, bold, at))
        return left + advance

    walk(root, TRANSPOSED if transpose else IDENTITY, {"font-size": str(size), "text-anchor": anchor})
    return found


def backdrops(document, transpose=False):
    """Each opaque rectangle without rounded corners (not an item's bar) but the page's own, with its box and where
    it comes in the document: what it covers of a text drawn before it is hidden."""
    root = ET.fromstring(document)
    order = {id(node): index for index, node in enumerate(root.iter())}
    found = []

    def walk(node, m):
        m = _then(m, _transform(node, root))
        if node.tag == SVG + "rect" and not node.get("rx") and "%" not in (node.get("width") or "") \
                and node.get("fill") not in (None, "none") and node.get("opacity") is None:
            x, y = _number(node.get("x")), _number(node.get("y"))
            box = _box(m, x, x + _number(node.get("width")), y, y + _number(node.get("height")))
            found.append((order[id(node)], Shape(node.get("fill"), *box)))
        for child in node:
            walk(child, m)

    walk(root, TRANSPOSED if transpose else IDENTITY)
    return found


def visible(document, found, transpose=False):
    """`found` cut to the document's own size and to what no backdrop drawn after it covers: what a reader sees of
    each text (a window's edge cuts words, a backdrop hides what it covers), each line in the boxes left of it."""
    root = ET.fromstring(document)
    right, bottom = _number(root.get("width")), _number(root.get("height"))
    if transpose:
        right, bottom = bottom, right
    covers = backdrops(document, transpose)
    cut = []
    for text in found:
        pieces = [(max(0.0, text.left), min(right, text.right), max(0.0, text.top), min(bottom, text.bottom))]
        for at, shape in covers:
            if at <= text.order:
                continue
            left_over = []
            for l, r, t, b in pieces:
                if shape.right <= l or shape.left >= r or shape.bottom <= t or shape.top >= b:
                    left_over.append((l, r, t, b))
                    continue
                # The box less the rectangle: above and below it across the box, beside it within its height.
                left_over += [(l, r, t, shape.top), (l, r, shape.bottom, b)]
                top, low = max(t, shape.top), min(b, shape.bottom)
                left_over += [(l, shape.left, top, low), (shape.right, r, top, low)]
            pieces = [(l, r, t, b) for l, r, t, b in left_over if l < r and t < b]
        cut += [Text(text.words, l, r, t, b, text.size, text.bold, text.order) for l, r, t, b in pieces]
    return cut


def overlapping(found):
    """Each pair of texts whose boxes meet."""
    pairs = []
    ordered = sorted(found, key=lambda t: t.left)
    for index, text in enumerate(ordered):
        for other in ordered[index + 1 :]:
            if other.left > text.right + 1:
                break
            if text.overlaps(other):
                pairs.append((text, other))
    return pairs


@dataclass
class Shape:
    """An item's bar or marker: its box, and its fill (a bar crossing blocks is drawn a piece a block)."""
    fill: str
    left: float
    right: float
    top: float
    bottom: float


def shapes(document, transpose=False):
    """Every timeline item's bar (`<rect rx>`) and diamond (`<path d="M… l6 6…">`), with its box, the pieces of a bar
    that crosses blocks joined."""
    root = ET.fromstring(document)
    found = []

    def walk(node, m):
        m = _then(m, _transform(node, root))
        if node.tag == SVG + "rect" and node.get("rx"):
            x, y = _number(node.get("x")), _number(node.get("y"))
            found.append(Shape(node.get("fill"), *_box(m, x, x + _number(node.get("width")), y,
                                                        y + _number(node.get("height")))))
        elif node.tag == SVG + "path" and "l6 6l-6 6l-6-6z" in (node.get("d") or ""):
            x, y = (float(v) for v in node.get("d")[1:].split("l")[0].split())
            found.append(Shape(node.get("fill"), *_box(m, x - 6, x + 6, y, y + 12)))
        for child in node:
            walk(child, m)

    walk(root, TRANSPOSED if transpose else IDENTITY)
    joined = []
    for shape in sorted(found, key=lambda s: (s.top, s.fill, s.left)):
        last = joined[-1] if joined else None
        if last and last.top == shape.top and last.fill == shape.fill and shape.left <= last.right + 0.01 \
                and last.bottom - last.top == shape.bottom - shape.top:
            last.right = max(last.right, shape.right)
        else:
            joined.append(Shape(shape.fill, shape.left, shape.right, shape.top, shape.bottom))
    return joined
