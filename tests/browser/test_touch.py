"""A phone: the table at 390x844 with touch (marimo's app view, `marimo run`), a turn played
by taps: tap a card to pick it up, tap a lit pile to put it there. No hover-only affordance."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
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
