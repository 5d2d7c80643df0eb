"""A new lesson solved by clicks in a real JupyterLab: digging a card out of a side stack."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_lesson import ROOT, click_move, lesson_cells, status

pytestmark = pytest.mark.browser


def test_dig_out_a_buried_card_by_clicking(notebook: Any, page: Any, artifacts: Path) -> None:
    notebook.open("lesson_dig_out.ipynb", lesson_cells('"dig-out"'))
    root = page.locator(ROOT)
    root.wait_for()
    assert root.get_attribute("data-lesson") == "dig-out"
    assert "only the top card can be played" in page.locator(f"{ROOT} blockquote").inner_text()
    # both cards of S1 are in view (fanned), the 5 under the 2
    assert page.locator(f"{ROOT} [data-pile='S1'] [data-card='5c']").count() == 1
    # a click on the buried 5 picks nothing up and says which card plays (it used to pick up
    # the 2 on top, and the learner's next click was refused for a card they never chose)
    # (on its visible strip, above the 2: the middle of the 5 is under the 2)
    page.locator(f"{ROOT} [data-pile='S1'] [data-card='5c']").click(position={"x": 12, "y": 6})
    page.wait_for_function(
        "() => document.querySelector('.swl-root [data-status]').innerText.includes('lies under')"
    )
    assert status(page) == "Only the top card of a side stack can be played: the 5♣ lies under the 2♦."
    assert page.locator(f"{ROOT} .sw-selected").count() == 0
    # the other player's piles are theirs, said so (not "pick one of your cards first")
    page.locator(f"{ROOT} [data-pile='O-P']").click()
    page.wait_for_function(
        "() => document.querySelector('.swl-root [data-status]').innerText.startsWith('Those are')"
    )
    name = page.locator(f"{ROOT} .sw-seat-top .sw-name").inner_text()
    assert status(page) == (
        f"Those are {name}'s cards: you play only from your own pay-off pile, side stacks and hand."
    )
    # with a card held, a click on the stack is about the stack: its top is taken instead
    page.locator(f"{ROOT} [data-pile='P'] [data-card='6h']").click()
    page.locator(f"{ROOT} [data-pile='S1'] [data-card='5c']").click(position={"x": 12, "y": 6})
    page.wait_for_function(
        "() => document.querySelector('.swl-root [data-status]').innerText.startsWith('2♦ selected')"
    )
    page.keyboard.press("Escape")
    page.locator(f"{ROOT} .sw-selected").wait_for(state="detached")
    # the 2 on top goes to C2 (which holds the opponent's Ace); then the 5 is the top
    click_move(page, "[data-pile='S1'] [data-card='2d']", "C2")
    assert page.locator(f"{ROOT} [data-pile='C2'] [data-card='2d']").count() == 1
    click_move(page, "[data-pile='S1'] [data-card='5c']", "C1")
    root.screenshot(path=str(artifacts / "lesson-dig-out-before-goal.png"))
    click_move(page, "[data-pile='P'] [data-card='6h']", "C1")
    page.wait_for_function("() => document.querySelector('.swl-root').dataset.lessonStatus === 'done'")
    assert "Goal reached" in status(page)
    page.wait_for_timeout(400)
    root.screenshot(path=str(artifacts / "lesson-dig-out-done.png"))
    state = notebook.run_json(1)
    assert state["done"] and state["moves"] == ["S1:2d>C2", "S1:5c>C1", "P:6h>C1"]


def test_race_first_then_block_by_clicking(notebook: Any, page: Any, artifacts: Path) -> None:
    """The lesson after blocking: the pay-off card is played although it leaves C1 one below the
    opponent's, and then covered; the failed attempt that leaves C1 open says so."""
    notebook.open("lesson_race_first.ipynb", lesson_cells('"race-first"'))
    root = page.locator(ROOT)
    root.wait_for()
    assert root.get_attribute("data-lesson") == "race-first"
    click_move(page, "[data-pile='H'] [data-card='5s']", "C1")
    click_move(page, "[data-pile='P'] [data-card='6h']", "C1")
    click_move(page, "[data-pile='H'] [data-card='9c']", "S1")  # ends the turn with C1 left at 6
    page.wait_for_function("() => document.querySelector('.swl-root').dataset.lessonStatus === 'failed'")
    assert "can now reach their pay-off 7♣" in status(page)
    root.screenshot(path=str(artifacts / "lesson-race-first-failed.png"))
    page.locator(f"{ROOT} [data-action='undo']").click()
    page.wait_for_function("() => document.querySelector('.swl-root').dataset.lessonStatus === 'playing'")
    click_move(page, "[data-pile='H'] [data-card='7d']", "C1")
    click_move(page, "[data-pile='H'] [data-card='9c']", "S1")
    page.wait_for_function("() => document.querySelector('.swl-root').dataset.lessonStatus === 'done'")
    assert "Goal reached" in status(page)
    page.wait_for_timeout(400)
    root.screenshot(path=str(artifacts / "lesson-race-first-done.png"))
    state = notebook.run_json(1)
    assert state["done"] and state["moves"] == ["H:5s>C1", "P:6h>C1", "H:7d>C1", "H:9c>S1"]
