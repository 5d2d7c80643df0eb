"""The replay widget in a real JupyterLab, driven in headless Chromium: buttons, keys, the
move list, the slider, comments and marks reaching the kernel's record; the exported page
without a kernel; the table's review button."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from a11y import contrast_violations

from spite_widget.widgets.replay import ReplayWidget

pytestmark = pytest.mark.browser

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"

PROBE = (
    "import json\n"
    "rec = w.record\n"
    "print(json.dumps({'ply': w.ply, 'notes': {i + 1: {k: m[k] for k in ('comment', 'mark') if k in m}\n"
    "    for i, m in enumerate(rec['moves']) if 'comment' in m or 'mark' in m}}))"
)


def replay_cells() -> list[str]:
    return [
        f"from spite_widget import ReplayWidget\nw = ReplayWidget({str(SAMPLE)!r})\nw",
        PROBE,
        "w.annotate(13, comment='written in Python', mark='?')",
    ]


def ply(page: Any, scope: str = ".swr-root") -> int:
    return int(page.locator(scope).first.get_attribute("data-ply"))


def wait_ply(page: Any, n: int, scope: str = ".swr-root") -> None:
    page.wait_for_function(
        "([sel, n]) => document.querySelector(sel).dataset.ply === String(n)", arg=[scope, n], timeout=15_000
    )


def click(page: Any, action: str, expect: int) -> None:
    page.locator(f".swr-root [data-action='{action}']").click()
    wait_ply(page, expect)


def wide_notebook(page: Any) -> None:
    """About 900 px for the output, and tall enough to hold the whole widget for screenshots."""
    page.set_viewport_size({"width": 1040, "height": 1500})
    page.evaluate(
        "() => { if (!window.jupyterapp.shell.leftCollapsed)"
        " window.jupyterapp.commands.execute('application:toggle-left-area'); }"
    )


def graph_curve(page: Any) -> tuple[float, float, str, list[tuple[float, float]]]:
    """The evaluation graph's width and height (its viewBox), its curve's path and points."""
    line = page.locator(".swr-graph .swr-graph-line")
    line.wait_for(state="attached")
    view = page.locator(".swr-graph svg").get_attribute("viewBox")
    assert view is not None
    width, height = (float(v) for v in view.split()[2:])
    d = line.get_attribute("d") or ""
    return width, height, d, [(float(a), float(b)) for a, b in re.findall(r"[ML]([\d.]+) ([\d.]+)", d)]


def open_exported(page: Any, replay: ReplayWidget, path: Path) -> None:
    """`replay`'s exported page, opened at 1000 px."""
    replay.to_html(path)
    page.set_viewport_size({"width": 1000, "height": 1200})
    page.goto(path.as_uri())


