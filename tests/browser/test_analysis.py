"""The replay as an analysis board in a real JupyterLab (issue 13), driven in headless
Chromium: a side line made by clicks on the table, stepped, commented, marked, promoted (and
back) and deleted; the expert's review from its button, its summary and the evaluation graph
seeking on a click; the saved record reloading with all of it. Screenshots light and dark, at
900 and 400 px."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_replay import SAMPLE, ply, wait_ply, wide_notebook

from spite_widget.engine.moves import Move
from spite_widget.engine.replay import Replay

pytestmark = pytest.mark.browser

PROBE = (
    "import json\n"
    "rec = w.record\n"
    "print(json.dumps({'ply': w.ply, 'line': w.line, 'length': w.length,\n"
    "    'main': [m['move'] for m in rec['moves'][20:23]],\n"
    "    'vars': [[e['move'] for e in v] for v in rec['moves'][20].get('variations', [])],\n"
    "    'first': {k: v for k, v in rec['moves'][20].get('variations', [[{}]])[0][0].items() if k in ('comment', 'mark')},\n"
    "    'evals': sum('eval' in m for m in rec['moves'])}))"
)


def cells(saved: Path) -> list[str]:
    return [
        f"from spite_widget import ReplayWidget\nw = ReplayWidget({str(SAMPLE)!r})\nw",
        PROBE,
        f"w.save({str(saved)!r})\nw2 = ReplayWidget({str(saved)!r})\n"
        "import json\nprint(json.dumps({'same': w2.record == w.record, 'moves': w2.moves == w.moves,"
        " 'evals': len(w2.evals), 'summary': w2.summary == w.summary}))",
    ]


def alternatives(at: int) -> tuple[Move, Move]:
    """A move at ply `at` that is not the game's, then a move after it (from the mover's own
    piles to a center or side stack: one click on the card, one on the pile)."""
    r = Replay(SAMPLE)
    r.seek(at)
    main = r.moves[at]
    first = next(m for m in r.state.legal_moves() if m != main)
    r.play(first)
    return first, r.state.legal_moves()[0]


def open_side_lines_page(page: Any, w: Any, path: Path) -> None:
    """`w`'s exported page, opened at 960 x 900 and drawn (the side-line tests' one way in)."""
    w.to_html(path)
    page.set_viewport_size({"width": 960, "height": 900})
    page.goto(path.as_uri())
    page.locator(".swr-root").wait_for()


def play_by_clicks(page: Any, move: Move) -> None:
    """Click the card, then the pile. The piles are named where they sit (API.md): the mover's
    are H, P, S1.. at the bottom, O-H, O-P, O-S1.. at the top (seen from above, the top player
    to move); only the mover's cards can be picked up (they carry data-source)."""
    mine = "" if page.locator(".swr-root [data-pile='H'] [data-source]").count() else "O-"
    source, target = mine + move.source, move.target if move.target[0] == "C" else mine + move.target
    if move.source == "H":
        page.locator(f".swr-root [data-pile='{source}'] [data-card='{move.card}']").first.click()
    else:
        page.locator(f".swr-root [data-pile='{source}'] [data-source]").last.click()
    page.locator(f".swr-root [data-pile='{target}'].sw-target").click()


def wait_line(page: Any, line: list[list[int]]) -> None:
    page.wait_for_function(
        "(line) => document.querySelector('.swr-root').dataset.line === line",
        arg=json.dumps(line, separators=(",", ":")),
        timeout=15_000,
    )


