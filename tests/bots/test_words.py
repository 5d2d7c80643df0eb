"""The bots speak the widget's language: ratings, plans and explanations in es and pt carry
no English words, and the English sentences are unchanged (issue 15)."""

from __future__ import annotations

import re

import pytest
from bot_helpers import issue_view, make_view

from spite_widget import Game, Move, annotate_with_bot
from spite_widget.bots import get_bot
from spite_widget.bots.expert import ExpertBot
from spite_widget.engine.i18n import language

ENGLISH = ("gives", "chances", "could", "played", "after", "turn", "opponent", "King", "hand", "pay-off")
_ENGLISH_RE = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ENGLISH)) + r")(?![\w-])", re.IGNORECASE)


NATIVE: dict[str, tuple[str, ...]] = {"pt": ("chances",)}
"""Words of the list that are the language's own too: Portuguese says "suas chances"."""


def english_words(text: str, lang: str = "es") -> list[str]:
    """The words of the small English list that appear in `text` as whole words (but for those
    that are `lang`'s own words too)."""
    return [w for w in _ENGLISH_RE.findall(text) if w.lower() not in NATIVE.get(lang, ())]


def test_the_checker_finds_english_words() -> None:
    assert english_words("10♣ could have been played after K♣") == ["could", "played", "after"]
    assert english_words("un Rey comodín; la partida; turno; pilha de pagamento") == []
    assert english_words("suas chances depois", "pt") == [] and english_words("your chances", "es") == [
        "chances"
    ]


def test_the_english_comment_is_unchanged() -> None:
    with language("en"):
        rating = ExpertBot(seed=0).rate(issue_view(), Move.parse("H:7h>S1"))
    assert rating.why == (
        "gives up 1% of your chances: 10♣ could have been played after K♣ on C3"
        " (the expert plays K♣ to C3 and the pay-off 10♣ to C3)"
    )


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        (
            "es",
            "10♣ podría haberse jugado después de K♣ en C3 (el experto juega K♣ en C3 y la carta de pago 10♣ en C3)",
        ),
        (
            "pt",
            "dava para jogar 10♣ depois de K♣ em C3 (o especialista joga K♣ em C3 e a carta de pagamento 10♣ em C3)",
        ),
    ],
)
def test_a_rating_speaks_the_language_in_force(lang: str, says: str) -> None:
    view = issue_view()
    with language(lang):
        whys = [ExpertBot(seed=0).rate(view, move).why for move in view.legal_moves()]
    assert any(says in why for why in whys), whys
    for why in whys:
        assert not english_words(why, lang), why


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_the_experts_explanation_speaks_the_language_in_force(lang: str) -> None:
    bot = ExpertBot(seed=0)
    with language(lang):
        move = bot.choose(issue_view())
        line = bot.explain()
    assert move == "H:Kc>C3"
    assert "K♣" in line and "10♣" in line and "C3" in line, line
    assert not english_words(line, lang), line
    with language("en"):  # the words are built when asked, in the language then in force
        english = bot.explain()
    # the chances are the model's (they move when it is refitted); the words are the point
    assert re.fullmatch(
        r"plays K♣ to C3 so the pay-off 10♣ can follow; your chances after it: \d+% to win, \d+% to lose",
        english,
    ), english


