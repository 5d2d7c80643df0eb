"""The table and the lesson widgets in Spanish and Portuguese, driven by the browser's messages.

A whole game is played through the table's messages (clicks, hints, a refused move, a
stale click, undo) and every synced value is scanned after every step, as is every message
Python sent over the comm: the labels (`strings`), the table (its pile names), the status
line and its words for the live region, the scoreboard. No English word of a short list
(card, pile and turn words, button labels) may show. The same for every lesson of the course,
solved in Portuguese through the lesson widget.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
import traitlets

from spite_widget import set_language
from spite_widget.bots import get_bot
from spite_widget.teach import lessons
from spite_widget.widgets.lesson import LessonWidget
from spite_widget.widgets.strings import strings
from spite_widget.widgets.table import SpiteWidget

from .conftest import FrontEnd

ENGLISH = frozenset(
    {
        # sentences
        "the", "you", "your", "You", "Your", "is", "and", "played", "play", "put", "drew", "took",
        "Took", "wait", "Wait", "not", "Not", "nothing", "Nothing", "selected", "over",
        # cards and piles
        "card", "cards", "pile", "stack", "stacks", "hand", "Hand", "stock", "Stock", "pay-off",
        "Pay-off", "side", "center", "hearts", "spades", "clubs", "diamonds", "King", "Queen",
        "Jack", "Ace", "king", "queen", "jack", "ace", "seven", "empty", "needs", "top",
        # turns, buttons, the match
        "turn", "Hint", "Undo", "Show", "Next", "New", "Review", "Replay", "Reset", "Solution",
        "Goal", "goal", "game", "match", "Match", "Draw", "draw", "score", "points", "wins",
        "lesson", "Lesson", "rule", "Rule", "Well", "done",
    }
)  # fmt: skip
"""Words that would mean English slipped through (none of them is Spanish or Portuguese)."""

NOTATION_KEYS = frozenset(
    {
        "move",
        "hint",
        "legal",
        "hand",
        "sides",
        "payoff_top",
        "top",
        "shows",
        "needs",
        "kind",
        "lang",
        "id",
        "progress",
    }
)
"""Synced fields that hold notation or machine words ("H:7h>C1", "7h", "K", "turn"), not
sentences; every other string is read by a person."""

SKIPPED_TRAITS = frozenset({"layout", "tooltip", "_dom_classes", "tabbable", "errors"})


def english_words(text: str) -> set[str]:
    """The listed English words in `text`, moves ("H:7h>C1") and pile keys aside."""
    text = re.sub(r"\b(?:O-)?[PHS][1-4]?:[^ ]+", " ", text)
    text = re.sub(r"\{\w+\}", " ", text)  # a label's fields, filled in by the browser
    text = text.replace("Spite & Malice", " ").replace("w.review()", " ").replace("kings_start_stacks", " ")
    return set(re.findall(r"[A-Za-z][A-Za-z-]*", text)) & ENGLISH


def texts(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """Every string a person reads in a synced value, with where it is."""
    if key in NOTATION_KEYS or key in SKIPPED_TRAITS or key.startswith("_"):
        return
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for k, v in value.items():
            # a result's reason is a record's code word ("payoff-empty"), not a sentence
            if not (key == "result" and k == "reason"):
                yield from texts(v, str(k) if k not in ("0", "1") else key)
    elif isinstance(value, list):
        for v in value:
            yield from texts(v, key)


def leaks(state: dict[str, Any]) -> list[tuple[str, str, set[str]]]:
    found = []
    for key, value in state.items():
        for where, text in texts(value, key):
            words = english_words(text)
            if words:
                found.append((where, text, words))
    return found


def scan(w: Any, front: FrontEnd) -> None:
    """Everything synced now, and everything sent since the last scan, speaks no English."""
    assert not leaks(w.get_state()), leaks(w.get_state())
    for msg in front.sent:
        state = msg.get("state") or msg.get("data", {}).get("state") or {}
        assert not leaks(state), leaks(state)
    front.sent.clear()


def test_the_scanner_finds_english() -> None:
    assert english_words("Your turn: 20 pay-off cards to go.") >= {"Your", "turn", "pay-off", "cards"}
    assert english_words("Tu turno: te faltan 20 cartas de pago (H:7h>C1).") == set()
    found = leaks({"status": {"text": "Pista", "words": "Hint: the seven of hearts", "kind": "hint"}})
    assert found and found[0][0] == "words"


def play_a_game(lang: str, seed: int) -> SpiteWidget:
    """A whole game against the computer through the browser's messages, scanned at every step."""
    w = SpiteWidget(opponent="random", seed=seed, opponent_delay=0, lang=lang)
    front = FrontEnd(w)
    rng = random.Random(seed)
    helper = get_bot("greedy", seed=seed)
    assert w.lang == lang and w.strings == strings_in(lang)
    scan(w, front)
    for step in range(400):
        if w.game.is_over:
            break
        legal = list(w.legal)
        assert legal, "the computer plays its turn at once: the player always has a move"
        if step % 7 == 3:
            front.press("hint")
            assert front.kind == "hint"
            scan(w, front)
        if step % 11 == 5:  # a well-formed move the rules refuse: the engine's reason
            card = w.table["seats"][w.human]["hand"][0]
            front.move(f"H:{card}>O-S1")
            assert front.kind == "error"
            scan(w, front)
            front.move(legal[0], seq=front.seq - 1)  # a stale click
            assert front.kind == "error"
            scan(w, front)
        # the greedy bot's move (it empties its pay-off pile against the random one)
        move = str(helper.choose(w.game.view(w.human))) if rng.random() < 0.9 else rng.choice(legal)
        front.move(move)
        scan(w, front)
        if step % 13 == 6 and w.actions.get("undo"):
            front.press("undo")
            scan(w, front)
    assert w.game.is_over, "the game did not end in 400 moves"
    front.press("next-game")  # refused or dealt: said in the language either way
    scan(w, front)
    return w