def test_a_side_line_by_clicks_the_review_and_the_graph(
    notebook: Any, page: Any, artifacts: Path, tmp_path: Path
) -> None:
    saved = tmp_path / "analysed.json"
    notebook.open("analysis.ipynb", cells(saved))  # the probes run again, later
    wide_notebook(page)
    root = page.locator(".swr-root")
    root.wait_for()
    first, second = alternatives(20)

    # to ply 20 from the move list, then two moves of our own by clicks on the table
    page.locator(".swr-movelist .swr-move:not(.swr-move-side)[data-ply='20']").click()
    wait_ply(page, 20)
    play_by_clicks(page, first)
    wait_line(page, [[21, 1]])
    wait_ply(page, 21)
    play_by_clicks(page, second)
    wait_ply(page, 22)
    assert root.get_attribute("data-length") == "22"
    side = page.locator(".swr-movelist .swr-line .swr-move-side")
    assert side.count() == 2 and side.nth(1).get_attribute("class").count("swr-current") == 1
    assert page.locator(".swr-linebar").is_visible()

    # step back in the line, comment on and mark its first move
    page.locator(".swr-root [data-action='back']").click()
    wait_ply(page, 21)
    page.locator("[data-annotation='comment']").fill("a try of our own")
    page.locator(".swr-marks [data-mark='!?']").click()
    page.wait_for_function(
        "() => document.querySelector('.swr-move-side.swr-current .swr-mark')?.textContent === '!?'",
        timeout=15_000,
    )
    page.locator(".swr-root [data-action='back']").click()  # above the line's start: the main line
    wait_ply(page, 20)
    wait_line(page, [])

    # into the line again from the list, and promote it
    page.locator(".swr-movelist .swr-move-side[data-ply='22']").click()
    wait_line(page, [[21, 1]])
    wait_ply(page, 22)
    page.screenshot(path=str(artifacts / "analysis-side-line.png"))
    root.screenshot(path=str(artifacts / "analysis-900-light.png"))
    page.locator(".swr-root [data-line-action='promote']").click()
    wait_line(page, [])
    page.wait_for_function(
        "() => document.querySelector('.swr-root').dataset.length === '22'", timeout=15_000
    )
    # the old moves are a side line now: promote them back
    page.locator(".swr-movelist .swr-move-side[data-ply='25']").click()
    wait_line(page, [[21, 1]])
    page.locator(".swr-root [data-line-action='promote']").click()
    wait_line(page, [])
    page.wait_for_function(
        "() => document.querySelector('.swr-root').dataset.length === '155'", timeout=15_000
    )
    assert page.locator(".swr-movelist .swr-move-side").count() == 2

    # the expert's review from its button: progress, then the summary and the graph
    page.locator(".swr-root [data-action='expert-review']").click()
    page.locator(".swr-summary-row").first.wait_for(timeout=60_000)
    assert page.locator(".swr-summary-row").count() == 2
    assert "accuracy" in page.locator(".swr-summary").inner_text()
    graph = page.locator(".swr-graph svg")
    graph.wait_for()
    box = graph.bounding_box()
    assert box
    graph.click(position={"x": box["width"] * 0.5, "y": box["height"] / 2})
    wait_ply(page, 78)
    assert page.locator(".swr-graph-cursor").get_attribute("data-ply") == "78"
    assert page.locator("[data-pile]").count() > 0

    # the record in the kernel, saved and loaded again
    probe = notebook.run_json(1)
    assert probe["vars"] == [[str(first), str(second)]], probe
    # the review judged the side line too: its words come after ours, our mark stays
    assert probe["first"]["mark"] == "!?" and probe["first"]["comment"].startswith("a try of our own"), probe
    assert probe["evals"] == 155 and probe["line"] == []
    reloaded = notebook.run_json(2)
    assert reloaded == {"same": True, "moves": True, "evals": 155, "summary": True}, reloaded

    # screenshots: in the side line, light and dark, 900 and 400 px
    page.locator(".swr-movelist .swr-move-side[data-ply='21']").click()
    wait_line(page, [[21, 1]])
    for dark in (False, True):
        notebook.set_theme(dark)
        for width, name in ((1040, "900"), (520, "400")):
            page.set_viewport_size({"width": width, "height": 1500})
            page.wait_for_timeout(300)
            root.screenshot(path=str(artifacts / f"analysis-{name}-{'dark' if dark else 'light'}.png"))
    notebook.set_theme(False)
    page.set_viewport_size({"width": 1040, "height": 1500})

    # Leave line's title says (U): Shift+U leaves the line as u does
    page.locator(".swr-movelist .swr-move-side[data-ply='21']").click()
    wait_line(page, [[21, 1]])
    page.keyboard.press("Shift+U")
    wait_line(page, [])
    page.locator(".swr-movelist .swr-move-side[data-ply='21']").click()
    wait_line(page, [[21, 1]])

    # delete the side line: a first press asks (its moves and notes would be gone for good),
    # a step in between keeps the line, and the Delete key asks and deletes the same way
    delete = page.locator(".swr-root [data-line-action='delete']")
    delete.click()
    assert delete.get_attribute("data-asking") == "true"
    assert delete.inner_text() == "Delete it? Press again"
    assert "Press again to delete this side line" in page.locator(".swr-root [data-status]").inner_text()
    page.wait_for_timeout(500)
    assert page.locator(".swr-move-side").count() > 0
    assert page.evaluate("() => document.querySelector('.swr-root').dataset.line") == "[[21,1]]"
    page.keyboard.press("ArrowLeft")  # to the branch point: the line is still ahead
    wait_ply(page, 20)
    assert delete.get_attribute("data-asking") is None and delete.inner_text() == "Delete line"
    page.keyboard.press("Delete")
    assert delete.get_attribute("data-asking") == "true"
    page.wait_for_timeout(500)
    assert page.locator(".swr-move-side").count() > 0
    page.keyboard.press("Delete")
    page.wait_for_function("() => !document.querySelector('.swr-move-side')", timeout=15_000)
    wait_line(page, [])
    assert ply(page) == 20


