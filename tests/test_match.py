"""A match: games until a total reaches the target; the starting player alternates."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from decks import random_game, random_move

from spite_widget import Game, Match, RecordError


def finish(m: Match, rng: random.Random, center_bias: float = 0.9) -> None:
    g = m.game
    while not g.is_over:
        g.play(random_move(g, rng, center_bias))


def play_match(target: int, seed: int) -> Match:
    m = Match(target=target, seed=seed, players=("Ada", "Bo"))
    rng = random.Random(seed)
    finish(m, rng)
    while not m.is_over:
        m.next_game()
        finish(m, rng)
    return m


def record_of(m: Match) -> dict[str, Any]:
    return json.loads(json.dumps(m.to_record()))


def test_a_match_is_played_to_the_target_and_the_starting_player_alternates():
    m = play_match(50, seed=2)
    assert m.is_over and m.winner is not None
    totals = [0, 0]
    for g in m.games:
        assert g.is_over
        if g.winner is not None:
            totals[g.winner] += g.points
    assert m.scores == totals and m.scores[m.winner] >= 50 > m.scores[1 - m.winner]
    before_last = [sum(g.points for g in m.games[:-1] if g.winner == p) for p in (0, 1)]
    assert max(before_last) < 50  # nobody had reached 50 before the last game
    assert [g.first_player for g in m.games] == [i % 2 for i in range(len(m.games))]
    assert len({g.deck for g in m.games}) == len(m.games)
    with pytest.raises(ValueError, match=r"the match is over: .* reached 50"):
        m.next_game()


def test_the_target_is_reached_or_passed_by_one_game():
    for seed in range(3):
        m = play_match(5, seed)
        assert m.scores[m.winner] >= 5


def test_a_drawn_game_scores_nothing_and_the_match_goes_on():
    m = Match(target=5, seed=3, first_player=1)
    assert m.game.first_player == 1
    finish(m, random.Random(0), center_bias=0.0)  # side moves only: the stock runs out
    assert m.game.result == {"winner": None, "points": 0, "reason": "stock-exhausted"}
    assert m.scores == [0, 0] and not m.is_over and m.winner is None
    assert m.next_game().first_player == 0 and len(m.games) == 2


def test_the_next_game_waits_for_the_current_one():
    m = Match(target=5, seed=1)
    with pytest.raises(ValueError, match="not over yet"):
        m.next_game()


def test_match_arguments_are_checked():
    for bad in (0, -5, True, 7.5):
        with pytest.raises(ValueError, match="target must be"):
            Match(target=bad)  # type: ignore[arg-type]
    assert Match(seed=1).target == 50


def test_a_match_record_round_trips(tmp_path):
    m = play_match(20, seed=5)
    m.game.annotate(1, comment="first move of the last game")
    rec = m.to_record()
    assert rec["format"] == "spite-malice-match" and rec["version"] == 1 and rec["target"] == 20
    assert rec["players"] == ["Ada", "Bo"] and rec["scores"] == m.scores
    again = Match.from_record(json.loads(json.dumps(rec)))
    assert again.to_record() == rec
    assert again.is_over and again.winner == m.winner
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    m.save(first)
    Match.load(first).save(second)
    assert first.read_text(encoding="utf-8") == second.read_text(encoding="utf-8")


def test_an_unfinished_match_round_trips_and_goes_on():
    m = Match(target=50, seed=8)
    finish(m, random.Random(8))
    m.next_game()
    m.game.play(m.game.legal_moves()[0])
    again = Match.from_record(record_of(m))
    assert again.to_record() == m.to_record() and not again.is_over
    assert again.game.ply == 1


def test_match_extra_keys_are_kept_and_unknown_keys_refused():
    rec = record_of(play_match(5, seed=1))
    rec.update({"event": "club", "x-app": [1]})
    assert Match.from_record(rec).to_record() == rec
    with pytest.raises(RecordError, match="unknown key 'colour'"):
        Match.from_record({**rec, "colour": "red"})


def _refused(rec: object, says: str, game: int | None = None, move: int | None = None) -> None:
    with pytest.raises(RecordError) as info:
        Match.from_record(rec)  # type: ignore[arg-type]
    assert says in str(info.value), str(info.value)
    assert (info.value.game_number, info.value.move_number) == (game, move)


def test_match_record_validation():
    m = play_match(10, seed=4)
    assert len(m.games) >= 2
    rec = record_of(m)
    _refused([rec], "a record is a JSON object, not list")
    _refused({**rec, "format": "spite-malice"}, "format must be 'spite-malice-match', not 'spite-malice'")
    _refused({**rec, "version": True}, "version must be 1, not True")
    _refused({**rec, "target": 0}, "target must be")
    _refused({**rec, "players": ["Ada"]}, "players must be two names")
    _refused({**rec, "games": []}, "games must be a non-empty list")
    _refused({**rec, "scores": [rec["scores"][1] + 1, rec["scores"][0]]}, "but the games give")
    _refused({**rec, "games": rec["games"][1:]}, "scores say")
    renamed = json.loads(json.dumps(rec))
    renamed["games"][1]["players"] = ["Ada", "Cy"]
    _refused(renamed, "differ from the match's", 2)
    broken = json.loads(json.dumps(rec))
    broken["games"][1]["moves"][2] = {"move": "H:Ah-C1"}
    _refused(broken, "is not a move", 2, 3)
    with pytest.raises(RecordError, match=r"^game 2: move 3: "):
        Match.from_record(broken)
    unfinished = json.loads(json.dumps(rec))
    unfinished["games"][0]["moves"] = unfinished["games"][0]["moves"][:5]
    unfinished["games"][0]["result"] = None
    _refused(unfinished, "the game before this one is not finished", 2)
    extra = json.loads(json.dumps(rec))
    extra["games"].append(extra["games"][-2])
    _refused(extra, "the match was already won", len(extra["games"]))


def test_match_records_of_separate_games_are_checked_for_alternation_and_rules():
    drawn, won = random_game(2), random_game(4)  # both started by player 0
    assert drawn.first_player == won.first_player == 0 and drawn.winner is None

    def match(*games: Game) -> dict[str, Any]:
        scores = [sum(g.points for g in games if g.winner == p) for p in (0, 1)]
        return {
            "format": "spite-malice-match",
            "version": 1,
            "target": 50,
            "players": ["Player 0", "Player 1"],
            "games": [g.to_record() for g in games],
            "scores": scores,
        }

    _refused(match(drawn, won), "the starting player must alternate from game to game", 2)
    other_rules = Game.new(seed=1, first_player=1, rules={"kings_start_stacks": True})
    _refused(match(drawn, other_rules), "every game of a match is played under the same rules", 2)
    fine = Match.from_record(match(drawn, Game.new(seed=1, first_player=1)))
    assert fine.scores == [0, 0] and len(fine.games) == 2 and not fine.is_over
    # a second game that says the wrong starting player is refused for that, not for its
    # first move read as the other player's ("there is no 9♦ in your hand")
    second = Game.new(seed=1, first_player=1)
    for _ in range(3):
        second.play(second.legal_moves()[-1])
    record = match(drawn, second)
    Match.from_record(record)
    record["games"][1]["first_player"] = 0
    _refused(record, "the starting player must alternate from game to game", 2)


def test_a_match_can_open_with_a_game_already_set_up() -> None:
    first = Game.new(seed=4, first_player=1, players=("Ada", "Bo"), rules={"kings_start_stacks": True})
    m = Match(target=10, seed=1, first_game=first)
    assert m.game is first and m.players == ("Ada", "Bo") and m.games == [first]
    while not first.is_over:
        first.play(first.legal_moves()[0])
    if not m.is_over:
        nxt = m.next_game()
        assert nxt.first_player == 0 and nxt.rules.kings_start_stacks and nxt.players == ("Ada", "Bo")
    with pytest.raises(ValueError, match="differ"):
        Match(first_game=Game.new(seed=1), players=("X", "Y"))
