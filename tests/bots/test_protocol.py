"""Your own bot: the protocol's adapter, loading by spec, and clear errors for broken bots."""

from __future__ import annotations

import json
import random
import re
import sys
import textwrap
from pathlib import Path

import pytest

from spite_widget import Game, Move, PlayerView, SpiteWidget, annotate_with_bot
from spite_widget.bots import get_bot
from spite_widget.bots.arena import main as arena_main
from spite_widget.bots.arena import run_arena
from spite_widget.bots.protocol import BotError, ProtocolBot, Rating, as_bot, load_bot
from spite_widget.bots.review import mark_for


class FirstMove:
    """Answers the first legal move, as a string, and says so."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: PlayerView) -> str:
        self.calls += 1
        return str(view.legal_moves()[0])

    def explain(self) -> str:
        return "the first legal move"


class Raises:
    def choose(self, view: PlayerView) -> Move:
        raise KeyError("oops")


class Chatty:
    """Answers like a language model: the move inside a sentence."""

    def choose(self, view: PlayerView) -> str:
        return f"I will play `{view.legal_moves()[-1]}` now."


def test_a_plain_object_with_choose_is_a_bot() -> None:
    inner = FirstMove()
    bot = get_bot(inner)
    assert isinstance(bot, ProtocolBot) and bot.name == "FirstMove"
    game = Game.new(seed=1)
    while not game.is_over and game.ply < 200:
        move = bot.choose(game.view(game.current_player))
        assert isinstance(move, Move)
        game.play(move)
    assert inner.calls == game.ply and bot.explain() == "the first legal move"


def test_a_move_inside_a_sentence_is_read() -> None:
    game = Game.new(seed=2)
    view = game.view(0)
    assert as_bot(Chatty()).choose(view) == view.legal_moves()[-1]


def test_a_bot_that_raises_is_reported_with_its_name_and_move() -> None:
    game = Game.new(seed=3)
    with pytest.raises(
        BotError, match=r"Raises failed at move 1: choose\(\) raised KeyError: 'oops'"
    ) as info:
        as_bot(Raises()).choose(game.view(0))
    assert info.value.bot == "Raises" and info.value.ply == 0


def test_an_illegal_answer_is_reported_with_the_legal_moves() -> None:
    game = Game.new(seed=3)
    view = game.view(0)
    bot = as_bot(type("Bad", (), {"choose": lambda self, v: "P:Kd>C1"})())
    with pytest.raises(
        BotError, match=r"Bad failed at move 1: answered 'P:Kd>C1', which is not legal: "
    ) as info:
        bot.choose(view)
    assert "your pay-off card is" in info.value.problem and "Legal moves" not in str(info.value)
    assert set(info.value.legal) == set(view.legal_moves())
    with pytest.raises(BotError, match="returned int 7, not a Move or a move string") as info:
        as_bot(type("Seven", (), {"choose": lambda self, v: 7})()).choose(view)
    assert set(info.value.legal) == set(view.legal_moves())
    # an answer shaped like a move the notation does not have (pay-off card to a side stack)
    with pytest.raises(
        BotError,
        match=r"answered 'P:Kd>S1', which is not a move: the pay-off card can only go to a center stack",
    ):
        as_bot(type("Odd", (), {"choose": lambda self, v: "P:Kd>S1"})()).choose(view)


def test_a_bot_that_calls_sys_exit_fails_as_a_bot() -> None:
    """sys.exit() inside choose() ended the whole arena run silently, with its exit code."""
    view = Game.new(seed=3).view(0)
    with pytest.raises(BotError, match=r"Quits failed at move 1: choose\(\) raised SystemExit: 3") as info:
        as_bot(type("Quits", (), {"choose": lambda self, v: sys.exit(3)})()).choose(view)
    assert set(info.value.legal) == set(view.legal_moves())


def test_a_bot_is_not_asked_out_of_turn() -> None:
    game = Game.new(seed=3)
    with pytest.raises(ValueError, match="not its turn"):
        as_bot(FirstMove()).choose(game.view(1))


def test_objects_without_choose_are_refused() -> None:
    with pytest.raises(TypeError, match="int is not a bot: a bot is an object with a choose"):
        get_bot(42)


def first_legal(view: PlayerView) -> str:
    return str(view.legal_moves()[0])


def test_a_plain_function_is_a_bot_wherever_a_bot_is_taken() -> None:
    """`spite-arena my_bots:func` took a function; `get_bot(func)`, `SpiteEnv(opponent=func)`
    and `SpiteWidget(opponent=func)` said "function is not a bot"."""
    game = Game.new(seed=3)
    bot = get_bot(first_legal)
    assert bot.name == "first_legal" and bot.choose(game.view(0)) == game.legal_moves()[0]
    with pytest.raises(BotError, match=r"^lambda failed at move 1: answered 'pass'"):
        get_bot(lambda view: "pass").choose(game.view(0))
    w = SpiteWidget(opponent=first_legal, seed=3, opponent_delay=0)
    w.play(str(w.game.legal_moves()[-1]))  # ends the turn (a discard is listed last)
    w.wait(10)
    assert w.game.current_player == 0 and w.game.ply > 1


def test_built_in_bots_pass_through_unwrapped() -> None:
    greedy = get_bot("greedy", seed=1)
    assert as_bot(greedy) is greedy
    assert get_bot(greedy) is greedy


@pytest.fixture
def bot_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "my_test_bots.py").write_text(
        textwrap.dedent(
            """
            import random

            class Seeded:
                def __init__(self, seed=None):
                    self.rng = random.Random(seed)
                    self.seed = seed
                def choose(self, view):
                    return self.rng.choice(view.legal_moves())

            class NoSeed:
                def choose(self, view):
                    return view.legal_moves()[0]

            def first(view):
                return view.legal_moves()[0]

            ready = NoSeed()

            class NeedsArgs:
                def __init__(self, depth):
                    self.depth = depth
                def choose(self, view):
                    return view.legal_moves()[0]

            class Rates(NoSeed):
                # reviews: every move but the first legal one costs a whole pay-off card
                def rate(self, view, played):
                    best = view.legal_moves()[0]
                    return type("R", (), {"best": best, "loss": float(played != best), "why": "first"})()

            class Sleepy:
                # answers two moves at once, then sleeps on the third, catching what it can
                def __init__(self):
                    self.n = 0
                def choose(self, view):
                    self.n += 1
                    if self.n == 3:
                        self.stall()
                    return view.legal_moves()[0]
                def stall(self):
                    import time
                    try:
                        time.sleep(30)
                    except Exception:
                        pass

            class OnlyRates:
                # a reviewer that does not play: rate() alone
                def rate(self, view, played):
                    return type("R", (), {"best": played, "loss": 0.5, "why": "always half"})()

            class RateRaises:
                def rate(self, view, played):
                    raise KeyError("no")

            class RateNumber:
                def rate(self, view, played):
                    return 0.3

            class Swallows(Sleepy):
                # sleeps past the move limit on its third move, with a bare except: around it
                def stall(self):
                    import time
                    end = time.perf_counter() + 1.0
                    while time.perf_counter() < end:
                        try:
                            time.sleep(end - time.perf_counter())
                        except:  # noqa: E722 - hobby code does this
                            pass

            class Cancelled:
                # an async model call cancelled under it
                def choose(self, view):
                    import asyncio
                    raise asyncio.CancelledError()

            class Tampers:
                # puts a card it does not hold into its own view, then plays it
                def choose(self, view):
                    from spite_widget.engine.cards import Card
                    card = next(c for c in ("Ah", "Ad", "Ac", "As") if Card(c) not in view.hand)
                    object.__setattr__(view, "hand", (*view.hand, Card(card)))
                    return f"H:{card}>C1"

            class Interrupts:
                # the person at the keyboard presses Ctrl-C while it thinks
                def choose(self, view):
                    raise KeyboardInterrupt

            class Broken:
                # plays three moves, then answers something that is not a move
                def __init__(self):
                    self.n = 0
                def choose(self, view):
                    self.n += 1
                    return view.legal_moves()[0] if self.n <= 3 else "H:Kd>C9"
            """
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "my_test_bots"
    sys.modules.pop("my_test_bots", None)


def test_specs_load_classes_objects_and_functions(bot_module: str) -> None:
    seeded = load_bot(f"{bot_module}:Seeded", seed=9)
    assert seeded.seed == 9
    assert type(load_bot(f"{bot_module}:NoSeed", seed=9)).__name__ == "NoSeed"
    assert type(load_bot(f"{bot_module}:ready")).__name__ == "NoSeed"
    game = Game.new(seed=4)
    view = game.view(0)
    assert get_bot(f"{bot_module}:first").choose(view) == view.legal_moves()[0]
    a = get_bot(f"{bot_module}:Seeded", seed=5)
    b = get_bot(f"{bot_module}:Seeded", seed=5)
    assert [a.choose(view) for _ in range(5)] == [b.choose(view) for _ in range(5)]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_module_xyz:Bot", "no module 'no_such_module_xyz'"),
        ("my_test_bots:Missing", "module 'my_test_bots' has no 'Missing'"),
        (":Bot", "is not a bot spec"),
        ("my_test_bots:", "is not a bot spec"),
        (
            "my_test_bots:NeedsArgs",
            r"cannot load bot 'my_test_bots:NeedsArgs': NeedsArgs\(\) raised TypeError",
        ),
    ],
)
def test_bad_specs_say_what_is_wrong(bot_module: str, spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        get_bot(spec)


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("def choose(view)\n    return None\n", "failed to import: SyntaxError"),
        ("raise RuntimeError('needs a GPU')\n", "failed to import: RuntimeError: needs a GPU"),
        ("import no_such_dependency_xyz\n", "failed to import: No module named 'no_such_dependency_xyz'"),
    ],
)
def test_a_module_that_fails_to_import_is_named_with_its_error(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    source: str,
    message: str,
) -> None:
    """The module is there but its own code fails: say so (not "no module"), in one line."""
    (tmp_path / "broken_bot_xyz.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "broken_bot_xyz", raising=False)
    with pytest.raises(
        ValueError, match=f"cannot load bot 'broken_bot_xyz:Bot': module 'broken_bot_xyz' {message}"
    ):
        get_bot("broken_bot_xyz:Bot")
    with pytest.raises(SystemExit) as stop:
        arena_main(["broken_bot_xyz:Bot", "greedy", "--games", "2", "--workers", "1", "--quiet"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "failed to import" in err and "Traceback" not in err, err


class Rater(FirstMove):
    """A user bot that can review: every move but the first legal one costs a card."""

    def rate(self, view: PlayerView, played: Move) -> Rating:
        best = view.legal_moves()[0]
        return Rating(best=best, loss=0.0 if played == best else 1.0, why=f"FirstMove prefers {best}")


def test_annotate_with_a_user_bot_that_rates() -> None:
    game = Game.new(seed=6)
    rng = random.Random(6)
    while game.ply < 30 and not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    for bot in (Rater(), as_bot(Rater())):
        record = annotate_with_bot(game.to_record(), bot=bot)
        marked = [m for m in record["moves"] if m.get("mark")]
        assert marked and all(
            m["mark"] == mark_for(1.0) and "FirstMove prefers" in m["comment"] for m in marked
        )
        unmarked = [m for m in record["moves"] if not m.get("mark")]
        assert unmarked  # the moves that were the first legal one
    with pytest.raises(TypeError, match="cannot review games"):
        annotate_with_bot(game.to_record(), bot=as_bot(FirstMove()))


def end_my_turn(w: SpiteWidget) -> None:
    """The person at the screen (player 0) keeps a hand card on a side stack."""
    w.play(next(m for m in w.game.legal_moves() if m.ends_turn))


def test_a_user_bot_plays_in_the_widget_under_its_own_name() -> None:
    inner = FirstMove()
    w = SpiteWidget(opponent=inner, seed=3, opponent_delay=0)
    assert w.match.players == ("You", "FirstMove")
    end_my_turn(w)
    assert inner.calls >= 1 and w.game.current_player == 0 and not w.busy
    assert not w.errors


def test_a_broken_user_bot_is_said_in_the_status_line_and_never_hangs_the_table() -> None:
    w = SpiteWidget(opponent=Raises(), seed=3, opponent_delay=0)
    end_my_turn(w)
    assert not w.busy and w.game.current_player == 1
    assert w.status["kind"] == "error"
    # the exception's own text stays in Python (it may name the bot's cards): errors has it
    assert "(Raises failed at move 2: choose() raised KeyError)" in w.status["text"]
    assert w.errors and "Raises failed at move 2: choose() raised KeyError: 'oops'" in w.errors[0]
    bad = type("Bad", (), {"choose": lambda self, v: "P:Kd>C1"})()
    w = SpiteWidget(opponent=bad, seed=3, opponent_delay=0)
    end_my_turn(w)
    assert "Bad failed at move 2: it answered a move that is not legal" in w.status["text"]
    assert "P:Kd>C1" not in w.status["text"] and "answered 'P:Kd>C1'" in w.errors[0]
    assert w.actions["new-match"] and not w.busy


def test_a_user_bots_illegal_answer_does_not_tell_the_player_its_hand() -> None:
    """A bot answering its first hand card to C1 had the status line say "answered 'H:3s>C1',
    which is not legal: a 3 cannot go on C1": the player learnt the computer holds the 3♠."""

    class Sloppy:
        def choose(self, view: PlayerView) -> str:
            return f"H:{view.hand[0]}>C1"

    for seed in range(3, 9):
        w = SpiteWidget(opponent=Sloppy(), seed=seed, opponent_delay=0)
        end_my_turn(w)
        hand = w.state.hands[1]
        if w.status["kind"] == "error":
            break
    assert w.status["kind"] == "error" and "Sloppy failed at move" in w.status["text"], w.status
    assert not [c for c in set(hand) if c in w.status["text"] or c.display in w.status["text"]], w.status
    assert f"answered 'H:{hand[0]}>C1'" in w.errors[0]


