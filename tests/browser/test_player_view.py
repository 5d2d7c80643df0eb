"""What a player sees (issue 16): rings on hinted and picked-up hand cards, readable covered
cards in tall side stacks, a table that stays within a laptop screen, the narrow layout, and
the replay's move list. The widget is drawn from its bundle in a bare page (conftest.bare),
its real Python behind it; screenshots go to test-artifacts/ for people to look at.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import busy_table

from spite_widget import Game, ReplayWidget, SpiteWidget

pytestmark = pytest.mark.browser

GOLD = "rgb(255, 213, 79)"
BLUE = "rgb(79, 195, 247)"


def tall_widget(per_stack: int, seed: int = 3) -> SpiteWidget:
    """A game in which both players only ever discard, so that their side stacks grow tall
    (S1 and S2 to `per_stack` cards, S3 shorter); the game may end in a draw on the way."""
    g = Game.new(seed=seed, players=("You", "Expert bot"))
    rng = random.Random(seed)
    turn = 0
    while not g.is_over and min(len(s) for s in g.state.sides[g.current_player][:2]) < per_stack:
        p = g.current_player
        sides = g.state.sides[p]
        target = min(("S1", "S2"), key=lambda t: len(sides[int(t[1]) - 1])) if turn % 4 else "S3"
        moves = [m for m in g.legal_moves() if m.source == "H" and m.target == target]
        g.play(rng.choice(moves))
        turn += 1
    return SpiteWidget(game=g, opponent="greedy", seed=1, opponent_delay=0)


def open_at(
    bare: Any, new_page: Any, w: Any, width: int, *, dark: bool = False, bundle: str = "table"
) -> Any:
    """The widget in a bare page, its root `width` px wide (light or dark colour scheme)."""
    page = new_page(viewport={"width": width + 40, "height": 1100}, color_scheme="dark" if dark else "light")
    bare.open(w, page=page, bundle=bundle)
    page.evaluate(f"() => {{ document.querySelector('#widget').style.width = '{width}px'; }}")
    page.wait_for_timeout(150)
    return page


def shadow(page: Any, selector: str) -> str:
    """The element's box-shadow once its transitions have ended (mid-flight it reads 2.95px)."""
    return str(
        page.evaluate(
            f"""async () => {{
                const el = document.querySelector({selector!r});
                await Promise.all(el.getAnimations().map((a) => a.finished));
                return getComputedStyle(el).boxShadow;
            }}"""
        )
    )


# ---------------------------------------------------------------- items 1 and 2: rings
def test_a_hinted_hand_card_shows_the_hint_ring(bare: Any, new_page: Any) -> None:
    w = SpiteWidget(opponent="greedy", seed=3, opponent_delay=0)
    hand_move = next(m for m in w.legal if m.startswith("H:"))
    page = open_at(bare, new_page, w, 900)
    w.hint = hand_move  # what the Hint button sets when the expert picks a hand card
    card = f"[data-pile='H'] [data-card='{hand_move[2:4]}'].sw-hint"
    page.locator(card).wait_for()
    ring = shadow(page, card)
    assert f"{BLUE} 0px 0px 0px 3px" in ring, ring
    target = f"[data-pile='{hand_move.split('>')[1]}'].sw-hint-target"
    assert BLUE in shadow(page, target)


def test_a_selected_hand_card_shows_the_gold_ring(bare: Any, new_page: Any) -> None:
    w = SpiteWidget(opponent="greedy", seed=3, opponent_delay=0)
    page = open_at(bare, new_page, w, 900)
    # by keyboard (no hover): the hand pile, then its first card, then Enter picks it up
    page.locator("[data-pile='H'] .sw-face").first.click()
    page.mouse.move(5, 5)
    page.locator("[data-pile='H'] .sw-selected").wait_for()
    ring = shadow(page, "[data-pile='H'] .sw-selected")
    assert f"{GOLD} 0px 0px 0px 3px" in ring, ring


# ---------------------------------------------------------------- the cards just drawn
DRAWN_JS = """() => {
    // every time hand cards get marked as just drawn: their positions in the hand
    window.drawnMarks = [];
    new MutationObserver(() => {
        const cards = [...document.querySelectorAll("[data-pile='H'] .sw-face")];
        const marked = cards.flatMap((c, i) => (c.classList.contains('sw-drawn') ? [i] : []));
        if (marked.length) window.drawnMarks.push(marked);
    }).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ['class']});
}"""


