"""Accessibility and sizes of the replay and the lesson in a real JupyterLab: axe-core finds no
serious or critical problem and no colour-contrast problem in the light and dark themes, at a
wide notebook and at a phone's width; every control is named; the replay is stepped, commented
and marked with the keyboard alone, its focus ring visible, its live region saying each move in
words; both widgets stay usable from 360 to 1400 px wide (screenshots in test-artifacts/)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from a11y import assert_accessible, contrast_violations, press_until, unnamed_controls, visible_ring

from spite_widget.engine.replay import Replay

pytestmark = pytest.mark.browser

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"
# axe cannot measure text on the felt's gradient: it is checked on the felt's lightest colour
FELT = {".sw-board": "var(--sw-felt)"}
REPLAY = ".swr-root"
LESSON = ".swl-root"
WIDTHS = (360, 600, 900, 1400)

CELLS = [
    f"from spite_widget import LessonWidget, ReplayWidget\nr = ReplayWidget({str(SAMPLE)!r})\nr",
    "lesson = LessonWidget('side-stacks')\nlesson",
    "import json\nrec = r.record\n"
    "print(json.dumps({'ply': r.ply, 'notes': {i + 1: {k: m[k] for k in ('comment', 'mark') if k in m}\n"
    "    for i, m in enumerate(rec['moves']) if 'comment' in m or 'mark' in m},\n"
    "    'lesson': [str(m) for m in lesson.session.moves]}))",
]


def wait_ply(page: Any, n: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('.swr-root').dataset.ply === String(n)", arg=n, timeout=15_000
    )


def check(page: Any, root: str, what: str) -> None:
    """The whole audit of one widget: axe (serious, critical), names, and contrast (any impact)."""
    page.locator(root).scroll_into_view_if_needed()
    assert_accessible(page, root, flatten=FELT)
    contrast = contrast_violations(page, root, flatten=FELT)
    assert contrast["violations"] == [], (what, json.dumps(contrast["violations"], indent=1)[:3000])


def set_width(page: Any, root: str, width: int) -> None:
    page.evaluate("([sel, w]) => { document.querySelector(sel).style.width = w + 'px'; }", [root, width])
    page.wait_for_timeout(250)
    box = page.locator(root).bounding_box()
    cap = page.evaluate(
        "(sel) => parseFloat(getComputedStyle(document.querySelector(sel)).maxWidth) || 1e9", root
    )
    assert box is not None and abs(box["width"] - min(width, cap)) < 2, (root, width, box)


LAYOUT_JS = """(sel) => {
    const root = document.querySelector(sel);
    const r = root.getBoundingClientRect();
    const out = [...root.querySelectorAll('.sw-card, button, input, select, textarea, [data-pile], .swl-text, .swr-controls')]
        .filter(e => e.getClientRects().length && !e.closest('[hidden]'))
        .filter(e => { const b = e.getBoundingClientRect(); return b.right > r.right + 1 || b.left < r.left - 1; })
        .map(e => e.outerHTML.slice(0, 80));
    // each face-up hand card shows at least its index (a third of a card) beside the next one
    const squeezed = [...root.querySelectorAll('.sw-hand-up .sw-hand-cards')].flatMap(row => {
        const cards = [...row.querySelectorAll('.sw-face')].map(c => c.getBoundingClientRect());
        return cards.slice(1).map((b, i) => (b.left - cards[i].left) / cards[i].width).filter(f => f < 0.32);
    });
    // a court card's picture keeps off its own index
    const covered = [...root.querySelectorAll('.sw-face')].filter(card => {
        const pic = card.querySelector('.sw-court'); const tl = card.querySelector('.sw-tl');
        if (!pic || !tl) return false;
        const a = pic.getBoundingClientRect(); const b = tl.getBoundingClientRect();
        return a.left < b.right - 0.5 && a.top < b.bottom - 0.5;
    }).map(c => c.dataset.card);
    return {out, squeezed, covered};
}"""


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_audit_and_sizes(notebook: Any, page: Any, artifacts: Path, dark: bool) -> None:
    page.set_viewport_size({"width": 1600, "height": 1300})
    notebook.open(f"a11y_replay_lesson_{'dark' if dark else 'light'}.ipynb", CELLS[:2])
    page.locator(LESSON).wait_for()
    # room for a widget 1400 px wide beside the prompts: the side bar closed
    page.evaluate(
        "() => { if (!window.jupyterapp.shell.leftCollapsed)"
        " window.jupyterapp.commands.execute('application:toggle-left-area'); }"
    )
    page.locator(f"{REPLAY} .swr-movelist [data-ply='17']").click()
    wait_ply(page, 17)
    page.locator(f"{REPLAY} [data-annotation='mark'] [data-mark='!?']").click()
    page.wait_for_function(
        "() => document.querySelector(\"[data-annotation='mark'] [data-mark='!?']\").ariaPressed === 'true'"
    )
    notebook.set_theme(dark)
    theme = "dark" if dark else "light"
    try:
        page.wait_for_timeout(300)
        check(page, REPLAY, f"replay {theme}")
        check(page, LESSON, f"lesson {theme}")
        # a lesson card picked up (its targets lit)
        page.locator(f"{LESSON} [data-pile='S2'] .sw-face").last.click()
        page.locator(f"{LESSON} .sw-target").first.wait_for()
        check(page, LESSON, f"lesson {theme}, a card picked up")
        page.keyboard.press("Escape")
        for width in WIDTHS:
            for root, name in ((REPLAY, "replay"), (LESSON, "lesson")):
                set_width(page, root, width)
                layout = page.evaluate(LAYOUT_JS, root)
                assert layout == {"out": [], "squeezed": [], "covered": []}, (name, width, layout)
                # the widget is not cut off by the notebook around it either
                clip = page.evaluate(
                    "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
                    " const o = document.querySelector(sel).closest('.jp-OutputArea-output').getBoundingClientRect();"
                    " return r.right <= o.right + 1; }",
                    root,
                )
                assert clip, (name, width, "wider than the notebook's output area")
                page.locator(root).screenshot(path=str(artifacts / f"{name}-{theme}-{width}.png"))
        # a phone's width: still clean
        check(page, REPLAY, f"replay {theme} at 360")
        check(page, LESSON, f"lesson {theme} at 360")
    finally:
        if dark:
            notebook.set_theme(False)


LIVE_RECORDER = """() => {
    const live = document.querySelector('.swr-root [data-live]');
    window.__swrLive = [];
    new MutationObserver(() => window.__swrLive.push(live.textContent)).observe(
        live, {childList: true, characterData: true, subtree: true});
}"""


def test_replay_by_keyboard_alone(notebook: Any, page: Any) -> None:
    page.set_viewport_size({"width": 1500, "height": 1200})
    notebook.open("a11y_replay_keys.ipynb", CELLS)
    root = page.locator(REPLAY)
    root.wait_for()
    page.locator(LESSON).wait_for()
    page.evaluate(LIVE_RECORDER)
    live = page.locator(f"{REPLAY} [data-live]")
    assert live.get_attribute("aria-live") == "polite"
    # into the replay from the notebook with Tab: the replay itself takes the keys first
    page.locator(f"{REPLAY} .swr-players").click()
    page.keyboard.press("Shift+Tab")
    press_until(page, "Tab", "a.classList.contains('swr-root')", limit=5)
    visible_ring(page)
    for key, ply in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1), ("End", 155), ("Home", 0)):
        page.keyboard.press(key)
        wait_ply(page, ply)
    page.keyboard.press("ArrowRight")
    wait_ply(page, 1)
    page.wait_for_function("() => window.__swrLive.some(t => t.startsWith('Move 1 of 155: '))")
    said = page.evaluate("() => window.__swrLive")
    first = next(t for t in said if t.startswith("Move 1 of 155: "))
    assert " of " in first[len("Move 1 of 155: ") :] and not any(s in first for s in "♥♠♦♣"), said
    assert any(t.startswith("Move 155 of 155: ") for t in said), said

    # the transport buttons, each reached by Tab and pressed with Enter
    press_until(page, "Tab", "a.dataset.action === 'forward'", limit=30)
    visible_ring(page)
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "Forward one move"
    page.keyboard.press("Enter")
    wait_ply(page, 2)
    page.keyboard.press("Enter")
    wait_ply(page, 3)
    press_until(page, "Shift+Tab", "a.dataset.action === 'back'", limit=30)
    page.keyboard.press("Enter")
    wait_ply(page, 2)
    # the slider: its arrows move through the game
    press_until(page, "Tab", "a.dataset.slider !== undefined", limit=30)
    visible_ring(page)
    page.keyboard.press("ArrowRight")
    wait_ply(page, 3)
    assert "move 3 of 155" in (
        page.evaluate("() => document.activeElement.getAttribute('aria-valuetext')") or ""
    )
    # the move list is one Tab stop: the move shown; arrows step from there, the focus follows
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.ply") == "3"
    visible_ring(page)
    page.keyboard.press("ArrowRight")
    wait_ply(page, 4)
    page.wait_for_function("() => document.activeElement.dataset.ply === '4'")
    for _ in range(8):
        page.keyboard.press("ArrowRight")
    wait_ply(page, 12)
    page.wait_for_function("() => document.activeElement.dataset.ply === '12'")
    # named in words, not in notation ("S1:2s>C1" read out letter by letter)
    r = Replay(SAMPLE)
    r.seek(11)
    mover = r.game.players[r.state.current_player]
    assert str(r.moves[11]) == "S1:2s>C1"
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == (
        f"move 12, {mover}: two of spades from side stack 1 on center stack 1; S1:2s>C1"
    )
    # then the marks (a group of toggle buttons) and the comment box
    press_until(page, "Tab", "a.dataset.mark === '!!'", limit=3)
    visible_ring(page)
    press_until(page, "Tab", "a.dataset.mark === '?!'", limit=6)
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.getAttribute('aria-pressed') === 'true'")
    # the mark said by its name ("?!" is read as nothing)
    page.wait_for_function("() => window.__swrLive.includes('Move 12: mark inaccuracy.')")
    press_until(page, "Tab", "a.dataset.annotation === 'comment'", limit=6)
    visible_ring(page)
    page.keyboard.type("Typed with the keys")
    page.keyboard.press("ArrowLeft")  # moves the caret, not the replay
    page.keyboard.press("Tab")  # leaving the box sends what was typed
    page.wait_for_timeout(300)
    assert int(root.get_attribute("data-ply") or -1) == 12
    state = notebook.run_json(2)
    assert state["ply"] == 12
    assert state["notes"]["12"] == {"comment": "Typed with the keys", "mark": "?!"}
    # every control of both widgets has a name
    assert unnamed_controls(page, REPLAY) == []
    assert unnamed_controls(page, LESSON) == []


def test_lesson_buttons_by_keyboard(notebook: Any, page: Any) -> None:
    """The lesson's buttons are named, reached with Tab, ringed, and pressed with Enter."""
    notebook.open("a11y_lesson_keys.ipynb", ["from spite_widget import LessonWidget\n" + CELLS[1]])
    root = page.locator(LESSON)
    root.wait_for()
    names = page.evaluate(
        "() => [...document.querySelectorAll('.swl-root .swl-controls button')]"
        ".map(b => [b.dataset.action, b.textContent.trim()])"
    )
    assert [n[0] for n in names] == ["hint", "solution", "undo", "reset", "next-lesson"]
    assert all(n[1] for n in names), names
    page.locator(f"{LESSON} .swl-title").click()
    press_until(page, "Tab", "a.dataset.action === 'hint'", limit=10)
    visible_ring(page)
    old = page.locator(f"{LESSON} [data-status]").get_attribute("data-status-id")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "old => document.querySelector('.swl-root [data-status]').dataset.statusId !== old", arg=old
    )
    assert page.locator(f"{LESSON} .sw-hint").count() >= 1
    assert page.evaluate("() => document.activeElement.dataset.action") == "hint"
    visible_ring(page)


