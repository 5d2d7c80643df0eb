"""SpiteWidget driven like the browser drives it: moves, buttons, the computer's turn."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from decks import deal, played_to_the_end

from spite_widget import Game, IllegalMoveError, Move
from spite_widget.bots import get_bot
from spite_widget.engine.cards import card_words
from spite_widget.widgets.table import SpiteWidget

from .conftest import FrontEnd


def center_move(w: SpiteWidget) -> str | None:
    for m in w.legal:
        if Move.parse(m).to_center:
            return m
    return None


def test_a_new_table_shows_the_players_side() -> None:
    w = SpiteWidget(opponent="random", seed=3, opponent_delay=0)
    t = w.table
    assert t["bottom"] == 0 and t["to_move"] == 0 and t["ply"] == 0
    assert t["seats"][0]["hand"] == [str(c) for c in w.state.hands[0]]
    assert t["seats"][1]["hand"] is None and t["seats"][1]["hand_count"] == 5
    assert t["stock"] == 54 and t["result"] is None
    assert [c["needs"] for c in t["centers"]] == ["A", "A", "A"]
    assert sorted(w.legal) == sorted(str(m) for m in w.game.legal_moves())
    assert w.status["kind"] == "turn" and "Your turn" in w.status["text"]
    assert w.actions == {"reveal": False, "hint": True, "undo": False, "next-game": False, "new-match": True}
    assert (
        w.score["scores"] == [0, 0] and w.score["target"] == 50 and w.score["names"] == ["You", "Random bot"]
    )


def test_a_move_from_the_browser_plays_and_tells_python(front: FrontEnd) -> None:
    seen: list[tuple[str, int]] = []
    front.w.on_move(lambda move, player: seen.append((str(move), player)))
    move = center_move(front.w) or front.w.legal[0]
    seq = front.seq
    front.move(move)
    assert front.w.game.moves[0] == move
    assert front.seq > seq
    assert seen[0] == (move, 0)
    assert front.w.table["last"]["move"] == str(front.w.game.last_move)


def test_an_illegal_move_says_why_and_changes_nothing(front: FrontEnd) -> None:
    w = front.w
    hand = w.table["seats"][0]["hand"]
    not_ace = next(c for c in hand if c[0] not in "AK")
    before = (w.game.ply, front.seq, w.table)
    front.move(f"H:{not_ace}>C1")
    assert front.kind == "error"
    assert "Not allowed" in front.status and "C1 is empty, so it needs an Ace" in front.status
    assert (w.game.ply, front.seq, w.table) == before


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("H:7s>S4", "must be an object"),
        (["move", "H:7s>S4"], "must be an object"),
        (None, "must be an object"),
        ({}, "unknown message type"),
        ({"type": "cheat", "seq": 0}, "unknown message type 'cheat'"),
        ({"type": 3, "seq": 0}, "unknown message type"),
        ({"type": "move", "move": "H:7s>S4"}, "needs seq"),
        ({"type": "move", "move": "H:7s>S4", "seq": True}, "needs seq"),
        ({"type": "move", "move": "H:7s>S4", "seq": -1}, "needs seq"),
        ({"type": "move", "move": "H:7s>S4", "seq": "0"}, "needs seq"),
        ({"type": "move", "move": 7, "seq": 0}, "needs a move"),
        ({"type": "move", "seq": 0}, "needs a move"),
        ({"type": "move", "move": "H:7s>S4", "seq": 0, "player": 1}, "unexpected field(s) player"),
        ({"type": "undo", "seq": 0, "move": "H:7s>S4"}, "unexpected field(s) move"),
        ({"type": "move", "move": "x" * 5000, "seq": 0}, "too long"),
    ],
)
def test_hostile_messages_change_nothing(front: FrontEnd, content: object, words: str) -> None:
    w = front.w
    before = (w.game.ply, w.table, w.legal, w.actions)
    front.send(content)  # never raises
    assert front.kind == "error" and words in front.status, front.status
    assert (w.game.ply, w.table, w.legal, w.actions) == before
    assert w.errors == []


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("H:7s-S4", "'H:7s-S4' is not a move: write SOURCE:CARD>TARGET"),
        ("Q:7s>S4", "is not a move: the source must be"),
        ("H:1s>S4", "is not a move: '1s' is not a card"),
        ("H:7s>S9", "is not a move: the target must be"),
        ("P:7s>S1", "Not allowed: the pay-off card only goes to a center stack (C1–C3)."),
        ("H:7s>O-S1", "Not allowed: your opponent's piles are theirs alone."),
        (
            "H:7s>stock",
            "Not allowed: nothing is ever put on a pay-off pile, back into a hand or on the stock.",
        ),
        ("S1:7s>S2", "Not allowed: nothing moves from one side stack to another."),
    ],
)
def test_malformed_moves_are_refused_in_words(front: FrontEnd, move: str, words: str) -> None:
    ply = front.w.game.ply
    front.move(move)
    assert front.kind == "error" and words in front.status, front.status
    assert front.status.lower().count("not a move") <= 1, front.status  # said once, not twice
    assert front.w.game.ply == ply


def test_a_double_click_plays_once() -> None:
    w = SpiteWidget(opponent="random", seed=3, opponent_delay=0)
    front = FrontEnd(w)
    move = center_move(w) or w.legal[0]
    seq = front.seq
    front.move(move, seq)
    ply = w.game.ply
    front.move(move, seq)  # the same click again, for the table as it was
    assert w.game.ply == ply
    assert front.kind == "error" and front.status.endswith(
        "earlier position of the table, so nothing was played."
    )
    front.send({"type": "undo", "seq": seq})
    assert w.game.ply == ply
    # a stale Undo or Hint played nothing either way: it changed nothing ("nothing was played" read oddly)
    assert front.status.endswith("earlier position of the table, so nothing was changed."), front.status


def test_the_computer_answers_one_move_at_a_time_and_clicks_meanwhile_are_refused() -> None:
    w = SpiteWidget(opponent="random", seed=5, opponent_delay=0.05)
    front = FrontEnd(w)
    seen: list[int] = []
    w.on_move(lambda move, player: seen.append(player))
    side = next(m for m in w.legal if m.startswith("H:") and m.endswith(">S1"))
    front.move(side)
    assert w.busy and w.table["to_move"] == 1 and w.legal == []
    assert w.actions == {
        "reveal": False,
        "hint": False,
        "undo": False,
        "next-game": False,
        "new-match": False,
    }
    assert "Random bot is playing" in w.status["text"]
    # a click now, even for the table the browser shows, changes nothing
    ply = w.game.ply
    front.move(side)
    assert front.kind == "error" and "computer is playing" in front.status
    with pytest.raises(IllegalMoveError, match="computer is playing"):
        w.play(side)
    w.wait(10)
    assert not w.busy and w.game.current_player == 0
    assert w.game.ply > ply and seen[0] == 0 and set(seen[1:]) == {1}
    # the computer's whole turn summed up, then whose turn it is
    assert w.status["text"].startswith("Random bot ") and "pay-off card" in w.status["text"]
    assert "Your turn" in w.status["text"]
    assert len(w.table["seats"][0]["hand"]) == 5  # refilled, in view
    assert w.legal and w.actions["hint"]


def test_updates_from_the_computers_thread_are_one_per_move() -> None:
    w = SpiteWidget(opponent="random", seed=5, opponent_delay=0.01)
    front = FrontEnd(w)
    front.move(next(m for m in w.legal if m.endswith(">S1")))
    w.wait(10)
    updates = [m for m in front.sent if m["method"] == "update"]
    computer_moves = w.game.ply - 1
    assert len(updates) <= 1 + computer_moves + 1
    assert max(len(json.dumps(m)) for m in updates) < 4096


def test_undo_stops_at_a_refill_and_says_why() -> None:
    """A newcomer emptied their hand mid-turn, drew 5 new cards and found Undo greyed out with
    no reason ("only your own moves in this turn": they were). The status says it when the
    hand is refilled, a press says it again, and moves after the draw can still be taken back."""
    deck = deal(
        payoffs=(["Ac", "Tc"], ["Kd"]), hands=(["2h", "3h", "4h", "5h", "6h"], []), draws=["7h", "9s"]
    )
    w = SpiteWidget(game=Game.new(deck=deck, players=("You", "Bot")), opponent="greedy", opponent_delay=0)
    front = FrontEnd(w)
    for m in ("P:Ac>C1", "H:2h>C1", "H:3h>C1", "H:4h>C1"):
        front.move(m)
        assert w.actions["undo"]
    front.move("H:5h>C1")
    assert w.actions["undo"]
    front.move("H:6h>C1")  # the hand is empty: 5 new cards
    assert len(w.game.state.hands[0]) == 5
    assert (
        "drew 5 new cards" in front.status
        and "Moves made before drawing can no longer be taken back" in front.status
    )
    # a screen reader hears the new cards (the player's own) named in words
    hand = w.game.state.hands[0]
    assert w.status["words"].startswith(
        "You played the six of hearts on center stack 1 and drew 5 new cards: "
        + ", ".join(card_words(c) for c in hand)
        + "."
    ), w.status["words"]
    assert not any(s in w.status["words"] for s in "♣♦♥♠")
    assert not w.actions["undo"]
    ply = w.game.ply
    front.press("undo")
    assert front.kind == "error" and "before drawing cannot be taken back" in front.status
    assert w.game.ply == ply
    with pytest.raises(IllegalMoveError, match="before drawing cannot be taken back"):
        w.game.undo()
    front.move("H:7h>C1")  # a move after the draw is taken back as before
    front.press("undo")
    assert w.game.ply == ply and "Took back" in front.status
    front.press("undo")
    assert "before drawing cannot be taken back" in front.status


def test_undo_takes_back_own_moves_in_this_turn_only() -> None:
    # find a deal where the first player has a center move
    seed = next(s for s in range(200) if any(m.to_center for m in Game.new(seed=s).legal_moves()))
    w = SpiteWidget(game=Game.new(seed=seed), opponent="random", opponent_delay=0)
    front = FrontEnd(w)
    move = center_move(w)
    assert move is not None
    state = w.state
    front.move(move)
    assert w.actions["undo"]
    front.press("undo")
    assert w.state == state and w.game.ply == 0
    assert "Took back" in front.status
    assert not w.actions["undo"]
    front.press("undo")
    assert front.kind == "error" and "Nothing to take back" in front.status
    # after the turn ends (and the computer has played) nothing of the last turn can be undone
    front.move(next(m for m in w.legal if m.endswith(">S2")))
    assert not w.actions["undo"]
    ply = w.game.ply
    front.press("undo")
    assert w.game.ply == ply and front.kind == "error"


def test_hint_highlights_a_legal_move(front: FrontEnd) -> None:
    front.press("hint")
    assert front.kind in ("hint", "error")
    try:
        get_bot("expert")
    except ImportError:
        try:
            get_bot("greedy")
        except ImportError:
            assert "not installed" in front.status and front.w.hint == ""
            return
        assert "expert is not installed" in front.status
    assert front.kind == "hint" and front.status.startswith("Hint")
    assert front.w.hint in front.w.legal
    front.move(front.w.hint)
    assert front.w.hint == ""


def test_next_game_and_new_match() -> None:
    w = SpiteWidget(opponent="random", seed=8, opponent_delay=0)
    front = FrontEnd(w)
    front.press("next-game")
    assert front.kind == "error" and "not over" in front.status
    while not w.game.is_over:
        moves = w.legal
        center = [m for m in moves if Move.parse(m).to_center]
        front.move(center[0] if center else moves[-1])
    assert w.table["result"] is not None and w.actions["next-game"] != w.match.is_over
    assert w.status["kind"] == "over"
    front.move(w.game.moves[0].__str__())
    assert front.kind == "error" and "game is over" in front.status
    if not w.match.is_over:
        front.press("next-game")
        assert len(w.match.games) == 2 and not w.game.is_over
        assert w.game.first_player == 1 and w.game.current_player == 0  # the computer opened
        assert w.score["game"] == 2
    scores = list(w.match.scores)
    front.press("new-match")  # a game or a score is at stake: the button asks first
    assert w.match.scores == scores and "Press New match again" in front.status
    front.press("new-match")
    assert len(w.match.games) == 1 and w.match.scores == [0, 0] and w.game.ply in (0,)
    assert w.score["game"] == 1


def test_new_match_asks_before_giving_up_a_game_in_progress() -> None:
    w = SpiteWidget(opponent="random", seed=3, opponent_delay=0)
    front = FrontEnd(w)
    front.press("new-match")  # nothing at stake at the deal: at once
    assert "Press New match again" not in front.status and w.game.ply == 0
    front.move(center_move(w) or w.legal[0])
    ply, game = w.game.ply, w.game
    front.press("new-match")
    assert front.kind == "info" and front.status.endswith("this game is given up.")  # 0–0: no score to lose
    assert w.game is game and w.game.ply == ply
    front.press("hint")  # anything said in between: the question is no longer on the screen
    front.press("new-match")
    assert w.game is game and "Press New match again" in front.status
    front.press("new-match")
    assert w.game is not game and w.game.ply == 0 and w.match.scores == [0, 0]
    front.move(center_move(w) or w.legal[0])
    game, asked = w.game, None
    front.press("new-match")
    asked = front.status
    # a card picked up or put back: the browser's own words replaced the question
    front.send({"type": "new-match", "seq": front.seq, "own_words": True})
    assert w.game is game and front.status == asked
    for bad in ("yes", 1, None):  # nonsense changes nothing and says why
        front.send({"type": "new-match", "seq": front.seq, "own_words": bad})
        assert w.game is game and front.kind == "error" and "own_words" in front.status
    front.press("new-match")
    front.send({"type": "new-match", "seq": front.seq, "own_words": False})  # the question in view
    assert w.game is not game and w.game.ply == 0
    w.new_match()  # from Python: at once, as asked
    assert w.game.ply == 0


def test_hotseat_shows_the_hand_of_the_player_to_move_once_revealed() -> None:
    w = SpiteWidget(opponent=None, seed=4)
    front = FrontEnd(w)
    assert w.score["names"] == ["Player 1", "Player 2"]
    front.press("reveal")
    assert w.table["bottom"] == 0 and w.table["seats"][1]["hand"] is None
    front.move(next(m for m in w.legal if m.endswith(">S3")))
    assert w.table["bottom"] == 1 and w.table["to_move"] == 1
    assert w.table["seats"][0]["hand"] is None and w.table["seats"][1]["hand"] is None
    front.press("reveal")
    assert w.table["seats"][1]["hand"] == [str(c) for c in w.state.hands[1]]
    assert "Player 2, your turn" in w.status["text"]
    front.move(w.legal[0])
    assert w.game.ply == 2


def test_play_from_a_cell_moves_on_screen() -> None:
    w = SpiteWidget(opponent="random", seed=3, opponent_delay=0)
    seq = w.table["seq"]
    move = w.legal[0]
    w.play(move)
    assert w.table["seq"] > seq and w.game.moves[0] == move
    with pytest.raises(IllegalMoveError):
        w.play("H:Zz>C1")
    with pytest.raises(IllegalMoveError):
        w.play("P:Ah>C2") if w.state.payoffs[0][-1] != "Ah" else w.play("P:2c>C2")


def test_trait_changes_from_the_browser_are_refused() -> None:
    w = SpiteWidget(opponent="random", seed=3, opponent_delay=0)
    front = FrontEnd(w)
    table, legal = w.table, w.legal
    w.set_state({"legal": ["P:Kh>C1"], "table": {}, "busy": True})
    assert w.table == table and w.legal == legal and not w.busy
    assert front.kind == "error" and "cannot be changed from the browser" in front.status
    resent = [m for m in front.sent if m["method"] == "update" and "legal" in m["state"]]
    assert resent and resent[-1]["state"]["legal"] == legal  # the browser's copy is put back
    w.set_state({"tooltip": "hello"})  # ipywidgets' own traits still work
    assert w.tooltip == "hello"


def test_a_game_given_is_played_as_is() -> None:
    game = Game.new(seed=12, players=("Ada", "Bot"))
    game.play(game.legal_moves()[0])
    w = SpiteWidget(game=game, opponent="random", opponent_delay=0)
    assert w.game is game and w.match.games == [game]
    assert w.score["names"] == ["Ada", "Bot"]
    assert w.table["ply"] == game.ply


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="opponent"):
        SpiteWidget(opponent="grandmaster")
    with pytest.raises(ValueError, match="opponent_delay"):
        SpiteWidget(opponent_delay=-1)


def test_a_missing_bot_level_falls_back_with_a_note() -> None:
    try:
        get_bot("greedy")
    except ImportError:
        w = SpiteWidget(opponent="greedy", seed=1, opponent_delay=0)
        assert "not installed yet" in w.status["text"]
        assert w.score["names"][1] == "Greedy bot"
    else:
        w = SpiteWidget(opponent="greedy", seed=1, opponent_delay=0)
        assert "not installed" not in w.status["text"]


def test_a_failing_callback_is_reported_not_raised() -> None:
    w = SpiteWidget(opponent="random", seed=3, opponent_delay=0)
    front = FrontEnd(w)

    def broken(move: Move, player: int) -> None:
        raise RuntimeError("oops")

    w.on_move(broken)
    front.move(w.legal[0])
    assert w.game.ply >= 1 and any("oops" in e for e in w.errors)
    w.on_move(broken, remove=True)


def test_the_thread_does_not_outlive_a_new_match() -> None:
    w = SpiteWidget(opponent="random", seed=5, opponent_delay=0.2)
    w.play(next(m for m in w.legal if m.endswith(">S1")))
    assert w.busy
    with pytest.raises(ValueError, match="computer is playing"):
        w.new_match()
    w.wait(10)
    w.new_match()
    time.sleep(0.05)
    assert not w.busy and w.game.ply == 0


def test_new_match_after_a_won_game_keeps_the_result_in_view() -> None:
    w = SpiteWidget(opponent=None, seed=1)
    game = w.game
    while not game.is_over:  # pay-off cards first, else the lowest center move, else a discard
        moves = game.legal_moves()
        pay = [m for m in moves if m.source == "P"]
        center = [m for m in moves if m.to_center and m.card.rank != "K"]
        game.play(pay[0] if pay else center[0] if center else moves[-1])
    assert game.outcome is not None and game.outcome.winner is not None  # seed 1's deal is won
    front = FrontEnd(w)
    a, b = w.match.scores
    front.press("new-match")
    assert "emptied the pay-off pile and wins" in front.status, front.status  # the result stays
    assert front.status.endswith(
        f"Press New match again to start over: the score ({a}–{b}) goes back to 0–0."
    )


class SlowBot:
    """A bot of the reader's own that thinks until told to answer (or forever)."""

    def __init__(self) -> None:
        import threading

        self.asked = threading.Event()
        self.answer = threading.Event()

    def choose(self, view: object) -> Move:
        from spite_widget.bots.random_bot import RandomBot

        self.asked.set()
        self.answer.wait(30)
        return RandomBot(seed=0).choose(view)  # type: ignore[arg-type]


