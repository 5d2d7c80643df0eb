"""The lesson widget in a real JupyterLab, played in headless Chromium by clicks, drags and keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

ROOT = ".swl-root"

PROBE = (
    "import json\n"
    "print(json.dumps({'status': w.session.status, 'done': w.done, 'lesson': w.lesson.id,\n"
    "    'moves': [str(m) for m in w.session.moves], 'cheered': cheered}))"
)


def lesson_cells(lesson: str) -> list[str]:
    return [
        "from spite_widget import LessonWidget, lessons\n"
        f"w = LessonWidget({lesson})\n"
        "cheered = []\n"
        "w.on_goal(lambda lesson: cheered.append(lesson.id))\n"
        "w",
        PROBE,
    ]


def seq(page: Any) -> int:
    return int(page.locator(ROOT).get_attribute("data-seq"))


def status_id(page: Any) -> str:
    return str(page.locator(f"{ROOT} [data-status]").get_attribute("data-status-id"))


def wait_status_change(page: Any, old: str) -> None:
    """Wait for Python's next status (each one has a new id, even with the same words)."""
    page.wait_for_function(
        "old => document.querySelector('.swl-root [data-status]').dataset.statusId !== old", arg=old
    )


def status(page: Any) -> str:
    return str(page.locator(f"{ROOT} [data-status]").inner_text())


def lit(page: Any) -> list[str]:
    targets = page.locator(f"{ROOT} [data-pile].sw-target")
    return sorted(targets.nth(i).get_attribute("data-pile") for i in range(targets.count()))


def click_move(page: Any, source: str, target: str) -> None:
    """Click a card, check that `target` lights up, click it and wait for the new table."""
    page.locator(f"{ROOT} {source}").click()
    page.locator(f"{ROOT} [data-pile].sw-target").first.wait_for()
    assert target in lit(page), (target, lit(page))
    old = seq(page)
    page.locator(f"{ROOT} [data-pile='{target}']").click()
    page.wait_for_function(f"() => +document.querySelector('.swl-root').dataset.seq > {old}")