def test_the_top_player_moves_on_piles_named_where_they_sit(notebook: Any, page: Any) -> None:
    """Seen from above with the top player to move, the top seat's piles keep their O- names
    (API.md: plain names are the bottom player's), and a side line is played on them."""
    notebook.open(
        "top_mover.ipynb", [f"from spite_widget import ReplayWidget\nw = ReplayWidget({str(SAMPLE)!r})\nw"]
    )
    wide_notebook(page)
    page.locator(".swr-root").wait_for()
    page.locator(".swr-movelist .swr-move:not(.swr-move-side)[data-ply='21']").click()
    wait_ply(page, 21)
    root = page.locator(".swr-root")
    assert root.get_attribute("data-player-to-move") == "1"
    assert page.locator(".swr-root [data-pile='O-H'] [data-source]").count() == 5  # Bo's, at the top
    assert page.locator(".swr-root [data-pile='H'] [data-source]").count() == 0
    assert sorted(
        page.locator(".swr-root [data-pile]").evaluate_all("(es) => es.map((e) => e.dataset.pile)")
    ) == sorted(
        [
            "O-P",
            "O-H",
            "O-S1",
            "O-S2",
            "O-S3",
            "O-S4",
            "P",
            "H",
            "S1",
            "S2",
            "S3",
            "S4",
            "C1",
            "C2",
            "C3",
            "stock",
        ]
    )
    # a card of the player not to move, clicked first: the words name both players
    # ("your cards" would say nothing seen from above, where neither seat is the reader's)
    page.locator(".swr-root [data-pile='H'] .sw-face").first.click()
    status = page.locator(".swr-root [data-status]")
    assert status.inner_text() == "Those are Ada's cards: pick one of Bo's, who is to move."
    page.locator(".swr-root [data-pile='C1']").click()  # a center stack: a card of Bo's first
    assert status.inner_text() == "Pick one of Bo's cards first, then the pile to put it on."
    r = Replay(SAMPLE)
    r.seek(21)
    move = next(
        m for m in r.state.legal_moves() if m != r.moves[21] and m.source == "H" and m.target[0] == "S"
    )
    play_by_clicks(page, move)
    wait_line(page, [[22, 1]])
    wait_ply(page, 22)
    assert "A new side line" in page.locator(".swr-root [data-status]").inner_text()


