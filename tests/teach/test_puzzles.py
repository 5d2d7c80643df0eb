"""Puzzles from a reviewed game: the player's costliest moves, each a Lesson the LessonWidget opens."""

from __future__ import annotations

import json
import random
import re
import threading
from pathlib import Path
from typing import Any

import pytest

from spite_widget import Game, LessonWidget, Match, Replay, annotate_with_bot, puzzles
from spite_widget.bots import get_bot
from spite_widget.bots.review import INACCURACY, LOSS_KEY, ReviewCancelled
from spite_widget.engine.i18n import language
from spite_widget.engine.state import GameState
from spite_widget.teach import Lesson, LessonSession
from spite_widget.teach.puzzles import Puzzle

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"
NOTATION = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK][cdhs])(?![A-Za-z0-9])")
DISPLAY = re.compile(r"(10|[A2-9JQK])([♣♦♥♠])")
SUIT_OF = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def _expert_v_random(seed: int, plies: int) -> dict[str, Any]:
    """Player 0 is the expert, player 1 plays at random (and makes mistakes to learn from)."""
    rng = random.Random(seed)
    expert = get_bot("expert", seed=0)
    g = Game.new(seed=seed, players=("Expert", "Rando"))
    while not g.is_over and g.ply < plies:
        view = g.view(g.current_player)
        g.play(expert.choose(view) if g.current_player == 0 else rng.choice(g.legal_moves()))
    return g.to_record()


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return _expert_v_random(31, 70)


@pytest.fixture(scope="module")
def found(game: dict[str, Any]) -> list[Puzzle]:
    return puzzles(game, player=1, count=3)  # not reviewed yet: puzzles reviews it first


def test_the_costliest_moves_become_puzzles(game: dict[str, Any], found: list[Puzzle]) -> None:
    reviewed = annotate_with_bot(game)
    losses = {
        n: e[LOSS_KEY]
        for n, e in enumerate(reviewed["moves"], start=1)
        if e.get(LOSS_KEY, 0) >= INACCURACY and Game.from_record(reviewed).mover(n) == 1
    }
    assert len(found) == min(3, len(losses)) and found
    assert [p.loss for p in found] == sorted((p.loss for p in found), reverse=True)
    worst = sorted(losses.values(), reverse=True)[: len(found)]
    assert [p.loss for p in found] == pytest.approx(worst, abs=1e-4)
    for p in found:
        assert isinstance(p, Lesson) and p.learner == 1
        assert p.played == reviewed["moves"][p.number - 1]["move"]
        assert p.solution == (p.best,) and p.line[0] == p.best and p.best != p.played
        played = p.played.split(":")[1].split(">")
        assert p.goal.text.startswith("Find a better move than ") and played[1] in p.goal.text
    # a reviewed record gives the same puzzles without a second review
    again = puzzles(reviewed, player=1, count=3)
    assert [(p.number, p.best, p.position) for p in again] == [(p.number, p.best, p.position) for p in found]


def test_the_played_move_fails_and_the_experts_move_passes(found: list[Puzzle]) -> None:
    for p in found:
        session = LessonSession(p)
        assert session.status == "playing" and session.next_step() is not None
        bad = session.play(p.played)
        assert bad.accepted and bad.status == "failed", bad
        assert "gives away" in bad.text and "Undo" in bad.text
        assert not p.goal_met(session.game)
        session.undo()
        good = session.play(p.best)
        assert good.status == "done", good
        assert "Goal reached" in good.text and "The expert's line: " in good.text
        assert p.goal_met(session.game)


def test_a_puzzle_is_seen_from_the_players_seat_only(game: dict[str, Any], found: list[Puzzle]) -> None:
    """The position is the player's view of the record; what they could not see is dealt at random."""
    replay = Replay(game)
    for p in found:
        replay.seek(p.number - 1)
        start = p.new_game()
        assert start.view(1) == replay.view(1)
        assert start.state != replay.state  # the real hidden cards are not used
    other = puzzles(annotate_with_bot(game), player=1, count=1, seed=9)[0]
    assert other.number == found[0].number
    assert other.new_game().view(1) == found[0].new_game().view(1)
    assert GameState.from_text(other.position).hands[0] != GameState.from_text(found[0].position).hands[0]


