"""A phone: the table at 390x844 with touch (marimo's app view, `marimo run`), a turn played
by taps: tap a card to pick it up, tap a lit pile to put it there. No hover-only affordance.
The replay stepped by taps and a lesson solved by taps, on the same phone."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from test_marimo import play_turn, quick_app

pytestmark = pytest.mark.browser

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}


def test_a_turn_by_taps_on_a_phone(marimo_server: Any, new_page: Any, artifacts: Path) -> None:
    page = new_page(**PHONE)
    marimo_server.write("phone.py", quick_app())
    page.goto(marimo_server.url("phone.py"))
    root = page.locator(".sw-root")
    root.wait_for(timeout=60_000)
    assert page.evaluate(
        "() => matchMedia('(hover: none)').matches && matchMedia('(pointer: coarse)').matches"
    )
    # the whole table fits the phone's width: nothing to scroll sideways
    box = root.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    spill = root.evaluate(  # in marimo's shadow root: asked of the root itself
        """(r) => [...r.querySelectorAll('.sw-card, [data-pile], button')]
            .filter(e => e.getBoundingClientRect().right > 390.5).length"""
    )
    assert spill == 0
    # cards are big enough to tap (at least 40 px wide), buttons at least 32 px high
    assert page.locator("[data-pile='H'] .sw-face").first.bounding_box()["width"] >= 38
    assert min(page.locator(".sw-root button").nth(i).bounding_box()["height"] for i in range(4)) >= 32
    root.screenshot(path=str(artifacts / "phone-before.png"))

    _ace, card = play_turn(page, tap=True)
    assert page.locator("[data-pile='S1'] [data-card]").last.get_attribute("data-card") == card
    assert "Your turn" in page.locator(".sw-root [data-status]").inner_text()
    # a tapped card does not stay lifted by a hover that touch cannot end
    page.locator("[data-pile='H'] .sw-face").nth(1).tap()
    page.locator("[data-pile='H'] .sw-face").nth(1).tap()  # a second tap puts it back
    lifted = root.evaluate(
        """(r) => [...r.querySelectorAll('.sw-face')]
            .filter(c => !c.getAnimations().length && getComputedStyle(c).transform !== 'none')
            .map(c => c.dataset.card)"""
    )
    assert lifted == []
    root.screenshot(path=str(artifacts / "phone-after-turn.png"))


SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"


def replay_and_lesson_app() -> str:
    return textwrap.dedent(
        f"""\
        import marimo

        app = marimo.App(width="medium")


        @app.cell
        def _():
            import marimo as mo
            from spite_widget import LessonWidget, ReplayWidget

            replay = mo.ui.anywidget(ReplayWidget({str(SAMPLE)!r}))
            lesson = mo.ui.anywidget(LessonWidget("side-stacks"))
            mo.vstack([replay, lesson])
            return


        if __name__ == "__main__":
            app.run()
        """
    )


def fits_the_phone(root: Any) -> None:
    box = root.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    spill = root.evaluate(
        """(r) => [...r.querySelectorAll('.sw-card, [data-pile], button, input, select, textarea')]
            .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > 390.5)
            .map(e => e.outerHTML.slice(0, 80))"""
    )
    assert spill == [], spill


def test_a_replay_and_a_lesson_by_taps_on_a_phone(marimo_server: Any, new_page: Any, artifacts: Path) -> None:
    page = new_page(**PHONE)
    marimo_server.write("phone_replay_lesson.py", replay_and_lesson_app())
    page.goto(marimo_server.url("phone_replay_lesson.py"))
    replay = page.locator(".swr-root")
    lesson = page.locator(".swl-root")
    replay.wait_for(timeout=60_000)
    lesson.wait_for(timeout=60_000)
    fits_the_phone(replay)
    fits_the_phone(lesson)
    # buttons big enough to tap
    for action in ("start", "back", "play", "forward", "end"):
        b = replay.locator(f"[data-action='{action}']").bounding_box()
        assert b is not None and b["width"] >= 32 and b["height"] >= 32, (action, b)

    # the replay, stepped by taps: the buttons, a move in the list, the last move
    for action, n in (("forward", 1), ("forward", 2), ("back", 1)):
        replay.locator(f"[data-action='{action}']").tap()
        expect(replay).to_have_attribute("data-ply", str(n))
    replay.locator(".swr-movelist [data-ply='5']").tap()
    expect(replay).to_have_attribute("data-ply", "5")
    expect(replay.locator("[data-status]")).to_have_text(re.compile("^Move 5 of 155: "))
    replay.locator("[data-action='end']").tap()
    expect(replay).to_have_attribute("data-ply", "155")
    expect(replay).to_have_attribute("data-game-over", "true")
    replay.locator(".swr-controls").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "phone-replay.png"))

    # the lesson, solved by taps: the side stack's 5 onto C1, then the pay-off 6 after it
    lesson.scroll_into_view_if_needed()
    for source, target in (("S2", "C1"), ("P", "C1")):
        card = lesson.locator(f"[data-pile='{source}'] .sw-face").last
        name = card.get_attribute("data-card")
        card.tap()
        lesson.locator(f"[data-pile='{target}'].sw-target").wait_for()
        old = lesson.get_attribute("data-seq")
        lesson.locator(f"[data-pile='{target}']").tap()
        expect(lesson).not_to_have_attribute("data-seq", old)
        assert lesson.locator(f"[data-pile='{target}'] [data-card]").last.get_attribute("data-card") == name
    expect(lesson).to_have_attribute("data-lesson-status", "done")
    expect(lesson.locator("[data-banner='done']")).to_be_visible()
    lesson.locator("[data-pile='C1']").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "phone-lesson-done.png"))