def _game(names: tuple[str, str], plies: int, seed: int) -> Game:
    game = Game.new(seed=seed, players=("Ada", "Bo"))
    bots = [get_bot(names[0], seed=seed), get_bot(names[1], seed=seed)]
    while not game.is_over and game.ply < plies:
        player = game.current_player
        move = bots[player].choose(game.view(player))
        game.play(move)
    return game


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_every_bot_explains_itself_in_the_language_in_force(lang: str) -> None:
    """Every level's explanation of every move of a short game, built in es or pt."""
    for name in ("random", "greedy", "planner", "expert"):
        game = Game.new(seed=4, players=("Ada", "Bo"))
        bot = get_bot(name, seed=4)
        lines = []
        while not game.is_over and game.ply < 40:
            player = game.current_player
            with language(lang):
                move = bot.choose(game.view(player))
                lines.append(bot.explain())
            game.play(move)
        assert all(lines), name
        for line in lines:
            assert not english_words(line, lang), (name, line)


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_reviewed_greedy_v_expert_game_has_no_english_comment(lang: str) -> None:
    game = _game(("greedy", "expert"), 50, seed=7)
    reviewed = annotate_with_bot(game, lang=lang)
    comments = [m["comment"] for m in reviewed["moves"] if m.get("comment")]
    assert comments, "the greedy player makes no mistake the expert names"
    for comment in comments:
        assert not english_words(comment, lang), comment
    english = annotate_with_bot(game, lang="en")
    assert [m.get("comment") for m in english["moves"]] != [m.get("comment") for m in reviewed["moves"]]
    assert any(english_words(m.get("comment") or "") for m in english["moves"])


@pytest.mark.parametrize("name", ["expert", "greedy"])
def test_a_pay_off_card_that_is_not_the_last_is_not_called_the_win(name: str) -> None:
    """A reviewer saw "Plays the pay-off A♦ to C1: that is what wins" with 20 cards to go."""
    view = make_view(hand=["5h", "4c", "9d", "Jh", "3s"], payoff="Ad", payoff_count=20)
    bot = get_bot(name, seed=0)
    with language("en"):
        assert bot.choose(view) == "P:Ad>C1"
        line = bot.explain()
    assert "19 pay-off cards left after it" in line and "win" not in line.split(";")[0], line
    last = make_view(hand=["5h", "4c", "9d", "Jh", "3s"], payoff="Ad", payoff_count=1)
    bot = get_bot(name, seed=0)
    with language("en"):
        assert bot.choose(last) == "P:Ad>C1"
        assert "last pay-off card A♦ to C1 and wins" in bot.explain()


def test_a_discard_that_ends_the_game_in_a_draw_says_so() -> None:
    """A reviewer saw "...; the opponent's Q♥ can follow next turn 13%...; under 1% to win,
    under 1% to lose" before a discard after which there was no next turn."""
    view = make_view(hand=["9h", "Jd", "Qc", "5s", "8d"], payoff="7c", centers=(0, 0, 0), stock_count=0)
    bot = get_bot("expert", seed=0)
    with language("en"):
        move = bot.choose(view)
        line = bot.explain()
    assert move.target.startswith("S"), move
    assert line.endswith(
        ": the opponent then cannot draw a full hand from the stock, so the game ends as a draw"
    ), line
    assert "next turn" not in line and "to win" not in line, line


def test_random_explains_its_move_in_words_as_the_other_levels_do() -> None:
    """It said "H:Ts>S1: picked at random ...", the notation, where every other level names the
    cards and piles as the table shows them."""
    game = Game.new(seed=1)
    bot = get_bot("random", seed=1)
    said = {}
    while not game.is_over and game.ply < 60:
        move = bot.choose(game.view(game.current_player))
        said[move.target[0]] = (move, bot.explain())
        game.play(move)
    side_move, side_line = said["S"]
    assert side_line.startswith(f"put {side_move.card.display} on {side_move.target} and ended the turn: ")
    center_move, center_line = said["C"]
    assert (
        center_line.startswith(f"played {center_move.card.display}")
        and f"on {center_move.target}" in center_line
    )
    for move, line in said.values():
        assert str(move) not in line and re.search(r": picked at random from \d+ legal moves?$", line), line


def test_a_discard_to_one_of_several_empty_side_stacks_does_not_single_it_out() -> None:
    """ "ends the turn with 7♦ on the empty S1" read as if S1 mattered, with all four empty."""
    game = Game.new(seed=2)
    bot = get_bot("expert", seed=0)
    assert str(bot.advise(game.view(0))) == "H:7d>S1"
    assert bot.explain().startswith("ends the turn with 7♦ on an empty side stack (S1);")
    with language("es"):
        bot = get_bot("expert", seed=0)
        bot.advise(game.view(0))
        assert bot.explain().startswith("termina el turno con 7♦ en una pila lateral vacía (S1);")
