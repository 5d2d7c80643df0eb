"""The card table in a real JupyterLab, played in headless Chromium by clicks and keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import QUICK_DECK_SOURCE

pytestmark = pytest.mark.browser

PROBE = (
    "import json\n"
    "g = w.game\n"
    "print(json.dumps({'ply': g.ply, 'over': g.is_over, 'winner': g.winner, 'points': g.points,\n"
    "    'player': g.current_player, 'centers': [list(c) for c in g.state.centers],\n"
    "    'sides0': [list(s) for s in g.state.sides[0]], 'payoff0': len(g.state.payoffs[0]),\n"
    "    'scores': w.match.scores, 'moves': [str(m) for m in g.moves]}))"
)

RECORDER = """() => {
    const root = document.querySelector('.sw-root');
    window.__swSeen = {busy: [], toMove: []};
    const note = () => {
        window.__swSeen.busy.push(root.dataset.busy);
        window.__swSeen.toMove.push(root.dataset.playerToMove);
    };
    new MutationObserver(note).observe(root, {attributes: true});
    note();
}"""


def quick_game_cells(delay: float) -> list[str]:
    return [
        QUICK_DECK_SOURCE  # a deal that ends quickly (see conftest.quick_deck)
        + "from spite_widget import Game, SpiteWidget\n"
        + "game = Game.new(deck=quick_deck(), seed=5, players=('You', 'Random bot'))\n"
        + f"w = SpiteWidget(game=game, opponent='random', seed=2, opponent_delay={delay})\n"
        + "w",
        PROBE,
    ]


def seq(page: Any) -> int:
    return int(page.locator(".sw-root").get_attribute("data-seq"))


def wait_seq_after(page: Any, old: int) -> None:
    page.wait_for_function(f"() => +document.querySelector('.sw-root').dataset.seq > {old}")


def click_move(page: Any, source: str, target: str | None = None) -> str:
    """Click a card, check that piles light up, click a lit pile (the first, or `target`)."""
    page.locator(source).click()
    lit = page.locator(".sw-root [data-pile].sw-target")
    lit.first.wait_for()
    names = [lit.nth(i).get_attribute("data-pile") for i in range(lit.count())]
    chosen = target or names[0]
    assert chosen in names, (chosen, names)
    old = seq(page)
    page.locator(f".sw-root [data-pile='{chosen}']").click()
    wait_seq_after(page, old)
    return chosen


def status(page: Any) -> str:
    return str(page.locator(".sw-root [data-status]").inner_text())


def test_play_a_whole_game_by_clicking(notebook: Any, page: Any, artifacts: Path) -> None:
    notebook.open("quick_game.ipynb", quick_game_cells(0.25))
    root = page.locator(".sw-root")
    root.wait_for()
    assert root.get_attribute("data-lm-suppress-shortcuts") is not None
    assert root.get_attribute("data-player-to-move") == "0"
    assert root.get_attribute("data-game-over") == "false"
    # the opponent's hand is face down: no card name anywhere in it
    assert page.locator("[data-pile='O-H'] [data-card]").count() == 0
    assert page.locator("[data-pile='O-H'] .sw-back").count() == 5
    assert page.locator("[data-pile='H'] [data-card]").count() == 5

    # select the pay-off Ace: all three empty center stacks light up, nothing else
    page.locator("[data-pile='P'] .sw-face").click()
    assert page.locator("[data-pile='P'] .sw-face").get_attribute("class").count("sw-selected") == 1
    lit = sorted(
        page.locator("[data-pile].sw-target").nth(i).get_attribute("data-pile")
        for i in range(page.locator("[data-pile].sw-target").count())
    )
    assert lit == ["C1", "C2", "C3"]
    root.screenshot(path=str(artifacts / "table-selected.png"))
    old = seq(page)
    page.locator("[data-pile='C1']").click()
    wait_seq_after(page, old)
    assert (
        page.locator("[data-pile='C1'] [data-card]").get_attribute("aria-label")
        == "ace of "
        + {
            "c": "clubs",
            "d": "diamonds",
            "h": "hearts",
            "s": "spades",
        }[page.locator("[data-pile='C1'] [data-card]").get_attribute("data-card")[1]]
    )

    # a click on a pile that is not lit is sent, and Python says why not
    page.locator("[data-pile='P'] .sw-face").click()
    old = seq(page)
    old_status = status(page)
    page.locator("[data-pile='C2']").click()
    page.wait_for_function(
        "(old) => document.querySelector('.sw-root [data-status]').innerText !== old && "
        "document.querySelector('.sw-root [data-status]').innerText !== '…'",
        arg=old_status,
    )
    assert "needs an Ace" in status(page) or "cannot go on C2" in status(page), status(page)
    assert seq(page) == old  # nothing was played

    for _ in range(2):  # the 2 and the 3
        click_move(page, "[data-pile='P'] .sw-face", "C1")

    # end the turn: a hand card onto side stack 2, then watch the computer answer
    page.evaluate(RECORDER)
    first_hand = page.locator("[data-pile='H'] .sw-face").first
    card = first_hand.get_attribute("data-card")
    first_hand.click()
    lit = page.locator("[data-pile].sw-target")
    assert {lit.nth(i).get_attribute("data-pile") for i in range(lit.count())} >= {"S1", "S2", "S3", "S4"}
    page.locator("[data-pile='S2']").click()
    page.wait_for_function("() => window.__swSeen.busy.includes('true')")
    page.wait_for_function(
        "() => document.querySelector('.sw-root').dataset.busy === 'false' && "
        "document.querySelector('.sw-root').dataset.playerToMove === '0'"
    )
    seen = page.evaluate("() => window.__swSeen")
    assert "1" in seen["toMove"]
    assert "Random bot put" in status(page) and "Your turn" in status(page), status(page)
    assert page.locator("[data-pile='S2'] [data-card]").last.get_attribute("data-card") == card
    assert page.locator("[data-pile='H'] [data-card]").count() == 5  # refilled
    assert page.locator("[data-pile^='O-S'] [data-card]").count() == 1  # the computer's one move

    state = notebook.run_json(1)
    assert state["player"] == 0 and state["sides0"][1] == [card]
    assert [m[:1] for m in state["moves"]] == ["P", "P", "P", "H", "H"]
    assert state["moves"][4].split(">")[1].startswith("S")

    # play the rest of the pay-off pile: 4..Q completes C1, then A..8 wins
    for _ in range(17):
        click_move(page, "[data-pile='P'] .sw-face")
    root = page.locator(".sw-root")
    assert root.get_attribute("data-game-over") == "true"
    assert "You emptied your pay-off pile and win 20 points" in status(page), status(page)
    assert page.locator("[data-action='next-game']").is_enabled()
    assert page.locator("[data-action='undo']").is_disabled()
    assert page.locator("[data-action='hint']").is_disabled()
    assert page.locator(".sw-score").inner_text().replace("\n", " ").count("20") == 1
    page.wait_for_timeout(400)  # let the last card land
    root.screenshot(path=str(artifacts / "table-game-over.png"))

    state = notebook.run_json(1)
    assert state["over"] and state["winner"] == 0 and state["points"] == 20
    assert state["payoff0"] == 0 and state["scores"] == [20, 0]

    # the review opens below the table, labelled with its game
    page.locator("[data-action='review']").click()
    label = page.locator(".sw-review-label")
    label.wait_for()
    assert label.inner_text() == "Replay of game 1: You won 20 points"
    page.locator(".sw-review-box .swr-root").wait_for()

    # next game: a new deal, the computer starts it (the first player alternates)
    page.locator("[data-action='next-game']").click()
    page.wait_for_function(
        "() => document.querySelector('.sw-root').dataset.gameOver === 'false' && "
        "document.querySelector('.sw-root').dataset.busy === 'false' && "
        "document.querySelector('.sw-root').dataset.playerToMove === '0'"
    )
    assert "game 2" in page.locator(".sw-score").inner_text()
    # the replay of game 1 is still below the new table, and says which game it is
    assert label.inner_text().startswith("Replay of game 1")


PLAYED_DOWN = [
    "import random\n"
    "from spite_widget import Game, SpiteWidget\n"
    "game = Game.new(seed=0, players=('You', 'Random bot'))\n"
    "rng = random.Random(0)\n"
    "while game.ply < 28:  # random play to a position where your S2 is the table's tallest stack\n"
    "    moves = game.legal_moves()\n"
    "    c = [m for m in moves if m.to_center]\n"
    "    game.play(rng.choice(c) if c and rng.random() < 0.5 else rng.choice(moves))\n"
    "sides = [len(s) for seat in game.state.sides for s in seat]\n"
    "assert game.current_player == 0 and sides[1] == max(sides) and sides.count(max(sides)) == 1, sides\n"
    "w = SpiteWidget(game=game, opponent='random', seed=2, opponent_delay=0)\n"
    "w",
]


def test_a_stack_played_down_keeps_its_room(notebook: Any, page: Any) -> None:
    """The side stacks' room only grows within a game: playing the tallest stack down does
    not pull your row, and the card you were about to click, up under the pointer."""
    notebook.open("played_down.ipynb", PLAYED_DOWN)
    page.locator(".sw-root [data-pile='S2'] [data-card='9d']").wait_for()
    heights = "() => [...document.querySelectorAll('.sw-root .sw-sides')].map(e => e.offsetHeight)"
    hand = page.locator(".sw-root [data-pile='H']")
    before, hand_at = page.evaluate(heights), hand.bounding_box()
    cards = page.locator(".sw-root [data-pile='S2'] [data-card]").count()
    click_move(page, ".sw-root [data-pile='S2'] [data-card='9d']", "C1")
    assert page.locator(".sw-root [data-pile='S2'] [data-card]").count() == cards - 1
    assert page.evaluate(heights) == before
    after = hand.bounding_box()
    assert hand_at is not None and after is not None and abs(after["y"] - hand_at["y"]) <= 1


def test_keyboard_only_move(notebook: Any, page: Any) -> None:
    notebook.open("keyboard.ipynb", quick_game_cells(0))
    page.locator(".sw-root").wait_for()
    # the keyboard enters the table at the pay-off pile
    page.locator("[data-pile='P']").focus()
    page.keyboard.press("Enter")
    page.locator("[data-pile='P'] .sw-selected").wait_for()
    assert page.locator("[data-pile].sw-target").count() == 3
    page.keyboard.press("Escape")
    assert page.locator(".sw-selected").count() == 0
    page.keyboard.press(" ")  # Space selects too
    page.locator("[data-pile='P'] .sw-selected").wait_for()
    page.keyboard.press("ArrowUp")  # from P, the pile above it: the stock, then right: C1
    assert page.evaluate("() => document.activeElement.dataset.pile") == "stock"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.pile") == "C1"
    old = seq(page)
    page.keyboard.press("Enter")
    wait_seq_after(page, old)
    assert page.locator("[data-pile='C1'] [data-card]").get_attribute("data-card")[0] == "A"
    # the focus stays on the table after the redraw, ready for the next key
    assert page.evaluate("() => document.activeElement.dataset.pile") == "C1"
    state = notebook.run_json(1)
    assert len(state["moves"]) == 1 and state["moves"][0].endswith(">C1")
    assert state["moves"][0].startswith("P:A")


FOCUSED = """() => {
    const a = document.activeElement;
    if (a.dataset.card && a.closest("[data-pile='H']")) return 'H:' + a.dataset.card;
    return a.dataset.pile || (a.dataset.action ? 'action:' + a.dataset.action : a.className);
}"""

# where each pile's cards are (its caption left out): the rectangle the arrows go by
SEEN = """(sel) => {
    const p = document.querySelector(sel);
    const r = p.querySelector(':scope > :not(.sw-caption)').getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
}"""


def press_from(page: Any, selector: str, key: str) -> str:
    """Focus `selector`, press `key`, return what has the focus then (a pile key, H:<card>)."""
    page.locator(selector).focus()
    page.keyboard.press(key)
    return str(page.evaluate(FOCUSED))


def test_arrows_go_to_the_nearest_pile_that_way(notebook: Any, page: Any, artifacts: Path) -> None:
    """At 900 px (at the deal: your side stacks are empty) the arrows go where the eye goes:
    up from S4 to the center row, not into your hand; right from C3 nowhere, not round to
    your pay-off pile; left from the first hand card to S4, not to the hand as a whole."""
    page.set_viewport_size({"width": 1400, "height": 1200})
    notebook.open(
        "arrows.ipynb",
        ["from spite_widget import SpiteWidget\nw = SpiteWidget(opponent='greedy', seed=1)\nw"],
    )
    root = page.locator(".sw-root")
    root.wait_for()
    page.evaluate("() => { document.querySelector('.sw-root').style.width = '900px'; }")
    page.wait_for_timeout(300)
    assert page.locator(".sw-root [data-pile='S4'] .sw-slot").count() == 1  # empty
    first = page.locator(".sw-root [data-pile='H'] .sw-face").first
    first_card = "H:" + str(first.get_attribute("data-card"))

    up = press_from(page, ".sw-root [data-pile='S4']", "ArrowUp")
    assert page.locator(".sw-root .sw-middle [data-pile]:focus").count() == 1, up
    # ...to the center stack nearest above it
    s4 = page.evaluate(SEEN, ".sw-root [data-pile='S4']")
    centers = {k: page.evaluate(SEEN, f".sw-root [data-pile='{k}']") for k in ("stock", "C1", "C2", "C3")}
    mid = (s4["left"] + s4["right"]) / 2
    nearest = min(centers, key=lambda k: abs((centers[k]["left"] + centers[k]["right"]) / 2 - mid))
    assert up == nearest, (up, nearest)

    assert press_from(page, ".sw-root [data-pile='C3']", "ArrowRight") == "C3"  # the row ends
    assert press_from(page, ".sw-root [data-pile='H'] .sw-face >> nth=0", "ArrowLeft") == "S4"
    # the rest of the bottom row, both ways, and no wrapping at its ends
    assert press_from(page, ".sw-root [data-pile='S4']", "ArrowRight") == first_card
    assert press_from(page, ".sw-root [data-pile='S1']", "ArrowLeft") == "P"
    assert press_from(page, ".sw-root [data-pile='P']", "ArrowLeft") == "P"
    last = page.locator(".sw-root [data-pile='H'] .sw-face").last
    assert press_from(page, ".sw-root [data-pile='H'] .sw-face >> nth=-1", "ArrowRight") == "H:" + str(
        last.get_attribute("data-card")
    )
    # up and down go from row to row: bottom seat, center row, the computer's seat, buttons
    assert press_from(page, ".sw-root [data-pile='P']", "ArrowUp") == "stock"
    assert press_from(page, ".sw-root [data-pile='stock']", "ArrowDown") == "P"
    assert press_from(page, ".sw-root [data-pile='stock']", "ArrowUp") == "O-P"
    assert press_from(page, ".sw-root [data-pile='C1']", "ArrowDown").startswith("S")
    assert press_from(page, ".sw-root [data-pile='O-P']", "ArrowUp").startswith("action:")
    assert press_from(page, ".sw-root [data-pile='P']", "ArrowDown") == "P"  # the last row
    root.screenshot(path=str(artifacts / "table-arrows-900.png"))


STEADY_CELL = "from spite_widget import SpiteWidget\nw = SpiteWidget(opponent='greedy', seed=1)\nw"

# where your side stacks and your hand are, from the top of the table
LOWER_HALF = """() => {
    const root = document.querySelector('.sw-root');
    const top = root.getBoundingClientRect().top;
    const y = (k) => Math.round(root.querySelector(`[data-pile='${k}']`).getBoundingClientRect().top - top);
    return Object.fromEntries(['S1', 'S2', 'S3', 'S4', 'H'].map((k) => [k, y(k)]));
}"""


def test_the_lower_half_stays_put_as_the_status_changes(notebook: Any, page: Any, artifacts: Path) -> None:
    """At 360, 480 and 600 px the status line has a row of its own (or shares one with the
    center stacks): its words change with a hint, a card picked up, Escape, and the side
    stacks and the hand below it stay where they were at the deal."""
    page.set_viewport_size({"width": 1400, "height": 1200})
    notebook.open("steady.ipynb", [STEADY_CELL])
    for i, width in enumerate((360, 480, 600)):
        if i:
            notebook.run_cell(0)  # a fresh deal
        root = page.locator(".sw-root")
        root.wait_for()
        page.wait_for_function(
            "() => document.querySelector('.sw-root [data-status]').innerText.includes('Your turn')"
        )
        page.evaluate(f"() => {{ document.querySelector('.sw-root').style.width = '{width}px'; }}")
        page.wait_for_timeout(300)
        at_deal = page.evaluate(LOWER_HALF)
        seen = {"deal": at_deal}
        page.locator(".sw-root [data-action='hint']").click()
        page.locator(".sw-root .sw-status-hint").wait_for()
        page.wait_for_timeout(100)
        seen["hint"] = page.evaluate(LOWER_HALF)
        root.screenshot(path=str(artifacts / f"table-steady-{width}-hint.png"))
        page.locator(".sw-root [data-pile='H'] .sw-face").first.click()
        page.locator(".sw-root .sw-selected").wait_for()
        seen["selected"] = page.evaluate(LOWER_HALF)
        root.screenshot(path=str(artifacts / f"table-steady-{width}-selected.png"))
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('.sw-root .sw-selected')")
        assert "cancelled" in status(page), status(page)
        seen["escape"] = page.evaluate(LOWER_HALF)
        # a pay-off card with nowhere to go says so at length: still nothing moves
        page.locator(".sw-root [data-pile='P'] .sw-face").click()
        page.locator(".sw-root .sw-selected").wait_for()
        seen["payoff"] = page.evaluate(LOWER_HALF)
        page.keyboard.press("Escape")
        moved = {when: ys for when, ys in seen.items() if ys != at_deal}
        assert not moved, (width, at_deal, moved)


SCREEN_CELL = (
    "import random\n"
    "from spite_widget import SpiteWidget\n"
    "w = SpiteWidget(opponent='random', seed=11, opponent_delay=0)\n"
    "pick = random.Random(4)\n"
    "for _ in range(22):\n"
    "    if w.game.is_over:\n"
    "        break\n"
    "    moves = w.game.legal_moves()\n"
    "    center = [m for m in moves if m.to_center]\n"
    "    w.play(center[0] if center else pick.choice(moves))\n"
    "w"
)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_screenshots(notebook: Any, page: Any, artifacts: Path, dark: bool) -> None:
    """The table at notebook width (~900 px) and at 600 px, light and dark: saved for people to look at."""
    page.set_viewport_size({"width": 1400, "height": 1200})
    notebook.open("screens.ipynb", [SCREEN_CELL])
    root = page.locator(".sw-root")
    root.wait_for()
    page.wait_for_function("() => document.querySelector('.sw-root').dataset.busy === 'false'")
    notebook.set_theme(dark)
    theme = "dark" if dark else "light"
    for width in (900, 600):
        page.evaluate(f"() => {{ document.querySelector('.sw-root').style.width = '{width}px'; }}")
        page.wait_for_timeout(300)
        box = root.bounding_box()
        assert box is not None and abs(box["width"] - width) < 2
        # nothing spills out of the table sideways
        overflow = page.evaluate(
            "() => { const r = document.querySelector('.sw-root').getBoundingClientRect();"
            " return [...document.querySelectorAll('.sw-root .sw-card')]"
            ".filter(c => c.getBoundingClientRect().right > r.right + 1).length; }"
        )
        assert overflow == 0
        root.screenshot(path=str(artifacts / f"table-{theme}-{width}.png"))
    if dark:
        notebook.set_theme(False)
