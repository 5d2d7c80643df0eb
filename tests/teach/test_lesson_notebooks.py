"""The Spanish and Portuguese lessons notebooks, as scripts/make_lesson_notebooks.py writes them:
each lesson's exercise asks about different moves, and each lesson ends with a live
`LessonWidget` in the notebook's language, as the English notebook does."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

from spite_widget import lessons
from spite_widget.teach import Lesson

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "make_lesson_notebooks", ROOT / "scripts" / "make_lesson_notebooks.py"
)
assert _spec is not None and _spec.loader is not None
maker = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(maker)

LANGS = ["es", "pt"]
WIDGET = re.compile(r'^LessonWidget\(LESSONS\["([a-z-]+)"\], lang="([a-z]+)"\)$')


@pytest.mark.parametrize("item", lessons("en"), ids=[x.id for x in lessons("en")])
def test_an_exercise_never_asks_about_the_same_move_twice(item: Lesson) -> None:
    tries = maker.tries(item)
    assert len(tries) == maker.TRIES == len(set(tries)), tries
    assert tries[0] == item.solution[0]
    game = item.new_game()
    assert any(game.state.why_illegal(m) is not None for m in tries), tries  # a wrong answer too


def test_a_lesson_of_one_move_takes_a_second_refused_move() -> None:
    item = next(x for x in lessons("en") if x.id == "build-down")
    assert len(item.solution) == 1
    tries = maker.tries(item)
    assert tries[:2] == ["H:7s>S1", "H:Kd>C1"] and tries[2] != "H:7s>S1"
    assert item.new_game().state.why_illegal(tries[2]) is not None


def widgets(nb: nbformat.NotebookNode) -> list[tuple[str, str]]:
    """(lesson id, lang) of each cell that opens a LessonWidget."""
    found = []
    for cell in nb.cells:
        if cell.cell_type == "code" and "LessonWidget(" in cell.source and "import" not in cell.source:
            match = WIDGET.match(cell.source.strip())
            assert match is not None, cell.source
            found.append((match[1], match[2]))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_each_lesson_has_a_live_widget_in_the_notebooks_language(lang: str) -> None:
    ids = [x.id for x in lessons(lang)]
    built = maker.notebook(lang)
    assert widgets(built) == [(i, lang) for i in ids]
    saved = nbformat.read(ROOT / "examples" / f"teach_rules_{lang}.ipynb", as_version=4)  # type: ignore[no-untyped-call]
    assert [c.source for c in saved.cells] == [c.source for c in built.cells], "regenerate the notebook"
    assert "widgets" not in saved.metadata
    # the closing cell counts the lessons it promises (it said sixteen when there were 18)
    assert f" {len(ids)} " in saved.cells[-1].source and len(ids) == len(lessons("en"))


def test_the_english_notebook_has_a_widget_for_each_lesson_too() -> None:
    """The model the Spanish and Portuguese notebooks follow."""
    nb = nbformat.read(ROOT / "examples" / "teach_rules.ipynb", as_version=4)  # type: ignore[no-untyped-call]
    sources = [c.source.strip() for c in nb.cells if c.cell_type == "code"]
    for item in lessons("en"):
        assert f'LessonWidget(LESSONS["{item.id}"])' in sources


def test_the_english_notebook_says_what_each_lesson_says() -> None:
    """Its markdown is written by hand around the lessons: the who-sees, blocking and
    side-stacks texts and the end-turn hint had gone stale against the lessons themselves."""
    nb = nbformat.read(ROOT / "examples" / "teach_rules.ipynb", as_version=4)  # type: ignore[no-untyped-call]
    markdown = [c.source for c in nb.cells if c.cell_type == "markdown"]
    for item in lessons("en"):
        head = f"## {item.title}\n\n"
        section = next((m for m in markdown if m.startswith(head)), None)
        assert section is not None, item.id
        assert section[len(head) :].startswith(item.text.strip()), item.id
        assert item.hint in "\n".join(markdown), item.id