def test_step_jump_annotate_in_jupyterlab(notebook: Any, page: Any, artifacts: Path) -> None:
    notebook.open("replay.ipynb", replay_cells()[:2])
    wide_notebook(page)
    root = page.locator(".swr-root")
    root.wait_for()
    assert root.get_attribute("data-lm-suppress-shortcuts") is not None
    assert ply(page) == 0 and root.get_attribute("data-length") == "155"
    assert page.locator(".swr-root [data-ply]").count() >= 155
    # a replay is seen from above: both hands face up
    assert page.locator(".swr-root [data-pile='H'] [data-card]").count() == 5
    assert page.locator(".swr-root [data-pile='O-H'] [data-card]").count() == 5
    assert page.locator(".swr-root [data-action='back']").is_disabled()
    assert page.locator(".swr-root [data-action='start']").is_disabled()

    # the table keeps room for the game's tallest side stack (13 cards) from the deal on, so
    # the controls below it stay put as the replay steps: no chasing the Forward button
    forward = page.locator(".swr-root [data-action='forward']")
    at_deal = forward.bounding_box()
    assert at_deal is not None
    sides = "() => [...document.querySelectorAll('.swr-root .sw-sides')].map(e => e.offsetHeight)"
    sides_at_deal = page.evaluate(sides)
    assert len(sides_at_deal) == 2 and sides_at_deal[0] == sides_at_deal[1] > 0

    def controls_stayed() -> None:
        box = forward.bounding_box()
        assert box is not None and abs(box["y"] - at_deal["y"]) <= 1, (box, at_deal)

    # buttons
    for n in (1, 2, 3):
        click(page, "forward", n)
        controls_stayed()
    click(page, "back", 2)
    # keys, once the replay has the focus
    page.locator(".swr-root .sw-board").click()
    page.keyboard.press("ArrowRight")
    wait_ply(page, 3)
    page.keyboard.press("ArrowRight")
    wait_ply(page, 4)
    page.keyboard.press("ArrowLeft")
    wait_ply(page, 3)
    page.keyboard.press("End")
    wait_ply(page, 155)
    assert page.evaluate(sides) == sides_at_deal
    controls_stayed()  # the news row kept room for the last move's longer line
    assert root.get_attribute("data-game-over") == "true"
    assert page.locator(".swr-root [data-action='forward']").is_disabled()
    page.keyboard.press("Home")
    wait_ply(page, 0)

    # the move list: jump, the entry is highlighted, the last move is marked on the table
    page.locator(".swr-movelist [data-ply='17']").click()
    wait_ply(page, 17)
    assert page.locator(".swr-move.swr-current").get_attribute("data-ply") == "17"
    assert page.locator(".swr-root [data-pile='C1'] [data-card='Ks']").count() == 1
    assert "sw-last-source" in (page.locator(".swr-root [data-pile='P']").get_attribute("class") or "")
    assert "counts as the 7" in page.locator("[data-annotation='comment']").input_value()
    assert "K♠" in page.locator(".swr-root [data-status]").inner_text()
    # the slider
    page.locator("[data-slider]").fill("40")
    wait_ply(page, 40)
    controls_stayed()
    # play, then pause
    click(page, "play", 41)
    wait_ply(page, 42)
    page.locator(".swr-root [data-action='play']").click()
    stopped = ply(page)
    page.wait_for_timeout(1200)
    assert ply(page) - stopped <= 1

    # a comment and a mark, typed in the widget
    page.locator(".swr-movelist [data-ply='12']").click()
    wait_ply(page, 12)
    box = page.locator("[data-annotation='comment']")
    box.click()
    box.fill("Typed in the browser")
    page.locator("[data-annotation='mark'] [data-mark='!?']").click()
    page.wait_for_function(
        "() => (document.querySelector(\".swr-movelist [data-ply='12'] .swr-mark\") || {}).textContent === '!?'"
    )
    assert page.locator("[data-annotation='mark'] [data-mark='!?']").get_attribute("aria-pressed") == "true"
    page.locator(".swr-movelist [data-ply='9']").click()  # leaving the move sends what was typed
    wait_ply(page, 9)
    state = notebook.run_json(1)
    assert state["ply"] == 9
    assert state["notes"]["12"] == {"comment": "Typed in the browser", "mark": "!?"}
    assert state["notes"]["17"]["comment"].startswith("The pay-off King")

    # written in Python: shown without a reload
    page.evaluate(
        "() => { const nb = window.jupyterapp.shell.currentWidget;"
        " nb.content.model.sharedModel.insertCell(2, {cell_type: 'code', source: "
        + json.dumps(replay_cells()[2])
        + "}); }"
    )
    notebook.run_cell(2)
    page.wait_for_function(
        "() => (document.querySelector(\".swr-movelist [data-ply='13'] .swr-mark\") || {}).textContent === '?'"
    )
    page.locator(".swr-movelist [data-ply='13']").click()
    wait_ply(page, 13)
    page.wait_for_function(
        "() => document.querySelector(\"[data-annotation='comment']\").value === 'written in Python'"
    )

    # a hostile message from the page is answered in the status line
    page.locator(".swr-movelist [data-ply='17']").click()
    wait_ply(page, 17)
    root.scroll_into_view_if_needed()
    root.screenshot(path=str(artifacts / "replay-light.png"))
    notebook.set_theme(dark=True)
    page.wait_for_timeout(500)
    root.screenshot(path=str(artifacts / "replay-dark.png"))
    notebook.set_theme(dark=False)
    page.locator(".swr-root [data-perspective='1']").click()
    page.wait_for_function(
        "() => document.querySelectorAll(\".swr-root [data-pile='O-H'] [data-card]\").length === 0"
    )
    assert page.locator(".swr-movelist .swr-move").count() == 17
    assert page.locator(".swr-root [data-pile='H'] [data-card]").count() > 0
    root.screenshot(path=str(artifacts / "replay-seat.png"))


