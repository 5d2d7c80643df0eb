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


PRESSED = """(root) => [...document.querySelectorAll(root + ' [aria-pressed="true"]')]
    .map(e => e.dataset.pile || 'H:' + e.dataset.card)"""


def pile_state(page: Any, key: str) -> dict[str, Any]:
    """A pile's role and pressed state, and whether it has the keyboard focus."""
    return dict(
        page.locator(f"{ROOT} [data-pile='{key}']").evaluate(
            """(p) => ({role: p.getAttribute('role'), pressed: p.getAttribute('aria-pressed'),
                focused: p === document.activeElement})"""
        )
    )


def test_pile_tops_show_as_pressed_like_hand_cards(bare: Any) -> None:
    """The keyboard picks up a pile's top card from the pile, which has the focus: that pile
    is a toggle button, pressed while its card is held (as a hand card is), and no longer
    pressed once the card is played, put back with Escape, or another card is picked up."""
    from conftest import quick_deck

    from spite_widget import Game

    game = Game.new(deck=quick_deck(), seed=5)
    game.play("H:2h>S1")  # your 2♥ on side stack 1; the computer discards, and it is your turn
    game.play(str(next(m for m in game.legal_moves() if str(m).startswith("H:"))))
    assert game.current_player == 0 and str(game.state.payoffs[0][-1]) == "Ac"
    page = bare.open(SpiteWidget(game=game, opponent="random", opponent_delay=0))
    root = page.locator(ROOT)
    assert pile_state(page, "S1") == {"role": "button", "pressed": "false", "focused": False}
    assert pile_state(page, "P")["pressed"] == "false"
    # an empty side stack has nothing to pick up: it stays a group, with no pressed state
    assert pile_state(page, "S2") == {"role": "group", "pressed": None, "focused": False}

    # the side stack's top by keyboard: pressed, then Escape puts it back
    page.locator(f"{ROOT} [data-pile='S1']").focus()
    page.keyboard.press("Enter")
    page.locator(f"{ROOT} [data-pile='S1'] .sw-selected").wait_for()
    assert pile_state(page, "S1") == {"role": "button", "pressed": "true", "focused": True}
    assert page.evaluate(PRESSED, ROOT) == ["S1"]
    results = run_axe(
        page, ROOT, rules=["aria-allowed-attr", "aria-required-attr", "button-name", "nested-interactive"]
    )
    assert results["violations"] == [], json.dumps(results["violations"], indent=1)
    page.keyboard.press("Escape")
    assert pile_state(page, "S1")["pressed"] == "false"
    assert page.evaluate(PRESSED, ROOT) == []

    # the pay-off card by keyboard: pressed; a hand card picked up instead takes the state
    press_until(page, "ArrowLeft", "a.dataset.pile === 'P'", limit=3)
    page.keyboard.press(" ")
    assert pile_state(page, "P") == {"role": "button", "pressed": "true", "focused": True}
    assert page.evaluate(PRESSED, ROOT) == ["P"]
    hand_card = page.locator(f"{ROOT} [data-pile='H'] [data-source]").first
    hand_card.focus()
    page.keyboard.press("Enter")
    assert page.evaluate(PRESSED, ROOT) == [f"H:{hand_card.get_attribute('data-card')}"]
    page.keyboard.press("Escape")
    assert page.evaluate(PRESSED, ROOT) == []

    # ...and played: no longer pressed once the move is made (the table redrawn)
    page.locator(f"{ROOT} [data-pile='P']").focus()
    page.keyboard.press("Enter")
    assert pile_state(page, "P")["pressed"] == "true"
    page.keyboard.press("ArrowUp")  # from the pay-off pile up to the stock, then right to C1
    press_until(page, "ArrowRight", "a.dataset.pile === 'C1'", limit=3)
    old = root.get_attribute("data-seq")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelector('{ROOT}').dataset.seq !== '{old}'")
    assert page.locator(f"{ROOT} [data-pile='C1'] [data-card]").get_attribute("data-card") == "Ac"
    assert pile_state(page, "P")["pressed"] == "false"
    assert page.evaluate(PRESSED, ROOT) == []

    # the side stack's 2♥ now goes on the ace: pressed while held, played, and the emptied
    # side stack has no pressed state left
    page.locator(f"{ROOT} [data-pile='S1']").focus()
    page.keyboard.press("Enter")
    assert pile_state(page, "S1") == {"role": "button", "pressed": "true", "focused": True}
    press_until(page, "ArrowUp", "a.dataset.pile && a.closest('.sw-middle')", limit=3)
    press_until(page, "ArrowLeft", "a.dataset.pile === 'C1'", limit=4)
    old = root.get_attribute("data-seq")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelector('{ROOT}').dataset.seq !== '{old}'")
    assert page.locator(f"{ROOT} [data-pile='C1'] [data-card]").get_attribute("data-card") == "2h"
    assert pile_state(page, "S1")["pressed"] is None
    assert page.evaluate(PRESSED, ROOT) == []

    # the mouse picks up a pile's top card the same way: the pile shows as pressed
    page.locator(f"{ROOT} [data-pile='P'] [data-source]").click()
    assert pile_state(page, "P")["pressed"] == "true"
    assert page.evaluate(PRESSED, ROOT) == ["P"]
    page.keyboard.press("Escape")
    assert page.evaluate(PRESSED, ROOT) == []