def strings_in(lang: str) -> dict[str, str]:
    from spite_widget.engine.i18n import language

    with language(lang):
        return strings()


@pytest.mark.parametrize(("lang", "seed"), [("es", 5), ("pt", 8)])
def test_a_whole_game_in_spanish_and_portuguese_speaks_no_english(lang: str, seed: int) -> None:
    w = play_a_game(lang, seed)
    words = {"es": ("pila", "Tu turno", "Pista"), "pt": ("pilha", "Sua vez", "Dica")}[lang]
    synced = json.dumps(w.get_state(), ensure_ascii=False)
    assert words[0] in synced and words[2] in synced
    assert w.status["kind"] in ("over", "error", "turn", "info")
    w.close()


def test_the_labels_are_every_word_the_front_end_shows() -> None:
    es, pt, en = strings_in("es"), strings_in("pt"), strings_in("en")
    assert set(es) == set(pt) == set(en)
    assert (es["action.hint"], pt["action.hint"], en["action.hint"]) == ("Pista", "Dica", "Hint")
    assert es["caption.payoff"] == "Pago" and pt["caption.stock"] == "Reserva"
    assert es["card"].format(rank=es["rank.7"], suit=es["suit.h"]) == "siete de corazones"
    assert pt["card"].format(rank=pt["rank.7"], suit=pt["suit.h"]) == "sete de copas"
    for lang, labels in (("es", es), ("pt", pt)):
        for key, text in labels.items():
            assert not english_words(text), (lang, key, text)
            fields = set(re.findall(r"\{(\w+)\}", en[key]))
            assert set(re.findall(r"\{(\w+)\}", text)) == fields, (lang, key)


def test_changing_lang_on_a_live_table_says_everything_again() -> None:
    w = SpiteWidget(opponent="greedy", seed=4, opponent_delay=0, lang="en")
    front = FrontEnd(w)
    front.move(w.legal[0])
    assert w.strings["action.hint"] == "Hint" and "pay-off" in w.status["text"]
    assert "hand" in w.table["seats"][0]["labels"]["hand"]
    before = (w.status["id"], w.table["seq"], w.game.ply)
    w.lang = "es"
    assert w.strings["action.hint"] == "Pista"
    assert w.status["text"].startswith("Tu turno") and w.status["id"] > before[0]
    assert w.table["seats"][0]["labels"]["hand"].startswith("tu mano")
    assert w.table["centers"][0]["label"].startswith("pila central 1")
    assert w.table["stock_label"].startswith("pila de robo")
    assert w.score["names"][0] == "Tú"
    assert w.game.ply == before[2], "a change of language plays nothing"
    sent = json.dumps(front.sent, ensure_ascii=False)
    assert '"lang": "es"' in sent and "Pista" in sent
    w.lang = "pt"
    assert w.strings["action.undo"] == "Desfazer" and w.status["text"].startswith("Sua vez")
    assert not leaks(w.get_state())
    w.close()


def test_a_language_not_spoken_is_refused_and_changes_nothing() -> None:
    with pytest.raises(ValueError, match="lang must be one of"):
        SpiteWidget(lang="fr", opponent_delay=0)
    w = SpiteWidget(lang="pt", opponent_delay=0)
    status = dict(w.status)
    with pytest.raises((ValueError, traitlets.TraitError)):
        w.lang = "de"
    assert w.lang == "pt" and w.status == status and w.strings["action.hint"] == "Dica"
    front = FrontEnd(w)  # the browser may not change it either
    w.set_state({"lang": "en"})
    assert w.lang == "pt" and front.kind == "error"
    assert front.status == "A mesa não pode ser alterada pelo navegador (lang)."
    w.close()


def test_the_default_is_set_language_then_the_kernel_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "es_AR.UTF-8")
    w = SpiteWidget(opponent_delay=0)
    assert w.lang == "es" and w.status["text"].startswith("Tu turno")
    set_language("pt")
    try:
        v = LessonWidget("kings-wild")
        assert v.lang == "pt" and v.page["title"] == "Os reis são curingas"
    finally:
        set_language(None)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert SpiteWidget(opponent_delay=0).lang == "en"


