"""What a player reads, in Spanish and Portuguese: explanations, lessons, pictures.

Each text is scanned for English words that must not leak (card, pile and turn words among
them), and checked for the glossary's terms.
"""

from __future__ import annotations

import re

import pytest

from spite_widget import Game, explain, explain_position, lessons
from spite_widget.render import table_svg
from spite_widget.teach import LessonSession

ENGLISH = (
    "the",
    "card",
    "cards",
    "pile",
    "stack",
    "stacks",
    "hand",
    "stock",
    "pay-off",
    "side",
    "center",
    "turn",
    "King",
    "Queen",
    "Jack",
    "Ace",
    "hearts",
    "spades",
    "clubs",
    "diamonds",
    "you",
    "your",
    "play",
    "played",
    "move",
    "empty",
    "needs",
    "goal",
    "draw",
)
"""Words that would mean an English sentence slipped through."""

GLOSSARY = {"es": ("pila de pago", "pila central"), "pt": ("pilha de pagamento", "pilha central")}


def english_words(text: str) -> set[str]:
    """The listed English words in `text`, ignoring move notation, code and tags."""
    text = re.sub(r"<[^>]+>", " ", text)  # SVG/HTML tags and their attributes
    text = re.sub(r"`[^`]*`", " ", text)  # quoted notation in the rules
    text = re.sub(r"\b[PHS][1-4]?:[^ ]+", " ", text)  # moves such as H:7h>C1
    text = text.replace("Spite & Malice", " ").replace("kings_start_stacks", " ")
    words = set(re.findall(r"[A-Za-z][A-Za-z-]*", text))
    return {w for w in ENGLISH if w in words}


def test_the_scanner_finds_english() -> None:
    assert english_words("Bot played the king of spades on center stack 2") >= {"the", "played", "center"}
    assert english_words("Jugaste el rey de picas en la pila central 2 (H:Ks>C2)") == set()


def _a_game() -> Game:
    game = Game.new(seed=11)
    for _turn in range(12):  # some moves to the center, discards, refills
        moves = game.legal_moves()
        if not moves:
            break
        center = [m for m in moves if m.to_center]
        game.play(center[0] if center else moves[0])
    return game


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_explanations_speak_the_language(lang: str) -> None:
    game = _a_game()
    texts = [explain_position(game, lang=lang)]
    texts += [explain(game, m, lang=lang) for m in game.legal_moves()]
    texts += [
        explain(game, bad, lang=lang) for bad in ("H:Kc>C1", "P:2d>S1", "S1:Ah>S2", "H:Zz>C1", "P:Qh>C3")
    ]
    for text in texts:
        assert english_words(text) == set(), text
    assert any(GLOSSARY[lang][1] in t or "C1" in t for t in texts)


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_every_lesson_is_solved_in_the_language(lang: str) -> None:
    """Each lesson's words, hint, goal, the messages along its solution and a wrong move."""
    for item in lessons(lang=lang):
        assert item.lang == lang
        session = LessonSession(item)
        texts = [item.title, item.text, item.goal.text, item.hint, session.message, session.hint()]
        texts.append(session.explain_position())
        for move in item.solution:
            texts.append(session.play(move).text)
        assert session.status == "done", item.id
        session.reset()
        wrong = next(m for m in session.legal_moves() if m not in (item.solution[0],))
        texts.append(session.play(wrong).text)
        texts.append(session.hint())
        texts.append(session.picture())
        for text in texts:
            assert english_words(text) == set(), f"{item.id}: {text}"
    assert GLOSSARY[lang][0] in lessons(lang=lang)[0].text


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_the_picture_is_labelled_in_the_language(lang: str) -> None:
    game = _a_game()
    svg = table_svg(game.state.view(0), lang=lang, names=("Ana", "Bot"))
    assert f'lang="{lang}"' in svg
    assert english_words(svg) == set()
    assert 'lang="en"' in table_svg(game.state, lang="en")
    assert "Pay-off" in table_svg(game.state, lang="en")


def test_the_same_lesson_in_three_languages() -> None:
    en, es, pt = (lessons(lang=x)[1] for x in ("en", "es", "pt"))
    assert (en.id, en.solution) == (es.id, es.solution) == (pt.id, pt.solution)
    assert en.title == "Kings are wild"
    assert es.title == "Los Reyes son comodines"
    assert pt.title == "Os reis são curingas"
