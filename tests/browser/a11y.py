"""Accessibility checks for any widget of the project, in any page Playwright drives.

    from a11y import assert_accessible, audit, contrast_violations, focus_outline, unnamed_controls

* `audit(page, root)`: axe-core (node_modules/axe-core, a devDependency) run on the element
  `root` (a CSS selector); returns the violations, each with its rule, impact, help and the
  elements it found.
* `assert_accessible(page, root)`: no serious or critical violation, every control named.
* `contrast_violations(page, root)`: axe's color-contrast rule alone, every impact.
* `unnamed_controls(page, root)`: focusable elements and buttons that have no accessible name.
* `focus_outline(page)`: how the element with the keyboard focus is outlined.
* `text_contrast(page, selector)`: text colour against the element's own background.
* `texts_on_backgrounds(locator)`: every text shown inside an element (and every empty text
  box's placeholder), its colour on the background actually behind it (the ancestors'
  backgrounds composited, a felt's gradient taken at its lightest colour) and the ratio.
* `png_pixels(png)`, `contrast_ratio(a, b)`: a screenshot's pixels, and WCAG's ratio of two
  colours, for what only the rendered page shows (focus rings, SVG fills).

`flatten` (selector -> colour): paint those elements in one solid colour while axe looks.
axe cannot measure text on a gradient (it reports it as "incomplete", unchecked), so a widget
drawn on a gradient passes its lightest colour here: for light text, the worst case.
"""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")
# WCAG 2.0/2.1/2.2 A and AA, and axe's best practices
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def inject_axe(page: Any) -> None:
    """Put axe-core into the page (once); evaluated through the browser's debugger, so a
    page's Content-Security-Policy does not stop it."""
    if page.evaluate("() => typeof window.axe === 'object'"):
        return
    if not AXE.is_file():
        raise FileNotFoundError(f"{AXE} is missing: run `npm install` (axe-core is a devDependency)")
    page.evaluate(AXE.read_text() + "\n;undefined")
    assert page.evaluate("() => typeof window.axe === 'object'"), "axe-core did not load"


def _flattened(page: Any, flatten: dict[str, str] | None) -> str | None:
    if not flatten:
        return None
    css = "\n".join(f"{sel} {{ background: {colour} !important; }}" for sel, colour in flatten.items())
    return str(
        page.evaluate(
            """(css) => { const s = document.createElement('style'); s.id = 'a11y-flatten-' + Date.now();
                s.textContent = css; document.head.append(s); return s.id; }""",
            css,
        )
    )