def test_the_cards_marked_as_drawn_are_those_python_names(bare: Any, new_page: Any) -> None:
    """The front end works out no draw: it marks the hand positions of the table's `drawn`."""
    w = SpiteWidget(opponent="greedy", seed=3, opponent_delay=0)
    page = open_at(bare, new_page, w, 900)
    page.evaluate(DRAWN_JS)
    w.play(next(m for m in w.legal if m.startswith("H:") and ">S" in m))  # ends the turn
    w.wait(30)
    drawn = w.table["drawn"]
    assert w.table["to_move"] == 0 and drawn  # the computer has played; this hand refilled
    page.wait_for_function(f"() => document.querySelector('.sw-root').dataset.seq === '{w.table['seq']}'")
    assert page.evaluate("() => window.drawnMarks.at(-1)") == drawn


def test_the_center_stacks_say_what_python_says(bare: Any, new_page: Any) -> None:
    """A center stack's name, what a King on it counts as, what an empty one takes: Python's."""
    s = Game.new(seed=3).state
    stock = list(s.stock)
    c1 = tuple(stock.pop(next(i for i, c in enumerate(stock) if str(c)[0] == r)) for r in "A2K")
    s = dataclasses.replace(s, stock=tuple(stock), centers=(c1, (), ()))
    w = SpiteWidget(game=Game.from_state(s, seed=3), opponent="greedy", seed=1, opponent_delay=0)
    page = open_at(bare, new_page, w, 900)
    labels = page.evaluate(
        "() => [1, 2, 3].map(i => document.querySelector(`[data-pile='C${i}']`).ariaLabel)"
    )
    assert labels == [c["label"] for c in w.table["centers"]]
    assert labels[0].endswith("counting as 3; needs a 4") and labels[1].endswith("empty, needs an ace")
    assert page.locator("[data-pile='C1'] .sw-as").inner_text() == "= 3"
    assert page.locator("[data-pile='C2'] .sw-slot").inner_text() == w.table["centers"][1]["needs"] == "A"


# ---------------------------------------------------------------- item 3: covered cards
INK_JS = """(sel) => {
    // For every covered card of a fan: the ink box of its index (rank and suit glyphs,
    // measured with the font they are drawn in), and every later card of the fan that lies
    // over that ink (a card laid exactly on another one covers all of it).
    const canvas = document.createElement('canvas').getContext('2d');
    const out = [];
    for (const fan of document.querySelectorAll(sel)) {
        const cards = [...fan.querySelectorAll(':scope > .sw-card')];
        for (let i = 0; i + 1 < cards.length; i++) {
            const ink = {left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity};
            for (const g of cards[i].querySelectorAll('.sw-tl [data-glyph]')) {
                const cs = getComputedStyle(g);
                const r = g.getBoundingClientRect();
                canvas.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
                const m = canvas.measureText(g.dataset.glyph);
                const content = m.fontBoundingBoxAscent + m.fontBoundingBoxDescent;
                const baseline = r.top + (r.height - content) / 2 + m.fontBoundingBoxAscent;
                ink.top = Math.min(ink.top, baseline - m.actualBoundingBoxAscent);
                ink.bottom = Math.max(ink.bottom, baseline + m.actualBoundingBoxDescent);
                ink.left = Math.min(ink.left, r.left - m.actualBoundingBoxLeft);
                ink.right = Math.max(ink.right, r.left + m.actualBoundingBoxRight);
            }
            const over = [];
            for (const later of cards.slice(i + 1)) {
                const c = later.getBoundingClientRect();
                const dx = Math.min(ink.right, c.right) - Math.max(ink.left, c.left);
                const dy = Math.min(ink.bottom, c.bottom) - Math.max(ink.top, c.top);
                if (dx > 0.5 && dy > 0.5) over.push([later.dataset.card, +dx.toFixed(1), +dy.toFixed(1)]);
            }
            out.push({card: cards[i].dataset.card, over,
                      size: parseFloat(getComputedStyle(cards[i].querySelector('.sw-tl')).fontSize)});
        }
    }
    return out;
}"""


