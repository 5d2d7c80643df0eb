"""A kernel that restarts under the widgets: they say so and send nothing.

A table caught in the computer's turn said "Greedy bot is playing…" for ever, a card picked up
led nowhere, and every click threw "Cannot send" into the page (the `page` fixture fails a
test on any page error).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import ARTIFACTS

pytestmark = pytest.mark.browser

RESTART = """() => {
    const nb = window.jupyterapp.shell.currentWidget;
    return nb.sessionContext.session.kernel.restart();
}"""

NOTES = "[data-offline]"


def test_the_widgets_say_the_kernel_is_gone_and_send_nothing(notebook: Any, page: Any) -> None:
    notebook.open(
        "offline.ipynb",
        [
            "from spite_widget import SpiteWidget, LessonWidget, ReplayWidget, Game\n"
            "w = SpiteWidget(opponent='greedy', seed=4, opponent_delay=2.0)\nw",
            "LessonWidget('build-from-ace')",
            "g = Game.new(seed=3)\nfor _ in range(6):\n    g.play(g.legal_moves()[0])\nReplayWidget(g)",
        ],
        run=False,
    )
    for i in range(3):
        notebook.run_cell(i)
    page.locator(".swr-root").wait_for()
    notes = page.locator(NOTES)
    assert notes.count() == 3 and all(not notes.nth(i).is_visible() for i in range(3))
    # the table's turn ends: the computer is playing (a move every 2 s) when the kernel goes
    table = page.locator(".jp-Cell").nth(0).locator(".sw-root")
    table.locator("[data-pile=H] .sw-face").first.focus()
    page.keyboard.press("Enter")
    table.locator("[data-pile=S1]").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.sw-root').dataset.busy === 'true'")
    page.evaluate(RESTART)
    page.wait_for_function(
        f"() => [...document.querySelectorAll('{NOTES}')].every((n) => !n.hidden)", timeout=30_000
    )
    for i in range(3):
        text = notes.nth(i).inner_text()
        assert text.startswith("Not connected to Python: the kernel restarted or stopped."), text
        assert notes.nth(i).get_attribute("role") == "alert"
    roots = [table, page.locator(".swl-root"), page.locator(".swr-root")]
    assert all("sw-offline" in (r.get_attribute("class") or "").split() for r in roots)
    # greyed and still: a pointer reaches nothing; keys reach the widgets, which send nothing
    assert table.locator(".sw-view").evaluate("(v) => getComputedStyle(v).pointerEvents") == "none"
    lesson = page.locator(".swl-root")
    lesson.locator("[data-pile=H] .sw-face[data-card='Ah']").focus()
    page.keyboard.press("Enter")
    lesson.locator("[data-pile=C1]").focus()
    page.keyboard.press("Enter")
    page.locator(".swr-root").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(500)
    assert page.errors == []  # no "Cannot send" thrown into the page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "offline-table.png"))