def test_a_slow_bot_leaves_the_table_free_and_new_match_can_give_the_game_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bot chose under the widget's lock: while a slow bot of your own thought, every
    click (and the kernel handling it) waited, and a stuck one left no button that acted."""
    import threading

    monkeypatch.setattr(SpiteWidget, "still_thinking_after", 0.3)
    bot = SlowBot()
    w = SpiteWidget(opponent=bot, seed=5, opponent_delay=0.01)
    front = FrontEnd(w)
    side = next(m for m in w.legal if m.endswith(">S1"))
    front.move(side)
    assert bot.asked.wait(10) and w.busy
    # while it thinks, a click is answered at once (refused: it is the computer's turn)
    answered = threading.Thread(target=front.move, args=(side,))
    answered.start()
    answered.join(5)
    assert not answered.is_alive() and front.kind == "error" and "computer is playing" in front.status
    assert not w.actions["new-match"]
    # after a while the table says it is taking long, and New match may give the game up
    deadline = time.monotonic() + 10
    while "taking a long time" not in w.status["text"] and time.monotonic() < deadline:
        time.sleep(0.02)
    assert "taking a long time to move" in w.status["text"] and w.actions["new-match"]
    ply = w.game.ply
    front.press("new-match")  # a game in progress: it asks first
    assert "Press New match again" in front.status and w.game.ply == ply
    front.press("new-match")
    assert w.game.ply == 0 and not w.busy and w.legal and w.actions["new-match"]
    new_game = w.game
    # the move the bot finally chooses is for a table that is gone: it is dropped
    bot.answer.set()
    time.sleep(0.3)
    assert (
        w.game is new_game
        and w.game.ply == 0
        and not w.errors
        and "taking a long time" not in w.status["text"]
    )


def test_a_slow_bot_that_answers_plays_on_as_usual(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SpiteWidget, "still_thinking_after", 0.2)
    bot = SlowBot()
    w = SpiteWidget(opponent=bot, seed=5, opponent_delay=0.01)
    w.play(next(m for m in w.legal if m.endswith(">S1")))
    assert bot.asked.wait(10)
    time.sleep(0.5)
    assert "taking a long time" in w.status["text"] and w.actions["new-match"]
    bot.answer.set()  # from now on it answers at once
    w.wait(20)
    assert not w.busy and w.game.current_player == 0 and w.actions["new-match"]
    assert "taking a long time" not in w.status["text"] and "Your turn" in w.status["text"]
    assert not w.session.stalled and not w.errors


def finished_table(lang: str = "en") -> SpiteWidget:
    """A table whose first game is over; the match goes on (Next game deals the second)."""
    game = played_to_the_end(players=("You", "Greedy bot"))
    return SpiteWidget(game=game, opponent="greedy", opponent_delay=0, lang=lang)


@pytest.mark.parametrize(
    ("lang", "cell"),
    [
        ("en", "Run w.review() in a cell to step through this game."),
        ("es", "Ejecuta w.review() en una celda para recorrer esta partida."),
    ],
)
def test_a_page_that_cannot_show_the_replay_is_told_to_open_it_from_a_cell(lang: str, cell: str) -> None:
    """Outside Jupyter the page cannot draw the replay below the table: Review game says so
    (`inline: false`), and the status line tells how to open it from a cell instead of
    pointing below the table; no replay is made for nobody to see. The note that says the
    same below the table ("cell") goes with the next table: its "this game" is over."""
    w = finished_table(lang)
    front = FrontEnd(w)
    result = front.status
    front.send({"type": "review", "seq": front.seq, "inline": False})
    assert front.kind == "over" and front.status == f"{result} {cell}", front.status
    assert w.review_ref == "cell" and w.review_label == "" and w._review_widget is None
    front.send({"type": "review", "seq": front.seq, "inline": False})  # pressed again: said once
    assert front.status == f"{result} {cell}"
    front.press("next-game")
    w.wait()
    assert len(w.match.games) == 2 and w.review_ref == ""


IN_A_NOTEBOOK = """
from decks import deal, played_to_the_end
from spite_widget.widgets.table import SpiteWidget
table = SpiteWidget(game=played_to_the_end(players=("You", "Greedy bot")), opponent="greedy", opponent_delay=0)
fresh = SpiteWidget(opponent="greedy", opponent_delay=0, seed=3)
for w in (table, fresh):
    w._send = lambda *args, **kwargs: None
    w._handle_custom_msg({"type": "review", "seq": w.table["seq"], "inline": False}, [])