def test_complete_the_first_lesson_by_clicking(notebook: Any, page: Any, artifacts: Path) -> None:
    notebook.open("lesson_one.ipynb", lesson_cells("lessons()[0]"))
    root = page.locator(ROOT)
    root.wait_for()
    assert root.get_attribute("data-lesson") == "build-from-ace"
    assert root.get_attribute("data-lesson-status") == "playing"
    assert root.get_attribute("data-lm-suppress-shortcuts") is not None
    # the lesson's text beside the table: title, the rule quoted, the goal; markdown made safe
    assert page.locator(f"{ROOT} [data-lesson-title]").inner_text() == "Building from the Ace"
    assert "pay-off pile" in page.locator(f"{ROOT} .swl-body strong").first.inner_text()
    assert "built upwards from the Ace" in page.locator(f"{ROOT} blockquote").inner_text()
    assert "Play your pay-off card." in page.locator(f"{ROOT} [data-goal='playing']").inner_text()
    assert "**" not in page.locator(f"{ROOT} .swl-text").inner_text()
    # the opponent's hand is face down: no card name anywhere in it
    assert page.locator(f"{ROOT} [data-pile='O-H'] [data-card]").count() == 0
    assert page.locator(f"{ROOT} [data-pile='H'] [data-card]").count() == 5
    # the buttons: nothing to undo or reset yet
    assert page.locator(f"{ROOT} [data-action='undo']").is_disabled()
    assert page.locator(f"{ROOT} [data-action='reset']").is_disabled()
    assert page.locator(f"{ROOT} [data-action='next-lesson']").is_enabled()

    # an illegal move is sent anyway and explained with the rule
    page.locator(f"{ROOT} [data-pile='H'] [data-card='2c']").click()
    assert "C1" not in lit(page) and "S1" in lit(page)
    before = status_id(page)
    page.locator(f"{ROOT} [data-pile='C1']").click()
    wait_status_change(page, before)
    page.wait_for_function("() => /Rule/.test(document.querySelector('.swl-root [data-status]').textContent)")
    text = status(page)
    assert text.startswith("Not legal") and "needs an Ace" in text, text
    assert "sw-status-error" in (page.locator(f"{ROOT} [data-status]").get_attribute("class") or "")

    # the hint button answers in the status line
    before = status_id(page)
    page.locator(f"{ROOT} [data-action='hint']").click()
    wait_status_change(page, before)
    assert status(page).startswith("Hint:")
    # ... and outlines the card to play and where it goes
    page.wait_for_selector(f"{ROOT} [data-pile='H'] [data-card='Ah'].sw-hint")
    assert page.locator(f"{ROOT} [data-pile='C1'].sw-hint-target").count() == 1
    root.screenshot(path=str(artifacts / "lesson-hint.png"))

    # the selected pay-off card lights up nothing until its stack is ready
    click_move(page, "[data-pile='H'] [data-card='Ah']", "C1")
    assert page.locator(f"{ROOT} [data-pile='C1'] [data-card='Ah']").count() == 1
    assert page.locator(f"{ROOT} [data-action='undo']").is_enabled()
    click_move(page, "[data-pile='H'] [data-card='2c']", "C1")
    root.screenshot(path=str(artifacts / "lesson-before-goal.png"))
    click_move(page, "[data-pile='P'] [data-card='3s']", "C1")

    # the cheer: a success banner, the goal ticked, the status line says so
    page.wait_for_function("() => document.querySelector('.swl-root').dataset.lessonStatus === 'done'")
    banner = page.locator(f"{ROOT} [data-banner='done']")
    assert banner.is_visible()
    assert "goal reached" in banner.inner_text().lower()
    assert page.locator(f"{ROOT} [data-goal='done']").is_visible()
    assert "Goal reached" in status(page)
    assert "sw-status-done" in (page.locator(f"{ROOT} [data-status]").get_attribute("class") or "")
    assert page.locator(f"{ROOT} [data-action='hint']").is_disabled()
    assert "swl-primary" in (page.locator(f"{ROOT} [data-action='next-lesson']").get_attribute("class") or "")
    page.wait_for_timeout(400)  # let the banner's pop settle before the picture
    root.screenshot(path=str(artifacts / "lesson-done.png"))

    # the kernel's session agrees, and on_goal was told once
    state = notebook.run_json(1)
    assert state == {
        "status": "done",
        "done": True,
        "lesson": "build-from-ace",
        "moves": ["H:Ah>C1", "H:2c>C1", "P:3s>C1"],
        "cheered": ["build-from-ace"],
    }

    # a click after the goal changes nothing and says why
    page.locator(f"{ROOT} [data-pile='H'] [data-card='9d']").click()
    assert status(page).startswith("Goal reached! Press Next lesson")
    assert "sw-status-done" in (page.locator(f"{ROOT} [data-status]").get_attribute("class") or "")

    # next lesson: a new page and a new table
    old = seq(page)
    page.locator(f"{ROOT} [data-action='next-lesson']").click()
    page.wait_for_function(f"() => +document.querySelector('.swl-root').dataset.seq > {old}")
    assert root.get_attribute("data-lesson") == "kings-wild"
    assert root.get_attribute("data-lesson-status") == "playing"
    assert page.locator(f"{ROOT} [data-banner]").count() == 0
    assert page.locator(f"{ROOT} [data-lesson-title]").inner_text() == "Kings are wild"


