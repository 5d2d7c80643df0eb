"""The table in marimo: `mo.ui.anywidget(SpiteWidget(...))` served by `marimo run`; a turn
played by clicks, Python's answers (the engine's status, the computer's move) seen in the page.

marimo (0.25) carries anywidget's custom messages both ways and sends from the computer's
background thread, so nothing of the widget has to degrade there.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

import pytest
from conftest import QUICK_DECK_SOURCE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "play_marimo.py"


def quick_app(players: tuple[str, str] = ("You", "Greedy bot"), delay: float = 0.2) -> str:
    """A marimo notebook: the quick deal against the greedy bot, as the example builds it."""
    deck = textwrap.indent(QUICK_DECK_SOURCE, "    ")
    return f"""import marimo

app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo
    from spite_widget import Game, SpiteWidget
{deck}
    game = Game.new(deck=quick_deck(), seed=5, players={players!r})
    widget = SpiteWidget(game=game, opponent="greedy", opponent_delay={delay})
    table = mo.ui.anywidget(widget)
    table  # noqa: B018
    return


if __name__ == "__main__":
    app.run()
"""


def status(page: Any) -> str:
    return str(page.locator(".sw-root [data-status]").inner_text())


def play_turn(page: Any, tap: bool = False) -> tuple[str, str]:
    """The pay-off Ace onto C1, then the first hand card onto S1 (ends the turn), by clicks or taps.

    marimo draws a widget in a shadow root: Playwright's locators reach into it, and
    `document.querySelector` does not, so every wait here is a locator's."""
    press = (lambda loc: loc.tap()) if tap else (lambda loc: loc.click())
    root = page.locator(".sw-root")
    line = page.locator(".sw-root [data-status]")
    ace = page.locator("[data-pile='P'] .sw-face").get_attribute("data-card")
    press(page.locator("[data-pile='P'] .sw-face"))
    page.locator("[data-pile='C1'].sw-target").wait_for()
    old = root.get_attribute("data-seq")
    press(page.locator("[data-pile='C1']"))
    expect(root).not_to_have_attribute("data-seq", old)
    assert page.locator("[data-pile='C1'] [data-card]").get_attribute("data-card") == ace
    expect(line).to_have_text(re.compile("^You played"))  # Python's words
    hand = page.locator("[data-pile='H'] .sw-face").first
    card = hand.get_attribute("data-card")
    press(hand)
    page.locator("[data-pile='S1'].sw-target").wait_for()
    press(page.locator("[data-pile='S1']"))
    expect(line).to_contain_text("Greedy bot", timeout=30_000)
    expect(root).to_have_attribute("data-busy", "false")
    expect(root).to_have_attribute("data-player-to-move", "0")
    return ace, card


def test_the_example_renders_in_marimo(marimo_server: Any, page: Any) -> None:
    marimo_server.write("play_marimo.py", EXAMPLE.read_text())
    page.goto(marimo_server.url("play_marimo.py"))
    page.locator(".sw-root").wait_for(timeout=60_000)
    assert page.locator("[data-pile='H'] [data-card]").count() == 5
    assert page.locator("[data-pile='O-H'] [data-card]").count() == 0
    assert page.get_by_text("Dealt a game: 20 pay-off cards each.").count() == 1