def test_from_a_seat_the_graph_follows_the_steps_by_patches(notebook: Any, page: Any) -> None:
    """From a seat the graph grows a point a step; Python sends that point (`evals_patch`),
    not the whole graph, and the page splices it into its copy."""
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if "patch" in m.text else None)
    notebook.open(
        "seat.ipynb",
        [
            "from spite_widget import ReplayWidget, annotate_with_bot\n"
            f"w = ReplayWidget(annotate_with_bot({str(SAMPLE)!r}), perspective=0)\nw.seek(40)\nw",
        ],
    )
    wide_notebook(page)
    page.locator(".swr-root").wait_for()
    wait_ply(page, 40)
    width = graph_curve(page)[0]

    def last_x() -> float:
        return graph_curve(page)[3][-1][0]

    for n in range(41, 46):
        click(page, "forward", n)
        page.wait_for_function(
            "([n, w]) => { const d = document.querySelector('.swr-graph .swr-graph-line').getAttribute('d');"
            " const xs = [...d.matchAll(/[ML]([\\d.]+) /g)]; return Math.abs(+xs[xs.length - 1][1] - w * n / 155) < 0.06; }",
            arg=[n, width],
            timeout=15_000,
        )
    assert abs(last_x() - width * 45 / 155) < 0.06
    # one curve, held over the other player's moves (their figures are not this seat's to see)
    assert graph_curve(page)[2].count("M") == 1
    click(page, "back", 44)
    assert abs(last_x() - width * 44 / 155) < 0.06
    assert warnings == [], warnings


def test_exported_page_steps_without_a_kernel(page: Any, tmp_path: Path, artifacts: Path) -> None:
    w = ReplayWidget(SAMPLE)
    w.annotate(20, comment="Shared <with> friends & co", mark="??")
    path = tmp_path / "sample.html"
    w.to_html(path)
    page.set_viewport_size({"width": 960, "height": 900})
    page.goto(path.as_uri())
    root = page.locator(".swr-root")
    root.wait_for()
    assert ply(page) == 0
    assert "seed=6" in page.locator("[data-annotation='comment']").inner_text()
    # the page's status line says what the widget says, from the deal to the end
    said = ReplayWidget(SAMPLE)
    status = page.locator(".swr-root [data-status]")
    assert status.inner_text() == said.status["text"] == "The deal: Ada plays first. 155 moves to go through."
    click(page, "forward", 1)
    said.seek(1)
    assert status.inner_text() == said.status["text"]
    click(page, "end", 155)
    said.seek(155)
    assert status.inner_text() == said.status["text"]
    click(page, "start", 0)
    page.locator(".swr-root .sw-board").click()
    page.keyboard.press("ArrowRight")
    wait_ply(page, 1)
    page.locator(".swr-movelist [data-ply='20']").click()
    wait_ply(page, 20)
    assert page.locator("[data-annotation='comment']").inner_text() == "Shared <with> friends & co"
    assert page.locator(".swr-movelist [data-ply='20'] .swr-mark").inner_text() == "??"
    page.locator("[data-slider]").fill("17")
    wait_ply(page, 17)
    assert page.locator(".swr-root [data-pile='C1'] [data-card='Ks']").count() == 1
    assert page.locator("[data-annotation='mark']").is_hidden()  # read-only here
    page.screenshot(path=str(artifacts / "replay-html.png"), full_page=True)


def test_a_costly_move_falls_on_the_graph_by_what_it_gave_away(page: Any, tmp_path: Path) -> None:
    """Each point of the graph is an eval after a move, told from its mover's view; the point
    before a turn's first move was told from the opponent's. So a costly move there could
    show its mover's chances flat or rising. The graph draws the fall from where the mover
    stood before it: here every eval is the same and move 40 gave away 0.3."""
    from spite_widget import Game

    game = Game.load(SAMPLE)
    for i in range(1, game.ply + 1):
        note = game.annotation(i)
        note["eval"] = {"p0": 0.5, "p1": 0.3}
        if i == 40:
            note["x-loss"] = 0.3
        game.set_annotation(i, note)
    mover = game.mover(40)
    open_exported(page, ReplayWidget(game), tmp_path / "graph.html")
    width, height, _d, points = graph_curve(page)

    def margin(y: float) -> float:
        return 1 - y / (height / 2)  # p0 - p1 at height y

    x39, x40 = width * 39 / game.ply, width * 40 / game.ply
    at39 = [margin(y) for x, y in points if abs(x - x39) < 0.06]
    at40 = [margin(y) for x, y in points if abs(x - x40) < 0.06]
    # the line reaches move 39's point, rises (or falls) to where move 40's mover stood, and
    # falls by 0.3 as that mover sees it to the same eval
    assert len(at39) == 2 and len(at40) == 1, (at39, at40)
    stood = at39[1]
    assert abs(at39[0] - 0.2) < 0.02 and abs(at40[0] - 0.2) < 0.02
    assert abs((stood - at40[0]) * (1 if mover == 0 else -1) - 0.3) < 0.02, (stood, at40, mover)
    # every other move is one point: no step where nothing was given away
    assert len(points) == game.ply + 2