def run_axe(
    page: Any,
    root: str,
    *,
    rules: list[str] | None = None,
    flatten: dict[str, str] | None = None,
) -> dict[str, Any]:
    """axe.run over `root`; all of axe's results (violations, incomplete, passes)."""
    inject_axe(page)
    style = _flattened(page, flatten)
    options: dict[str, Any] = {"resultTypes": ["violations", "incomplete"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    else:
        options["runOnly"] = {"type": "tag", "values": TAGS}
    try:
        results: dict[str, Any] = page.evaluate(
            """async ([root, options]) => {
                const el = document.querySelector(root);
                if (!el) throw new Error('no element matches ' + root);
                const r = await window.axe.run(el, options);
                const slim = (items) => items.map((v) => ({
                    id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary || '',
                                                 html: n.html.slice(0, 160)})),
                }));
                return {violations: slim(r.violations), incomplete: slim(r.incomplete), passes: r.passes.length};
            }""",
            [root, options],
        )
    finally:
        if style:
            page.evaluate("(id) => document.getElementById(id).remove()", style)
    return results


def audit(
    page: Any,
    root: str,
    *,
    impacts: tuple[str, ...] = SERIOUS,
    flatten: dict[str, str] | None = None,
) -> list[dict[str, Any]]:
    """The axe violations of `impacts` inside `root`."""
    results = run_axe(page, root, flatten=flatten)
    return [v for v in results["violations"] if v["impact"] in impacts]


def contrast_violations(page: Any, root: str, *, flatten: dict[str, str] | None = None) -> dict[str, Any]:
    """axe's color-contrast rule alone (WCAG AA: 4.5:1, 3:1 for large text): violations of
    any impact, and the `incomplete` elements axe could not measure."""
    results = run_axe(page, root, rules=["color-contrast"], flatten=flatten)
    return {"violations": results["violations"], "incomplete": results["incomplete"]}


UNNAMED_JS = """(root) => {
    const host = document.querySelector(root);
    const controls = host.querySelectorAll(
        'button, a[href], input, select, textarea, [tabindex], [role=button], [role=slider], ' +
        '[role=checkbox], [role=radio], [role=tab], [role=menuitem], [role=option], [role=switch]');
    const name = (el) => {
        const label = el.getAttribute('aria-label');
        if (label && label.trim()) return label.trim();
        const by = el.getAttribute('aria-labelledby');
        if (by) {
            const t = by.split(/\\s+/).map((id) => document.getElementById(id)?.textContent || '').join(' ').trim();
            if (t) return t;
        }
        if (el.labels && el.labels.length) return [...el.labels].map((l) => l.textContent).join(' ').trim();
        if (el.matches('button, [role=button], a[href], [role=tab], [role=menuitem], [role=option]')) {
            const t = el.textContent.trim();
            if (t) return t;
        }
        return (el.getAttribute('title') || '').trim();
    };
    return [...controls]
        .filter((el) => !el.disabled && el.getAttribute('aria-hidden') !== 'true' && el.getClientRects().length)
        .filter((el) => !name(el))
        .map((el) => el.outerHTML.slice(0, 120));
}"""


def unnamed_controls(page: Any, root: str) -> list[str]:
    """Focusable elements and controls inside `root` with no accessible name (their HTML)."""
    return list(page.evaluate(UNNAMED_JS, root))


def focus_outline(page: Any) -> dict[str, Any]:
    """The keyboard-focused element's outline (style, width in px, colour) and what it is."""
    return dict(
        page.evaluate(
            """() => { const el = document.activeElement; const s = getComputedStyle(el);
                return {style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor,
                        focusVisible: el.matches(':focus-visible'),
                        what: el.dataset.pile || el.dataset.card || el.dataset.action || el.tagName}; }"""
        )
    )


CONTRAST_JS = """(selector) => {
    const el = document.querySelector(selector);
    if (!el) throw new Error('no element matches ' + selector);
    const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const s = getComputedStyle(el);
    const [a, b] = [lum(rgb(s.color)), lum(rgb(s.backgroundColor))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def text_contrast(page: Any, selector: str) -> float:
    """The contrast ratio of an element's text colour on its own (opaque) background: for
    text axe does not see, such as CSS-drawn glyphs (WCAG AA: at least 4.5)."""
    return float(page.evaluate(CONTRAST_JS, selector))


def assert_accessible(page: Any, root: str, *, flatten: dict[str, str] | None = None) -> None:
    """No serious or critical axe violation inside `root`, and every control has a name."""
    found = audit(page, root, flatten=flatten)
    assert not found, "axe found:\n" + json.dumps(found, indent=1)
    unnamed = unnamed_controls(page, root)
    assert not unnamed, f"controls without an accessible name: {unnamed}"


def press_until(page: Any, key: str, test_js: str, limit: int = 40) -> None:
    """Press `key` until `test_js` (about `a`, document.activeElement) is true, at most `limit` times."""
    for _ in range(limit):
        if page.evaluate(f"() => {{ const a = document.activeElement; return !!({test_js}); }}"):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} x{limit} never reached {test_js}")


def visible_ring(page: Any, min_width: float = 2) -> None:
    """The focused element shows a solid focus ring at least `min_width` pixels wide."""
    ring = focus_outline(page)
    assert ring["focusVisible"] and ring["style"] == "solid" and ring["width"] >= min_width, ring


TEXTS_JS = """(root, skip) => {
    const rgba = (c) => {
        let m = c.match(/^color\\(srgb ([-\\d.e]+) ([-\\d.e]+) ([-\\d.e]+)(?: \\/ ([-\\d.e]+))?\\)$/);
        if (m) return [m[1] * 255, m[2] * 255, m[3] * 255, m[4] === undefined ? 1 : +m[4]];
        m = c.match(/^rgba?\\(([\\d.]+), ([\\d.]+), ([\\d.]+)(?:, ([\\d.]+))?\\)$/);
        if (m) return [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]];
        throw new Error('cannot read the colour ' + c);
    };
    // a colour as the element `where` resolves it (its tokens)
    const resolve = (value, where) => {
        const probe = document.createElement('span');
        probe.style.color = value;
        where.append(probe);
        const c = rgba(getComputedStyle(probe).color);
        probe.remove();
        return c;
    };
    const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
    const background = (e) => {
        const layers = [];
        for (let a = e; a; a = a.parentElement) {
            // the felt is a gradient: its lightest colour, the worst case for light text
            const c = a.classList.contains('sw-board') ? resolve('var(--sw-felt)', a)
                : rgba(getComputedStyle(a).backgroundColor);
            if (c[3] > 0) layers.push(c);
            if (c[3] >= 1) break;
        }
        return layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
    };
    const lum = (c) => c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)]; return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
    const hex = (c) => '#' + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
    const describe = (e) => e.tagName.toLowerCase() + [...e.classList].map((c) => '.' + c).join('');
    const item = (e, colour, text, what) => {
        const s = getComputedStyle(e);
        let opacity = 1;
        for (let a = e; a; a = a.parentElement) opacity *= parseFloat(getComputedStyle(a).opacity);
        const bg = background(e);
        const c = rgba(colour);
        const fg = over([c[0], c[1], c[2], c[3] * opacity], bg);
        const turn = e.closest('.swr-turn');
        return {what, text: text.trim().slice(0, 40), fg: hex(fg), bg: hex(bg), ratio: ratio(fg, bg),
                size: parseFloat(s.fontSize), weight: parseInt(s.fontWeight, 10), opacity,
                row: turn ? (turn.matches(':nth-child(even)') ? 'even' : 'odd') : null,
                inLine: !!e.closest('.swr-line')};
    };
    const out = [];
    const seen = new Set();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const e = n.parentElement;
        if (!n.textContent.trim() || !e || seen.has(e)) continue;
        seen.add(e);
        if (e.closest(skip) || e.closest(':disabled, [aria-disabled=true]') || !e.getClientRects().length) continue;
        if (getComputedStyle(e).visibility !== 'visible') continue;
        const it = item(e, getComputedStyle(e).color, n.textContent, describe(e));
        if (it.opacity >= 0.05) out.push(it);
    }
    for (const e of root.querySelectorAll('textarea, input')) {
        if (!e.placeholder || e.value || e.disabled || !e.getClientRects().length) continue;
        out.push(item(e, getComputedStyle(e, '::placeholder').color, e.placeholder, 'placeholder ' + describe(e)));
    }
    return out;
}"""


def texts_on_backgrounds(element: Any, skip: str = ".sw-board, .sw-live") -> list[dict[str, Any]]:
    """Every text shown inside `element` (a Playwright locator) and not inside `skip` (by
    default the felt, which axe checks, and the live region), and every empty text box's
    placeholder: `what` (tag and classes), `text`, `fg` (its colour with
    its opacity, on the background), `bg` (the ancestors' backgrounds composited), `ratio`,
    `size` and `weight`; `row` "odd"/"even" for a move list's turns (the even ones shaded),
    `inLine` inside a side line. Disabled controls are left out (WCAG exempts them)."""
    return list(element.evaluate(TEXTS_JS, skip))


def luminance(rgb: tuple[int, ...]) -> float:
    """WCAG's relative luminance of an sRGB colour (0-255 channels)."""

    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else float(((v + 0.055) / 1.055) ** 2.4)

    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG's contrast ratio of two sRGB colours, from 1 to 21."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def png_pixels(png: bytes) -> list[list[tuple[int, int, int]]]:
    """The pixels of a PNG as Playwright's screenshots write it (8-bit RGB or RGBA, not
    interlaced), row by row: [y][x] -> (r, g, b)."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, data = 8, b""
    width = height = bpp = 0
    while pos < len(png):
        size, kind = struct.unpack(">I4s", png[pos : pos + 8])
        body = png[pos + 8 : pos + 8 + size]
        pos += 12 + size
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError(f"a PNG of depth {depth}, colour type {ctype}, interlace {interlace}")
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            data += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(data)
    stride = width * bpp
    rows: list[list[tuple[int, int, int]]] = []
    prev = bytearray(stride)
    at = 0
    for _ in range(height):
        kind_of_filter = raw[at]
        line = bytearray(raw[at + 1 : at + 1 + stride])
        at += 1 + stride
        for x in range(stride):
            left = line[x - bpp] if x >= bpp else 0
            up = prev[x]
            corner = prev[x - bpp] if x >= bpp else 0
            if kind_of_filter == 1:
                line[x] = (line[x] + left) & 255
            elif kind_of_filter == 2:
                line[x] = (line[x] + up) & 255
            elif kind_of_filter == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind_of_filter == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[x] = (line[x] + pred) & 255
        rows.append([tuple(line[i : i + 3]) for i in range(0, stride, bpp)])  # type: ignore[misc]
        prev = line
    return rows


__all__ = [
    "assert_accessible",
    "audit",
    "contrast_ratio",
    "contrast_violations",
    "focus_outline",
    "inject_axe",
    "luminance",
    "png_pixels",
    "press_until",
    "run_axe",
    "text_contrast",
    "texts_on_backgrounds",
    "unnamed_controls",
    "visible_ring",
]