def test_the_widget_takes_a_spec_and_refuses_unknown_levels(bot_module: str) -> None:
    w = SpiteWidget(opponent=f"{bot_module}:NoSeed", seed=3, opponent_delay=0)
    assert w.match.players == ("You", "NoSeed")
    end_my_turn(w)
    assert w.game.current_player == 0 and not w.errors
    with pytest.raises(
        ValueError,
        match=r"opponent must be one of .*a module:MyBot spec, an object with choose\(view\) or a function",
    ):
        SpiteWidget(opponent="grumpy")


def test_the_arena_plays_a_user_bot_by_spec(bot_module: str) -> None:
    result = run_arena(f"{bot_module}:Seeded", "random", 4, workers=1, progress=False)
    assert result.n == 4 and result.forfeits == (0, 0)
    assert all(o.moves[0] > 0 and o.moves[1] > 0 for o in result.outcomes)
    assert "forfeits" not in result.table()


def test_a_failing_bot_forfeits_in_the_arena_and_the_table_says_so(bot_module: str, tmp_path: Path) -> None:
    result = run_arena(
        f"{bot_module}:Broken", "greedy", 4, workers=1, progress=False, save=tmp_path / "games"
    )
    assert result.forfeits == (4, 0) and result.wins == (0, 4) and result.draws == 0
    table = result.table()
    assert (
        "forfeits (a bot raised, answered an illegal move or passed the move limit; the other bot wins): "
        in table
    )
    assert f"{bot_module}:Broken 4, greedy 0; first, in game 1: Broken failed at move" in table
    assert "answered 'H:Kd>C9', which is not a move: the target must be C1..C3" in table
    saved = json.loads((tmp_path / "games" / "game-00000.json").read_text())
    assert saved["result"] is None and "Broken failed" in saved["x-forfeit"]
    again = run_arena(
        f"{bot_module}:Broken", "greedy", 4, workers=1, progress=False, save=tmp_path / "games", resume=True
    )  # read back from the records: the forfeits are still the failing bot's
    assert again.resumed == 4 and again.forfeits == (4, 0) and again.wins == (0, 4)
    assert [o.forfeit_reason for o in again.outcomes] == [o.forfeit_reason for o in result.outcomes]
    kept = tmp_path / "matches"
    matches = run_arena(
        f"{bot_module}:Broken", "random", 2, workers=1, progress=False, matches=True, save=kept
    )
    assert matches.forfeits == (2, 0) and matches.wins == (0, 2)
    again = run_arena(
        f"{bot_module}:Broken", "random", 2, workers=1, progress=False, matches=True, save=kept, resume=True
    )
    assert again.resumed == 2 and again.forfeits == (2, 0) and again.wins == (0, 2)