def test_a_reviewed_sample_game_gives_puzzles_that_solve() -> None:
    reviewed = annotate_with_bot(SAMPLE)
    both = [p for player in (0, 1) for p in puzzles(reviewed, player=player)]
    assert both
    for p in both:
        session = LessonSession(p)
        assert session.play(p.played).status == "failed"
        session.reset()
        assert session.play(p.best).status == "done"


def _visible(state: GameState, seat: int) -> set[str]:
    """What `seat` sees at the table: own hand, the pay-off tops, every side and center card."""
    seen = {str(c) for c in state.hands[seat]}
    for p in (0, 1):
        if state.payoffs[p]:
            seen.add(str(state.payoffs[p][-1]))
        for side in state.sides[p]:
            seen.update(str(c) for c in side)
    for center in state.centers:
        seen.update(str(c) for c in center)
    return seen


def _cards_named(text: str) -> set[str]:
    """Every card a text names, in notation ("7h") or as shown ("7♥", "10♠")."""
    found = {m.group(1) for m in NOTATION.finditer(text)}
    for m in DISPLAY.finditer(text):
        found.add(("T" if m.group(1) == "10" else m.group(1)) + SUIT_OF[m.group(2)])
    return found


def test_the_lesson_widget_opens_a_puzzle_and_solving_it_reaches_the_goal(found: list[Puzzle]) -> None:
    p = found[0]
    w = LessonWidget(p)
    cheered: list[str] = []
    w.on_goal(lambda lesson: cheered.append(lesson.id))
    assert w.page["title"] == p.title and w.page["goal"] == p.goal.text
    assert w.progress == "playing" and p.best in w.legal and p.played in w.legal
    assert w.table["seats"][0]["hand"] is None  # the opponent's hand stays hidden
    synced = json.dumps({k: v for k, v in w.get_state().items() if not k.startswith("_")}, ensure_ascii=False)
    leaked = _cards_named(synced) - _visible(w.session.game.state, 1)
    assert not leaked, f"the widget names {leaked}, which the learner could not see"
    w.play(p.played)
    assert w.progress == "failed" and "gives away" in w.status["text"]
    w.undo()
    feedback = w.play(p.best)
    assert feedback.status == "done" and w.done and w.progress == "done"
    assert "The expert's line" in w.status["text"]
    assert cheered == [p.id] and w.errors == []


def test_words_in_another_language(game: dict[str, Any]) -> None:
    p = puzzles(annotate_with_bot(game), player=1, count=1, lang="es")[0]
    assert p.lang == "es" and p.goal.text.startswith("Encuentra una jugada mejor que ")
    session = LessonSession(p)
    assert "Goal" not in session.play(p.best).text


