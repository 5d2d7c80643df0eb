"""Accessibility of the table: axe-core finds no serious or critical problem, in JupyterLab
(light and dark themes) and in a bare page (light and dark colour schemes); every control
is named; colours meet WCAG AA; a whole turn is played with the keyboard alone, with the
focus visible; the live region reads every move out in words."""

from __future__ import annotations

import json
from typing import Any

import pytest
from a11y import (
    assert_accessible,
    contrast_violations,
    focus_outline,
    press_until,
    run_axe,
    text_contrast,
    unnamed_controls,
    visible_ring,
)
from conftest import QUICK_DECK_SOURCE, busy_table

from spite_widget import SpiteWidget

pytestmark = pytest.mark.browser

ROOT = ".sw-root"
# axe cannot measure text on the felt's gradient: it is checked on the felt's lightest colour
FELT = {".sw-board": "var(--sw-felt)"}


def check_table(page: Any) -> None:
    """The audit, with nothing selected and then with a card picked up (targets lit)."""
    page.locator(ROOT).wait_for()
    assert_accessible(page, ROOT, flatten=FELT)
    contrast = contrast_violations(page, ROOT, flatten=FELT)
    assert contrast["violations"] == [], json.dumps(contrast["violations"], indent=1)
    # the card corners are CSS-drawn glyphs, which axe does not read: measured here
    for colour in ("sw-red", "sw-black"):
        ratio = text_contrast(page, f"{ROOT} .sw-face.{colour}")
        assert ratio >= 4.5, (colour, ratio)
    playable = page.locator(f"{ROOT} [data-pile] .sw-playable")
    if playable.count():
        playable.first.click()
        page.locator(f"{ROOT} .sw-selected").wait_for()
        assert_accessible(page, ROOT, flatten=FELT)
        assert contrast_violations(page, ROOT, flatten=FELT)["violations"] == []
        page.keyboard.press("Escape")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_in_a_bare_page(bare: Any, new_page: Any, scheme: str) -> None:
    page = bare.open(busy_table(), page=new_page(color_scheme=scheme))
    check_table(page)


SCREEN_CELL = (
    "import sys\n"
    f"sys.path.insert(0, {str(__import__('pathlib').Path(__file__).parent)!r})\n"
    "from conftest import busy_table\n"
    "w = busy_table()\n"
    "w"
)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_axe_in_jupyterlab(notebook: Any, page: Any, dark: bool) -> None:
    notebook.open(f"a11y_{'dark' if dark else 'light'}.ipynb", [SCREEN_CELL])
    page.locator(ROOT).wait_for()
    notebook.set_theme(dark)
    try:
        check_table(page)
    finally:
        if dark:
            notebook.set_theme(False)


def test_every_control_has_a_name(bare: Any) -> None:
    page = bare.open(busy_table())
    assert unnamed_controls(page, ROOT) == []
    names = page.evaluate(
        """() => [...document.querySelectorAll('.sw-root [data-pile], .sw-root [data-source], .sw-root button')]
            .map(e => e.getAttribute('aria-label') || e.textContent.trim())"""
    )
    assert all(names) and len(names) > 20
    # the cards you can pick up are buttons, pressed while picked up
    card = page.locator(f"{ROOT} [data-pile='H'] [data-source]").first
    assert card.get_attribute("role") == "button" and card.get_attribute("aria-pressed") == "false"
    card.click()
    assert card.get_attribute("aria-pressed") == "true"
    results = run_axe(
        page, ROOT, rules=["aria-allowed-attr", "aria-required-attr", "button-name", "nested-interactive"]
    )
    assert results["violations"] == []


LIVE_RECORDER = """() => {
    const live = document.querySelector('.sw-root [data-live]');
    window.__swLive = [];
    window.__swLiveNode = live;
    new MutationObserver(() => window.__swLive.push(live.textContent)).observe(
        live, {childList: true, characterData: true, subtree: true});
}"""


def keyboard_cells() -> list[str]:
    return [
        QUICK_DECK_SOURCE + "from spite_widget import Game, SpiteWidget\n"
        "game = Game.new(deck=quick_deck(), seed=5, players=('You', 'Random bot'))\n"
        "w = SpiteWidget(game=game, opponent='random', seed=2, opponent_delay=0.3)\n"
        "w",
        "import json\nprint(json.dumps({'moves': [str(m) for m in w.game.moves], 'player': w.game.current_player}))",
    ]


