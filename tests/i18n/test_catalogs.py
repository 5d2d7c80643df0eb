"""The catalogs: every message the code marks is translated in every language, with the
same placeholders as the English, and the plural forms follow each language's rule."""

from __future__ import annotations

import importlib.util
import os
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from spite_widget.engine import i18n
from spite_widget.engine.i18n import get_language, language, locale_language, ngettext, set_language

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("catalogs", ROOT / "scripts" / "catalogs.py")
assert _spec is not None and _spec.loader is not None
catalogs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogs)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.fixture(scope="module")
def template():  # type: ignore[no-untyped-def]
    """The messages marked in the code right now (not the .pot on disk, which may be stale)."""
    return catalogs.extract()


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_every_message_is_translated_with_the_same_placeholders(template, lang: str) -> None:  # type: ignore[no-untyped-def]
    with catalogs.po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    assert len(template) > 100
    problems = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        english = placeholders(ids[0]) | placeholders(ids[-1])
        if found is None:
            problems.append(f"missing: {ids[0]!r}")
            continue
        if found.fuzzy:
            problems.append(f"fuzzy: {ids[0]!r}")
        forms = found.string if isinstance(found.string, tuple) else (found.string,)
        if isinstance(message.id, tuple) and len(forms) != catalog.num_plurals:
            problems.append(f"{len(forms)} plural forms, not {catalog.num_plurals}: {ids[0]!r}")
        for form in forms:
            if not form:
                problems.append(f"untranslated: {ids[0]!r}")
            elif placeholders(form) != english:
                problems.append(f"placeholders {placeholders(form)} != {english}: {ids[0]!r} -> {form!r}")
    assert not problems, "\n".join(problems)


ARTICLES = {"es": ("el", "El", "del", "al", "un", "Un"), "pt": ("o", "O", "do", "no", "ao", "um", "pelo")}
GENDERED = {"es": (), "pt": ("seu", "Seu")}
"""Other words before a card that agree with it ("seu Q♠" is wrong: "a sua carta de pagamento Q♠")."""
CARD_FIELDS = ("card", "top", "played")
"""The placeholders that always hold one card (its symbol, or its code for `played`)."""


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_card_gets_the_article_of_its_rank(lang: str) -> None:
    """ "el Q♣" read wrong: a catalog writes `{card:el}` (`{card:o}`) so that a Queen (and in
    Spanish a Jack) takes "la" ("a"). No bare masculine article is left before a card, and
    every format spec is an article the card knows (any other would fail at run time)."""
    from spite_widget.engine.cards import FEMININE_ARTICLES

    with catalogs.po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            for _, name, spec, _ in string.Formatter().parse(form):
                if spec and (
                    spec not in FEMININE_ARTICLES or spec not in ARTICLES[lang] or name not in CARD_FIELDS
                ):
                    problems.append(f"{{{name}:{spec}}}: {form!r}")
            for article in ARTICLES[lang] + GENDERED[lang]:
                for field in CARD_FIELDS:
                    if f" {article} {{{field}}}" in f" {form}":
                        problems.append(f"bare {article!r}: {form!r}")
    assert not problems, "\n".join(problems)
    # the engine's own refusal and the bot's plan, as a player reads them
    from spite_widget import Game

    game = Game.new(seed=1)  # the pay-off top is 5♣
    queen = {"es": "no la Qc", "pt": "não a Qc"}[lang]
    jack = {"es": "no la Jc", "pt": "não o Jc"}[lang]
    with language(lang):
        assert queen in str(game.why_illegal("P:Qc>C1")) and jack in str(game.why_illegal("P:Jc>C1"))


def test_the_checker_sees_a_bad_translation(tmp_path: Path) -> None:
    """The placeholder comparison used above catches a dropped or renamed placeholder."""
    assert placeholders("{a_rank} cannot go on {stack}: {why}") == {"a_rank", "stack", "why"}
    assert placeholders("{a_rank} no puede ir en {pila}: {why}") != placeholders(
        "{a_rank} cannot go on {stack}: {why}"
    )


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [
        ("en", "a 9 cannot go on C1: it needs a 2 (C1 holds 1 card)", "it needs a 4 (C1 holds 3 cards)"),
        (
            "es",
            "un 9 no puede ir en C1: necesita un 2 (C1 tiene 1 carta)",
            "necesita un 4 (C1 tiene 3 cartas)",
        ),
        (
            "pt",
            "um 9 não pode ir em C1: precisa de um 2 (C1 tem 1 carta)",
            "precisa de um 4 (C1 tem 3 cartas)",
        ),
    ],
)
def test_plural_forms(lang: str, one: str, three: str) -> None:
    from spite_widget.engine.cards import Card
    from spite_widget.engine.rules import why_not_on_center

    with language(lang):
        assert why_not_on_center(Card("9h"), "C1", 1, False) == one
        assert (why_not_on_center(Card("9h"), "C1", 3, False) or "").endswith(three)


