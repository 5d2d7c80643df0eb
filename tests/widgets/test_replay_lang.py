"""The replay widget in Spanish and Portuguese, driven by the browser's messages (issue 15).

The whole sample game is stepped through by `seek` messages, and a seat's view, a side line
made by a move, a mark, a refused move and stale messages are tried; after every step every
synced value and every message Python sent is scanned for English words (the table helper's
list, `test_languages.py`, plus the replay's own: moves, side lines, the review's words).
The record's own texts (its event line and the comments written in it, here in English) are
the reader's data, not the widget's words, and are left out of the scan.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from spite_widget.bots.review import annotate_with_bot, review_summary
from spite_widget.engine.game import Game
from spite_widget.engine.i18n import language
from spite_widget.widgets.replay import ReplayWidget
from spite_widget.widgets.replay.strings import replay_strings

from . import test_languages as table_lang
from .conftest import FrontEnd

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"

REPLAY_ENGLISH = frozenset(
    {
        "Move", "move", "moves", "line", "Side", "deal", "Deal", "Review", "review", "expert",
        "Puzzle", "Puzzles", "puzzle", "accuracy", "inaccuracy",
        "inaccuracies", "mistake", "mistakes", "blunder", "blunders", "Above", "seat", "seen",
        "comment", "Loaded", "Promote", "Leave", "Delete", "Forward", "Back", "Pause", "speed",
        "saved", "brilliant", "good", "interesting", "unfinished", "drawn", "Game",
    }
)  # fmt: skip
ENGLISH = table_lang.ENGLISH | REPLAY_ENGLISH
"""("chances" is Portuguese too: not on the list.)"""
DATA_KEYS = frozenset({"comment", "event"})
"""The record's own texts (written by whoever wrote the record), not the widget's words."""


def english(text: str) -> set[str]:
    text = re.sub(r"\b(?:O-)?[PHS][1-4]?:[^ )]+", " ", text)
    text = re.sub(r"\{\w+\}", " ", text)
    # names kept as they are: the game, code, the keys printed on a keyboard
    for kept in (
        "Spite & Malice",
        "w.open_puzzles()",
        "w.review()",
        "JavaScript",
        "(Delete)",
        "(End)",
        "(Home)",
    ):
        text = text.replace(kept, " ")
    return set(re.findall(r"[A-Za-z][A-Za-z-]*", text)) & ENGLISH


def leaks(state: dict[str, Any]) -> list[tuple[str, str, set[str]]]:
    found = []
    items = [(k, v) for k, v in state.items() if k != "table_patch"]
    # a table patch's paths are the table's own keys; what it sets is read under the last key
    for path, value in (state.get("table_patch") or {}).get("set", []):
        items.append((next((str(p) for p in reversed(path) if isinstance(p, str)), "table"), value))
    for key, value in items:
        for where, text in table_lang.texts(value, key):
            if where in DATA_KEYS:
                continue
            words = english(text)
            if words:
                found.append((where, text, words))
    return found


def scan(w: ReplayWidget, front: FrontEnd) -> None:
    """Everything synced now, and every state Python sent since the last scan."""
    assert not leaks(w.get_state()), leaks(w.get_state())
    for msg in front.sent:
        state = msg.get("state") or msg.get("data", {}).get("state") or {}
        assert not leaks(state), leaks(state)
    front.sent.clear()


def test_the_scanner_finds_the_replays_english() -> None:
    found = leaks({"status": {"text": "Move 3 of 155 (side line): Ada put 4♦ on S1.", "kind": "info"}})
    assert found and found[0][2] >= {"Move", "line", "put"}
    assert not leaks({"annotation": {"comment": "Ada plays well", "text": "Ada puso 4♦ en S1"}})


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_the_whole_sample_game_through_the_messages_speaks_no_english(lang: str) -> None:
    w = ReplayWidget(SAMPLE, lang=lang)
    front = FrontEnd(w)
    with language(lang):
        assert w.lang == lang and w.strings == replay_strings()
    for key in ("caption.stock", "replay.mark.?!", "replay.linebar.label", "replay.review"):
        assert w.strings[key] != replay_strings()[key]  # translated, not the English label
    scan(w, front)
    texts = set()
    for ply in range(1, w.length + 1):
        front.send({"type": "seek", "ply": ply, "seq": front.seq})
        assert w.ply == ply and front.kind == "info"
        texts.add(front.status)
        scan(w, front)
    assert len(texts) == w.length  # a sentence per move, each in the language
    # back to the deal, then a seat's view, stepping from there
    front.send({"type": "seek", "ply": 0, "seq": front.seq})
    front.send({"type": "perspective", "perspective": 1, "seq": front.seq})
    assert w.perspective == 1
    for ply in (1, 2, 30):
        front.send({"type": "seek", "ply": ply, "seq": front.seq})
        scan(w, front)
    front.send({"type": "perspective", "perspective": None, "seq": front.seq})
    # a side line: another legal move at move 11, then the line bar's actions
    front.send({"type": "seek", "ply": 10, "seq": front.seq})
    other = next(m for m in w.legal if m != str(w.replay.moves[10]))
    front.send({"type": "move", "move": other, "seq": front.seq})
    assert w.line and front.kind == "info"
    scan(w, front)
    front.send({"type": "line", "action": "exit", "seq": front.seq})
    assert not w.line
    scan(w, front)
    # a mark and a comment, a refused move, a stale message, a move that is not there
    front.send({"type": "annotate", "ply": 5, "mark": "?!", "comment": "", "seq": front.seq})
    assert w.annotation_of(5)["mark"] == "?!"
    scan(w, front)
    front.send({"type": "move", "move": "H:Kc>O-S1", "seq": front.seq})
    assert front.kind == "error"
    scan(w, front)
    front.send({"type": "seek", "ply": 3, "seq": front.seq + 5})
    assert front.kind == "error"
    scan(w, front)
    front.send({"type": "seek", "ply": 999, "seq": front.seq})
    assert front.kind == "error"
    scan(w, front)
    front.send({"type": "line", "action": "promote", "seq": front.seq})
    assert front.kind == "error"
    scan(w, front)


def test_lang_changed_live_says_everything_again() -> None:
    w = ReplayWidget(SAMPLE, lang="es", ply=40)
    front = FrontEnd(w)
    before = {
        k: json.dumps(getattr(w, k), ensure_ascii=False) for k in ("status", "annotation", "info", "table")
    }
    w.lang = "pt"
    with language("pt"):
        assert w.strings == replay_strings()
    for key, old in before.items():
        assert json.dumps(getattr(w, key), ensure_ascii=False) != old, key
    assert w.status["text"].startswith("Jogada 40 de 155")
    assert "vez" in w.annotation["text"] or "pôs" in w.annotation["text"]
    sent = [m for m in front.sent if (m.get("state") or {}).get("strings")]
    assert sent, "the new labels went to the browser"
    scan(w, front)
    with pytest.raises(ValueError):
        w.lang = "fr"
    assert w.lang == "pt"


def test_to_html_in_the_chosen_language() -> None:
    w = ReplayWidget(SAMPLE, lang="en")
    page = w.to_html(lang="es")
    assert '<html lang="es">' in page and "<title>Ada contra Bo" in page
    blob = re.search(r'<script type="application/json" id="spite-replay-data">(.*?)</script>', page, re.S)
    assert blob is not None
    data = json.loads(blob.group(1))
    assert data["lang"] == "es" and data["strings"]["replay.line.exit"] == "Salir de la variante"
    assert not leaks(data), leaks(data)[:3]
    assert '<html lang="en">' in w.to_html()  # the widget's own language by default
    assert '<html lang="pt">' in ReplayWidget(SAMPLE, lang="pt").to_html()


def _short_record(moves: int) -> dict[str, Any]:
    record = Game.load(SAMPLE).to_record()
    record["moves"] = record["moves"][:moves]
    record["result"] = None
    return record


def test_the_review_writes_its_words_in_the_language() -> None:
    record = _short_record(10)
    for m in record["moves"]:
        m.pop("mark", None)
        m.pop("comment", None)
    record["moves"][9]["comment"] = "mine"  # the expert finds move 10 costly (a "?")
    done = annotate_with_bot(record, lang="es")
    with language("es"):
        summary = review_summary(done).describe()
    assert "precisión" in summary and "error" in summary and not english(summary), summary
    with language("pt"):
        assert "precisão" in review_summary(done).describe()
    # the review's own words are Spanish; the sentence after them is ExpertBot.rate's (English
    # still: expert.py is not this module's)
    assert done["moves"][9]["comment"].startswith("mine | experto: "), done["moves"][9]
    pt = annotate_with_bot(record, lang="pt")
    assert pt["moves"][9]["comment"].startswith("mine | especialista: ")


@pytest.mark.parametrize(
    ("lang", "you", "bot", "played"),
    [("es", "Tú", "Bot voraz", "jugó"), ("pt", "Você", "Bot guloso", "jogou")],
)
def test_a_tables_game_reviewed_in_a_language_names_its_players_in_it(
    lang: str, you: str, bot: str, played: str
) -> None:
    """The table says "Tú" and "Bot voraz": its review said "You" and "Greedy bot" (the
    record's own English names), over the table, in the header and in every sentence."""
    from decks import played_to_the_end

    from spite_widget.widgets.table import SpiteWidget

    table = SpiteWidget(
        game=played_to_the_end(players=("You", "Greedy bot")), opponent="greedy", opponent_delay=0
    )
    table.lang = lang
    assert list(table.score["names"]) == [you, bot]
    review = table.review()
    assert review.lang == lang and review.info["names"] == [you, bot]
    assert [s["name"] for s in review.table["seats"]] == [you, bot]
    mover = next(i for i, e in enumerate(review.moves, 1) if e["player"] == 1)
    review.seek(mover)
    assert f"{bot} {played}" in review.status["text"] and "Greedy" not in review.status["text"]
    assert review.record["players"] == ["You", "Greedy bot"]  # the record keeps its names
    review.lang = "en"
    assert review.info["names"] == ["You", "Greedy bot"]