FOCUS_RECORDER = """() => {
    window.__swFocus = [];
    document.addEventListener('focusin', (e) => {
        const t = e.target;
        window.__swFocus.push(t.matches('.sw-root') ? 'root' : t.dataset.action ? 'action:' + t.dataset.action
            : (t.closest('[data-pile]') || t).dataset.pile || t.tagName + '.' + t.className);
    }, true);
}"""


def test_the_focus_waits_on_the_table_while_the_bot_plays(notebook: Any, page: Any) -> None:
    """A keyboard player's focus is never dropped: after an arrow onto a button the table keeps
    its Tab stop; while the bot moves, the focus waits on the table itself (named "card
    table") instead of jumping to a new copy of the pile with every move the bot makes (each
    one read out by a screen reader); Next game pressed by keyboard, the bot beginning, the
    focus does not fall to the page; it comes back to the table when the turn does."""
    notebook.open(
        "keyboard_focus.ipynb",
        [
            QUICK_DECK_SOURCE + "from spite_widget import Game, SpiteWidget\n"
            "game = Game.new(deck=quick_deck(), seed=5, players=('You', 'Greedy bot'))\n"
            "w = SpiteWidget(game=game, opponent='greedy', seed=2, opponent_delay=0.3)\n"
            "w",
            "while not w.game.is_over:\n"
            "    w.play(next(m for m in w.game.legal_moves() if m.source == 'P'))\n"
            "print(w.game.is_over)",
            "import json\nprint(json.dumps({'player': w.game.current_player, 'moves': len(w.game.moves)}))",
        ],
        run=False,
    )
    notebook.run_cell(0)
    root = page.locator(ROOT)
    root.wait_for()
    assert root.get_attribute("role") == "region" and root.get_attribute("aria-label") == "card table"
    page.evaluate(FOCUS_RECORDER)
    page.evaluate(LIVE_RECORDER)
    page.locator(f"{ROOT} .sw-score").click()
    press_until(page, "Tab", "a.closest('.sw-root [data-pile]')", limit=10)
    # up from the top row, onto the buttons: the table keeps a Tab stop, and Tab goes back to it
    press_until(page, "ArrowUp", "a.dataset.action", limit=8)
    stops = page.evaluate(
        "() => [...document.querySelectorAll('.sw-root [tabindex=\"0\"]')].filter(e => !e.dataset.action).length"
    )
    assert stops == 1
    press_until(page, "Tab", "!a.dataset.action", limit=6)
    assert page.evaluate("() => !!document.activeElement.closest('.sw-root [data-pile]')")

    # game 1 won from Python; Next game pressed by keyboard; the bot begins game 2
    assert notebook.run_cell(1).strip() == "True"
    page.wait_for_function("() => document.querySelector('.sw-root').dataset.gameOver === 'true'")
    press_until(page, "Shift+Tab", "a.dataset.action === 'next-game'", limit=8)
    page.evaluate("() => { window.__swFocus = []; }")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.sw-root').dataset.busy === 'true'")
    page.wait_for_function(
        "() => document.querySelector('.sw-root').dataset.busy === 'false' && "
        "document.querySelector('.sw-root').dataset.playerToMove === '0'",
        timeout=20_000,
    )
    seen = page.evaluate("() => window.__swFocus")
    # the focus went to the table, waited there through the bot's moves, then came back to a pile
    assert seen[0] == "root" and seen.count("root") == 1, seen
    assert len(seen) == 2 and seen[1] not in ("root", "BODY") and not seen[1].startswith("action:"), seen
    assert page.evaluate("() => !!document.activeElement.closest('.sw-root [data-pile]')")
    # the table holds the focus only while it waits: a click on the felt does not take it there
    assert root.get_attribute("tabindex") is None
    state = notebook.run_json(2)  # (running a cell takes the focus to the notebook: last)
    assert state["player"] == 0 and state["moves"] >= 1  # the bot has moved in game 2
    # the bot's turn was read once, as its summary (every card and the tally), not move by move
    said = [
        t
        for t in page.evaluate("() => window.__swLive")
        if t.startswith("Greedy bot") and "is playing" not in t
    ]
    assert said and all("pay-off card" in t for t in said), said