print(table.review_call)
print(table.status["text"])
print(fresh.status["text"])
"""


def test_the_words_for_a_review_from_a_cell_use_the_tables_own_name_in_the_notebook() -> None:
    """ "Run w.review() in a cell" could not be run as it was when the table was called
    something else: in a real IPython shell the table's own name is said, in the status line
    and in the note below the table (`review_call`)."""
    script = (
        "from IPython.core.interactiveshell import InteractiveShell\n"
        f"result = InteractiveShell.instance().run_cell({IN_A_NOTEBOOK!r})\n"
        "result.raise_error()\n"
    )
    tests = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tests,
        env={**os.environ, "PYTHONPATH": str(tests)},
    )
    assert done.returncode == 0, done.stderr
    call, over, fresh = done.stdout.strip().splitlines()[-3:]
    assert call == "table.review()"
    assert over.endswith(" Run table.review() in a cell to step through this game."), over
    assert fresh == "The review opens when the game is over (fresh.review() shows the moves so far).", fresh
    # outside a notebook the README's name stands in
    w = SpiteWidget(opponent="greedy", opponent_delay=0, seed=3)
    FrontEnd(w).send({"type": "review", "seq": w.table["seq"], "inline": False})
    assert "(w.review() shows the moves so far)" in w.status["text"]


def test_a_page_that_can_show_the_replay_gets_it_below_the_table() -> None:
    w = finished_table()
    front = FrontEnd(w)
    front.send({"type": "review", "seq": front.seq, "inline": True})
    assert front.status.endswith(
        "The replay of this game is below the table: step through it and comment on it."
    )
    assert w.review_ref == f"anywidget:{w._review_widget.model_id}"
    front.press("next-game")
    w.wait()
    assert w.review_ref.startswith("anywidget:")  # the labelled replay of game 1 stays
    # a front end that does not say is taken to show it, as before the field existed
    w = finished_table()
    FrontEnd(w).send({"type": "review", "seq": w.table["seq"]})
    assert w.review_ref.startswith("anywidget:") and "below the table" in w.status["text"]


def test_a_replay_that_cannot_be_made_says_why() -> None:
    """A game begun from a position (`Game.from_state`) has no record to replay: Review game
    says so, rather than "Run w.review() in a cell" (which would fail the same way; only
    marimo's failure to make a widget outside a cell points to a cell)."""
    start = Game.new(seed=4, players=("You", "Greedy bot"))
    game = Game.from_state(start.state, seed=4, players=("You", "Greedy bot"))
    bots = [get_bot("greedy", seed=1), get_bot("greedy", seed=2)]
    while not game.is_over:
        game.play(bots[game.current_player].choose(game.view(game.current_player)))
    w = SpiteWidget(game=game, opponent="greedy", opponent_delay=0)
    front = FrontEnd(w)
    front.send({"type": "review", "seq": front.seq, "inline": True})
    assert front.kind == "error"
    assert front.status.startswith("Could not open the review: this game started from a position"), (
        front.status
    )
    assert w.review_ref == ""


@pytest.mark.parametrize("inline", ["no", "false", 0, 1, None, [], {"x": 1}, 1.0])
def test_a_review_message_with_a_wrong_inline_is_refused_and_changes_nothing(inline: object) -> None:
    w = finished_table()
    front = FrontEnd(w)
    before = (w.table, w.review_ref, w.review_label, w.game.ply, len(w.match.games))
    front.send({"type": "review", "seq": front.seq, "inline": inline})
    assert front.kind == "error"
    assert "inline must be true or false" in front.status and repr(inline)[:40] in front.status, front.status
    assert (w.table, w.review_ref, w.review_label, w.game.ply, len(w.match.games)) == before
    assert w._review_widget is None


def test_inline_is_a_field_of_the_review_message_only() -> None:
    from spite_widget.widgets.protocol import ProtocolError, parse_client_message

    assert parse_client_message({"type": "review", "seq": 3, "inline": False}) == {
        "type": "review",
        "seq": 3,
        "inline": False,
    }
    assert parse_client_message({"type": "review", "seq": 3}) == {"type": "review", "seq": 3}
    for kind in ("hint", "next-game"):
        with pytest.raises(ProtocolError, match="unexpected field"):
            parse_client_message({"type": kind, "seq": 3, "inline": True})
    with pytest.raises(ProtocolError, match="unexpected field"):
        parse_client_message({"type": "move", "move": "P:Ac>C1", "seq": 3, "inline": True})


def test_a_move_typed_as_the_card_shows_is_played_as_a_lesson_takes_it() -> None:
    """`w.play("H:10♠>S1")` was refused ("a ten is written T") while a lesson takes it."""

    def ten_in_hand(w: SpiteWidget) -> Any:
        hand = w.game.state.hands[w.game.current_player]
        return next((c for c in hand if str(c)[0] == "T"), None)

    seed = next(s for s in range(100) if ten_in_hand(SpiteWidget(opponent=None, seed=s)) is not None)
    for typed in ("H:{shown}>S1", "h:{lower}>s1", "H: {shown} > S1"):
        w = SpiteWidget(opponent=None, seed=seed)
        ten = ten_in_hand(w)
        w.play(typed.format(shown=ten.display, lower=str(ten).lower()))
        assert list(w.game.moves) == [Move.parse(f"H:{ten}>S1")] and "10" in str(ten.display), typed
    w = SpiteWidget(opponent=None, seed=seed)
    with pytest.raises(IllegalMoveError, match="not a move"):
        w.play("H:10x>S1")
    assert w.game.ply == 0


def test_the_bots_moves_are_read_once_in_its_turns_summary() -> None:
    """A screen reader heard the bot's turn twice: each move, then the summary naming every
    card again. A move inside the bot's turn is now `quiet` (shown, not read); the summary
    at its end, and every move of the player, are read."""
    seed = next(s for s in range(300) if _bot_turn_has_several_moves(s))
    w = SpiteWidget(
        game=Game.new(seed=seed, players=("You", "Greedy bot")), opponent="greedy", opponent_delay=0
    )
    seen: list[dict[str, Any]] = []
    w.observe(lambda change: seen.append(dict(change["new"])), names="status")
    front = FrontEnd(w)
    ends = next(m for m in w.legal if m.startswith("H:") and ">S" in m)
    front.move(ends)
    assert w.game.current_player == 0 and len(seen) >= 3, seen
    mine, *theirs = seen
    assert not mine.get("quiet") and mine["text"].startswith("You put ")
    *inside, summary = theirs
    assert inside and all(s.get("quiet") for s in inside if s["text"].startswith("Greedy bot played")), seen
    assert not summary.get("quiet") and summary["kind"] == "turn"
    assert summary["words"].startswith("Greedy bot ")


def _bot_turn_has_several_moves(seed: int) -> bool:
    game = Game.new(seed=seed)
    move = next(m for m in game.legal_moves() if m.source == "H" and m.target[0] == "S")
    game.play(move)
    bot = get_bot("greedy")
    n = 0
    while game.current_player == 1 and not game.is_over:
        game.play(bot.choose(game.view(1)))
        n += 1
    return n >= 3


def test_a_move_the_hint_suggests_is_never_marked_by_the_review() -> None:
    """The Hint and the review are one judgement: a player who follows every hint for a few
    turns gets no ?!, ? or ?? from Review on those moves (hints came from the table's bot,
    its plan made at the turn's start, and 1 move in 100 was marked)."""
    from spite_widget import annotate_with_bot

    w = SpiteWidget(
        game=Game.new(seed=103, players=("You", "Greedy bot")), opponent="greedy", opponent_delay=0
    )
    front = FrontEnd(w)
    followed = []
    while w.game.ply < 130 and not w.game.is_over:
        front.press("hint")
        assert w.hint in w.legal, (w.hint, w.status)
        followed.append(w.game.ply + 1)
        front.move(w.hint)
    record = annotate_with_bot(w.game)
    marked = {
        n: (m["mark"], m.get("comment", ""))
        for n, m in enumerate(record["moves"], start=1)
        if n in followed and m.get("mark") in ("?!", "?", "??")
    }
    assert len(followed) >= 30 and marked == {}, marked


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_a_hint_is_read_out_with_its_cards_in_words(lang: str) -> None:
    """The status line shows the expert's reasons with card symbols; the live region read
    "4♠" and "A♠, K♥" out as symbols after a first sentence in words."""
    w = SpiteWidget(opponent="greedy", seed=3, opponent_delay=0, lang=lang)
    front = FrontEnd(w)
    said = []
    for _ in range(6):
        front.press("hint")
        assert w.status["kind"] == "hint"
        said.append((w.status["text"], w.status["words"]))
        front.move(w.hint)
        w.wait()
    assert any(re.search("[♣♦♥♠]", text) for text, _words in said)  # the line shows symbols
    assert not [words for _text, words in said if re.search("[♣♦♥♠]", words)]


def test_a_game_the_computer_begins_is_announced_once_with_its_number() -> None:
    """Next game: "Game 2. Greedy bot is playing…" was followed at once by "Greedy bot is
    playing…", which a screen reader spoke in its place: the game's number was lost."""
    w = SpiteWidget(game=played_to_the_end(), opponent="greedy", opponent_delay=0.2, seed=1)
    seen: list[str] = []
    w.observe(lambda change: seen.append(change["new"]["text"]), names="status")
    w.next_game()
    w.wait()
    assert w.game.moves and w.game.players[1] == "Greedy bot"
    assert seen[0] == "Game 2. Greedy bot is playing…"
    assert "Greedy bot is playing…" not in seen
    assert seen[1].startswith("Greedy bot played")


@pytest.mark.parametrize(("seed", "low", "high"), [(20, 0.35, 0.8), (25, 0.35, 0.8)])
def test_a_hint_after_a_card_to_a_center_does_not_read_it_as_the_opponents(
    seed: int, low: float, high: float
) -> None:
    """After A♣ to C1 (the opponent's pay-off card a 3), the Hint said the opponent "has under
    a 5% chance" to play it; they did, and 57% of deals from the player's view let them. The
    Hint took the centers as they are mid-turn for the ones the opponent left, and inferred
    they held no card those would have let them play. It now reads what they left (and at
    the deal, when they have not played, infers nothing): 54% and 56% here."""
    from spite_widget import annotate_with_bot

    g = Game.new(seed=seed, players=("You", "Greedy bot"))
    ace = next(c for c in g.view(0).hand if c[0] == "A")
    w = SpiteWidget(opponent="greedy", game=g, opponent_delay=0)
    w.play(f"H:{ace}>C1")
    FrontEnd(w).press("hint")
    found = re.search(r"has a chance of (\d+)% to play their pay-off card", w.status["text"])
    assert found and low <= int(found.group(1)) / 100 <= high, w.status["text"]
    # the review judges the move the Hint named as the Hint does: it gives nothing away
    w.play(w.hint)
    reviewed = annotate_with_bot(w.game.to_record())
    assert "x-loss" not in reviewed["moves"][1], reviewed["moves"][1]