def tower_widget(tallest: int, seed: int = 3) -> SpiteWidget:
    """A position with very tall side stacks for both players: S1 `tallest` cards, S2 six
    fewer, S3 three (cards taken from the stock and the bottom of the pay-off piles)."""
    s = Game.new(seed=seed).state
    pool = list(s.stock) + [c for p in s.payoffs for c in p[:15]]
    sides = tuple(
        tuple(tuple(pool.pop() for _ in range(n)) for n in (tallest, tallest - 6, 3, 0)) for _ in (0, 1)
    )
    s = dataclasses.replace(s, stock=tuple(pool), payoffs=(s.payoffs[0][15:], s.payoffs[1][15:]), sides=sides)
    g = Game.from_state(s, seed=seed, players=("You", "Expert bot"))
    return SpiteWidget(game=g, opponent="greedy", seed=1, opponent_delay=0)


def assert_all_readable(page: Any, w: SpiteWidget) -> None:
    """Every card under the top of every side stack shows its whole index, at a size one reads."""
    covered = page.evaluate(INK_JS, ".sw-side .sw-fan")
    stacks = [s for seat in w.game.state.sides for s in seat if s]
    assert len(covered) == sum(len(s) - 1 for s in stacks)  # every covered card is drawn
    cut = [c for c in covered if c["over"]]
    assert not cut, cut  # no descender of a J or a Q, no digit or suit, under a later card
    assert min(c["size"] for c in covered) >= 9.5  # and not shrunk past reading (px)


@pytest.mark.parametrize("width", [900, 600, 400])
def test_every_covered_card_of_a_side_stack_is_readable(bare: Any, new_page: Any, width: int) -> None:
    w = tall_widget(10)
    page = open_at(bare, new_page, w, width)
    assert_all_readable(page, w)


@pytest.mark.parametrize("width", [900, 600, 400])
@pytest.mark.parametrize("tallest", [14, 20])
def test_every_card_of_a_very_tall_side_stack_is_readable(
    bare: Any, new_page: Any, artifacts: Path, tallest: int, width: int
) -> None:
    """Stacks of 14 and 20 cards: none of their cards hides under another (light and dark)."""
    w = tower_widget(tallest)
    dark = tallest == 20
    page = open_at(bare, new_page, w, width, dark=dark)
    page.locator(".sw-root").screenshot(
        path=str(artifacts / f"tower-{tallest}-{width}-{'dark' if dark else 'light'}.png")
    )
    assert_all_readable(page, w)


# ---------------------------------------------------------------- item 5: the height
@pytest.mark.parametrize("per_stack", [6, 10, 14, 20])
def test_the_table_fits_a_laptop_screen_however_tall_the_stacks(
    bare: Any, new_page: Any, artifacts: Path, per_stack: int
) -> None:
    w = tall_widget(per_stack) if per_stack <= 14 else tower_widget(per_stack)
    longest = max(len(s) for seat in w.game.state.sides for s in seat)
    assert longest >= per_stack
    # dark outside JupyterLab, the widget paints its own background, with a margin
    page = open_at(bare, new_page, w, 900, dark=per_stack == 20)
    height = page.evaluate("() => document.querySelector('.sw-root').getBoundingClientRect().height")
    page.locator(".sw-root").screenshot(path=str(artifacts / f"tall-{per_stack}-900.png"))
    assert height <= 800, height
    # the top card of every side stack is whole and unchanged, however the fan is squeezed
    tops = page.evaluate(
        "() => [...document.querySelectorAll('.sw-side .sw-fan')].map(f => "
        "{ const c = [...f.querySelectorAll('.sw-card')].pop(), r = c.getBoundingClientRect(),"
        " b = f.getBoundingClientRect();"
        " return [c.dataset.card || '', r.bottom - b.bottom, r.right - b.right]; })"
    )
    expect = [str(s[-1]) if s else "" for seat in (1, 0) for s in w.game.state.sides[seat]]
    assert [t[0] for t in tops] == expect
    assert all(abs(t[1]) < 1 and abs(t[2]) < 1 for t in tops), tops
    # every card of every stack is drawn, in its order, bottom to top
    for seat, prefix in ((0, ""), (1, "O-")):
        for i, s in enumerate(w.game.state.sides[seat]):
            drawn = page.locator(f"[data-pile='{prefix}S{i + 1}'] .sw-face").evaluate_all(
                "cs => cs.map(c => c.dataset.card)"
            )
            assert drawn == [str(c) for c in s]