def test_a_whole_turn_by_keyboard_alone(notebook: Any, page: Any) -> None:
    notebook.open("keyboard_turn.ipynb", keyboard_cells())
    root = page.locator(ROOT)
    root.wait_for()
    page.evaluate(LIVE_RECORDER)
    # from the notebook cell, Tab reaches the table: its entry point is a hand card
    page.locator(f"{ROOT} .sw-score").click()
    press_until(page, "Tab", "a.closest('.sw-root [data-pile]')", limit=10)
    assert page.evaluate("() => document.activeElement.closest('[data-pile]').dataset.pile") == "H"
    visible_ring(page, min_width=3)
    # the buttons are in the Tab order too, just before the table, with a visible focus ring
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.dataset.action") == "new-match"
    visible_ring(page, min_width=2)
    page.keyboard.press("Tab")

    played = []
    for _ in range(3):  # the pay-off Ace, 2 and 3 onto center stack 1
        # the arrows go row by row: down to your row, left along it to the pay-off pile
        press_until(page, "ArrowDown", "a.closest('.sw-seat-bottom')", limit=3)
        press_until(page, "ArrowLeft", "a.dataset.pile === 'P'", limit=12)
        ring = focus_outline(page)
        assert ring["focusVisible"] and ring["width"] >= 3, ring
        page.keyboard.press("Enter")
        card = page.locator(f"{ROOT} .sw-selected").get_attribute("data-card")
        page.keyboard.press("ArrowUp")  # the pile above the pay-off pile: the stock
        assert page.evaluate("() => document.activeElement.dataset.pile") == "stock"
        press_until(page, "ArrowRight", "a.dataset.pile === 'C1'", limit=3)
        old = root.get_attribute("data-seq")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.querySelector('.sw-root').dataset.seq !== '{old}'")
        played.append(card)
        assert page.locator(f"{ROOT} [data-pile='C1'] [data-card]").get_attribute("data-card") == card
    # a hand card onto side stack 2 ends the turn; Space picks up as Enter does
    press_until(page, "ArrowDown", "a.closest('.sw-seat-bottom')", limit=3)
    press_until(page, "ArrowRight", "a.closest('[data-pile=H]') && a.dataset.card", limit=12)
    card = page.evaluate("() => document.activeElement.dataset.card")
    page.keyboard.press(" ")
    press_until(page, "ArrowLeft", "a.dataset.pile === 'S2'")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => window.__swLive.some(t => t.includes('Random bot')) && "
        "document.querySelector('.sw-root').dataset.busy === 'false' && "
        "document.querySelector('.sw-root').dataset.playerToMove === '0'"
    )
    # the focus never left the table
    assert page.evaluate("() => !!document.activeElement.closest('.sw-root')")
    state = notebook.run_json(1)
    assert state["player"] == 0
    assert state["moves"][:4] == [f"P:{c}>C1" for c in played] + [f"H:{card}>S2"]

    # the live region (one node, never redrawn) said every move in words
    said = page.evaluate("() => window.__swLive")
    assert page.evaluate("() => window.__swLiveNode === document.querySelector('.sw-root [data-live]')")
    live = page.locator(f"{ROOT} [data-live]")
    assert live.get_attribute("aria-live") == "polite"
    words = {"A": "ace", "2": "two", "3": "three"}
    suits = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
    for c in played:
        line = f"You played the {words[c[0]]} of {suits[c[1]]} from the pay-off pile on center stack 1"
        assert any(line in t for t in said), (line, said)
    assert any(
        t.startswith("Random bot put the ") and "on side stack" in t and "pay-off card played" in t
        for t in said
    ), said
    assert not any("♥" in t or "♠" in t or "♦" in t or "♣" in t for t in said), said


def test_live_region_says_selection_in_words(bare: Any) -> None:
    from conftest import quick_deck

    from spite_widget import Game

    w = SpiteWidget(game=Game.new(deck=quick_deck(), seed=5), opponent="random", opponent_delay=0)
    page = bare.open(w)
    page.locator(f"{ROOT} [data-pile='P'] .sw-face").click()
    live = page.locator(f"{ROOT} [data-live]")
    card = w.game.state.payoffs[0][-1]
    assert live.inner_text().startswith(
        f"The {card.words} selected: it can go on center stack 1, center stack 2 or center stack 3"
    )
