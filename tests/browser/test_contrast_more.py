"""Colours measured in a real JupyterLab, light and dark themes, beyond the axe audits of
test_a11y*.py (which passed with all of these below AA): every text of the replay on the
background actually behind it, the move list's white and shaded rows both, the controls
bar and the comment box's placeholder; the empty center stacks' faint rank (hidden from
screen readers, so axe leaves it out); the evaluation graph's shading on each player's side
of the middle line; and the focus ring of the pressed seat button, taken from screenshots
(the seats' group clips what is drawn outside a button).

Screenshots in test-artifacts/contrast-more-*.png."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from a11y import contrast_ratio, png_pixels, texts_on_backgrounds

pytestmark = pytest.mark.browser

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"
THEMES = [pytest.param(True, id="dark"), pytest.param(False, id="light")]
AA = 4.5  # every text here is small (under 18.66 px bold, 24 px regular)

MARKS_CELL = (
    "import itertools\n"
    "from spite_widget import ReplayWidget\n"
    f"marks = ReplayWidget({str(SAMPLE)!r})\n"
    "for n, mark in zip(range(1, 73), itertools.cycle(('!!', '!', '!?', '?!', '?', '??'))):\n"
    "    marks.annotate(n, mark=mark)\n"
    "marks.seek(10)\n"
    "marks.play('H:9d>S2')\n"
    "marks.play(marks.replay.state.legal_moves()[0])\n"
    "marks"
)

# the graph's game: player 0 ahead for moves 1-50 and 111-155, player 1 for 51-110
P1_AHEAD = range(51, 111)


def evals_record(path: Path) -> Path:
    record = json.loads(SAMPLE.read_text())
    for n, move in enumerate(record["moves"], start=1):
        move["eval"] = {"p0": 0.1, "p1": 0.85} if n in P1_AHEAD else {"p0": 0.8, "p1": 0.15}
    path.write_text(json.dumps(record))
    return path


def graph_cell(path: Path) -> str:
    return f"from spite_widget import ReplayWidget\ngraph = ReplayWidget({str(path)!r})\ngraph"


def open_replay(notebook: Any, page: Any, name: str, cell: str) -> Any:
    page.set_viewport_size({"width": 1300, "height": 1300})
    notebook.open(name, [cell])
    root = page.locator(".swr-root")
    root.wait_for()
    page.evaluate(
        "() => { if (!window.jupyterapp.shell.leftCollapsed)"
        " window.jupyterapp.commands.execute('application:toggle-left-area'); }"
    )
    page.wait_for_timeout(400)
    return root


def themed(notebook: Any, page: Any, dark: bool) -> None:
    notebook.set_theme(dark)
    page.wait_for_timeout(500)


def low(items: list[dict[str, Any]]) -> list[str]:
    return [
        f"{i['ratio']:.2f} {i['fg']} on {i['bg']} {i['what']} {i['text']!r} (row {i['row']})"
        for i in items
        if i["ratio"] < AA
    ]


# the parts of the move list each measured on both row colours (the even turns are shaded)
LIST_KINDS = {
    "turn number": "swr-turn-no",
    "player name": "swr-who",
    "red card": "swr-red",
    "!! and !": "swr-mark-good",
    "? and ??": "swr-mark-bad",
    "!? and ?!": "swr-mark-odd",
}


@pytest.mark.parametrize("dark", THEMES)
def test_replay_texts_meet_aa_on_every_background(
    notebook: Any, page: Any, artifacts: Path, dark: bool
) -> None:
    """Every text of the replay outside the felt (the move list on its white and its shaded
    rows, marks, player names, turn numbers, the move counter on the controls bar, the mark
    buttons, the side line's bar and its buttons) and the comment box's placeholder: 4.5:1."""
    theme = "dark" if dark else "light"
    root = open_replay(notebook, page, f"contrast_texts_{theme}.ipynb", MARKS_CELL)
    root.locator(".swr-linebar:not([hidden]) [data-line-action]").first.wait_for()
    root.locator(".swr-movelist .swr-mark-odd").first.wait_for()
    try:
        themed(notebook, page, dark)
        items = texts_on_backgrounds(root)
        root.screenshot(path=str(artifacts / f"contrast-more-texts-{theme}.png"))
    finally:
        if dark:
            notebook.set_theme(False)
    # what the test must have seen: each part of the list on both row colours, and the rest
    for kind, cls in LIST_KINDS.items():
        rows = {i["row"] for i in items if f".{cls}" in i["what"] and not i["inLine"] and i["row"]}
        assert rows == {"odd", "even"}, (kind, rows)
    row_bgs = {i["bg"] for i in items if ".swr-turn-no" in i["what"]}
    assert len(row_bgs) == 2, row_bgs
    for what in (
        ".swr-counter",
        "placeholder textarea.swr-comment",
        ".swr-markbtn.swr-mark-good",
        ".swr-line-who",
    ):
        assert any(what in i["what"] for i in items), (what, sorted({i["what"] for i in items}))
    assert any(".swr-btn-text.swr-line-" in i["what"] for i in items), "the side line's bar buttons"
    bad = low(items)
    assert not bad, f"{theme}: {len(bad)} of {len(items)} texts under {AA}:1\n" + "\n".join(sorted(set(bad)))


@pytest.mark.parametrize("dark", THEMES)
def test_empty_center_stacks_rank_is_readable_and_faint(
    notebook: Any, page: Any, tmp_path: Path, artifacts: Path, dark: bool
) -> None:
    """The "A" an empty center stack shows (the rank it needs): 4.5:1 on the felt, and still
    fainter than the felt's white ink (a card is whiter still)."""
    theme = "dark" if dark else "light"
    root = open_replay(
        notebook, page, f"contrast_slot_{theme}.ipynb", graph_cell(evals_record(tmp_path / "e.json"))
    )
    slots = root.locator(".sw-board [data-pile^='C'] .sw-slot")
    slots.first.wait_for()
    try:
        themed(notebook, page, dark)
        measured = [item for slot in slots.all() for item in texts_on_backgrounds(slot, skip=".sw-live")]
        root.locator(".sw-middle").screenshot(path=str(artifacts / f"contrast-more-slots-{theme}.png"))
    finally:
        if dark:
            notebook.set_theme(False)
    assert [m["text"] for m in measured] == ["A", "A", "A"], measured
    for item in measured:
        white = contrast_ratio((255, 255, 255), hex_rgb(item["bg"]))
        assert AA <= item["ratio"] <= 0.85 * white, (theme, item, f"white on this felt: {white:.2f}")


def hex_rgb(value: str) -> tuple[int, int, int]:
    v = value.lstrip("#")
    return int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16)


def distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a[:3], b[:3], strict=True)) ** 0.5)


def mean(pixels: list[list[tuple[int, int, int]]], x: float, y: float) -> tuple[int, int, int]:
    """The mean colour of the 3x3 pixels around (x, y)."""
    xs, ys = round(x), round(y)
    around = [pixels[j][i] for j in range(ys - 1, ys + 2) for i in range(xs - 1, xs + 2)]
    return tuple(round(sum(p[k] for p in around) / len(around)) for k in range(3))  # type: ignore[return-value]


PLAYER_COLOURS_JS = """(root) => {
    const rgb = (c) => { const m = c.match(/[\\d.]+/g).map(Number);
        return c.startsWith('color(') ? m.slice(0, 3).map((v) => v * 255) : m.slice(0, 3); };
    const dot = (p) => rgb(getComputedStyle(root.querySelector('.swr-name.swr-p' + p), '::before').backgroundColor);
    const names = [...root.querySelectorAll('.swr-name')].map((e) => e.textContent.trim());
    return {p0: dot(0), p1: dot(1), names};
}"""


@pytest.mark.parametrize("dark", THEMES)
def test_graph_shades_each_players_lead_in_their_colour(
    notebook: Any, page: Any, tmp_path: Path, artifacts: Path, dark: bool
) -> None:
    """The graph draws player 0's lead above the middle line and player 1's below: the area
    between the line and the curve is shaded in the colour the header gives that player
    (its dot before the name), and nothing is shaded on the other side."""
    theme = "dark" if dark else "light"
    root = open_replay(
        notebook, page, f"contrast_graph_{theme}.ipynb", graph_cell(evals_record(tmp_path / "e.json"))
    )
    svg = root.locator(".swr-graph svg")
    svg.wait_for()
    try:
        themed(notebook, page, dark)
        colours = root.evaluate(PLAYER_COLOURS_JS)
        pixels = png_pixels(svg.screenshot())
        root.locator(".swr-graph").screenshot(path=str(artifacts / f"contrast-more-graph-{theme}.png"))
        border = svg.evaluate("(s) => parseFloat(getComputedStyle(s).borderTopWidth)")
    finally:
        if dark:
            notebook.set_theme(False)
    assert colours["names"] == ["Ada", "Bo"], colours
    height, width = len(pixels), len(pixels[0])
    inner_w, inner_h = width - 2 * border, height - 2 * border

    def at(ply: float, y: float) -> tuple[int, int, int]:  # the SVG's coordinates: 600 x 80, the middle at 40
        return mean(pixels, border + ply / 155 * inner_w, border + y / 80 * inner_h)

    # the graph's background: where nothing is drawn (above the middle while player 1 leads)
    bg = at(80, 8)
    shade = {
        p: tuple(round(0.35 * c + 0.65 * b) for c, b in zip(colours[p], bg, strict=True))
        for p in ("p0", "p1")
    }
    assert distance(shade["p0"], shade["p1"]) > 30, shade
    # ply: (the curve's y, the leader); sampled halfway between the middle line and the curve
    checks = {25: (14, "p0"), 80: (70, "p1"), 135: (14, "p0")}
    for ply, (curve, leader) in checks.items():
        other = "p1" if leader == "p0" else "p0"
        inside = at(ply, (40 + curve) / 2)
        assert distance(inside, shade[leader]) < 14, (theme, ply, leader, inside, shade)
        assert distance(inside, shade[leader]) < distance(inside, shade[other]), (theme, ply, inside, shade)
        # the other side of the middle line is bare
        mirror = at(ply, 80 - (40 + curve) / 2)
        assert distance(mirror, bg) < 8, (theme, ply, "shaded on the wrong side", mirror, bg)


