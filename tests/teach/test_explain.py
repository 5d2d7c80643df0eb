"""Explanations over many random positions: legal moves say so, illegal ones name their rule."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from spite_widget import Game, explain, explain_position
from spite_widget.engine.cards import ALL_CARDS, KING, RANK_OF, a_rank, rank_label
from spite_widget.engine.moves import ALL_MOVES, Move
from spite_widget.engine.state import PlayerView
from spite_widget.teach import RULES, explain_move

RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"


def positions(count: int, seed: int = 0) -> list[Game]:
    """Random positions from fixed random play (center moves preferred, so stacks grow)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        g = Game.new(seed=seed * 1000 + i)
        for _ in range(rng.randrange(0, 150)):
            moves = g.legal_moves()
            if not moves:
                break
            center = [m for m in moves if m.to_center]
            g.play(rng.choice(center) if center and rng.random() < 0.8 else rng.choice(moves))
        out.append(g)
    return out


def expected_rule(view: PlayerView, m: Move) -> str:
    """Which rule forbids `m`, worked out independently of the explainer."""
    if view.result is not None:
        return "win" if view.result.winner is not None else "stock-out"
    if m.source == "H" and m.card not in view.hand:
        return "moves"
    other = 1 - view.player
    if m.source == "P" and view.payoff_tops[view.player] != m.card == view.payoff_tops[other]:
        return "moves"  # the opponent's card: one plays from one's own piles
    if (
        m.source[0] == "S"
        and view.side_tops()[m.source_index] != m.card == view.side_tops(other)[m.source_index]
    ):
        return "moves"
    if m.source == "P" and view.payoff_tops[view.player] != m.card:
        return "payoff-top"
    if m.source[0] == "S" and view.side_tops()[m.source_index] != m.card:
        return "side-top"
    if RANK_OF[m.card] == KING:
        return "king-no-start"
    return "build-up"


GAMES = positions(40)


@pytest.mark.parametrize("game", GAMES, ids=[str(i) for i in range(len(GAMES))])
def test_every_move_is_explained_with_the_right_verdict_and_rule(game: Game) -> None:
    view = game.view(game.current_player)
    legal = set(game.legal_moves())
    rng = random.Random(len(legal))
    sample = [*legal, *rng.sample(ALL_MOVES, 150)]
    for m in sample:
        e = explain_move(game, m)
        assert e.text == explain(game, m)
        if m in legal:
            assert e.legal and e.text.startswith("Legal"), e.text
        else:
            assert not e.legal and e.text.startswith("Not legal"), e.text
            reason = game.why_illegal(m)
            assert reason is not None
            # the engine's own words, with the card asked about named in words ("not the 2s" reads as "twos")
            assert reason.replace(f"not the {m.card}", f"not the {m.card.words} ({m.card})") in e.text
            assert e.rule.id == expected_rule(view, m)
            assert RULES[e.rule.id].quote in e.text  # and the rule, quoted


def test_center_explanations_say_what_the_stack_needs() -> None:
    g = Game.new(seed=3)
    state = g.state
    hand_card = state.hands[0][0]
    if RANK_OF[hand_card] == 1:
        hand_card = state.hands[0][1]
    text = explain(g, f"H:{hand_card}>C1")
    if RANK_OF[hand_card] != 1:
        assert "C1 is empty, so it needs an Ace" in text
    # and on a built stack: "it needs a 4 (C1 holds 3 cards). A King would count as the 4."
    for game in GAMES:
        sizes = [len(c) for c in game.state.centers]
        if sizes[0] >= 1:
            hand = game.state.hands[game.current_player]
            wrong = next((c for c in hand if RANK_OF[c] not in (sizes[0] + 1, KING)), None)
            if wrong is None:
                continue
            text = explain(game, f"H:{wrong}>C1")
            need = sizes[0] + 1
            plural = "s" if sizes[0] > 1 else ""
            assert f"it needs {a_rank(need)} (C1 holds {sizes[0]} card{plural})" in text
            assert f"A King would count as the {rank_label(need)}." in text
            assert text.count(f"needs {a_rank(need)}") == 1, "the need is said once, not twice"
            return
    pytest.fail("no position with a built C1")


def test_a_king_is_told_as_the_rank_it_counts_as() -> None:
    g = Game.new(deck=_deck_with_hand(["Ac", "2d", "Kh", "9s", "9c"]))
    g.play("H:Ac>C1")
    g.play("H:2d>C1")
    text = explain(g, "H:Kh>C1")
    assert text.startswith("Legal: Kings are wild") and "counts as the 3" in text
    assert "King cannot start" in explain(g, "H:Kh>C2")


def test_the_last_payoff_card_and_an_emptied_hand_are_told() -> None:
    g = Game.new(deck=_deck_with_hand(["Ac", "2d", "3h", "4s", "5c"]))
    for c in ("Ac", "2d", "3h", "4s"):
        g.play(f"H:{c}>C1")
    assert "draw 5 new cards" in explain(g, "H:5c>C1")


