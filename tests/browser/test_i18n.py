"""The table in Spanish and the lesson in Portuguese, in a real JupyterLab (headless Chromium):
a turn played by clicks, a lesson solved by clicks, the axe-core audit with the root's
`lang`, and screenshots of both languages at 900 and 400 px (light) for people to look at."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from a11y import assert_accessible
from conftest import QUICK_DECK_SOURCE

from spite_widget.teach import lessons

pytestmark = pytest.mark.browser

TABLE = ".sw-root"
LESSON = ".swl-root"
FELT = {".sw-board": "var(--sw-felt)"}
ENGLISH = re.compile(
    r"\b(the|card|cards|pile|stack|hand|stock|pay-off|Pay-off|turn|Hint|Undo|hearts|spades|clubs|"
    r"diamonds|King|Queen|Jack|Ace|needs|Your|your|played|selected|Goal|lesson|Reset|Solution)\b"
)
"""English words that must not show on a Spanish or Portuguese widget (its visible text and
its accessible names)."""

LIVE_RECORDER = """() => {
    const live = document.querySelector('.sw-root [data-live]');
    window.__swLive = [];
    new MutationObserver(() => window.__swLive.push(live.textContent)).observe(
        live, {childList: true, characterData: true, subtree: true});
}"""

WORDS_ON_SCREEN = """(root) => {
    const el = document.querySelector(root);
    const names = [...el.querySelectorAll('[aria-label], [title]')]
        .map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));
    return el.innerText + '\\n' + names.join('\\n');
}"""


def english_on_screen(page: Any, root: str) -> list[str]:
    text = page.evaluate(WORDS_ON_SCREEN, root)
    text = re.sub(r"\b(?:O-)?[PHS][1-4]?:\S+", " ", text)  # moves in notation
    return sorted(set(ENGLISH.findall(text)))


def table_cells(lang: str) -> list[str]:
    return [
        QUICK_DECK_SOURCE + "from spite_widget import Game, SpiteWidget\n"
        "game = Game.new(deck=quick_deck(), seed=5, players=('You', 'Random bot'))\n"
        f"w = SpiteWidget(game=game, opponent='random', seed=2, opponent_delay=0.2, lang={lang!r})\n"
        "w",
        "import json\nprint(json.dumps({'moves': [str(m) for m in w.game.moves], 'player': w.game.current_player,"
        " 'lang': w.lang}))",
    ]


def click(page: Any, root: str, source: str, target: str) -> None:
    """Pick a card, see `target` lit, put it there and wait for the new table."""
    page.locator(f"{root} {source}").click()
    page.locator(f"{root} [data-pile='{target}'].sw-target").wait_for()
    old = int(page.locator(root).get_attribute("data-seq") or 0)
    page.locator(f"{root} [data-pile='{target}']").click()
    page.wait_for_function(
        "([root, old]) => +document.querySelector(root).dataset.seq > old", arg=[root, old]
    )


def test_a_turn_by_clicks_in_spanish(notebook: Any, page: Any, artifacts: Path) -> None:
    notebook.open("turn_es.ipynb", table_cells("es"))
    root = page.locator(TABLE)
    root.wait_for()
    assert root.get_attribute("lang") == "es"
    page.evaluate(LIVE_RECORDER)
    assert page.locator(f"{TABLE} [data-action='hint']").inner_text() == "Pista"
    assert page.locator(f"{TABLE} [data-action='undo']").inner_text() == "Deshacer"
    assert page.locator(f"{TABLE} [data-pile='stock']").get_attribute("aria-label").startswith("pila de robo")
    assert page.locator(f"{TABLE} [data-status]").inner_text().startswith("Tu turno")
    assert english_on_screen(page, TABLE) == []
    assert_accessible(page, TABLE, flatten=FELT)  # the root's lang is valid and matches its words

    # a card picked up: the browser's own words come from Python's labels
    page.locator(f"{TABLE} [data-pile='P'] [data-source]").click()
    page.locator(f"{TABLE} [data-pile='C1'].sw-target").wait_for()
    assert page.locator(f"{TABLE} [data-status]").inner_text().startswith("Elegiste")
    page.wait_for_function("() => window.__swLive.some(t => t.includes('puede ir a la pila central 1'))")
    page.keyboard.press("Escape")
    assert page.locator(f"{TABLE} [data-status]").inner_text() == "Selección cancelada."

    for _ in range(3):  # the pay-off Ace, 2 and 3 onto center stack 1
        click(page, TABLE, "[data-pile='P'] [data-source]", "C1")
    live = page.evaluate("() => window.__swLive")
    assert any(t.startswith("Jugaste el as de tréboles") for t in live), live
    card = page.locator(f"{TABLE} [data-pile='H'] [data-source]").first.get_attribute("data-card")
    click(page, TABLE, f"[data-pile='H'] [data-card='{card}']", "S1")  # a discard ends the turn
    # the computer's turn, said in a sentence; then the turn comes back
    page.wait_for_function(
        "() => /^Bot aleatorio .*Tu turno/.test(document.querySelector('.sw-root [data-status]').textContent)",
        timeout=30_000,
    )
    assert english_on_screen(page, TABLE) == []
    live = page.evaluate("() => window.__swLive")
    assert any("Bot aleatorio" in t for t in live), live
    assert not [t for t in live if ENGLISH.search(t)], live
    assert page.locator(f"{TABLE} .sw-score").get_attribute("aria-label") == "marcador"
    assert_accessible(page, TABLE, flatten=FELT)
    root.screenshot(path=str(artifacts / "i18n-table-es-turn.png"))
    state = notebook.run_json(1)
    assert state["moves"][:4] == ["P:Ac>C1", "P:2c>C1", "P:3c>C1", f"H:{card}>S1"] or len(state["moves"]) >= 4
    assert state["lang"] == "es" and state["player"] == 0


def test_a_lesson_solved_in_portuguese(notebook: Any, page: Any, artifacts: Path) -> None:
    notebook.open(
        "lesson_pt.ipynb",
        ["from spite_widget import LessonWidget\nw = LessonWidget('build-from-ace', lang='pt')\nw"],
    )
    root = page.locator(LESSON)
    root.wait_for()
    assert root.get_attribute("lang") == "pt"
    assert page.locator(f"{LESSON} [data-lesson-title]").inner_text() == "Montar a partir do ás"
    assert page.locator(f"{LESSON} [data-action='hint']").inner_text() == "Dica"
    assert page.locator(f"{LESSON} .swl-kicker").text_content() == f"Lição 1 de {len(lessons())}"
    assert english_on_screen(page, LESSON) == []
    assert_accessible(page, LESSON, flatten=FELT)

    # an illegal move is explained, the rule quoted on its own line
    page.locator(f"{LESSON} [data-pile='H'] [data-card='2c']").click()
    before = page.locator(f"{LESSON} [data-status]").get_attribute("data-status-id")
    page.locator(f"{LESSON} [data-pile='C1']").click()
    page.wait_for_function(
        "old => document.querySelector('.swl-root [data-status]').dataset.statusId !== old", arg=before
    )
    assert page.locator(f"{LESSON} [data-status]").inner_text().startswith("Não vale")
    assert page.locator(f"{LESSON} .swl-status-rule").inner_text().startswith("Regra (")

    click(page, LESSON, "[data-pile='H'] [data-card='Ah']", "C1")
    click(page, LESSON, "[data-pile='H'] [data-card='2c']", "C1")
    click(page, LESSON, "[data-pile='P'] [data-card='3s']", "C1")
    page.wait_for_function("() => document.querySelector('.swl-root').dataset.lessonStatus === 'done'")
    banner = page.locator(f"{LESSON} [data-banner='done']")
    assert "Muito bem" in banner.inner_text()
    assert "Objetivo alcançado" in page.locator(f"{LESSON} [data-goal='done']").text_content()
    assert english_on_screen(page, LESSON) == []
    page.wait_for_timeout(400)  # the banner's pop settles
    assert_accessible(page, LESSON, flatten=FELT)
    root.screenshot(path=str(artifacts / "i18n-lesson-pt-done.png"))


SCREEN_CELLS = [
    "import sys\n"
    f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
    "from conftest import busy_table\n"
    "from spite_widget import LessonWidget\n"
    "t_es = busy_table()\nt_es.lang = 'es'\nt_es",
    "t_pt = busy_table()\nt_pt.lang = 'pt'\nt_pt",
    "l_es = LessonWidget('side-stacks', lang='es')\nl_es.play('S2:5s>C1')\nl_es",
    "l_pt = LessonWidget('side-stacks', lang='pt')\nl_pt.play('S2:5s>C1')\nl_pt",
]


def test_screenshots_in_both_languages(notebook: Any, page: Any, artifacts: Path) -> None:
    """Longer words must not break the layout: nothing sticks out of the widget at 900 or 400 px."""
    page.set_viewport_size({"width": 1400, "height": 1400})
    notebook.open("i18n_screens.ipynb", SCREEN_CELLS)
    page.locator(LESSON).nth(1).wait_for()
    shots = [
        (TABLE, 0, "table-es"),
        (TABLE, 1, "table-pt"),
        (LESSON, 0, "lesson-es"),
        (LESSON, 1, "lesson-pt"),
    ]
    for width in (900, 400):
        for root, i, name in shots:
            page.evaluate(
                "([root, i, w]) => { document.querySelectorAll(root)[i].style.width = w + 'px'; }",
                [root, i, width],
            )
            page.wait_for_timeout(300)
            box = page.locator(root).nth(i).bounding_box()
            assert box is not None and abs(box["width"] - width) < 2, (name, width, box)
            overflow = page.evaluate(
                """([root, i]) => { const el = document.querySelectorAll(root)[i];
                    const r = el.getBoundingClientRect();
                    return [...el.querySelectorAll('.sw-card, button, .sw-caption, .sw-score, .swl-text')]
                      .filter(c => c.getBoundingClientRect().right > r.right + 1)
                      .map(c => c.className + ': ' + c.textContent.slice(0, 30)); }""",
                [root, i],
            )
            assert overflow == [], (name, width, overflow)
            page.locator(root).nth(i).screenshot(path=str(artifacts / f"i18n-{name}-{width}.png"))
    assert page.locator(TABLE).nth(0).get_attribute("lang") == "es"
    assert page.locator(TABLE).nth(1).get_attribute("lang") == "pt"