def seat_ring(page: Any, seat: Any, margin: int = 6) -> dict[str, Any]:
    """The focus ring of `seat` (reached with the keyboard) as the screen shows it: the
    pixels in and around it, focused and not, compared."""
    box = seat.bounding_box()
    clip = {
        "x": round(box["x"]) - margin,
        "y": round(box["y"]) - margin,
        "width": round(box["width"]) + 2 * margin,
        "height": round(box["height"]) + 2 * margin,
    }
    focused = png_pixels(page.screenshot(clip=clip))
    page.evaluate("() => document.activeElement.blur()")
    page.wait_for_timeout(150)
    plain = png_pixels(page.screenshot(clip=clip))
    page_colour = plain[0][0]  # outside the seats' group: the page around it
    w, h = round(box["width"]), round(box["height"])
    left, top, right, bottom = margin, margin, margin + w - 1, margin + h - 1
    corner = 8  # the group's rounded corners
    sides = {
        "top": [[(x, y) for y in range(top - 4, top + 6)] for x in range(left + corner, right - corner)],
        "bottom": [
            [(x, y) for y in range(bottom - 5, bottom + 5)] for x in range(left + corner, right - corner)
        ],
        "left": [[(x, y) for x in range(left - 4, left + 6)] for y in range(top + corner, bottom - corner)],
        "right": [
            [(x, y) for x in range(right - 5, right + 5)] for y in range(top + corner, bottom - corner)
        ],
    }
    out: dict[str, Any] = {}
    for name, lines in sides.items():
        covered = 0
        outer = []
        for line in lines:
            changed = [(x, y) for x, y in line if contrast_ratio(focused[y][x], plain[y][x]) >= 3]
            if changed:
                covered += 1
            # the ring's outermost pixel that differs from the page: it shows against the page
            ring = [(x, y) for x, y in line if distance(focused[y][x], plain[y][x]) > 40]
            if ring:
                x, y = ring[0] if name in ("top", "left") else ring[-1]
                outer.append(contrast_ratio(focused[y][x], page_colour))
        out[name] = {
            "covered": covered / max(1, len(lines)),
            "against_page": sorted(outer)[len(outer) // 2] if outer else 0.0,
        }
    return out


@pytest.mark.parametrize("dark", THEMES)
def test_pressed_seat_button_shows_its_focus(
    notebook: Any, page: Any, tmp_path: Path, artifacts: Path, dark: bool
) -> None:
    """Seen from Above / Ada / Bo: the pressed (blue) seat reached with Tab has a focus ring
    all round that differs 3:1 from the button unfocused, and whose outer edge stands 3:1
    against the page; the other seats too."""
    theme = "dark" if dark else "light"
    root = open_replay(
        notebook, page, f"contrast_seat_{theme}.ipynb", graph_cell(evals_record(tmp_path / "e.json"))
    )
    seats = root.locator(".swr-seat")
    seats.nth(2).wait_for()
    assert seats.nth(0).get_attribute("aria-pressed") == "true"
    try:
        themed(notebook, page, dark)
        rings = {}
        for i in (0, 1):
            seats.nth(i + 1).focus()
            page.keyboard.press("Shift+Tab")  # the keyboard's focus: :focus-visible
            assert seats.nth(i).evaluate("(b) => b === document.activeElement && b.matches(':focus-visible')")
            page.wait_for_timeout(150)
            if i == 0:
                box = root.locator(".swr-seats").bounding_box()
                page.screenshot(
                    path=str(artifacts / f"contrast-more-seat-{theme}.png"),
                    clip={
                        "x": box["x"] - 12,
                        "y": box["y"] - 12,
                        "width": box["width"] + 24,
                        "height": box["height"] + 24,
                    },
                )
            rings["pressed" if i == 0 else "not pressed"] = seat_ring(page, seats.nth(i))
    finally:
        if dark:
            notebook.set_theme(False)
    for which, ring in rings.items():
        for side, r in ring.items():
            assert r["covered"] >= 0.9 and r["against_page"] >= 3, (theme, which, side, ring)