def test_moves_without_a_figure_leave_a_gap_in_the_graph(page: Any, tmp_path: Path) -> None:
    """Moves 1-10 with no eval (a line promoted from moves judged as they were played) were
    drawn as an even game, a flat 50% then a ramp, as if measured."""
    from spite_widget import Game

    game = Game.load(SAMPLE)
    for i in range(1, game.ply + 1):
        note = game.annotation(i)
        note.pop("eval", None)
        if i > 10:
            note["eval"] = {"p0": 0.7, "p1": 0.2}
        game.set_annotation(i, note)
    open_exported(page, ReplayWidget(game), tmp_path / "gap.html")
    width, height, d, points = graph_curve(page)
    # the curve starts at move 11, at its figure: nothing is drawn over moves 1-10
    assert d.startswith("M") and d.count("M") == 1, d[:80]
    assert abs(points[0][0] - width * 11 / game.ply) < 0.06, points[:2]
    assert all(abs(y - height / 2 * (1 - 0.5)) < 0.06 for _x, y in points), points[:3]


def test_the_exported_page_of_a_reviewed_game_shows_its_summary(page: Any, tmp_path: Path) -> None:
    """The review's accuracy and counts per player, as the widget shows them under its header."""
    from spite_widget.bots.review import annotate_with_bot

    w = ReplayWidget(annotate_with_bot(json.loads(SAMPLE.read_text())))
    assert [p["name"] for p in w.summary] == ["Ada", "Bo"]
    path = tmp_path / "reviewed.html"
    w.to_html(path)
    page.set_viewport_size({"width": 1000, "height": 1200})
    page.goto(path.as_uri())
    rows = page.locator(".swr-summary .swr-summary-row")
    rows.first.wait_for()
    assert rows.count() == 2
    for i, p in enumerate(w.summary):
        row = rows.nth(i)
        assert row.locator(".swr-summary-name").inner_text() == p["name"]
        assert f"{p['percent']}%" in row.locator(".swr-summary-acc").inner_text()
        counts = row.locator(".swr-summary-count").all_inner_texts()
        assert counts == [f"{p['inaccuracies']} ?!", f"{p['mistakes']} ?", f"{p['blunders']} ??"]
    # a page of a game never reviewed has no summary
    ReplayWidget(SAMPLE).to_html(tmp_path / "plain.html")
    page.goto((tmp_path / "plain.html").as_uri())
    page.locator(".swr-root").wait_for()
    assert page.locator(".swr-summary").is_hidden()


def test_the_controls_stay_put_at_every_width(page: Any, tmp_path: Path) -> None:
    """The last move's status line is the longest (it says how the game ended): the news row
    keeps room for it from the deal on. The side stacks keep room for the columns of the
    game's widest fan (S2's 13 cards take two), and a center's "needs" badge is as wide for
    every rank, so the news keeps its width. Before, from 360 to 1,000 px, the Forward button
    moved at 14 of 33 widths: by 10-29 px at the end, by up to 101 px mid-game."""
    path = tmp_path / "sample.html"
    ReplayWidget(SAMPLE).to_html(path)
    page.set_viewport_size({"width": 1000, "height": 1400})
    page.goto(path.as_uri())
    page.locator(".swr-root").wait_for()
    forward = page.locator(".swr-root [data-action='forward']")
    status = page.locator(".swr-root [data-status]")
    for width in (480, 560, 620, 660, 840, 920, 1000):
        page.set_viewport_size({"width": width, "height": 1400})
        seen = []
        for n in (0, 1, 154, 155):
            page.locator("[data-slider]").fill(str(n))
            wait_ply(page, n)
            box, line = forward.bounding_box(), status.bounding_box()
            assert box is not None and line is not None
            seen.append((round(box["y"]), round(line["height"]), status.inner_text()))
        assert "wins 19 points" in seen[-1][2] and len(seen[-1][2]) > 1.4 * len(seen[2][2])
        # the Forward button and the status box's height: one each, at every step
        assert len({y for y, _, _ in seen}) == 1 and len({h for _, h, _ in seen}) == 1, (width, seen)
    # the rooms are unseen and unspoken
    room = page.locator(".swr-root .swr-news-room")
    assert room.count() == 1 and room.get_attribute("aria-hidden") == "true" and not room.is_visible()
    assert not page.locator(".swr-root .sw-needs-room").first.is_visible()
    caption = page.locator(".swr-root [data-pile='C1'] .sw-caption").inner_text()
    assert " ".join(caption.split()) == "C1 needs 5", caption  # the badge's sizers say nothing