def test_spite_arena_command_takes_specs_and_refuses_bad_ones(
    bot_module: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert arena_main([f"{bot_module}:NoSeed", "random", "--games", "2", "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert f"2 games: {bot_module}:NoSeed v random" in out
    for bad, message in (("grumpy", "unknown bot 'grumpy'"), (f"{bot_module}:Nope", "has no 'Nope'")):
        with pytest.raises(SystemExit):
            arena_main([bad, "random", "--games", "2", "--quiet"])
        assert message in capsys.readouterr().err


def test_annotate_with_a_user_bot_named_by_spec(bot_module: str) -> None:
    game = Game.new(seed=6)
    rng = random.Random(6)
    while game.ply < 20 and not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    record = annotate_with_bot(game.to_record(), bot=f"{bot_module}:Rates")
    assert record["x-annotated-by"] == f"{bot_module}:Rates"
    assert any(m.get("mark") == mark_for(1.0) for m in record["moves"])


def test_a_rater_is_named_by_spec_and_its_failures_say_who_and_where(bot_module: str) -> None:
    """A spec naming a rater with rate() alone was refused as "not a bot"; a rate() that
    raised or answered a number ended the review with a bare KeyError or AttributeError."""
    game = Game.new(seed=6)
    while game.ply < 4:
        game.play(game.legal_moves()[0])
    record = annotate_with_bot(game.to_record(), bot=f"{bot_module}:OnlyRates")
    assert [m.get("mark") for m in record["moves"]] == [mark_for(0.5)] * 4
    first = game.moves[0]
    with pytest.raises(
        RuntimeError, match=rf"RateRaises.rate\(\) raised KeyError at move 1 \({first}\): 'no'"
    ):
        annotate_with_bot(game.to_record(), bot=f"{bot_module}:RateRaises")
    with pytest.raises(
        TypeError, match=r"RateNumber.rate\(\) returned float 0.3 at move 1 .*a rating has best"
    ):
        annotate_with_bot(game.to_record(), bot=f"{bot_module}:RateNumber")


def test_a_bot_slower_than_the_move_limit_forfeits(
    bot_module: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot that never answered hung the arena: with --move-limit it forfeits, and the run
    goes on (the timer is in the process's main thread, so workers=1 here)."""
    import time

    start = time.perf_counter()
    result = run_arena(f"{bot_module}:Sleepy", "greedy", 2, workers=1, progress=False, move_limit=0.3)
    assert time.perf_counter() - start < 20  # not the 2 x 30 s it sleeps
    assert result.forfeits == (2, 0) and result.wins == (0, 2)
    reasons = [o.forfeit_reason for o in result.outcomes]
    assert all("took more than 0.3 s to choose a move (--move-limit)" in r for r in reasons), reasons
    assert all(r.startswith("Sleepy failed at move ") for r in reasons), reasons
    # the limit does not touch a bot within it, and is refused where it cannot work
    quick = run_arena("greedy", "random", 2, workers=1, progress=False, move_limit=5)
    assert quick.forfeits == (0, 0) and quick.n == 2
    for bad in (0, -1.0, float("inf"), float("nan"), 1e300):
        with pytest.raises(ValueError, match="move_limit must be a number of seconds above 0"):
            run_arena("greedy", "random", 2, workers=1, progress=False, move_limit=bad)
    with pytest.raises(ValueError, match="local workers only"):
        run_arena("greedy", "random", 2, progress=False, move_limit=1, scheduler="tcp://127.0.0.1:1")
    with pytest.raises(ValueError, match="workers must be at least 1, not 0"):
        run_arena("greedy", "random", 2, workers=0, progress=False)
    # on the command line: one usage line and exit status 2, never a traceback (inf overflowed the timer)
    for option, value in (
        ("--move-limit", "0"),
        ("--move-limit", "inf"),
        ("--move-limit", "nan"),
        ("--workers", "0"),
    ):
        with pytest.raises(SystemExit) as stop:
            arena_main(["greedy", "random", "--games", "2", option, value, "--quiet"])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert f"spite-arena: error: {option} must be" in err and "Traceback" not in err, err


def test_a_spec_that_names_no_bot_says_which_spec_and_what_it_named(bot_module: str) -> None:
    """'module is not a bot' named neither the spec nor the thing: `my_test_bots:random` is the
    module `random` the bots' file imports, and `get_bot("expertt")` did not say that your own
    bot goes there too."""
    with pytest.raises(TypeError, match=r"'my_test_bots:random' names the module random, which is not a bot"):
        get_bot(f"{bot_module}:random")
    with pytest.raises(
        ValueError, match=r"unknown bot 'expertt': .*or give your own as path.to.module:MyBot"
    ):
        get_bot("expertt")


def test_the_round_robin_command_takes_specs_and_refuses_what_it_cannot_play(
    bot_module: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The ladder's command refused `module:Name` (argparse choices) though `round_robin` takes it."""
    args = ["round-robin", f"{bot_module}:NoSeed", "random", "greedy", "--games", "2", "--workers", "1"]
    assert arena_main([*args, "--quiet"]) == 0
    out = capsys.readouterr().out
    rows = out.splitlines()
    assert rows[0].split() == ["bot", "Elo", "+-", "score", "games"]
    named = next(r for r in rows if r.startswith(f"{bot_module}:NoSeed "))
    # a long name keeps the columns: its row lines up with the header's
    assert len(named.rstrip()) == len(rows[0].rstrip()) and named.split()[-1] == "4"
    assert f"{bot_module}:NoSeed v random: " in out
    for bad, message in (
        (f"{bot_module}:Nope", "has no 'Nope'"),
        (f"{bot_module}:random", "names the module random, which is not a bot"),
        ("grumpy", "unknown bot 'grumpy'"),
    ):
        with pytest.raises(SystemExit):
            arena_main(["round-robin", bad, "random", "--games", "2", "--quiet"])
        assert message in capsys.readouterr().err


def test_a_bot_that_swallows_the_move_limit_still_forfeits(bot_module: str) -> None:
    """A bare `except:` around the thinking swallowed the arena's one alarm, and every slow
    move was accepted: the time is now also checked when the bot answers."""
    result = run_arena(f"{bot_module}:Swallows", "greedy", 2, workers=1, progress=False, move_limit=0.3)
    assert result.forfeits == (2, 0) and result.wins == (0, 2)
    assert all("took more than 0.3 s" in o.forfeit_reason for o in result.outcomes)


def test_a_bot_raising_what_is_no_exception_fails_as_a_bot(bot_module: str) -> None:
    """asyncio.CancelledError (a BaseException) ended the whole arena run with a traceback,
    and at a table with a delay killed the bot's thread: busy for ever, every button grey."""
    game = Game.new(seed=3)
    with pytest.raises(BotError, match=r"Cancelled failed at move 1: choose\(\) raised CancelledError"):
        get_bot(f"{bot_module}:Cancelled").choose(game.view(0))
    result = run_arena(f"{bot_module}:Cancelled", "greedy", 2, workers=1, progress=False)
    assert result.forfeits == (2, 0)
    w = SpiteWidget(opponent=f"{bot_module}:Cancelled", seed=3, opponent_delay=0.01)
    end_my_turn(w)
    w.wait(10)
    assert not w.busy and w.status["kind"] == "error" and w.actions["new-match"]
    assert "Cancelled failed at move 2: choose() raised CancelledError" in w.status["text"]
    assert w.status["text"].endswith("Start a new match.") and ".)." not in w.status["text"]


def test_a_bot_that_changes_its_view_is_judged_by_the_game(bot_module: str) -> None:
    """Checked against its own (altered) view, the move passed; the game then refused it and
    spite-arena stopped with "error: there is no ace ... in your hand", naming no bot."""
    result = run_arena(f"{bot_module}:Tampers", "greedy", 2, workers=1, progress=False)
    assert result.forfeits == (2, 0) and result.wins == (0, 2)
    assert all(
        o.forfeit_reason.startswith("Tampers failed at move ") and "which is not legal" in o.forfeit_reason
        for o in result.outcomes
    )
    w = SpiteWidget(opponent=f"{bot_module}:Tampers", seed=3, opponent_delay=0)
    end_my_turn(w)
    assert not w.busy and w.status["kind"] == "error"
    assert "Tampers failed at move 2: it answered a move that is not legal" in w.status["text"]
    assert "Tampers failed at move 2: answered 'H:A" in w.errors[0]


def test_functions_classes_and_methods_are_named_and_taken_as_bots() -> None:
    """The table called a function's bot "function" and a class's "type"; a class failed at
    its first move; a bound method and a callable object were "not a bot"."""

    class Agent:
        def act(self, view: PlayerView) -> str:
            return str(view.legal_moves()[0])

        def __call__(self, view: PlayerView) -> str:
            return self.act(view)

    game = Game.new(seed=3)
    for opponent, name in (
        (first_legal, "first_legal"),
        (FirstMove, "FirstMove"),
        (Agent().act, "Agent.act"),
        (Agent(), "Agent"),
        (lambda view: str(view.legal_moves()[0]), "lambda"),
    ):
        bot = get_bot(opponent)
        assert bot.choose(game.view(0)) == game.legal_moves()[0], name
        w = SpiteWidget(opponent=opponent, seed=3, opponent_delay=0)
        assert w.match.players == ("You", name)
        end_my_turn(w)
        assert w.game.current_player == 0 and not w.errors, (name, w.errors)
    with pytest.raises(TypeError, match="dict is not a bot"):
        get_bot(dict)


def test_an_answer_shaped_like_a_move_says_what_is_wrong_with_it() -> None:
    game = Game.new(seed=7)
    for answer, says in (
        ("H:10s>C1", "which is not a move: '10s' is not a card in the notation: a ten is written T"),
        ("p:ac>c1", "which is not a move: the source must be P"),
        ("H:2d>S9", "which is not a move: the target must be C1..C3"),
    ):
        with pytest.raises(BotError, match=re.escape(says)):
            get_bot(lambda view, a=answer: a).choose(game.view(0))


def test_a_rating_must_prefer_a_legal_move_with_a_finite_loss() -> None:
    """best=None and an illegal best were written into the review as "the expert plays ...";
    loss=inf failed far from the rater with "a note must hold JSON data only"."""
    game = Game.new(seed=6)
    while game.ply < 4:
        game.play(game.legal_moves()[0])

    def rater(best: object = "first", loss: float = 1.0, why: object = "") -> object:
        """A rater whose rating is made of these ("first": the first legal move, always legal)."""

        def rate(self: object, view: PlayerView, played: Move) -> Rating:
            return Rating(view.legal_moves()[0] if best == "first" else best, loss, why)  # type: ignore[arg-type]

        return type("Rater", (), {"rate": rate})()

    for made, error, says in (
        (rater(None), TypeError, r"Rater.rate\(\) returned Rating .* at move 1 .*best \(a Move\)"),
        (rater("first", float("inf")), TypeError, r"loss \(a finite number\)"),
        (rater("first", 1.0, 3), TypeError, r"why \(a string\)"),
        (
            rater(Move.parse("H:Ah>C3")),
            ValueError,
            r"Rater.rate\(\) at move 1 \(.*\) preferred H:Ah>C3, which is not a legal",
        ),
    ):
        with pytest.raises(error, match=says):
            annotate_with_bot(game.to_record(), bot=made)
    record = annotate_with_bot(game.to_record(), bot=rater())
    said = [m.get("comment", "") for m in record["moves"]]
    assert all(c.startswith("Rater plays H:") for c in said), said  # not "the expert plays"


def test_ctrl_c_in_a_bot_is_no_bot_failure_and_stops_any_run(
    bot_module: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """ProtocolBot takes anything a bot raises as its failure, but Ctrl-C is the person's: it
    stops the run, a plain one or a round robin (which printed a traceback), in one line."""
    game = Game.new(seed=3)
    with pytest.raises(KeyboardInterrupt):
        get_bot(f"{bot_module}:Interrupts").choose(game.view(0))
    assert (
        arena_main([f"{bot_module}:Interrupts", "random", "--games", "2", "--workers", "1", "--quiet"]) == 130
    )
    assert capsys.readouterr().err.strip().startswith("spite-arena: stopped; with --save DIR")
    assert (
        arena_main(
            ["round-robin", f"{bot_module}:Interrupts", "random", "--games", "2", "--workers", "1", "--quiet"]
        )
        == 130
    )
    err = capsys.readouterr().err
    assert err.strip() == "spite-arena: stopped" and "Traceback" not in err


def test_an_object_with_choose_and_call_is_an_object_bot_and_a_function_bot_is_told_apart() -> None:
    class Both:
        def choose(self, view: PlayerView) -> str:
            return str(view.legal_moves()[0])

        def __call__(self, view: PlayerView) -> str:
            raise AssertionError("choose() is the bot")

    game = Game.new(seed=3)
    bot = get_bot(Both())
    assert isinstance(bot, ProtocolBot) and bot.name == "Both"
    assert bot.choose(game.view(0)) == game.legal_moves()[0]

    def needs_two(view: PlayerView, depth: int) -> str:  # not a bot: the error says so at its call
        return str(view.legal_moves()[0])

    with pytest.raises(BotError, match=r"^needs_two failed at move 1: calling it raised TypeError"):
        get_bot(needs_two).choose(game.view(0))
    quoted = get_bot(lambda view: "`H:10s>C1`")
    with pytest.raises(BotError, match=r"answered '`H:10s>C1`', which is not a move: '10s' is not a card"):
        quoted.choose(game.view(0))


def test_a_run_removes_its_own_unfinished_records_and_no_other_files(bot_module: str, tmp_path: Path) -> None:
    """It removed every *.json.part in the directory: a matches run's part mid-write too."""
    saved = tmp_path / "shared"
    saved.mkdir()
    others = [saved / "match-00003.json.part", saved / "notes.json.part"]
    for path in others:
        path.write_text("{}", encoding="utf-8")
    (saved / "game-00001.json.part").write_text("{", encoding="utf-8")  # this run's, cut short
    run_arena("random", "random", 2, workers=1, progress=False, save=saved)
    assert all(path.exists() for path in others)
    assert not (saved / "game-00001.json.part").exists() and (saved / "game-00001.json").exists()


def test_resume_reads_saved_records_as_every_record_file_is_read(tmp_path: Path) -> None:
    """A saved record with a key twice was resumed without a word; a 5,000-digit number gave
    Python's advice to raise its digit limit."""
    saved = tmp_path / "games"
    run_arena("random", "random", 2, workers=1, progress=False, save=saved)
    path = saved / "game-00000.json"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"format":', '"x-dup": 1, "x-dup": 2, "format":', 1), encoding="utf-8")
    with pytest.raises(ValueError, match=r"game-00000.json: not a readable record .*'x-dup' appears twice"):
        run_arena("random", "random", 2, workers=1, progress=False, save=saved, resume=True)