def test_explanations_from_a_view_use_only_the_view() -> None:
    g = Game.new(seed=4)
    other = g.view(1 - g.current_player)
    assert "not your turn" in explain(other, g.legal_moves()[0])
    assert "not your turn" in explain_position(other)


@pytest.mark.parametrize("game", GAMES[:25], ids=[str(i) for i in range(25)])
def test_explain_position_mentions_a_playable_payoff(game: Game) -> None:
    text = explain_position(game)
    if game.is_over:
        assert text == game.outcome.describe(game.players)  # type: ignore[union-attr]
        return
    payoff = [m for m in game.legal_moves() if m.source == "P"]
    if payoff:
        assert f"You can play your pay-off {payoff[0].card.display} now" in text
    else:
        assert "pay-off" in text


def test_explain_position_finds_a_chain_to_the_payoff() -> None:
    # pay-off 6; hand 4 and 5; C1 built to 3 this turn: "after playing the 4 and 5 ... to C1"
    g = Game.new(deck=_deck_with_hand(["Ac", "2d", "3h", "4s", "5c"], payoff_top="6h"))
    for c in ("Ac", "2d", "3h"):
        g.play(f"H:{c}>C1")
    text = explain_position(g)
    assert "You can play your pay-off 6♥ after playing the 4♠ and 5♣ from your hand to C1" in text


def test_rule_quotes_are_word_for_word_from_rules_md() -> None:
    if not RULES_MD.exists():
        pytest.skip("docs/RULES.md is not in this checkout")
    text = RULES_MD.read_text(encoding="utf-8")
    text = re.sub(r"^\s*(?:\d+\.|-)\s+", " ", text, flags=re.M).replace("**", "")
    flat = " ".join(text.split())
    for rule in RULES.values():
        quote = " ".join(rule.quote.split())
        # a quote may stop where the contract's sentence goes on to say why (with its own period),
        # and leave out words where it shows "[…]" (the rest in the contract's order)
        at = 0
        for piece in quote.split(" [\u2026] "):
            found = flat.find(piece, at)
            if found < 0 and piece.endswith("."):
                found = flat.find(piece[:-1] + ":", at)
            assert found >= 0, (rule.id, piece)
            at = found + len(piece)


def _deck_with_hand(hand: list[str], payoff_top: str | None = None) -> list[str]:
    """Two packs with player 0's hand (and pay-off top) as given; the rest in a fixed order."""
    from spite_widget.teach.lessons import build_deck

    return list(build_deck(hand0=hand, payoff0=[payoff_top] if payoff_top else []))


def test_all_cards_have_words() -> None:
    assert all(c.words for c in ALL_CARDS)


def test_a_card_on_the_opponents_pile_is_refused_as_theirs() -> None:
    """Trying the opponent's 4♦ (top of their S1) as S1:4d>C1 was refused as "the top of side
    stack S1 is the nine of hearts, not the 4d", as if the 4♦ lay buried in one's own S1."""
    from spite_widget import lessons as all_lessons
    from spite_widget.engine.i18n import language

    lesson = next(item for item in all_lessons() if item.id == "who-sees")
    view = lesson.new_game().view(0)
    assert view.side_tops(1)[0] == "4d" and view.side_tops(0)[0] != "4d"
    said = explain_move(view, "S1:4d>C1")
    assert not said.legal and said.rule.id == "moves", said
    assert "the 4♦ is on your opponent's S1: you play only from your own piles" in str(said.text), said
    with language("es"):
        assert "el 4♦ está en la S1 de tu rival" in explain_move(view, "S1:4d>C1").text
    # a card not the opponent's is still told by the top of one's own stack
    assert "only the top card of a side stack" in explain_move(view, "S1:5d>C1").text


def test_a_view_or_a_states_default_names_speak_the_language() -> None:
    """A view knows no names: it said "é a vez de Player 0" in Portuguese."""
    v = Game.new(seed=7).view(1)
    assert explain_position(v, lang="pt") == "Não é a sua vez: é a vez de Jogador 0."
    assert "Le toca a Jugador 0" in explain(v, "H:2d>C1", lang="es")
    assert explain_position(v).startswith("It is not your turn: Player 0 is to move")


def test_a_games_default_names_speak_the_language_too() -> None:
    """A Game names its players "Player 0" and "Player 1" by itself: played to a win, it said
    "Player 0 esvaziou ..." in Portuguese."""
    rng = random.Random(3)
    g = Game.new(seed=3)
    while not g.is_over:
        moves = g.legal_moves()
        center = [m for m in moves if m.to_center]
        g.play(rng.choice(center) if center else rng.choice(moves))
    said = explain_position(g, lang="pt")
    assert "Jogador" in said and "Player" not in said, said