def test_on_a_phone_the_slider_stays_put_from_the_deal_to_the_last_move(page: Any, tmp_path: Path) -> None:
    """At 390 px "100 / 155" no longer fitted beside the speed menu that "99 / 155" fitted
    beside: the counter wrapped to a row of its own and the slider, the graph and the move list
    dropped 23 px from move 100 on. The counter keeps room for the widest count."""
    path = tmp_path / "sample.html"
    ReplayWidget(SAMPLE, lang="pt").to_html(path)
    page.set_viewport_size({"width": 1000, "height": 1400})
    page.goto(path.as_uri())
    page.locator(".swr-root").wait_for()
    slider = page.locator(".swr-root [data-slider]")
    moved = {}
    for width in (320, 360, 390, 414, 460):
        page.set_viewport_size({"width": width, "height": 1400})
        tops = []
        for n in (0, 9, 10, 99, 100, 155):
            slider.fill(str(n))
            wait_ply(page, n)
            box = slider.bounding_box()
            assert box is not None
            tops.append(round(box["y"]))
        if len(set(tops)) > 1:
            moved[width] = tops
        over = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert over <= 0, (width, over)  # the room kept for the count does not widen the page
        # nor does anything stick out of the replay's own box (the graph did, by its border)
        root = page.evaluate(
            "() => { const r = document.querySelector('.swr-root'); return r.scrollWidth - r.clientWidth; }"
        )
        assert root <= 0, (width, root)
    assert not moved, moved


def test_the_table_opens_a_review_at_the_end_of_a_game(notebook: Any, page: Any, artifacts: Path) -> None:
    cells = [
        "from spite_widget import Game, SpiteWidget\n"
        f"t = SpiteWidget(game=Game.load({str(SAMPLE)!r}), opponent=None)\n"
        "t",
        "if t.review_label:\n    t.lang = 'es'",  # run again once the review is open
    ]
    notebook.open("review.ipynb", cells)
    wide_notebook(page)
    button = page.locator(".sw-root [data-action='review']")
    button.wait_for()
    assert not button.is_disabled()
    button.click()
    review = page.locator(".sw-review-slot .swr-root")
    review.wait_for()
    # JupyterLab can show the replay: the status line points below the table, and no note
    # (the one a page without a widget manager shows) says to run w.review() in a cell
    page.wait_for_function(
        "() => document.querySelector('.sw-root [data-status]').innerText.includes('below the table')"
    )
    assert page.locator(".sw-root [data-review-note]").count() == 0
    wait_ply(page, 0, ".sw-review-slot .swr-root")
    page.locator(".sw-review-slot [data-action='forward']").click()
    wait_ply(page, 1, ".sw-review-slot .swr-root")
    assert review.get_attribute("data-length") == "155"
    page.locator(".sw-review-slot").screenshot(path=str(artifacts / "replay-from-table.png"))
    # the heading over the replay, and the replay, follow the table's language
    heading = page.locator(".sw-review-slot .sw-review-label")
    assert heading.inner_text().startswith("Replay of game 1: ")
    notebook.run_cell(1)
    page.wait_for_function(
        "() => document.querySelector('.sw-review-slot .sw-review-label').innerText"
        ".startsWith('Repetición de la partida 1: ')"
    )
    page.wait_for_function("() => document.querySelector('.sw-review-slot .swr-root').lang === 'es'")