def test_a_puzzle_of_the_reviewed_game_solved_by_clicks(notebook: Any, page: Any, artifacts: Path) -> None:
    from spite_widget import puzzles
    from spite_widget.bots.review import annotate_with_bot

    reviewed = annotate_with_bot(str(SAMPLE))
    first = puzzles(reviewed, player=1)[0]  # Bo's costliest move: the one the button opens
    best = Move.parse(first.best)
    notebook.open(
        "puzzles.ipynb",
        [
            f"from spite_widget import ReplayWidget\nw = ReplayWidget({str(SAMPLE)!r})\nw.review_with_bot(wait=True)\nw"
        ],
    )
    wide_notebook(page)
    button = page.locator(".swr-root [data-action='puzzles']")
    button.wait_for(timeout=60_000)
    button.click()
    lesson = page.locator(".swr-puzzles .swl-root")
    lesson.wait_for(timeout=30_000)
    assert "Puzzle 1 of" in page.locator(".swr-puzzles-label").inner_text()
    assert lesson.get_attribute("data-lesson-status") == "playing"
    if best.source == "H":
        lesson.locator(f"[data-pile='H'] [data-card='{best.card}']").click()
    else:
        lesson.locator(f"[data-pile='{best.source}'] [data-source]").last.click()
    lesson.locator(f"[data-pile='{best.target}']").click()
    page.wait_for_function(
        "() => document.querySelector('.swr-puzzles .swl-root').dataset.lessonStatus === 'done'",
        timeout=15_000,
    )
    page.locator(".swr-puzzles").screenshot(path=str(artifacts / "analysis-puzzle-solved.png"))
    # a puzzle is not a lesson of the course: no greyed "Last lesson" button beside it
    actions = lesson.locator(".swl-controls button").evaluate_all("bs => bs.map(b => b.dataset.action)")
    assert actions == ["hint", "solution", "undo", "reset"], actions


def test_the_exported_page_steps_into_a_side_line(page: Any, tmp_path: Path, artifacts: Path) -> None:
    from spite_widget.widgets.replay import ReplayWidget

    first, second = alternatives(20)
    w = ReplayWidget(SAMPLE)
    w.seek(20)
    w.play(str(first))
    w.play(str(second))
    w.annotate(21, comment="tried in the notebook", mark="!?")
    w.exit_line()
    open_side_lines_page(page, w, tmp_path / "lines.html")
    side = page.locator(".swr-movelist .swr-move-side")
    assert side.count() == 2
    side.nth(0).click()
    wait_line(page, [[21, 1]])
    wait_ply(page, 21)
    assert page.locator("[data-annotation='comment']").inner_text() == "tried in the notebook"
    page.locator(".swr-root [data-action='forward']").click()
    wait_ply(page, 22)
    assert page.locator(".swr-move-side.swr-current").get_attribute("data-ply") == "22"
    page.locator(".swr-root [data-line-action='exit']").click()
    wait_line(page, [])
    wait_ply(page, 20)
    page.locator(".swr-root [data-action='forward']").click()
    wait_ply(page, 21)
    assert page.locator(".swr-move.swr-current:not(.swr-move-side)").get_attribute("data-ply") == "21"
    assert page.locator(".swr-root [data-line-action='promote']").count() == 1
    assert page.locator(".swr-root [data-line-action='promote']").is_hidden()  # read-only here


def test_stepped_back_above_a_side_line_the_bar_says_forward_goes_into_it(
    page: Any, tmp_path: Path, artifacts: Path
) -> None:
    """Back above where a side line starts, the position is the main line's, but the cursor
    is still in the side line: Forward steps into it and the counter counts its moves. The bar
    was hidden then, and "20 / 22" seemed to be the game's; it now says the line is ahead,
    and Leave line takes the cursor to the game (20 / 155), where Forward plays the game's move."""
    from spite_widget.widgets.replay import ReplayWidget

    first, second = alternatives(20)
    w = ReplayWidget(SAMPLE)
    w.seek(20)
    w.play(str(first))
    w.play(str(second))
    w.seek(20)  # the kernel's widget says the same (tests/widgets)
    assert (w.line, w.line_ahead, w.length) == ([], [[21, 1]], 22)
    w.exit_line()
    open_side_lines_page(page, w, tmp_path / "ahead.html")
    page.locator(".swr-movelist .swr-move-side").nth(1).click()
    wait_line(page, [[21, 1]])
    wait_ply(page, 22)
    bar = page.locator(".swr-linebar")
    for _ in range(2):
        page.locator(".swr-root [data-action='back']").click()
    wait_ply(page, 20)
    wait_line(page, [])
    assert bar.is_visible() and bar.get_attribute("data-ahead") == "true"
    assert bar.inner_text().startswith("Side line ahead (move 21, line 1): Forward steps into it"), (
        bar.inner_text()
    )
    assert page.locator(".swr-counter").inner_text() == "20 / 22"
    page.locator(".swr-linebar").screenshot(path=str(artifacts / "replay-line-ahead.png"))
    page.locator(".swr-root [data-action='forward']").click()
    wait_ply(page, 21)
    assert page.locator(".swr-move-side.swr-current").get_attribute("data-ply") == "21"
    assert bar.get_attribute("data-ahead") == "false" and bar.inner_text().startswith(
        "Side line (move 21, line 1)"
    )
    page.locator(".swr-root [data-action='back']").click()
    wait_ply(page, 20)
    page.locator(".swr-root [data-line-action='exit']").click()
    page.wait_for_function("() => document.querySelector('.swr-counter').textContent === '20 / 155'")
    assert bar.is_hidden()
    page.locator(".swr-root [data-action='forward']").click()
    wait_ply(page, 21)
    assert page.locator(".swr-move.swr-current:not(.swr-move-side)").get_attribute("data-ply") == "21"


