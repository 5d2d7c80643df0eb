"""A phone's hand: each card's tappable part is at least 24 px wide (WCAG 2.5.8).

At 390 px the face-up hand sat beside the side stacks and overlapped its 40 px cards so much
that only a 15-17 px strip of each covered card showed: a tap at a strip's middle picked the
right card, but the target was under the 24 px minimum. The hand now overlaps its cards no
closer than 28 px (styles.css: --sw-peek) and goes to a row of its own before that.

Measured in a real page (the bundle in a bare page, its real Python widget behind it), on a
phone with touch at 360 and 390 px, light and dark, in English, Spanish and Portuguese: the
part of every hand card that no later card covers, its hit test, and a tap at its middle.
Screenshots go to test-artifacts/hand-targets-*.png.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import quick_deck
from playwright.sync_api import expect

from spite_widget import Game, SpiteWidget

pytestmark = pytest.mark.browser

LEAST = 24  # WCAG 2.5.8: a target at least 24 CSS px wide

# Per hand card: its box, the part of it left of the next card (the last card: all of it),
# and what a hit test finds at the middle and near either edge of that part.
EXPOSED = """() => {
    const cards = [...document.querySelectorAll('.sw-root [data-pile=H] .sw-face')];
    return cards.map((card, i) => {
        const b = card.getBoundingClientRect();
        const right = i + 1 < cards.length ? Math.min(b.right, cards[i + 1].getBoundingClientRect().left) : b.right;
        const y = (b.top + b.bottom) / 2;
        const owner = (x) => { const e = document.elementFromPoint(x, y);
            const c = e && e.closest('.sw-face'); return c ? c.dataset.card : null; };
        return {card: card.dataset.card, left: b.left, right, y, width: right - b.left,
                hits: [owner(b.left + 2), owner((b.left + right) / 2), owner(right - 2)]};
    });
}"""


def phone(new_page: Any, width: int, dark: bool) -> Any:
    return new_page(
        viewport={"width": width, "height": 844},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
        color_scheme="dark" if dark else "light",
    )


def fresh_table(lang: str) -> SpiteWidget:
    """The deal of tests/browser/test_bare_page.py: five cards in hand, the player to move."""
    game = Game.new(deck=quick_deck(), seed=5, players=("You", "Random bot"))
    return SpiteWidget(game=game, opponent="random", seed=2, opponent_delay=0, lang=lang)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("lang", ["en", "es", "pt"])
@pytest.mark.parametrize("width", [360, 390])
def test_every_hand_card_leaves_a_tappable_strip(
    bare: Any, new_page: Any, artifacts: Path, width: int, lang: str, dark: bool
) -> None:
    w = fresh_table(lang)
    page = bare.open(w, page=phone(new_page, width, dark))
    root = page.locator(".sw-root")
    hand = page.locator(".sw-root [data-pile='H'] .sw-face")
    expect(hand).to_have_count(5)
    expect(hand.first).to_have_class(re.compile(r"\bsw-playable\b"))
    page.wait_for_timeout(500)  # the deal's animation (.sw-drawn) is over
    theme = "dark" if dark else "light"
    root.screenshot(path=str(artifacts / f"hand-targets-{lang}-{theme}-{width}.png"))

    strips = page.evaluate(EXPOSED)
    widths = [round(s["width"], 1) for s in strips]
    print(f"{width} px {lang} {theme}: exposed {widths}")
    assert len(strips) == 5 and min(widths) >= LEAST, (width, lang, theme, widths)
    for s in strips:  # the whole strip is that card's: nothing else lies over it
        assert s["hits"] == [s["card"]] * 3, s

    # a tap at the middle of each strip picks that card up; a second tap puts it back
    for i, s in enumerate(strips):
        x = (s["left"] + s["right"]) / 2
        page.touchscreen.tap(x, s["y"])
        expect(hand.nth(i)).to_have_class(re.compile(r"\bsw-selected\b"))
        assert page.locator(".sw-root .sw-selected").count() == 1
        assert page.locator("[data-pile].sw-target").count() > 0  # its piles are lit
        if i == 1:
            root.screenshot(path=str(artifacts / f"hand-targets-{lang}-{theme}-{width}-selected.png"))
        # the lifted card stays under the card to its right: every other strip is still its own
        # (raised above it, it covered its neighbour's strip, and a tap there put it back)
        for other in page.evaluate(EXPOSED):
            assert other["hits"] == [other["card"]] * 3, (i, other)
        page.touchscreen.tap(x, s["y"])
        expect(page.locator(".sw-root .sw-selected")).to_have_count(0)
    assert w.game.ply == 0 and not page.evaluate("() => window.__swSent.filter(m => m.type === 'move')")


def test_no_hand_card_is_squeezed_under_24_px_at_any_width(bare: Any, new_page: Any) -> None:
    """From the narrowest table (300 px: it keeps 360) to 1400 px, at the deal and in a busy
    game (side stacks fanned): where the hand sits beside the side stacks, its cards overlap
    no closer than 28 px; where it cannot, it takes a row of its own."""
    from conftest import busy_table

    low: list[tuple[str, int, float]] = []
    for name, w in (("deal", fresh_table("en")), ("busy", busy_table())):
        page = bare.open(w, page=new_page(viewport={"width": 1440, "height": 1100}))
        for width in range(300, 1401, 10):
            page.evaluate(f"() => {{ document.getElementById('widget').style.width = '{width}px'; }}")
            page.wait_for_timeout(20)
            least = min(s["width"] for s in page.evaluate(EXPOSED))
            if least < 28 - 0.5:
                low.append((name, width, round(least, 1)))
    assert not low, low[:10]


@pytest.mark.parametrize("width", [460, 540])
def test_a_picked_up_card_stays_under_its_right_neighbour_in_a_fanned_hand(
    bare: Any, new_page: Any, artifacts: Path, width: int
) -> None:
    """Where the hand sits beside the side stacks its cards overlap (at 460 and 540 px each
    covered card shows 30-37 px). Raised above the fan, the picked-up card covered the strip
    of the card to its right, and a click there put the picked-up card back instead of
    taking the other: every strip stays its own card's while a card is picked up."""
    w = fresh_table("en")
    page = bare.open(w, page=new_page(viewport={"width": 1000, "height": 1100}))
    page.evaluate(f"() => {{ document.getElementById('widget').style.width = '{width}px'; }}")
    hand = page.locator(".sw-root [data-pile='H'] .sw-face")
    expect(hand).to_have_count(5)
    page.wait_for_timeout(500)  # the deal's animation is over
    strips = page.evaluate(EXPOSED)
    assert any(s["right"] < s["left"] + 60 for s in strips[:-1]), strips  # the cards overlap here
    for i, s in enumerate(strips[:-1]):
        page.mouse.click((s["left"] + s["right"]) / 2, s["y"])
        expect(hand.nth(i)).to_have_class(re.compile(r"\bsw-selected\b"))
        if i == 1:
            page.locator(".sw-root").screenshot(path=str(artifacts / f"hand-fanned-{width}-selected.png"))
        for other in page.evaluate(EXPOSED):
            assert other["hits"] == [other["card"]] * 3, (i, other)
        # a click on the next card's strip takes that card instead
        nxt = strips[i + 1]
        page.mouse.click((nxt["left"] + nxt["right"]) / 2, nxt["y"])
        expect(hand.nth(i + 1)).to_have_class(re.compile(r"\bsw-selected\b"))
        expect(page.locator(".sw-root .sw-selected")).to_have_count(1)
        page.mouse.click((nxt["left"] + nxt["right"]) / 2, nxt["y"])
        expect(page.locator(".sw-root .sw-selected")).to_have_count(0)
    assert w.game.ply == 0
