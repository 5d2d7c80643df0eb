"""The replay in Spanish in a real JupyterLab (headless Chromium), then switched to Portuguese
live, and its exported page in Spanish: the root's `lang`, the controls' labels and names, the
status line, no English word on screen nor in an accessible name, the axe-core audit clean,
and screenshots at 900 and 400 px (test-artifacts/replay-es-*.png) for people to look at."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from a11y import assert_accessible

from spite_widget.widgets.replay import ReplayWidget

pytestmark = pytest.mark.browser

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"
REPLAY = ".swr-root"
FELT = {".sw-board": "var(--sw-felt)"}
ENGLISH = re.compile(
    r"\b(the|card|cards|pile|stack|hand|stock|pay-off|Pay-off|turn|hearts|spades|clubs|diamonds|"
    r"King|Queen|Jack|Ace|Move|move|moves|side line|Side line|Review|review|expert|deal|Puzzles|"
    r"accuracy|inaccuracy|mistake|blunder|Above|seat|comment|Forward|Back|Pause|Play|speed)\b"
)
"""English words that must not show on a Spanish or Portuguese replay."""

WORDS_ON_SCREEN = """(root) => {
    const el = document.querySelector(root);
    // the record's own texts (its event line, the comments written in it) are the reader's data
    let text = el.innerText;
    for (const own of el.querySelectorAll('.swr-result, .swr-comment-read, .swr-comment')) {
        if (own.innerText) text = text.split(own.innerText).join(' ');
    }
    const names = [...el.querySelectorAll('[aria-label], [title], [placeholder], [aria-valuetext]')]
        .map(e => ['aria-label', 'title', 'placeholder', 'aria-valuetext'].map(a => e.getAttribute(a) || '').join(' '));
    return text + '\\n' + names.join('\\n');
}"""

CELLS = [
    f"from spite_widget import ReplayWidget\nr = ReplayWidget({str(SAMPLE)!r}, lang='es')\nr",
    "r.lang = 'pt'\nprint(r.lang)",
]


def english_on_screen(page: Any) -> list[str]:
    text = page.evaluate(WORDS_ON_SCREEN, REPLAY)
    text = re.sub(r"\b(?:O-)?[PHS][1-4]?:\S+", " ", text)  # moves in notation
    text = text.replace("Spite & Malice", " ")
    for key in ("(Delete)", "(End)", "(Home)"):  # keys named as printed on a keyboard
        text = text.replace(key, " ")
    return sorted(set(ENGLISH.findall(text)))


def wait_ply(page: Any, n: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('.swr-root').dataset.ply === String(n)", arg=n, timeout=15_000
    )


def overflowing(page: Any) -> list[str]:
    """Controls and cards that stick out of the replay's box (a longer word breaking the layout)."""
    return list(
        page.evaluate(
            """(sel) => {
                const root = document.querySelector(sel);
                const r = root.getBoundingClientRect();
                return [...root.querySelectorAll('.sw-card, button, input, select, textarea, [data-pile], .swr-controls, .swr-linebar')]
                    .filter(e => e.getClientRects().length && !e.closest('[hidden]'))
                    .filter(e => { const b = e.getBoundingClientRect(); return b.right > r.right + 1 || b.left < r.left - 1; })
                    .map(e => e.outerHTML.slice(0, 80));
            }""",
            REPLAY,
        )
    )


def shoot(page: Any, artifacts: Path, name: str) -> None:
    for width in (900, 400):
        page.evaluate(
            "([sel, w]) => { document.querySelector(sel).style.width = w + 'px'; }", [REPLAY, width]
        )
        page.wait_for_timeout(300)
        assert overflowing(page) == [], (name, width, overflowing(page))
        page.locator(REPLAY).screenshot(path=str(artifacts / f"{name}-{width}.png"))
    page.evaluate("(sel) => { document.querySelector(sel).style.width = ''; }", REPLAY)


def test_the_replay_in_spanish_then_portuguese(notebook: Any, page: Any, artifacts: Path) -> None:
    page.set_viewport_size({"width": 1300, "height": 1400})
    notebook.open("replay_es.ipynb", CELLS, run=False)
    notebook.run_cell(0)
    root = page.locator(REPLAY)
    root.wait_for()
    assert root.get_attribute("lang") == "es"
    assert page.locator(f"{REPLAY} .swr-review").inner_text() == "Analizar con el experto"
    assert page.locator(f"{REPLAY} .swr-btn-forward").get_attribute("aria-label") == "Una jugada adelante"
    # step by the buttons and the move list, into a side line by a click on the table
    page.locator(f"{REPLAY} .swr-btn-forward").click()
    wait_ply(page, 1)
    # the words come in the update after the position's (on a loaded machine, a moment later)
    page.wait_for_function(
        "() => document.querySelector('.swr-root [data-status]').innerText.startsWith('Jugada 1 de 155')"
    )
    page.locator(f"{REPLAY} .swr-movelist [data-ply='17']").click()
    wait_ply(page, 17)
    page.locator(f"{REPLAY} [data-annotation='mark'] [data-mark='?!']").click()
    page.wait_for_function(
        "() => document.querySelector(\"[data-annotation='mark'] [data-mark='?!']\").ariaPressed === 'true'"
    )
    assert page.locator(f"{REPLAY} [data-mark='?!']").get_attribute("title") == "imprecisión"
    assert english_on_screen(page) == []
    assert_accessible(page, REPLAY, flatten=FELT)
    shoot(page, artifacts, "replay-es")
    # Portuguese, live: the labels, the status line and the root's lang change
    assert notebook.run_cell(1).strip() == "pt"
    page.wait_for_function(
        "() => document.querySelector('.swr-root').getAttribute('lang') === 'pt'", timeout=15_000
    )
    assert page.locator(f"{REPLAY} .swr-review").inner_text() == "Analisar com o especialista"
    page.wait_for_function(
        "() => document.querySelector('.swr-root [data-status]').innerText.startsWith('Jogada 17 de 155')"
    )
    assert english_on_screen(page) == []
    assert_accessible(page, REPLAY, flatten=FELT)
    shoot(page, artifacts, "replay-pt")


def test_the_exported_page_in_spanish(page: Any, tmp_path: Path, artifacts: Path) -> None:
    path = tmp_path / "replay_es.html"
    ReplayWidget(SAMPLE).to_html(path, lang="es")
    page.set_viewport_size({"width": 1000, "height": 1200})
    page.goto(path.as_uri())
    page.locator(REPLAY).wait_for()
    assert page.evaluate("() => document.documentElement.lang") == "es"
    page.locator(f"{REPLAY} .swr-btn-end").click()
    wait_ply(page, 155)
    status = page.locator(f"{REPLAY} [data-status]").inner_text()
    assert status.startswith("Jugada 155 de 155"), status
    assert english_on_screen(page) == []
    assert_accessible(page, REPLAY, flatten=FELT)
    assert json.loads(page.locator("#spite-replay-data").inner_text())["lang"] == "es"
    page.locator(REPLAY).screenshot(path=str(artifacts / "replay-es-page.png"))