def test_card_names_follow_the_glossary() -> None:
    from spite_widget.engine.cards import Card, a_rank, the_card

    with language("es"):
        assert Card("7h").words == "siete de corazones"
        assert the_card("Qs") == "la reina de picas"
        assert the_card("Ad") == "el as de diamantes"
        assert a_rank(12) == "una Reina"
    with language("pt"):
        assert Card("7h").words == "sete de copas"
        assert the_card("Qs") == "a dama de espadas"
        assert the_card("Jc") == "o valete de paus"
        assert a_rank(1) == "um ás"
    with language("en"):
        assert Card("7h").words == "seven of hearts"
        assert the_card("Qs") == "the queen of spades"


def test_choosing_the_language() -> None:
    assert locale_language({"LANG": "es_AR.UTF-8"}) == "es"
    assert locale_language({"LC_ALL": "pt_BR.UTF-8", "LANG": "es_ES.UTF-8"}) == "pt"
    assert locale_language({"LANG": "fr_FR.UTF-8"}) == "en"
    assert locale_language({"LANG": "C.UTF-8"}) == "en"
    assert locale_language({}) == "en"
    try:
        set_language("pt")
        assert get_language() == "pt"
        with language("es"):
            assert get_language() == "es"
            with language(None):
                assert get_language() == "es"
        assert get_language() == "pt"
    finally:
        set_language(None)
    with pytest.raises(ValueError, match="lang must be one of 'en', 'es', 'pt'"):
        set_language("fr")
    with pytest.raises(ValueError, match="lang must be one of"), language("EN"):
        pass


def test_the_default_comes_from_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "es_ES.UTF-8")
    assert get_language() == "es"
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert get_language() == "en"


def test_a_source_checkout_compiles_the_po_in_memory() -> None:
    """No .mo in the checkout (a wheel build makes them): the .po is read directly."""
    i18n.translations.cache_clear()
    es = i18n.translations("es")
    assert es.pgettext("suit", "hearts") == "corazones"


def test_an_installed_wheel_reads_the_compiled_mo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the wheel ships: .mo files (compiled as hatch_build.py does), read without Babel."""
    from babel.messages.mofile import write_mo

    for lang in ("es", "pt"):
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        with catalogs.po_path(lang).open("rb") as f:
            catalog = read_po(f, locale=lang)
        with (folder / "spite_widget.mo").open("wb") as f:
            write_mo(f, catalog)
        po = folder / "spite_widget.po"
        po.write_bytes(catalogs.po_path(lang).read_bytes())
        mo_time = (folder / "spite_widget.mo").stat().st_mtime
        os.utime(po, (mo_time + 60, mo_time + 60))  # the .po looks newer: the .mo is still used

    def no_babel(path: Path) -> None:
        raise RuntimeError("no Babel")

    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_compile_po", no_babel)
    i18n.translations.cache_clear()
    try:
        with language("pt"):
            assert ngettext("{n} gadget", "{n} gadgets", 2) == "{n} gadgets"  # not a message: English
            from spite_widget.engine.cards import Card

            assert Card("Qs").words == "dama de espadas"
    finally:
        i18n.translations.cache_clear()


@pytest.mark.parametrize(
    ("lang", "two", "three"),
    [
        ("en", "C1 or C2", "C1, C2 or C3"),
        ("es", "C1 o C2", "C1, C2 o C3"),
        ("pt", "C1 ou C2", "C1, C2 ou C3"),
    ],
)
def test_a_choice_of_three_reads_as_a_list(lang: str, two: str, three: str) -> None:
    """The lessons' "you can play to C1 or C2 or C3" (and "a C1 o C2 o C3") read as a list."""
    with language(lang):
        assert i18n.or_list(["C1"]) == "C1"
        assert i18n.or_list(["C1", "C2"]) == two
        assert i18n.or_list(["C1", "C2", "C3"]) == three
