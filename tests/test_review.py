"""The expert's review of a game: marks and comments where the played move cost the most."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from spite_widget import Game, Match, Replay, annotate_with_bot
from spite_widget.bots import get_bot
from spite_widget.bots.review import ANNOTATOR_KEY, MISTAKE_MARKS, mark_for

SAMPLE = Path(__file__).resolve().parents[1] / "examples" / "sample_game.json"


def _random_game(seed: int, plies: int) -> Game:
    rng = random.Random(seed)
    g = Game.new(seed=seed, players=("Ada", "Bo"))
    while not g.is_over and g.ply < plies:
        g.play(rng.choice(g.legal_moves()))
    return g


def test_marks_follow_the_loss_thresholds() -> None:
    assert mark_for(0.0) is None
    assert mark_for(MISTAKE_MARKS[-1][0] - 0.01) is None
    assert mark_for(0.04) == "?!" and mark_for(0.08) == "?" and mark_for(0.3) == "??"


def test_a_blunder_is_marked_and_the_better_move_named() -> None:
    """Discarding while the pay-off card is playable is the clearest mistake there is."""
    g = Game.new(seed=3, players=("Ada", "Bo"))
    assert "P:Ac>C1" in g.legal_moves()
    discard = next(m for m in g.legal_moves() if m.ends_turn)
    g.play(discard)
    reviewed = annotate_with_bot(g)
    first = reviewed["moves"][0]
    assert first["mark"] in ("?", "??"), first
    assert "P:Ac>C" in first["comment"] or "pay-off" in first["comment"], first
    assert reviewed[ANNOTATOR_KEY] == "expert"


def test_the_expert_agrees_with_its_own_moves() -> None:
    """A game the expert played against itself earns no mark on the expert's own choices."""
    g = Game.new(seed=5, players=("E1", "E2"))
    bots = [get_bot("expert", seed=0), get_bot("expert", seed=0)]
    while not g.is_over and g.ply < 60:
        g.play(bots[g.current_player].choose(g.view(g.current_player)))
    reviewed = annotate_with_bot(g.to_record())
    marked = [e for e in reviewed["moves"] if "mark" in e]
    assert len(marked) <= len(reviewed["moves"]) // 10, marked


def test_review_keeps_the_readers_notes_and_reports_progress() -> None:
    g = _random_game(7, 80)
    g.annotate(1, comment="my own note", mark="!")
    seen: list[tuple[int, int]] = []
    reviewed = annotate_with_bot(g.to_record(), progress=lambda done, total: seen.append((done, total)))
    assert seen == [(n, g.ply) for n in range(1, g.ply + 1)]
    first = reviewed["moves"][0]
    assert first["mark"] == "!" and first["comment"].startswith("my own note")
    assert g.annotation(1) == {"comment": "my own note", "mark": "!"}, "the source game is untouched"
    # random play makes mistakes: the review finds some, and the record still replays
    assert any("mark" in e for e in reviewed["moves"][1:])
    again = Game.from_record(reviewed)
    assert again.state == g.state


def test_the_reviewer_sees_only_the_movers_view() -> None:
    """The rating of every move is asked with the mover's PlayerView, never the game."""
    g = _random_game(11, 30)
    seen: list[object] = []

    class Spy:
        def __init__(self) -> None:
            self.expert = get_bot("expert", seed=0)

        def rate(self, view: object, played: object) -> object:
            seen.append(view)
            return self.expert.rate(view, played)  # type: ignore[attr-defined,arg-type]

    annotate_with_bot(g, bot=Spy())  # type: ignore[arg-type]
    from spite_widget.engine.state import PlayerView

    assert len(seen) == g.ply
    replay = Replay(g)
    for n, view in enumerate(seen):
        replay.seek(n)
        assert isinstance(view, PlayerView)
        assert view == replay.view(view.player) and view.player == replay.state.current_player


def test_a_match_record_is_reviewed_game_by_game() -> None:
    m = Match(target=3, seed=4, players=("Ada", "Bo"))
    rng = random.Random(4)
    for _ in range(2):
        while not m.game.is_over:
            m.game.play(rng.choice(m.game.legal_moves()))
        if m.is_over:
            break
        m.next_game()
    reviewed = annotate_with_bot(m)
    assert reviewed["format"] == "spite-malice-match"
    assert Match.from_record(reviewed).scores == m.scores
    assert all(g[ANNOTATOR_KEY] == "expert" for g in reviewed["games"])


def test_the_sample_game_reviews(tmp_path: Path) -> None:
    reviewed = annotate_with_bot(SAMPLE)
    assert Game.from_record(reviewed).ply == Game.load(SAMPLE).ply
    with pytest.raises(TypeError, match="cannot review"):
        annotate_with_bot(SAMPLE, bot=object())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown bot"):
        annotate_with_bot(SAMPLE, bot="grandmaster")