def test_keyboard_drag_undo_reset_and_a_failed_attempt(notebook: Any, page: Any, artifacts: Path) -> None:
    notebook.open("lesson_keys.ipynb", lesson_cells("'kings-wild'"))
    root = page.locator(ROOT)
    root.wait_for()
    # keyboard: focus the Ace of spades, Enter selects, arrows reach C1, Enter plays
    ace = page.locator(f"{ROOT} [data-pile='H'] [data-card='As']")
    ace.focus()
    page.keyboard.press("Enter")
    assert "C1" in lit(page)
    c1 = page.locator(f"{ROOT} [data-pile='C1']")
    c1.focus()
    old = seq(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => +document.querySelector('.swl-root').dataset.seq > {old}")
    assert page.locator(f"{ROOT} [data-pile='C1'] [data-card='As']").count() == 1
    # drag and drop the 2 onto C1, once the Ace has landed (on a loaded machine its flight
    # from the hand can still cover the 2 when the drag starts, and the drag is lost)
    page.wait_for_function("() => document.getAnimations().length === 0")
    old = seq(page)
    page.locator(f"{ROOT} [data-pile='H'] [data-card='2h']").drag_to(c1)
    page.wait_for_function(f"() => +document.querySelector('.swl-root').dataset.seq > {old}")
    assert page.locator(f"{ROOT} [data-pile='C1'] [data-card='2h']").count() == 1
    # undo takes the 2 back
    old = seq(page)
    page.locator(f"{ROOT} [data-action='undo']").click()
    page.wait_for_function(f"() => +document.querySelector('.swl-root').dataset.seq > {old}")
    assert page.locator(f"{ROOT} [data-pile='H'] [data-card='2h']").count() == 1
    assert status(page).startswith("Took back")
    # ending the turn without the goal: the attempt failed, a reset is offered
    click_move(page, "[data-pile='H'] [data-card='9c']", "S1")
    page.wait_for_function("() => document.querySelector('.swl-root').dataset.lessonStatus === 'failed'")
    assert page.locator(f"{ROOT} [data-banner='failed']").is_visible()
    assert "swl-primary" in (page.locator(f"{ROOT} [data-action='reset']").get_attribute("class") or "")
    root.screenshot(path=str(artifacts / "lesson-failed.png"))
    # still nothing of the opponent's hand on the page after their draw
    assert page.locator(f"{ROOT} [data-pile='O-H'] [data-card]").count() == 0
    old = seq(page)
    page.locator(f"{ROOT} [data-action='reset']").click()
    page.wait_for_function(f"() => +document.querySelector('.swl-root').dataset.seq > {old}")
    assert root.get_attribute("data-lesson-status") == "playing"
    assert page.locator(f"{ROOT} [data-pile='C1'] [data-card]").count() == 0
    # the solution button plays the lesson step by step to the goal, from the keyboard:
    # the focus stays on the button across redraws, then moves to Next lesson
    page.locator(f"{ROOT} [data-action='solution']").focus()
    for step in range(1, 5):
        old = seq(page)
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => +document.querySelector('.swl-root').dataset.seq > {old}")
        assert status(page).startswith(f"Solution, step {step} of 4"), status(page)
        focused = page.evaluate("() => document.activeElement && document.activeElement.dataset.action")
        assert focused == ("solution" if step < 4 else "next-lesson"), (step, focused)
    assert root.get_attribute("data-lesson-status") == "done"
    assert notebook.run_json(1)["status"] == "done"


SCREEN_CELLS = [
    "from spite_widget import LessonWidget\nw = LessonWidget('side-stacks')\nw.play('S2:5s>C1')\nw",
    "w2 = LessonWidget('refill')\nw2.play('H:Ah>C1')\nw2.play('H:3d>C1')\nw2",
    "w3 = LessonWidget('win')\nfor m in w3.lesson.solution: w3.play(m)\nw3",
]


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_screenshots(notebook: Any, page: Any, artifacts: Path, dark: bool) -> None:
    """The lesson at a wide notebook, ~900 px and 600 px, light and dark: saved for people to look at."""
    page.set_viewport_size({"width": 1900, "height": 1400})
    notebook.open("lesson_screens.ipynb", SCREEN_CELLS)
    roots = page.locator(ROOT)
    roots.nth(2).wait_for()
    notebook.set_theme(dark)
    theme = "dark" if dark else "light"
    for width in (1200, 900, 600):
        for i, name in ((0, "side-stacks"), (1, "refill-error"), (2, "win-done")):
            page.evaluate(
                f"() => {{ document.querySelectorAll('.swl-root')[{i}].style.width = '{width}px'; }}"
            )
            page.wait_for_timeout(300)
            root = roots.nth(i)
            box = root.bounding_box()
            assert box is not None and abs(box["width"] - width) < 2
            overflow = page.evaluate(
                f"() => {{ const root = document.querySelectorAll('.swl-root')[{i}];"
                " const r = root.getBoundingClientRect();"
                " return [...root.querySelectorAll('.sw-card, button, .swl-text')]"
                ".filter(c => c.getBoundingClientRect().right > r.right + 1).length; }"
            )
            assert overflow == 0, (name, width)
            root.screenshot(path=str(artifacts / f"lesson-{name}-{theme}-{width}.png"))
    if dark:
        notebook.set_theme(False)


def test_the_teaching_notebook_runs_in_jupyterlab(
    lab: Any, notebook: Any, page: Any, artifacts: Path
) -> None:
    """examples/teach_rules.ipynb, run in JupyterLab: every live lesson draws, the last one solved from Python."""
    import nbformat

    source = Path(__file__).resolve().parents[2] / "examples" / "teach_rules.ipynb"
    nb = nbformat.read(source, as_version=4)  # type: ignore[no-untyped-call]
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nbformat.write(nb, lab.root / "teach_rules.ipynb")  # type: ignore[no-untyped-call]
    page.goto(lab.notebook_url("teach_rules.ipynb"))
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    notebook.wait_kernel_idle()
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    live = sum(1 for c in nb.cells if c.cell_type == "code" and "LessonWidget(" in c.source)
    # JupyterLab draws only the cells near the view: scroll to the end so the last widgets render
    page.wait_for_function(
        "() => { const n = document.querySelector('.jp-Notebook');"
        " n.scrollTop = n.scrollHeight; return [...document.querySelectorAll('.jp-InputPrompt')]"
        ".every(p => /\\[\\d+\\]/.test(p.innerText) || !p.innerText.trim()); }",
        timeout=120_000,
    )
    notebook.wait_kernel_idle()
    page.wait_for_function(
        "() => { const roots = document.querySelectorAll('.swl-root');"
        " const last = roots[roots.length - 1];"
        " return !!last && last.dataset.lessonStatus === 'done'; }",
        timeout=60_000,
    )
    assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    assert page.locator(".jp-OutputArea-output:has-text('Traceback')").count() == 0
    roots = page.locator(ROOT)
    assert 1 <= roots.count() <= live
    last = roots.nth(roots.count() - 1)
    last.scroll_into_view_if_needed()
    assert last.get_attribute("data-lesson") == "build-from-ace"
    assert last.locator("[data-banner='done']").is_visible()
    last.screenshot(path=str(artifacts / "lesson-notebook-course.png"))


# axe cannot measure text on the felt's gradient: it is checked on the felt's lightest colour
FELT = {".sw-board": "var(--sw-felt)"}

CONTRAST_WITHIN = """(selector) => {
    const el = document.querySelector(selector);
    const rgba = (c) => {
        const v = c.match(/[\\d.]+/g).map(Number);
        const k = c.startsWith('color(') ? 255 : 1; // color(srgb r g b / a) counts from 0 to 1
        return [v[0] * k, v[1] * k, v[2] * k, v.length > 3 ? v[3] : 1];
    };
    // the first background under the text that is not fully transparent, blended on the one below it
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
        const bg = rgba(getComputedStyle(e).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
    }
    if (!layers.length || layers[layers.length - 1][3] < 1) layers.push([255, 255, 255, 1]);
    let [r, g, b] = layers.pop();
    while (layers.length) { const [r2, g2, b2, a] = layers.pop(); r = r2 * a + r * (1 - a); g = g2 * a + g * (1 - a); b = b2 * a + b * (1 - a); }
    const fg = rgba(getComputedStyle(el).color);
    const lum = ([x, y, z]) => [x, y, z].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const [l1, l2] = [lum(fg), lum([r, g, b])];
    return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}"""


def text_contrast_within(page: Any, selector: str) -> float:
    """Text colour against the backgrounds behind it (translucent ones blended), as WCAG counts it."""
    return float(page.evaluate(CONTRAST_WITHIN, selector))


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_accessible_while_playing_done_and_failed(notebook: Any, page: Any, dark: bool) -> None:
    """axe-core finds no serious problem and colours meet WCAG AA, in each state of a lesson."""
    import json

    from a11y import assert_accessible, contrast_violations

    cells = [
        "from spite_widget import LessonWidget\n"
        "playing = LessonWidget('kings-wild')\nplaying.play('H:Kc>C1')\nplaying",
        "done = LessonWidget('build-from-ace')\nfor m in done.lesson.solution: done.play(m)\ndone",
        "failed = LessonWidget('side-stacks')\nfailed.play('H:9d>S1')\nfailed",
    ]
    notebook.open("lesson_a11y.ipynb", cells)
    page.locator(ROOT).nth(2).wait_for()
    notebook.set_theme(dark)
    page.wait_for_timeout(2000)  # the cheer's animation has ended
    for i, state in enumerate(("playing", "done", "failed")):
        root = f".jp-Cell:nth-child({i + 1}) {ROOT}"
        page.locator(root).scroll_into_view_if_needed()
        assert page.locator(root).get_attribute("data-lesson-status") == state
        assert_accessible(page, root, flatten=FELT)
        contrast = contrast_violations(page, root, flatten=FELT)
        assert contrast["violations"] == [], (state, json.dumps(contrast["violations"], indent=1)[:3000])
        # the status line and the banner, measured directly (axe leaves some text unmeasured)
        page.add_style_tag(content=".sw-board { background: var(--sw-felt) !important; }")
        for part in (
            "[data-status]",
            ".swl-banner-title",
            ".swl-banner-text",
            ".swl-goal-label",
            ".swl-goal-text",
            ".swl-kicker",
            ".swl-rule-label",
            ".swl-primary",
        ):
            if page.locator(f"{root} {part}").count():
                ratio = text_contrast_within(page, f"{root} {part}")
                assert ratio >= 4.5, (state, part, ratio)
    if dark:
        notebook.set_theme(False)