def test_a_turn_by_clicks_in_marimo(marimo_server: Any, page: Any, artifacts: Path) -> None:
    marimo_server.write("quick.py", quick_app())
    page.goto(marimo_server.url("quick.py"))
    root = page.locator(".sw-root")
    root.wait_for(timeout=60_000)
    _ace, card = play_turn(page)
    # the computer's move came from Python's thread; the table shows it and the turn is back
    assert "Your turn" in status(page)
    assert page.locator("[data-pile='S1'] [data-card]").last.get_attribute("data-card") == card
    assert page.locator("[data-pile^='O-S'] [data-card]").count() == 1
    assert page.locator("[data-pile='H'] [data-card]").count() == 5  # refilled
    live = page.locator(".sw-root [data-live]").inner_text()
    assert live.startswith("Greedy bot put the ") and "Your turn" in live, live
    # a click on a pile that is not lit is answered by the engine, through marimo
    page.locator("[data-pile='P'] .sw-face").click()
    page.locator("[data-pile='O-S1']").click()
    expect(page.locator(".sw-root [data-status]")).to_have_text(re.compile("^Not allowed"))
    # the keyboard inside marimo's shadow root: the pay-off 2 onto C1 by arrows and Enter
    page.keyboard.press("Escape")
    page.locator("[data-pile='P']").focus()
    page.keyboard.press("Enter")
    page.locator("[data-pile='P'] .sw-selected").wait_for()
    old = root.get_attribute("data-seq")
    page.keyboard.press("ArrowUp")  # from the pay-off pile up to the stock, then right to C1
    page.keyboard.press("ArrowRight")
    assert page.locator("[data-pile='C1']").evaluate("(e) => e === e.getRootNode().activeElement")
    page.keyboard.press("Enter")
    expect(root).not_to_have_attribute("data-seq", old)
    assert page.locator("[data-pile='C1'] [data-card]").get_attribute("data-card")[0] == "2"
    # after the redraw the focus is back on the pile it was on
    assert page.locator("[data-pile='C1']").evaluate("(e) => e === e.getRootNode().activeElement")
    root.screenshot(path=str(artifacts / "marimo-after-turn.png"))


SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"


def replay_app() -> str:
    return f"""import marimo

app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo
    from spite_widget import ReplayWidget
    replay = mo.ui.anywidget(ReplayWidget({str(SAMPLE)!r}))
    replay  # noqa: B018
    return


if __name__ == "__main__":
    app.run()
"""


def test_the_replays_move_list_keeps_the_focus_on_the_move_shown_in_marimo(
    marimo_server: Any, page: Any
) -> None:
    """In marimo's shadow root `document.activeElement` is the host: the move list did not see
    that it had the focus, so the arrows stepped the replay while the focus ring stayed on the
    move first clicked (14 focused, 16 shown)."""
    marimo_server.write("replay_focus.py", replay_app())
    page.goto(marimo_server.url("replay_focus.py"))
    root = page.locator(".swr-root")
    root.wait_for(timeout=60_000)
    page.locator(".swr-movelist .swr-move[data-ply='14']:not([data-line])").click()
    expect(root).to_have_attribute("data-ply", "14")
    for ply in (15, 16):
        page.keyboard.press("ArrowRight")
        expect(root).to_have_attribute("data-ply", str(ply))
    shown = page.locator(".swr-movelist .swr-move[data-ply='16']:not([data-line])")
    expect(shown).to_be_focused()


def review_app() -> str:
    """A finished game on the table (the sample game), as a player sees it at the end; the
    widget named only through marimo's wrapper, as the README writes it."""
    return f"""import marimo

app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo
    from spite_widget import Game, SpiteWidget
    table = mo.ui.anywidget(SpiteWidget(game=Game.load({str(SAMPLE)!r}), opponent="greedy"))
    table  # noqa: B018
    return


if __name__ == "__main__":
    app.run()
"""


def test_review_game_in_marimo_says_how_to_open_the_replay(
    marimo_server: Any, page: Any, artifacts: Path
) -> None:
    """Review game, pressed in marimo: marimo cannot make a widget outside a cell's run, so the
    table says how to open the replay from a cell, with the name the notebook gives it (the
    wrapper's, which passes `review()` on; it said "Could not open the review:" with no reason,
    and showed nothing)."""
    marimo_server.write("review.py", review_app())
    page.goto(marimo_server.url("review.py"))
    root = page.locator(".sw-root")
    root.wait_for(timeout=60_000)
    expect(root).to_have_attribute("data-game-over", "true")
    page.locator(".sw-root [data-action='review']").click()
    line = page.locator(".sw-root [data-status]")
    expect(line).to_contain_text("Run table.review() in a cell to step through this game.", timeout=30_000)
    assert line.inner_text().startswith("You emptied your pay-off pile and win 19 points.")
    note = page.locator(".sw-root [data-review-note]")
    expect(note).to_contain_text("table.review()")
    root.screenshot(path=str(artifacts / "marimo-review.png"))