def test_the_lesson_speaks_in_its_live_region(notebook: Any, page: Any) -> None:
    """A screen reader hears the lesson: its goal, a card picked up and the move played, read
    from a live region made once (the status line is redrawn with the table, so it cannot
    speak), with cards named in words, not "5♠"."""
    notebook.open("a11y_lesson_live.ipynb", ["from spite_widget import LessonWidget\n" + CELLS[1]])
    page.locator(LESSON).wait_for()
    live = page.locator(f"{LESSON} [data-live]")
    assert live.count() == 1
    assert live.get_attribute("aria-live") == "polite" and live.get_attribute("role") == "status"
    page.wait_for_function(
        "() => document.querySelector('.swl-root [data-live]').textContent.includes('Goal:')"
    )
    # the move S2:5s>C1, picked up by keyboard from its pile (the arrows reach it) and put down
    page.locator(f"{LESSON} [data-pile='S2']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.swl-root [data-live]').textContent.includes('selected')"
    )
    assert "five of spades" in live.inner_text() and "♠" not in live.inner_text()
    old = page.locator(f"{LESSON} [data-status]").get_attribute("data-status-id")
    page.locator(f"{LESSON} [data-pile='C1']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "old => document.querySelector('.swl-root [data-status]').dataset.statusId !== old", arg=old
    )
    assert page.locator(f"{LESSON} [data-status]").inner_text().startswith("You played 5♠ from S2 on C1")
    page.wait_for_function(
        "() => document.querySelector('.swl-root [data-live]').textContent.startsWith('You played five of spades')"
    )
    assert not any(s in live.inner_text() for s in "♣♦♥♠")