# ---------------------------------------------------------------- item 7: narrow tables
@pytest.mark.parametrize("width", [232, 260, 300, 340])  # 232: JupyterLab at 600 px, file browser open
def test_a_narrow_table_keeps_its_rows(bare: Any, new_page: Any, artifacts: Path, width: int) -> None:
    """Stock and centers in one row, pay-off and side stacks in one row, however narrow."""
    page = open_at(bare, new_page, busy_table(), width)
    page.locator(".sw-root").screenshot(path=str(artifacts / f"narrow-{width}.png"))
    spans = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('.sw-root [data-pile]')].map(p => {"
        " const r = p.querySelector('.sw-card').getBoundingClientRect(); return [p.dataset.pile, [r.top, r.bottom]]; }))"
    )

    def one_row(keys: list[str]) -> bool:  # every card overlaps every other vertically
        return max(spans[k][0] for k in keys) < min(spans[k][1] for k in keys)

    assert one_row(["stock", "C1", "C2", "C3"]), spans
    for prefix in ("", "O-"):
        assert one_row([prefix + k for k in ("P", "S1", "S2", "S3", "S4")]), spans
    overflow = page.evaluate(
        "() => { const r = document.querySelector('.sw-root').getBoundingClientRect();"
        " return [...document.querySelectorAll('.sw-root .sw-card')]"
        ".filter(c => c.getBoundingClientRect().right > r.right + 1).length; }"
    )
    assert overflow == 0


# ---------------------------------------------------------------- item 6: the move list
def expert_record() -> dict[str, Any]:
    w = busy_table(moves=30)
    g = w.game
    g.players = ("You", "Expert bot")
    return g.to_record()


def test_the_move_list_shows_whole_names(bare: Any, new_page: Any) -> None:
    page = open_at(bare, new_page, ReplayWidget(expert_record()), 900, bundle="replay")
    names = page.evaluate(
        "() => [...document.querySelectorAll('.swr-who')].map(e => [e.textContent, e.scrollWidth - e.clientWidth])"
    )
    assert {n for n, _ in names} == {"You", "Expert bot"}
    assert all(cut <= 0 for _, cut in names), names


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_current_move_reads_well(bare: Any, new_page: Any, dark: bool) -> None:
    w = ReplayWidget(expert_record())
    page = open_at(bare, new_page, w, 900, dark=dark, bundle="replay")
    colours = set()
    for ply in range(1, 12):  # red and black cards both
        w.seek(ply)
        page.wait_for_function(f"() => document.querySelector('.swr-current')?.dataset.ply === '{ply}'")
        colours.add(page.locator(".swr-current .swr-san-card").get_attribute("class"))
        for part in (".swr-san-card", ".swr-san"):
            ratio = contrast_on(page, f".swr-current {part}", ".swr-current")
            assert ratio >= 4.5, (ply, part, ratio)
    assert len(colours) == 2  # a red card and a black card were both the current move


CONTRAST_ON_JS = """([text, back]) => {
    const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const a = lum(rgb(getComputedStyle(document.querySelector(text)).color));
    const b = lum(rgb(getComputedStyle(document.querySelector(back)).backgroundColor));
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def contrast_on(page: Any, text: str, back: str) -> float:
    """The contrast of `text`'s colour on the (opaque) background of `back`."""
    return float(page.evaluate(CONTRAST_ON_JS, [text, back]))


# ---------------------------------------------------------------- item 13: the move list patched
def test_a_seat_replay_patches_its_move_list(bare: Any, new_page: Any) -> None:
    """From a seat Python sends each step's change to the move list, not the list: the page
    splices its copy (js/replay/index.js) and shows exactly the moves up to the cursor."""
    w = ReplayWidget(expert_record(), perspective=0)
    page = open_at(bare, new_page, w, 900, bundle="replay")
    shown = "() => [...document.querySelectorAll('.swr-move')].map(b => b.dataset.ply).join(',')"
    for ply in [1, 2, 3, 4, 5, 6, 7, 8, 4, 3, 9, 0, 12]:
        w.seek(ply)
        want = ",".join(str(i) for i in range(1, ply + 1))
        page.wait_for_function(f"() => ({shown})() === {want!r}")
    assert w.moves_patch, "steps went as patches"
    w.annotate(5, mark="?!")
    page.wait_for_function(
        "() => document.querySelector(\".swr-move[data-ply='5'] .swr-mark\")?.textContent === '?!'"
    )
    assert page.evaluate(shown) == ",".join(str(i) for i in range(1, 13))