def test_bad_arguments_are_refused(game: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        puzzles(game, player=2)
    with pytest.raises(ValueError, match="count must be"):
        puzzles(game, player=0, count=-1)
    with pytest.raises(ValueError, match="unknown bot"):
        puzzles(game, bot="grandmaster")


def test_a_match_gives_puzzles_from_each_game_and_a_review_can_be_cancelled() -> None:
    m = Match(target=3, seed=8, players=("Ada", "Bo"))
    rng = random.Random(8)
    for _ in range(2):
        while not m.game.is_over:
            m.game.play(rng.choice(m.game.legal_moves()))
        if m.is_over:
            break
        m.next_game()
    record = m.to_record()
    assert len(record["games"]) >= 2
    found = puzzles(record, player=0, count=10)
    assert found and all(p.id == f"puzzle-{p.game_index + 1}-{p.number}" for p in found)
    assert all(p.title.startswith(f"Puzzle: game {p.game_index + 1}, move ") for p in found)
    stop = threading.Event()
    stop.set()
    with pytest.raises(ReviewCancelled):
        puzzles(record, player=0, cancel=stop)


def test_an_eval_set_by_hand_is_no_review(game: dict[str, Any], found: list[Puzzle]) -> None:
    """One eval typed on one move made the whole record count as reviewed: puzzles found
    none, the replay's accuracy table and review_summary spoke of that one move."""
    from spite_widget.bots.review import is_reviewed, review_summary
    from spite_widget.widgets.replay.views import review_rows

    g = Game.from_record(game)
    g.set_eval(3, {"p0": 0.6, "p1": 0.4})
    assert not is_reviewed(g)
    assert review_rows(g) == []
    with pytest.raises(ValueError, match="not been reviewed"):
        review_summary(g.to_record())
    again = puzzles(g, player=1, count=3)  # reviewed first, as an unreviewed record is
    assert [(p.number, p.best) for p in again] == [(p.number, p.best) for p in found]
    reviewed = Game.from_record(annotate_with_bot(game))
    assert is_reviewed(reviewed) and review_rows(reviewed)


def test_a_failed_answer_says_why_without_giving_the_solution_away() -> None:
    """Bo's puzzle of the sample game: A♣ to C1 "gave away 3% ... less than 3%" and no reason.
    Now the loss shows a decimal where whole numbers would look alike, and the expert's reason
    is told, without the expert's move (that is the puzzle's solution)."""
    (p,) = puzzles(SAMPLE, player=1, count=3)
    assert p.played == "H:Ac>C1" and 0.03 <= p.loss < 0.035
    assert "gave away 3.1% of your chances" in p.text
    text = LessonSession(p).play("H:Ac>C2").text
    assert "gives away 3.1% of your chances by the expert's reckoning: it leaves the opponent" in text
    assert "their pay-off K♠ next turn. A good answer gives away less than 3%." in text
    assert "expert plays" not in text and "9♦" not in text  # the solution is 9♦ on S2
    es = puzzles(SAMPLE, player=1, count=3, lang="es")[0]
    with language("es"):
        text = LessonSession(es).play("H:Ac>C2").text
    assert "regala 3,1% de tus posibilidades" in text and "experto juega" not in text, text


def test_a_reason_that_lists_the_experts_line_keeps_only_the_pay_off_card() -> None:
    """ "5♣ could have been played after A♠ from S2 on C1, K♣ from S4 on C1, ..." is the
    puzzle's solution: a failed answer says only that the pay-off card could have been played."""
    g = Game.new(seed=1)
    bots = [get_bot("random", seed=1), get_bot("greedy", seed=1)]
    while not g.is_over:
        g.play(bots[g.current_player].choose(g.view(g.current_player)))
    p = next(p for p in puzzles(g.to_record(), player=0, count=3) if p.solution == ("S2:As>C1",))
    text = LessonSession(p).play("H:Kh>S1").text
    assert (
        "gives away 20% of your chances by the expert's reckoning: your pay-off card 5♣ could have been played this turn. A good answer"
        in text
    ), text
    assert "A♠" not in text and "S2" not in text
    es = next(q for q in puzzles(g.to_record(), player=0, count=3, lang="es") if q.number == p.number)
    with language("es"):
        text = LessonSession(es).play("H:Kh>S1").text
    assert "tu carta de pago 5♣ podía jugarse en este turno" in text and "A♠" not in text, text


def test_the_experts_line_stops_at_the_first_pay_off_card_it_plays() -> None:
    """The puzzle's game deals the cards the player could not see at random, the pay-off cards
    below the top among them: the line went on "3♥ from your pay-off pile, K♦ from your pay-off
    pile, 6♥ ..." with six pay-off cards that were never in the game (random v greedy, seed 11,
    reviewed; the real pile under 3♥ was J♣ 3♦ 5♠)."""
    record = json.loads((Path(__file__).parent / "reviewed_random_v_greedy.json").read_text())
    found = puzzles(record, player=0, count=10)
    at_49 = [p for p in found if p.number == 49]
    assert at_49 and at_49[0].line[-1] == "P:3h>C2"
    for p in found:
        assert all(not m.startswith("P:") for m in p.line[:-1]), (p.number, p.line)


def test_a_puzzle_from_the_bots_seat_of_a_tables_game_pictures_the_learner_as_you() -> None:
    """The learner of a puzzle of the bot's moves in a table's game ("You" v "Greedy bot") is
    spoken to as "you" by its text; its picture, which speaks to a seat named "You" from any
    seat, said "Greedy bot to move." on the learner's turn and marked no seat "(you)"."""
    from spite_widget.teach.session import LessonSession

    g = Game.new(seed=6, players=("You", "Greedy bot"))
    bots = [get_bot("greedy", seed=1), get_bot("random", seed=2)]
    while not g.is_over and g.ply < 80:
        g.play(bots[g.current_player].choose(g.view(g.current_player)))
    found = puzzles(g.to_record(), player=1, count=1)
    assert found and found[0].learner == 1
    session = LessonSession(found[0])
    assert session.game.current_player == 1
    svg = session.picture()
    assert re.findall(r'data-status="([^"]*)"', svg) == ["Your turn."]
    assert "Greedy bot to move" not in svg and "Greedy bot  \u2022 to move" not in svg