def test_a_side_line_by_clicks_in_notebook7(nb7_notebook: Any, page: Any, artifacts: Path) -> None:
    """The same board in Notebook 7: a side line made by clicks reaches the kernel, promoted
    and deleted from its buttons."""
    first, second = alternatives(20)
    probe = "import json\nprint(json.dumps({'line': w.line, 'main': w.record['moves'][20]['move'], 'length': w.length}))"
    nb7_notebook.open(
        "analysis7.ipynb",
        [f"from spite_widget import ReplayWidget\nw = ReplayWidget({str(SAMPLE)!r})\nw", probe],
    )
    root = page.locator(".swr-root")
    root.wait_for(timeout=60_000)
    assert page.evaluate("() => window.jupyterapp.name") == "Jupyter Notebook"
    page.locator(".swr-movelist .swr-move:not(.swr-move-side)[data-ply='20']").click()
    wait_ply(page, 20)
    play_by_clicks(page, first)
    wait_line(page, [[21, 1]])
    play_by_clicks(page, second)
    wait_ply(page, 22)
    page.locator(".swr-root [data-line-action='promote']").click()
    wait_line(page, [])
    assert nb7_notebook.run_json(1) == {"line": [], "main": str(first), "length": 22}
    root.screenshot(path=str(artifacts / "analysis-notebook7.png"))
    page.locator(".swr-movelist .swr-move-side[data-ply='21']").click()
    wait_line(page, [[21, 1]])
    page.locator(".swr-root [data-line-action='delete']").click()  # asks
    page.locator(".swr-root [data-line-action='delete'][data-asking='true']").click()  # deletes
    wait_line(page, [])
    page.wait_for_function("() => !document.querySelector('.swr-move-side')", timeout=15_000)
    assert nb7_notebook.run_json(1) == {"line": [], "main": str(first), "length": 22}


def test_the_exported_page_gives_a_side_lines_chances_as_the_widget_does(page: Any, tmp_path: Path) -> None:
    """A side-line move's status in the widget gives the expert's chances after it ("Ada's
    chances after it: 58% to win, 41% to lose (in the game after move 21: ...)"); the exported
    page said only the move, though the record holds the figures."""
    from spite_widget.widgets.replay import ReplayWidget

    first, second = alternatives(20)
    w = ReplayWidget(SAMPLE)
    w.review_with_bot(wait=True)
    w.seek(20)
    w.play(str(first))
    w.play(str(second))
    w.goto([[21, 1]], 21)
    said = w.status["text"]
    assert "chances after it" in said, said  # the analysis board judged the move as it was played
    w.exit_line()
    open_side_lines_page(page, w, tmp_path / "chances.html")
    page.locator(".swr-movelist .swr-move-side").nth(0).click()
    wait_line(page, [[21, 1]])
    wait_ply(page, 21)
    assert page.locator(".swr-root [data-status]").inner_text() == said
