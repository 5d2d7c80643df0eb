"""The table in Jupyter Notebook 7 (`jupyter notebook`): examples/play.ipynb runs there, and a
turn played by clicks reaches the kernel's game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import QUICK_DECK_SOURCE

pytestmark = pytest.mark.browser

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "play.ipynb"
PROBE = (
    "import json\n"
    "print(json.dumps({'moves': [str(m) for m in w.game.moves], 'player': w.game.current_player,\n"
    "    'centers': [list(c) for c in w.game.state.centers], 'sides0': [list(s) for s in w.game.state.sides[0]]}))"
)


def example_cells(deck: bool) -> list[str]:
    """The example notebook's code cells (with a scripted deck and a quick computer if `deck`)."""
    nb = json.loads(EXAMPLE.read_text())
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert cells and "SpiteWidget(" in cells[-1]
    if deck:
        cells[-1] = cells[-1].replace(
            'SpiteWidget(opponent="greedy")',
            "SpiteWidget(game=Game.new(deck=quick_deck(), seed=5, players=('You', 'Greedy bot')), opponent='greedy', opponent_delay=0.2)",
        )
        assert "quick_deck()" in cells[-1]
        cells.insert(0, QUICK_DECK_SOURCE + "from spite_widget import Game\n")
    return [*cells, PROBE]


def test_the_example_runs_in_notebook7(nb7_notebook: Any, page: Any) -> None:
    nb7_notebook.open("play.ipynb", example_cells(deck=False))
    root = page.locator(".sw-root")
    root.wait_for(timeout=60_000)
    # Notebook 7 is not JupyterLab's shell, but its own app
    assert page.evaluate("() => window.jupyterapp.name") == "Jupyter Notebook"
    assert page.locator("[data-pile='H'] [data-card]").count() == 5
    assert page.locator("[data-pile='O-H'] [data-card]").count() == 0
    assert (
        "Your turn" in page.locator(".sw-root [data-status]").inner_text()
        or root.get_attribute("data-player-to-move") == "1"
    )


def test_a_turn_by_clicks_in_notebook7(nb7_notebook: Any, page: Any, artifacts: Path) -> None:
    nb7_notebook.open("play_quick.ipynb", example_cells(deck=True))
    root = page.locator(".sw-root")
    root.wait_for(timeout=60_000)
    played = []
    for target in ("C1", "C1"):  # the pay-off Ace, then the 2
        card = page.locator("[data-pile='P'] .sw-face").get_attribute("data-card")
        page.locator("[data-pile='P'] .sw-face").click()
        page.locator(f"[data-pile='{target}'].sw-target").wait_for()
        old = root.get_attribute("data-seq")
        page.locator(f"[data-pile='{target}']").click()
        page.wait_for_function(f"() => document.querySelector('.sw-root').dataset.seq !== '{old}'")
        played.append(f"P:{card}>{target}")
    hand = page.locator("[data-pile='H'] .sw-face").first
    card = hand.get_attribute("data-card")
    hand.click()
    page.locator("[data-pile='S1']").click()
    page.wait_for_function(
        "() => document.querySelector('.sw-root [data-status]').innerText.includes('Greedy bot') && "
        "document.querySelector('.sw-root').dataset.busy === 'false' && "
        "document.querySelector('.sw-root').dataset.playerToMove === '0'"
    )
    root.screenshot(path=str(artifacts / "notebook7-after-turn.png"))
    state = nb7_notebook.run_json(2)
    assert state["moves"][:3] == [*played, f"H:{card}>S1"]
    assert state["player"] == 0 and len(state["moves"]) >= 4  # the computer answered
    assert state["sides0"][0] == [card]
    assert page.locator("[data-pile='S1'] [data-card]").last.get_attribute("data-card") == card


REPLAY_EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "replay_and_annotate.ipynb"
SAMPLE = REPLAY_EXAMPLE.parent / "sample_game.json"
REPLAY_PROBE = (
    "import json\n"
    "rec = w.record\n"
    "print(json.dumps({'ply': w.ply, 'notes': {i + 1: {k: m[k] for k in ('comment', 'mark') if k in m}\n"
    "    for i, m in enumerate(rec['moves']) if 'comment' in m or 'mark' in m}}))"
)


def replay_ply(page: Any) -> int:
    return int(page.locator(".swr-root").get_attribute("data-ply"))


def wait_replay_ply(page: Any, n: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('.swr-root').dataset.ply === String(n)", arg=n, timeout=15_000
    )