@pytest.mark.parametrize("lesson_id", [x.id for x in lessons("en")])
def test_every_lesson_solved_in_portuguese_through_the_widget(lesson_id: str) -> None:
    w = LessonWidget(lesson_id, lang="pt")
    front = FrontEnd(w)
    scan(w, front)
    front.press("hint")
    assert front.kind == "hint"
    scan(w, front)
    front.move("H:Ah>O-S1")  # the opponent's pile: refused, with the reason
    assert front.kind == "error" and "adversário" in front.status
    scan(w, front)
    for move in w.session.solution():
        front.move(str(move))
        scan(w, front)
    assert w.progress == "done", front.status
    assert "Muito bem" in front.status
    front.move(w.session.solution()[0].__str__())  # after the goal: still Portuguese
    scan(w, front)
    w.close()


def test_a_lesson_changes_language_and_keeps_its_position() -> None:
    w = LessonWidget("side-stacks", lang="pt")
    first = w.session.solution()[0]
    FrontEnd(w).move(str(first))
    w.lang = "es"
    assert w.session.moves == (first,) and w.lesson.lang == "es"
    assert w.page["title"] == "Las pilas laterales" or w.page["title"] != "Pilhas laterais"
    assert w.strings["lesson.reset"] == "Reiniciar" and w.status["text"].startswith("Objetivo")
    assert not leaks(w.get_state())
    w.close()


UI_WORDS = (
    "Hint", "Undo", "Show my hand", "Next game", "New match", "Review game", "Pay-off", "Stock",
    "Hand", "needs ", "to move", " selected:", " selected,", "Selection cancelled", "Pick one of your cards",
    "It is not your turn", "Wait:", "Goal reached", "Your goal", "Solution", "Reset",
    "Next lesson", "Last lesson", "Well done", "Not this time", "The rule", "lesson buttons",
    "first to ", "pay-off pile", "side stack", "center stack", "face down", " of ",
)  # fmt: skip
"""English words of the front ends' own labels: only strings.js (its English fallback) has them."""


def test_the_front_ends_take_every_word_from_python() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "js"
    sources = [*root.glob("lib/*.js"), *root.glob("table/*.js"), *root.glob("lesson/*.js")]
    assert len(sources) > 8
    found = []
    for path in sources:
        if path.name == "strings.js":
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("//")[0]
            if code.lstrip().startswith(("*", "/*")):  # a doc comment
                continue
            for literal in re.findall(r'"[^"]*"|`[^`]*`', code):
                found += [f"{path.name}:{n}: {word!r} in {literal}" for word in UI_WORDS if word in literal]
    assert not found, "\n".join(found)


def test_the_english_fallback_of_strings_js_is_pythons_english() -> None:
    """strings.js's DEFAULTS (a widget that sends no labels) are the very labels Python sends."""
    from pathlib import Path

    source = (Path(__file__).resolve().parents[2] / "js" / "lib" / "strings.js").read_text()
    block = re.search(r"export const DEFAULTS = (\{.*?\n\});", source, re.S)
    assert block is not None
    assert json.loads(block.group(1)) == strings_in("en")


def test_a_side_stack_of_one_card_names_it_once() -> None:
    """ "side stack 1: five of clubs; top five of clubs" said the one card twice."""
    from spite_widget.engine.i18n import language
    from spite_widget.widgets.protocol import seat_labels

    seat: dict[str, Any] = {
        "name": "Bo",
        "payoff_count": 3,
        "payoff_top": "7h",
        "sides": [["5c"], ["9h", "8c"], [], []],
        "hand": None,
        "hand_count": 4,
    }
    sides = seat_labels(seat)["sides"]
    assert sides[0] == "Bo's side stack 1: five of clubs"
    assert sides[1] == "Bo's side stack 2: nine of hearts, eight of clubs; top eight of clubs"
    with language("es"):
        assert seat_labels(seat)["sides"][0] == "pila lateral 1 de Bo: cinco de tréboles"


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ["Random bot", "Greedy bot", "Planner bot", "Expert bot"]),
        ("es", ["Bot aleatorio", "Bot voraz", "Bot planificador", "Bot experto"]),
        ("pt", ["Bot aleatório", "Bot guloso", "Bot planejador", "Bot especialista"]),
    ],
)
def test_the_computer_is_named_by_its_level_in_the_language(lang: str, names: list[str]) -> None:
    """A Spanish table said "Bot Greedy": the level was left in English."""
    from spite_widget.bots import BOT_NAMES
    from spite_widget.engine.i18n import language
    from spite_widget.widgets.table.session import TableSession

    shown = []
    for level in BOT_NAMES:
        with language(lang):
            shown.append(TableSession(level, seed=1).names()[1])
    assert shown == names
