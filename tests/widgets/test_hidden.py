"""Nothing hidden ever reaches the browser: every synced trait is scanned after every move."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from spite_widget import Move
from spite_widget.engine.state import GameState
from spite_widget.widgets.protocol import table_view
from spite_widget.widgets.table import SpiteWidget

from .conftest import FrontEnd

NOTATION = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK][cdhs])(?![A-Za-z0-9])")
DISPLAY = re.compile(r"(10|[A2-9JQK])([♣♦♥♠])")
SUIT_OF = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def cards_named(text: str) -> Counter[str]:
    """Every card a text names, in notation ("7h") or as shown ("7♥", "10♠")."""
    found = Counter(m.group(1) for m in NOTATION.finditer(text))
    for m in DISPLAY.finditer(text):
        found[("T" if m.group(1) == "10" else m.group(1)) + SUIT_OF[m.group(2)]] += 1
    return found


def visible(w: SpiteWidget) -> Counter[str]:
    """What the person at the screen sees at the table (while a hotseat table is covered, the
    hand at the bottom is not theirs yet: it may not be shown)."""
    return visible_from(w.state, w.table["bottom"], own_hand=not w.covered)


def visible_from(s: GameState, seat: int, *, own_hand: bool = True) -> Counter[str]:
    """What `seat` sees at the table: own hand, the pay-off tops, every side and center card."""
    seen: Counter[str] = Counter(str(c) for c in s.hands[seat]) if own_hand else Counter()
    for p in (0, 1):
        if s.payoffs[p]:
            seen[str(s.payoffs[p][-1])] += 1
        for side in s.sides[p]:
            seen.update(str(c) for c in side)
    for center in s.centers:
        seen.update(str(c) for c in center)
    return seen


def played_in_view(w: SpiteWidget) -> Counter[str]:
    """The cards played in the turn in progress and in the turn before it (every play is made
    face up), and no earlier ones."""
    played: Counter[str] = Counter()
    turns_ended = 0
    for move in reversed(w.game.moves):
        if not move.to_center:  # a card put on a side stack ends a turn
            turns_ended += 1
            if turns_ended == 2:
                break
        played[str(move.card)] += 1
    return played


def hidden_somewhere(w: SpiteWidget) -> Counter[str]:
    s = w.state
    bottom = w.table["bottom"]
    cards: Counter[str] = Counter(str(c) for c in s.hands[1 - bottom])
    cards.update(str(c) for c in s.stock)
    for p in (0, 1):
        cards.update(str(c) for c in s.payoffs[p][:-1])
    return cards


def check(w: SpiteWidget) -> None:
    state = w.get_state()
    # the labels (`strings`) are sent once per language, not with every move: apart
    synced = json.dumps(
        {k: v for k, v in state.items() if not k.startswith("_") and k != "strings"}, ensure_ascii=False
    )
    # (< 6 KB: the piles' accessible names come from Python, in the widget's language, about 1.5 KB
    # of them with full side stacks; before, the browser made them up in English)
    assert len(synced) < 6144
    assert len(json.dumps(state["strings"], ensure_ascii=False)) < 8192
    # the table names exactly the cards on view (centers by their tops), never more
    drawn = {k: v for k, v in w.table.items() if k != "last"}
    table_cards = cards_named(json.dumps(drawn, ensure_ascii=False))
    seen = visible(w)
    assert not table_cards - seen, f"the table shows {table_cards - seen} that the player cannot see"
    # no trait names a card the player cannot see: but for the cards played in this turn and
    # the one before, which went down face up for all to see (a turn is summed up, even when a
    # card of it completed a stack and went into the stock)
    seen.update(played_in_view(w))
    for key, value in state.items():
        if key.startswith("_"):
            continue
        named = cards_named(json.dumps(value, ensure_ascii=False))
        leaked = {c for c in named if c not in seen}
        assert not leaked, (
            f"trait {key} names {leaked}, which are hidden ({hidden_somewhere(w) & Counter(leaked)})"
        )
    assert w.table["seats"][1 - w.table["bottom"]]["hand"] is None
    assert isinstance(w.table["stock"], int)
    assert "moves" not in w.table and "history" not in w.table


@pytest.mark.parametrize("opponent", ["random", None])
def test_no_hidden_card_in_any_synced_trait(opponent: str | None) -> None:
    rng = random.Random(17)
    for seed in range(3):
        w = SpiteWidget(opponent=opponent, seed=seed, opponent_delay=0)
        front = FrontEnd(w)
        check(w)
        for _ in range(400):
            if w.game.is_over:
                break
            if w.actions["reveal"]:
                assert w.covered and w.legal == [] and w.table["seats"][w.table["bottom"]]["hand"] is None
                front.press("reveal")
                check(w)
            moves = w.legal
            center = [m for m in moves if Move.parse(m).to_center]
            move = rng.choice(center) if center and rng.random() < 0.8 else rng.choice(moves)
            if rng.random() < 0.1:
                front.press("hint")
                check(w)
            front.move(move)
            check(w)
            if rng.random() < 0.1 and w.actions["undo"]:
                front.press("undo")
                check(w)
        # every update that went over the comm, too
        for msg in front.sent:
            text = json.dumps(msg, ensure_ascii=False)
            assert len(text) < 4096
        w.close()


def test_the_table_view_of_a_state_shows_only_the_hands_asked_for() -> None:
    w = SpiteWidget(opponent=None, seed=2)
    s = w.state
    both = table_view(s, names=("A", "B"), seq=0, show_hands=(True, True))
    assert both["seats"][0]["hand"] == [str(c) for c in s.hands[0]]
    assert both["seats"][1]["hand"] == [str(c) for c in s.hands[1]]
    one = table_view(s, names=("A", "B"), seq=0, bottom=1)
    assert one["seats"][0]["hand"] is None and one["bottom"] == 1
    assert "stock" in one and isinstance(one["stock"], int)
