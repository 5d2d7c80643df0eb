"""What the table view tells the browser so that it works nothing out itself: each center
stack's accessible name (`label`) and where the cards just drawn sit in the bottom hand (`drawn`)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from spite_widget import Move
from spite_widget.engine.game import Game
from spite_widget.engine.state import GameState
from spite_widget.widgets.protocol import center_view, table_view
from spite_widget.widgets.table import SpiteWidget

from .conftest import FrontEnd


@pytest.mark.parametrize(
    ("pile", "index", "label"),
    [
        ((), 0, "center stack 1: empty, needs an ace"),
        (("Ah",), 2, "center stack 3: 1 card, top ace of hearts; needs a 2"),
        (("Ah", "2c", "3d", "4s", "5h"), 1, "center stack 2: 5 cards, top five of hearts; needs a 6"),
        (("Ah", "2c", "Kd"), 0, "center stack 1: 3 cards, top king of diamonds counting as 3; needs a 4"),
        (
            ("Ah", "2c", "3d", "4s", "5h", "6h", "7h", "8h", "9h", "Th", "Jh"),
            2,
            "center stack 3: 11 cards, top jack of hearts; needs a Queen",
        ),
        (
            ("Ah", "2c", "3d", "4s", "5h", "6h", "7h", "8h", "9h", "Th", "Kh"),
            0,
            "center stack 1: 11 cards, top king of hearts counting as Jack; needs a Queen",
        ),
    ],
)
def test_each_center_stack_carries_the_words_the_browser_shows(
    pile: tuple[str, ...], index: int, label: str
) -> None:
    view = center_view(pile, index)
    assert view["label"] == label
    # the label agrees with the fields the stack is drawn from
    assert view["size"] == len(pile)
    words = {"J": "a Jack", "Q": "a Queen", "8": "an 8"}
    assert label.endswith(
        "needs an ace" if not pile else f"; needs {words.get(view['needs'], 'a ' + view['needs'])}"
    )


def test_the_synced_table_carries_a_label_for_every_center_stack() -> None:
    w = SpiteWidget(opponent="random", seed=4, opponent_delay=0)
    front = FrontEnd(w)
    rng = random.Random(4)
    seen = set()
    for _ in range(60):
        if w.game.is_over:
            break
        center = [m for m in w.legal if Move.parse(m).to_center]
        front.move(rng.choice(center or w.legal))
        sizes = [len(c) for c in w.state.centers]
        for i, c in enumerate(w.table["centers"]):
            assert c["label"].startswith(f"center stack {i + 1}: ")
            assert c["size"] == sizes[i]
            seen.add(c["label"].split(": ", 1)[1].split(",")[0])
    assert "empty" in seen and len(seen) > 3  # stacks of several sizes were named
    w.close()


def expected_drawn(w: SpiteWidget) -> list[int]:
    """Worked out the long way, from the game itself: where the cards the bottom seat drew with
    the last move sit in its hand, or [] when that hand is not shown or that seat drew nothing."""
    bottom = w.table["bottom"]
    if w.table["seats"][bottom]["hand"] is None or w.game.ply == 0 or w.table["last"] is None:
        return []
    before_game = w.game.copy()
    last = before_game.undo()
    before = list(before_game.state.hands[bottom])
    if last.source == "H" and before_game.current_player == bottom:
        before.remove(last.card)
    after = list(w.game.state.hands[bottom])
    if len(after) > len(before) and after[: len(before)] == before:
        return list(range(len(before), len(after)))
    return []


@pytest.mark.parametrize("opponent", ["random", None])
def test_drawn_names_the_new_cards_of_the_shown_hand_and_nothing_else(opponent: str | None) -> None:
    rng = random.Random(8)
    kinds: Counter[str] = Counter()
    for seed in range(4):
        w = SpiteWidget(opponent=opponent, seed=seed, opponent_delay=0)
        front = FrontEnd(w)
        for _ in range(300):
            if w.game.is_over:
                break
            if w.actions["reveal"]:
                # covered: the hand that drew is not sent, nor where its new cards are
                assert w.table["seats"][w.table["bottom"]]["hand"] is None and w.table["drawn"] == []
                if w.game.ply:
                    kinds["covered"] += 1
                front.press("reveal")
            table = w.table
            assert table["drawn"] == expected_drawn(w)
            if table["drawn"]:
                hand = table["seats"][table["bottom"]]["hand"]
                assert table["drawn"][-1] == len(hand) - 1
                kinds["after a refill" if table["last"]["player"] == table["bottom"] else "after a turn"] += 1
            moves = w.legal
            center = [m for m in moves if Move.parse(m).to_center]
            front.move(rng.choice(center) if center and rng.random() < 0.85 else rng.choice(moves))
            assert w.table["drawn"] == expected_drawn(w)
        w.close()
    # both ways of drawing were met (and, at one screen, covered tables), so the checks ran
    assert kinds["after a refill"] and kinds["after a turn"]
    assert bool(kinds["covered"]) == (opponent is None)


def test_drawn_is_for_the_seat_that_drew_and_only_when_its_hand_is_shown() -> None:
    game = Game.new(seed=11, players=("A", "B"))
    # each player ends a turn at once: B ends the second, and A draws the card it put down
    for _ in range(2):
        moves = game.legal_moves()
        played = game.play(next(m for m in moves if m.ends_turn))
    assert played.drawer == 0 and len(played.drawn) == 1
    state: GameState = game.state
    seen_by_a = table_view(state, names=("A", "B"), seq=1, bottom=0, played=played)
    assert seen_by_a["drawn"] == [4]
    assert seen_by_a["seats"][0]["hand"][4] == str(played.drawn[0])  # type: ignore[index]
    seen_by_b = table_view(state, names=("A", "B"), seq=1, bottom=1, played=played)
    assert seen_by_b["drawn"] == []
    view_of_b = table_view(game.view(1), names=("A", "B"), seq=1, played=played)
    assert view_of_b["drawn"] == [] and view_of_b["seats"][0]["hand"] is None
    covered_a = table_view(game.view(0), names=("A", "B"), seq=1, played=played, cover=True)
    assert covered_a["drawn"] == [] and covered_a["seats"][0]["hand"] is None
    not_shown = table_view(state, names=("A", "B"), seq=1, bottom=0, played=played, show_hands=(False, True))
    assert not_shown["drawn"] == []
    shown = table_view(game.view(0), names=("A", "B"), seq=1, played=played)
    assert shown["drawn"] == [4]


def test_the_lesson_marks_the_cards_of_a_refilled_hand() -> None:
    from spite_widget.widgets.lesson import LessonWidget

    w = LessonWidget("refill")
    b = FrontEnd(w)
    for move in ("H:Ah>C1", "H:2s>C1", "H:3d>C1", "H:4c>C1"):
        b.move(move)
        assert w.table["drawn"] == []
    b.move("H:5h>C1")
    assert w.table["drawn"] == [0, 1, 2, 3, 4] and len(w.table["seats"][0]["hand"]) == 5
    b.press("undo")
    assert w.table["drawn"] == [] and w.table["last"] is None
    w.close()