LIST_LAYOUT = """() => {
    const list = document.querySelector('.swr-root .swr-turns');
    const box = (e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
    const lines = list.querySelector('.swr-turn > .swr-lines');
    return {
        columns: getComputedStyle(list).gridTemplateColumns,
        height: box(list).h,
        heads: [...list.querySelectorAll('.swr-turn-head')].map(e => box(e).w),
        moves: Object.fromEntries([...list.querySelectorAll('.swr-move:not(.swr-move-side)')]
            .map(e => [e.dataset.ply, box(e).x])),
        move: box(list.querySelector('.swr-move')).h,
        lines: lines && box(lines),
        turn: lines && box(lines.closest('.swr-turn')),
    };
}"""


def test_a_side_line_leaves_the_move_list_columns_alone(page: Any, tmp_path: Path, artifacts: Path) -> None:
    """A side line's block goes under the move it replaces, across its whole turn. Before, the
    grid put it in the name column (`fit-content(45%)`), which grew to 45% for every turn:
    at 900 px the moves shifted right by 52 px, every turn fell to one move per row and the
    list grew from 2,675 to 3,852 px, also once the cursor had left the line."""
    plain, side = tmp_path / "plain.html", tmp_path / "side.html"
    ReplayWidget(SAMPLE).to_html(plain)
    w = ReplayWidget(SAMPLE)
    w.seek(9)
    w.play("H:9d>S2")  # instead of the game's H:Ac>C1: a side line on move 10, Bo's turn 10
    w.exit_line()
    w.to_html(side)
    for width in (420, 900, 1200):
        page.set_viewport_size({"width": width, "height": 1000})
        page.goto(plain.as_uri())
        page.locator(".swr-root").wait_for()
        before = page.evaluate(LIST_LAYOUT)
        page.goto(side.as_uri())
        page.locator(".swr-root").wait_for()
        after = page.evaluate(LIST_LAYOUT)
        same = (after["columns"], after["heads"]) == (before["columns"], before["heads"])
        assert same, (width, before, after)
        # every move of the game stays where it was, but the game's move 11 (the rest of
        # turn 10), which goes on in the moves column below the side line
        assert after["moves"].keys() == before["moves"].keys()
        moved = {p for p in before["moves"] if abs(after["moves"][p] - before["moves"][p]) > 0.5}
        assert moved <= {"11"} and after["moves"]["11"] == before["moves"]["10"], (width, moved)
        # the block spans the turn (both columns), and the list grows by it and that one row
        lines, turn = after["lines"], after["turn"]
        left, right = lines["x"] - turn["x"], turn["x"] + turn["w"] - (lines["x"] + lines["w"])
        assert 0 <= left < 16 and 0 <= right < 16, (width, lines, turn)
        grown = after["height"] - before["height"]
        assert 0 < grown <= lines["h"] + after["move"] + 20, (width, grown, lines)
        # stepping into the line changes nothing either
        page.locator(".swr-movelist .swr-move-side[data-ply='10']").click()
        wait_ply(page, 10)
        assert page.locator(".swr-movelist .swr-move-side.swr-current").count() == 1
        inside = page.evaluate(LIST_LAYOUT)
        assert (inside["columns"], inside["moves"], inside["height"]) == (
            after["columns"],
            after["moves"],
            after["height"],
        )
        page.locator(".swr-movelist").screenshot(path=str(artifacts / f"replay-side-line-list-{width}.png"))


