"""The replay by keyboard alone: Space plays and pauses, a seat pressed keeps the focus, and
the expert's review hands the focus on to Cancel and back (each of these dropped the focus to
the page, or could not be undone from the keyboard)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"
REPLAY = ".swr-root"
FOCUSED = """() => { const a = document.activeElement;
    return a.matches('.swr-root') ? 'root' : a.dataset.perspective !== undefined ? 'seat:' + a.dataset.perspective
        : a.dataset.action || a.tagName; }"""


def open_replay(notebook: Any, page: Any, name: str) -> None:
    notebook.open(name, [f"from spite_widget import ReplayWidget\nr = ReplayWidget({str(SAMPLE)!r})\nr"])
    page.locator(REPLAY).wait_for()


def ply(page: Any) -> int:
    return int(page.locator(REPLAY).get_attribute("data-ply"))


def test_space_plays_and_space_pauses(notebook: Any, page: Any) -> None:
    """Any key stopped the playing before its own action, so Space (play or pause) always
    found it stopped and played again: only the Pause button could stop it."""
    open_replay(notebook, page, "replay_space.ipynb")
    page.locator(REPLAY).focus()
    page.keyboard.press("Space")
    page.wait_for_function("() => document.querySelector('.swr-root').dataset.ply >= '2'", timeout=15_000)
    page.keyboard.press("Space")
    stopped = ply(page)
    page.wait_for_timeout(2500)
    assert ply(page) <= stopped + 1  # (a step already asked for may still land)
    assert "swr-playing" not in (page.locator(REPLAY).get_attribute("class") or "")


def test_a_seat_pressed_by_keyboard_keeps_the_focus(notebook: Any, page: Any) -> None:
    """The seat buttons were built again on every draw: Enter on "Ada" dropped the focus to
    the page, and the next Tab went to "Above"."""
    open_replay(notebook, page, "replay_seat.ipynb")
    page.locator(f"{REPLAY} [data-perspective='0']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('[data-perspective=\"0\"]').getAttribute('aria-pressed') === 'true'"
    )
    assert page.evaluate(FOCUSED) == "seat:0"
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "seat:1"
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('[data-perspective=\"1\"]').getAttribute('aria-pressed') === 'true'"
    )
    assert page.evaluate(FOCUSED) == "seat:1"


def test_review_pressed_by_keyboard_hands_the_focus_to_cancel_and_back(notebook: Any, page: Any) -> None:
    """Review greys itself while the expert works: the focus fell to the page. It goes on to
    Cancel, and once the review stops, back to Review."""
    open_replay(notebook, page, "replay_review_focus.ipynb")
    page.locator(f"{REPLAY} [data-action='expert-review']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('.swr-progress').hidden", timeout=15_000)
    assert page.evaluate(FOCUSED) == "cancel-review"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.swr-progress').hidden", timeout=30_000)
    assert page.evaluate(FOCUSED) in ("expert-review", "puzzles")


def test_the_arrows_reach_a_side_line_in_the_move_list_and_enter_steps_into_it(
    notebook: Any, page: Any
) -> None:
    """Side-line moves in the list kept tabindex -1 and no key reached them: ← and → step the
    game's own moves. ↓ and ↑ now go through the list as listed, and Enter steps there."""
    notebook.open(
        "replay_list_keys.ipynb",
        [
            f"from spite_widget import ReplayWidget\nr = ReplayWidget({str(SAMPLE)!r})\n"
            "r.seek(10)\nr.play(next(m for m in r.legal if m != str(r.replay.moves[10])))\n"
            "r.exit_line()\nr.seek(10)\nr",
            "import json\nprint(json.dumps({'ply': r.ply, 'line': [list(p) for p in r.replay.line]}))",
        ],
    )
    page.locator(REPLAY).wait_for()
    current = page.locator(f"{REPLAY} .swr-move.swr-current")
    current.focus()
    for _ in range(6):
        if page.evaluate("() => document.activeElement.classList.contains('swr-move-side')"):
            break
        page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.classList.contains('swr-move-side')")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')").startswith(
        "side line, move 11"
    )
    assert int(page.locator(REPLAY).get_attribute("data-ply")) == 10  # ↓ moves the focus only
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.swr-root').dataset.ply === '11'")
    state = notebook.run_json(1)
    assert state["ply"] == 11 and state["line"] == [[11, 1]]


def test_a_card_put_on_the_top_seats_pile_keeps_the_focus_on_that_pile(notebook: Any, page: Any) -> None:
    """Seen from above, the player at the top plays their piles by the names S1..S4: once
    their discard passed the turn, those names were the bottom seat's, and the focus jumped to
    the bottom seat's S1."""
    notebook.open(
        "replay_top_focus.ipynb",
        [f"from spite_widget import ReplayWidget\nr = ReplayWidget({str(SAMPLE)!r})\nr.seek(1)\nr"],
    )
    page.locator(REPLAY).wait_for()
    assert page.locator(f"{REPLAY} [data-pile='O-H'] .sw-face[data-card='5s']").count() == 1
    page.locator(f"{REPLAY} [data-pile='O-H'] .sw-face[data-card='5s']").focus()
    page.keyboard.press("Enter")
    page.locator(f"{REPLAY} [data-pile='O-S1']").focus()
    page.keyboard.press("Enter")  # H:5s>S1 for the player at the top: a side line, the turn passes
    page.wait_for_function("() => document.querySelector('.swr-root').dataset.ply === '2'")
    page.wait_for_timeout(300)
    assert page.evaluate("() => document.activeElement.closest('[data-pile]')?.dataset.pile") == "O-S1"