def test_the_bots_turn_is_read_once(notebook: Any, page: Any) -> None:
    """A screen reader heard the bot's every move, then its turn's summary naming them all
    again: the moves inside its turn are shown in the status line but not read; the summary is."""
    notebook.open(
        "bot_turn_read_once.ipynb",
        [
            "from spite_widget import Game, SpiteWidget\nfrom spite_widget.bots import get_bot\n"
            "def several(seed):\n"
            "    g = Game.new(seed=seed)\n"
            "    g.play(next(m for m in g.legal_moves() if m.source == 'H' and m.target[0] == 'S'))\n"
            "    bot, n = get_bot('greedy'), 0\n"
            "    while g.current_player == 1 and not g.is_over:\n"
            "        g.play(bot.choose(g.view(1)))\n"
            "        n += 1\n"
            "    return n >= 3\n"
            "seed = next(s for s in range(300) if several(s))\n"
            "w = SpiteWidget(game=Game.new(seed=seed, players=('You', 'Greedy bot')), opponent='greedy',"
            " opponent_delay=0.2)\n"
            "w",
            "w.play(next(m for m in w.game.legal_moves() if m.source == 'H' and m.target[0] == 'S'))",
        ],
        run=False,
    )
    notebook.run_cell(0)
    page.locator(ROOT).wait_for()
    page.evaluate(LIVE_RECORDER)
    page.evaluate(
        """() => { window.__swShown = []; const root = document.querySelector('.sw-root');
        new MutationObserver(() => { const s = root.querySelector('[data-status]');
            if (s) window.__swShown.push(s.textContent); }).observe(root, {childList: true, subtree: true}); }"""
    )
    notebook.run_cell(1)
    page.wait_for_function(
        "() => window.__swLive.some(t => t.startsWith('Greedy bot ') && t.includes('pay-off card'))",
        timeout=20_000,
    )
    said = [t for t in page.evaluate("() => window.__swLive") if t.startswith("Greedy bot")]
    shown = [t for t in page.evaluate("() => window.__swShown") if t.startswith("Greedy bot played")]
    assert len(set(shown)) >= 2, shown  # each move was shown as it was played
    # but not read: the one line read is the summary, every card and the tally
    assert len(said) == 1 and "pay-off card" in said[0], said


def test_the_focus_stays_on_the_table_through_the_bots_whole_turn(notebook: Any, page: Any) -> None:
    """A keyboard player who ends the turn on a side stack: with each of the bot's moves the
    focus went from the table back to that side stack and to the table again (each landing
    read out by a screen reader). It waits on the table once, and comes back once."""
    notebook.open(
        "keyboard_park.ipynb",
        [
            # this deal's greedy bot answers a first card put on S1 with a turn of 4 moves
            "from spite_widget import SpiteWidget\n"
            "w = SpiteWidget(opponent='greedy', seed=10, opponent_delay=0.3)\n"
            "w",
            "import json\nprint(json.dumps({'moves': len(w.game.moves), 'over': w.game.is_over}))",
        ],
        run=False,
    )
    notebook.run_cell(0)
    page.locator(ROOT).wait_for()
    page.evaluate(FOCUS_RECORDER)
    longest = 0
    for side in ("S1", "S2", "S3", "S4"):
        before = notebook.run_json(1)
        if before["over"]:
            break
        hand = page.locator(f"{ROOT} [data-pile=H] .sw-face").first
        hand.focus()
        page.keyboard.press("Enter")
        page.locator(f"{ROOT} [data-pile={side}]").focus()
        page.evaluate("() => { window.__swFocus = []; }")
        seq = page.locator(ROOT).get_attribute("data-seq")
        page.keyboard.press("Enter")  # the turn ends: the bot plays
        page.wait_for_function(
            "seq => { const r = document.querySelector('.sw-root'); return r.dataset.seq !== seq && "
            "r.dataset.busy === 'false' && (r.dataset.playerToMove === '0' || r.dataset.gameOver === 'true'); }",
            arg=seq,
            timeout=30_000,
        )
        page.wait_for_timeout(300)
        seen = page.evaluate("() => window.__swFocus")
        after = notebook.run_json(1)
        bots = after["moves"] - before["moves"] - 1
        if after["over"]:
            break
        assert seen == ["root", side], (bots, seen)
        longest = max(longest, bots)
        if longest >= 2:
            break
    assert longest >= 2  # a turn of two moves or more was watched (one move never showed it)