def test_a_side_line_from_a_seat_says_so_in_spanish(bare: Any, new_page: Any, artifacts: Path) -> None:
    """From a seat the list shows the line the cursor is on, its side-line turns labelled. The
    label was CSS `content: "side line"`: English in every language, and in the name column,
    which it widened by 46 px. Now it is the note's own "variante", at the head of the moves."""
    w = ReplayWidget(SAMPLE, lang="es")
    w.seek(9)
    page = new_page(viewport={"width": 900, "height": 1100})
    bare.open(w, page=page, bundle="replay")
    page.locator(".swr-root .swr-turn").first.wait_for()
    above = page.evaluate(LIST_LAYOUT)
    w.play("H:9d>S2")  # a side line, added while the page shows the list
    page.locator(".swr-root .swr-turn > .swr-lines").wait_for()
    added = page.evaluate(LIST_LAYOUT)
    assert (added["columns"], added["heads"]) == (above["columns"], above["heads"])
    w.perspective = 1
    turn = page.locator(".swr-root .swr-turn-side")
    turn.wait_for()
    seat = page.evaluate(LIST_LAYOUT)
    assert (seat["columns"], seat["heads"][:9]) == (above["columns"], above["heads"][:9])
    # what the row says, also in any text CSS adds before or after an element
    said = turn.evaluate(
        """(li) => [li, ...li.querySelectorAll('*')].map(e => [
            e.childElementCount ? '' : e.textContent,
            getComputedStyle(e, '::before').content, getComputedStyle(e, '::after').content,
        ].join(' ')).join(' ')"""
    )
    assert "variante" in said and "side" not in said, said
    assert " ".join(turn.inner_text().split()) == "10 Bo variante H:9d>S2"
    label = turn.locator(".swr-turn-side-label")
    assert label.inner_text() == "variante" and label.is_visible()
    # a real element now, so axe sees it: readable on the row
    assert not contrast_violations(page, ".swr-root .swr-turns")["violations"]
    page.locator(".swr-panel").screenshot(path=str(artifacts / "replay-side-line-seat-es.png"))


def test_the_comment_box_grows_to_its_text(bare: Any, new_page: Any, artifacts: Path) -> None:
    """A review's words after the reader's comment were cut off at four rows (85 of 176 px
    shown), with the panel empty below: the box now grows to its text, up to 320 px, then
    scrolls, and shrinks again on a move with a short comment."""
    w = ReplayWidget(SAMPLE)
    words = "Bo keeps the eight back to block Ada's nine, and the King would do better on C2. "
    w.annotate(10, comment=words * 5)
    w.annotate(11, comment=words * 24)
    w.annotate(12, comment="short")
    w.seek(10)
    page = new_page(viewport={"width": 1280, "height": 900})
    bare.open(w, page=page, bundle="replay")
    box = page.locator(".swr-root textarea.swr-comment")
    box.wait_for()
    measure = "(t) => ({value: t.value.length, scroll: t.scrollHeight, client: t.clientHeight})"

    def settled(ply: int) -> dict[str, int]:
        page.wait_for_function(
            "(n) => document.querySelector('.swr-root textarea.swr-comment').value.length === n",
            arg=len(w.annotation_of(ply).get("comment", "")),
        )
        return box.evaluate(measure)  # type: ignore[no-any-return]

    whole = settled(10)
    assert whole["client"] > 120 and whole["scroll"] <= whole["client"] + 1, whole
    page.screenshot(path=str(artifacts / "replay-comment-grown.png"))
    w.seek(11)
    longest = settled(11)
    assert 280 <= longest["client"] <= 320 and longest["scroll"] > longest["client"], longest
    w.seek(12)
    short = settled(12)
    assert short["client"] < 90, short
    # typing grows it too
    box.click()
    box.press("End")
    box.type("\nline\nline\nline\nline\nline")
    typed = box.evaluate(measure)
    assert typed["client"] > short["client"] and typed["scroll"] <= typed["client"] + 1, typed


def test_a_side_lines_turn_label_stays_beside_its_first_move(
    page: Any, tmp_path: Path, artifacts: Path
) -> None:
    """In a side line, "11. Ada" ended one row and Ada's move started the next: each turn's
    label now wraps with its first move."""
    w = ReplayWidget(SAMPLE)
    w.seek(9)
    w.play("H:9d>S2")
    w.play(str(next(m for m in w.state.legal_moves() if m.ends_turn)))
    w.annotate(w.ply, comment="what if", mark="!?")
    path = tmp_path / "labels.html"
    w.exit_line()
    w.to_html(path)
    page.goto(path.as_uri())
    page.locator(".swr-root").wait_for()
    for width in (390, 600, 760, 900, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        apart = page.evaluate(
            """() => [...document.querySelectorAll('.swr-root .swr-line-who')].map(who => {
                let next = who.nextElementSibling;
                while (next && !next.matches('.swr-move')) next = next.nextElementSibling;
                const a = who.getBoundingClientRect(), b = next.getBoundingClientRect();
                return [who.textContent, Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2)];
            })"""
        )
        assert len(apart) == 2 and all(dy < 4 for _, dy in apart), (width, apart)
    page.locator(".swr-movelist").screenshot(path=str(artifacts / "replay-side-line-labels.png"))