def test_the_replay_example_in_notebook7(nb7: Any, nb7_notebook: Any, page: Any, artifacts: Path) -> None:
    """examples/replay_and_annotate.ipynb in Notebook 7: step with the buttons, type a comment
    and pick a mark in the page, and the kernel's record has them."""
    nb = json.loads(REPLAY_EXAMPLE.read_text())
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert any("ReplayWidget(" in c for c in cells)
    (nb7.root / "sample_game.json").write_text(SAMPLE.read_text())
    nb7_notebook.open("replay_and_annotate.ipynb", [*cells, REPLAY_PROBE])
    root = page.locator(".swr-root")
    root.wait_for(timeout=60_000)
    assert page.evaluate("() => window.jupyterapp.name") == "Jupyter Notebook"
    probe = len(cells)
    # the example's own cells ran: where its side line left the cursor (40), its annotations
    page.wait_for_function(
        "() => document.querySelector('.swr-root').dataset.ply === '40' && "
        "(document.querySelector(\".swr-movelist [data-ply='22'] .swr-mark\") || {}).textContent === '?!'",
        timeout=30_000,
    )
    assert root.get_attribute("data-length") == "155"
    for action, n in (("forward", 41), ("forward", 42), ("back", 41), ("end", 155), ("start", 0)):
        page.locator(f".swr-root [data-action='{action}']").click()
        wait_replay_ply(page, n)
    page.locator(".swr-movelist [data-ply='30']").click()
    wait_replay_ply(page, 30)
    box = page.locator("[data-annotation='comment']")
    box.click()
    box.fill("Typed in Notebook 7")
    page.locator("[data-annotation='mark'] [data-mark='?']").click()
    page.wait_for_function(
        "() => (document.querySelector(\".swr-movelist [data-ply='30'] .swr-mark\") || {}).textContent === '?'"
    )
    page.locator(".swr-root [data-action='forward']").click()  # leaving the move sends the comment
    wait_replay_ply(page, 31)
    root.screenshot(path=str(artifacts / "notebook7-replay.png"))
    state = nb7_notebook.run_json(probe)
    assert state["ply"] == 31
    assert state["notes"]["30"] == {"comment": "Typed in Notebook 7", "mark": "?"}
    assert state["notes"]["22"]["mark"] == "?!"  # the example's own annotation, kept
    assert replay_ply(page) == 31


ACTIVE_CELL = "() => window.jupyterapp.shell.currentWidget.content.activeCellIndex"
FOCUSED = "() => { const a = document.activeElement; return a ? (a.getAttribute('aria-label') || a.className) : ''; }"


def test_the_arrow_keys_stay_in_the_widgets_in_notebook7(nb7_notebook: Any, page: Any) -> None:
    """Notebook 7 reads keys before the widget does, and its arrows' selector ends in `:focus`:
    on a focused hand card → did nothing and ↓ moved the notebook's cell selection (the table,
    the lesson and the replay alike). The arrows now move between the piles (and step the
    replay), and the notebook's selection stays where it was."""
    nb7_notebook.open(
        "keys.ipynb",
        [
            'from spite_widget import SpiteWidget, ReplayWidget\nw = SpiteWidget(opponent="greedy")\nw',
            f"r = ReplayWidget({str(SAMPLE)!r})\nr",
            "1 + 1",
        ],
    )
    page.locator(".sw-root:not(.swr-root) [data-pile='H'] .sw-face").first.wait_for(timeout=60_000)
    page.locator(".swr-root").wait_for(timeout=60_000)
    hand = page.locator(".sw-root:not(.swr-root) [data-pile='H'] .sw-face")
    hand.nth(1).focus()
    cell = page.evaluate(ACTIVE_CELL)
    start = page.evaluate(FOCUSED)
    for key in ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"):
        before = page.evaluate(FOCUSED)
        page.keyboard.press(key)
        page.wait_for_timeout(150)
        after = page.evaluate(FOCUSED)
        assert page.evaluate(ACTIVE_CELL) == cell, (key, before, after)
        assert page.evaluate("() => !!document.activeElement.closest('.sw-root')"), (key, after)
        if key == "ArrowRight":
            assert after != start, "→ moved the focus to the next card or pile"
    # the replay: a click on a card of its table, then the arrows step it
    page.locator(".swr-root [data-pile='H'] .sw-face").first.click()
    cell = page.evaluate(ACTIVE_CELL)
    page.keyboard.press("ArrowRight")
    wait_replay_ply(page, 1)
    page.keyboard.press("ArrowRight")
    wait_replay_ply(page, 2)
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(150)
    assert page.evaluate(ACTIVE_CELL) == cell
    assert page.evaluate("() => !!document.activeElement.closest('.swr-root')")