def test_of_two_equal_hand_cards_the_one_picked_up_shows_as_picked_up(bare: Any) -> None:
    """Hand 3♣ 4♠ K♥ 4♣ 4♣: Enter on the second 4♣ marked the first one pressed and lifted."""
    w = SpiteWidget(opponent="greedy", seed=3, opponent_delay=0)
    assert [str(c) for c in w.game.state.hands[0]] == ["3c", "4s", "Kh", "4c", "4c"]
    page = bare.open(w)
    fours = page.locator(".sw-root [data-pile=H] .sw-face[data-card='4c']")
    pressed = "els => els.map(e => e.getAttribute('aria-pressed') + (e.classList.contains('sw-selected') ? '+' : ''))"
    fours.nth(1).focus()
    page.keyboard.press("Enter")
    assert fours.evaluate_all(pressed) == ["false", "true+"]
    page.keyboard.press("ArrowLeft")  # onto the first 4♣: Enter picks that one up instead
    assert page.evaluate("() => document.activeElement.dataset.card") == "4c"
    page.keyboard.press("Enter")
    assert fours.evaluate_all(pressed) == ["true+", "false"]
    page.keyboard.press("Enter")  # the same card again puts it back
    assert fours.evaluate_all(pressed) == ["false", "false"]


def test_undo_pressed_by_keyboard_gives_the_focus_back_to_the_table(bare: Any) -> None:
    """Undo greys itself once nothing is left to take back: the focus fell to Hint, the first
    button still lit, and a second press of Space asked for a hint."""
    w = SpiteWidget(opponent="greedy", seed=1, opponent_delay=0)
    page = bare.open(w)
    focused = _play_to_c1_and_undo_by_keys(page, ".sw-root", "[data-pile=P]", lambda: w.game.moves, "P:Ad>C1")
    assert focused == "C1"  # where the move was, the table's Tab stop
    page.keyboard.press("Space")  # on C1: it says the pile is empty of your cards, no hint
    page.wait_for_timeout(500)
    assert w.hint == "" and not w.game.moves and w.status["kind"] != "hint"


def test_an_arrow_while_the_bot_plays_leaves_the_focus_waiting_on_the_table(notebook: Any, page: Any) -> None:
    """The focus waiting on the table, an arrow sent it to the first pile drawn, the other
    player's pay-off pile, whatever its direction; that pile then stayed the Tab stop."""
    notebook.open(
        "keyboard_wait_arrow.ipynb",
        [
            "from spite_widget import SpiteWidget\nw = SpiteWidget(opponent='greedy', seed=10, opponent_delay=1.0)\nw"
        ],
        run=False,
    )
    notebook.run_cell(0)
    page.locator(ROOT).wait_for()
    page.locator(f"{ROOT} [data-pile=H] .sw-face").first.focus()
    page.keyboard.press("Enter")
    page.locator(f"{ROOT} [data-pile=S1]").focus()
    page.keyboard.press("Enter")  # the turn ends: the bot plays 4 moves, a second apart
    page.wait_for_function("() => document.activeElement === document.querySelector('.sw-root')")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement === document.querySelector('.sw-root')")
    page.wait_for_function(
        "() => { const r = document.querySelector('.sw-root'); return r.dataset.busy === 'false' && "
        "r.dataset.playerToMove === '0'; }",
        timeout=30_000,
    )
    assert page.evaluate("() => document.activeElement.closest('[data-pile]')?.dataset.pile") == "S1"


def test_undo_in_a_lesson_pressed_by_keyboard_gives_the_focus_back_to_the_table(bare: Any) -> None:
    """As on the playing table: Undo greyed by its own press sent the focus on to Hint."""
    from spite_widget import LessonWidget

    w = LessonWidget("build-from-ace")
    page = bare.open(w, bundle="lesson")
    source = "[data-pile=H] .sw-face[data-card='Ah']"
    focused = _play_to_c1_and_undo_by_keys(page, ".swl-root", source, lambda: w.session.moves, "H:Ah>C1")
    assert focused == "C1"


def _play_to_c1_and_undo_by_keys(page: Any, root: str, source: str, moves: Any, move: str) -> str:
    """Play `source` to C1 and take it back, all by keys (Enter on the pile, Enter on Undo);
    `moves()` reads the moves from Python. Returns where the focus went: a button's action or a
    pile's name."""
    page.locator(f"{root} {source}").focus()
    page.keyboard.press("Enter")
    page.locator(f"{root} [data-pile=C1]").focus()
    page.keyboard.press("Enter")
    undo = f"document.querySelector('{root} [data-action=undo]')"
    page.wait_for_function(f"() => !{undo}.disabled")
    assert [str(m) for m in moves()] == [move]
    page.locator(f"{root} [data-action=undo]").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => {undo}.disabled")
    assert not moves()
    return str(
        page.evaluate(
            "() => { const a = document.activeElement; return a.dataset.action || a.closest('[data-pile]')?.dataset.pile; }"
        )
    )
