"""Two players at one screen in a real JupyterLab: after a turn the table is covered (the
next hand is not even in the page) until the next player presses Show my hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import QUICK_DECK_SOURCE
from test_table import click_move, seq, status, wait_seq_after

pytestmark = pytest.mark.browser

CELLS = [
    QUICK_DECK_SOURCE
    + "from spite_widget import Game, SpiteWidget\n"
    + "game = Game.new(deck=quick_deck(), seed=5, players=('Ada', 'Bo'))\n"
    + "w = SpiteWidget(game=game, opponent=None)\n"
    + "w",
    "import json\n"
    "print(json.dumps({'ply': w.game.ply, 'player': w.game.current_player, 'covered': w.covered,\n"
    "    'hands': [[str(c) for c in h] for h in w.state.hands]}))",
]

REVEAL = ".sw-root [data-action='reveal']"


def assert_cover(page: Any, name: str) -> None:
    """The cover for `name`: their hand face down and not in the page, Show my hand enabled."""
    assert page.locator(".sw-root [data-pile='H'] [data-card]").count() == 0
    assert page.locator(".sw-root [data-pile='O-H'] [data-card]").count() == 0
    assert page.locator(".sw-root [data-pile='H'] .sw-back").count() == 5
    assert "face down" in (page.locator(".sw-root [data-pile='H']").get_attribute("aria-label") or "")
    assert page.locator(".sw-seat-bottom .sw-name").inner_text() == name
    button = page.locator(REVEAL)
    assert button.is_enabled() and button.inner_text() == "Show my hand"
    assert page.locator(".sw-root [data-action='hint']").is_disabled()
    assert page.locator(".sw-root [data-action='undo']").is_disabled()
    assert f"{name}'s turn: pass the screen to {name}, then press Show my hand" in status(page), status(page)


def top_of_table(page: Any) -> float:
    box = page.locator(".sw-root [data-pile='O-P']").bounding_box()
    assert box is not None
    return float(box["y"])


def reveal(page: Any, by_key: bool = False) -> None:
    old = seq(page)
    covered_at = top_of_table(page)
    if by_key:
        page.locator(REVEAL).focus()
        page.keyboard.press("Enter")
    else:
        page.locator(REVEAL).click()
    wait_seq_after(page, old)
    page.locator(".sw-root [data-pile='H'] [data-card]").first.wait_for()
    # it acts only while the table is covered; its room stays, unseen, so that the buttons
    # wrap as before and the table does not jump (it moved 32 px at a cell about 850 px wide)
    assert abs(top_of_table(page) - covered_at) < 0.5, (covered_at, top_of_table(page))
    assert not page.locator(REVEAL).is_visible()
    assert page.locator(REVEAL).get_attribute("aria-hidden") == "true"


def test_pass_the_screen(notebook: Any, page: Any, artifacts: Path) -> None:
    # 900 px: the cell is narrow enough that the header's buttons wrap with Show my hand among them
    page.set_viewport_size({"width": 900, "height": 1000})
    notebook.open("hotseat.ipynb", CELLS)
    root = page.locator(".sw-root")
    root.wait_for()
    page.locator(REVEAL).wait_for()
    assert_cover(page, "Ada")
    # a card of the covered hand cannot be picked: the browser says why, Python is not asked
    page.locator(".sw-root [data-pile='H']").click()
    assert "Show your hand first" in status(page)

    reveal(page)
    assert page.locator(".sw-root [data-pile='H'] [data-card]").count() == 5
    assert page.locator(".sw-root [data-action='hint']").is_enabled()
    assert "Ada, your turn" in status(page)

    # the pay-off Ace picked up lifts over its pile, but not over the seat label
    page.locator(".sw-root [data-pile='P'] .sw-face").click()
    page.locator(".sw-root [data-pile='P'] .sw-selected").wait_for()
    page.wait_for_timeout(300)  # the lift's transition
    label = page.locator(".sw-seat-bottom .sw-seat-name").bounding_box()
    card = page.locator(".sw-root [data-pile='P'] .sw-selected").bounding_box()
    assert label is not None and card is not None
    assert card["y"] - 3 >= label["y"] + label["height"], (label, card)  # 3px: the gold ring
    page.locator(".sw-seat-bottom").screenshot(path=str(artifacts / "hotseat-payoff-selected.png"))
    old = seq(page)
    page.locator(".sw-root [data-pile='C1']").click()
    wait_seq_after(page, old)

    # end Ada's turn: a hand card onto side stack 1; Bo's hand never reaches the page
    click_move(page, "[data-pile='H'] .sw-face >> nth=0", "S1")
    state = notebook.run_json(1)
    assert state["player"] == 1 and state["covered"]
    assert_cover(page, "Bo")
    assert "data-card" not in page.locator(".sw-root [data-pile='H']").inner_html()
    for theme, dark in (("light", False), ("dark", True)):
        notebook.set_theme(dark)
        page.wait_for_timeout(300)
        root.screenshot(path=str(artifacts / f"hotseat-cover-{theme}.png"))
    notebook.set_theme(False)

    # Bo takes the screen: Show my hand (by keyboard) shows Bo's hand, the focus goes to it
    reveal(page, by_key=True)
    shown = [
        page.locator(".sw-root [data-pile='H'] [data-card]").nth(i).get_attribute("data-card")
        for i in range(5)
    ]
    assert sorted(shown) == sorted(state["hands"][1])
    assert page.evaluate("() => document.activeElement.closest('[data-pile]')?.dataset.pile") == "H"
    assert page.locator(".sw-root [data-pile='O-H'] [data-card]").count() == 0
    assert page.locator(".sw-seat-bottom .sw-name").inner_text() == "Bo"
    assert "Bo, your turn" in status(page)
    root.screenshot(path=str(artifacts / "hotseat-revealed.png"))
