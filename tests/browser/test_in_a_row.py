"""The widgets beside other widgets in an ipywidgets row (HBox), in a real JupyterLab.

A widget's root is a size container (its cards follow its own width), which gives the box
around it no width of its own: in a flex row that box used to shrink to 0 px, the table
spilled out in one column and the label beside it was drawn over the score.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"

CELLS = [
    "from ipywidgets import HBox, VBox, Label, Layout\n"
    "from spite_widget import SpiteWidget, ReplayWidget, LessonWidget\n"
    "HBox([SpiteWidget(opponent='greedy', seed=1), Label('log here')])",
    "VBox([SpiteWidget(opponent='greedy', seed=1), Label('log here')])",
    "SpiteWidget(opponent='greedy', seed=1)",
    "HBox([SpiteWidget(opponent='greedy', seed=1), Label('log here')], layout=Layout(width='300px'))",
    f"HBox([ReplayWidget({str(SAMPLE)!r}), Label('notes here')])",
    "HBox([LessonWidget('side-stacks'), Label('notes here')])",
]

BOXES = """([cell, root]) => {
    const c = document.querySelectorAll('.jp-Notebook .jp-Cell')[cell];
    const box = (e) => {
        if (!e) return null;
        const r = e.getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width};
    };
    const r = c.querySelector(root);
    return {
        root: box(r),
        row: box(c.querySelector('.widget-hbox, .widget-vbox')),
        output: box(c.querySelector('.jp-OutputArea-output')),
        label: box(c.querySelector('.widget-label')),
        score: box(c.querySelector('.sw-score')),
        // cards drawn outside the root, sideways
        spilled: [...r.querySelectorAll('.sw-card')].filter((e) => {
            const q = e.getBoundingClientRect();
            return q.right > r.getBoundingClientRect().right + 1 || q.left < r.getBoundingClientRect().left - 1;
        }).length,
    };
}"""


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"] - 1
        and b["left"] < a["right"] - 1
        and a["top"] < b["bottom"] - 1
        and b["top"] < a["bottom"] - 1
    )


def test_a_widget_beside_another_in_a_row_keeps_its_width(notebook: Any, page: Any, artifacts: Path) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    notebook.open("in_a_row.ipynb", CELLS)
    cells = page.locator(".jp-Notebook .jp-Cell")
    for i, root in enumerate([".sw-root"] * 4 + [".swr-root", ".swl-root"]):
        cells.nth(i).locator(root).first.wait_for(state="attached", timeout=60_000)
    page.wait_for_function(
        "() => document.querySelectorAll('.jp-Notebook .jp-Cell [data-status]').length >= 6", timeout=60_000
    )
    page.wait_for_timeout(500)

    # the table beside a label: at least 360 px, and all the room the label leaves it
    row = page.evaluate(BOXES, [0, ".sw-root"])
    table, label = row["root"], row["label"]
    assert table["width"] >= 360, row
    assert label["left"] >= table["right"] - 1, row  # beside it, not over it
    # ...right beside it, at the end of the row: the table took the room the label left
    assert label["left"] - table["right"] < 8 and row["row"]["right"] - label["right"] < 8, row
    assert not overlaps(label, row["score"]), row
    assert row["spilled"] == 0, row
    # the bottom row is a row: the pay-off pile and the side stacks side by side
    tops = page.evaluate(
        "() => ['P', 'S1', 'S4'].map((k) => Math.round(document.querySelectorAll('.jp-Notebook .jp-Cell')[0]"
        ".querySelector(`.sw-root [data-pile='${k}']`).getBoundingClientRect().top))"
    )
    assert len(set(tops)) == 1, tops
    cells.nth(0).locator(".jp-OutputArea-output").screenshot(path=str(artifacts / "table-in-hbox.png"))

    # in a column, or alone, as wide as the output (up to the table's widest)
    column = page.evaluate(BOXES, [1, ".sw-root"])
    alone = page.evaluate(BOXES, [2, ".sw-root"])
    assert abs(column["root"]["width"] - alone["root"]["width"]) < 1, (column, alone)
    assert abs(alone["root"]["width"] - min(1200, alone["output"]["width"])) < 2, alone

    # a row narrower than 360 px: the table takes all of it
    narrow = page.evaluate(BOXES, [3, ".sw-root"])
    assert abs(narrow["root"]["width"] - narrow["row"]["width"]) < 2, narrow
    assert narrow["spilled"] == 0, narrow

    # the replay and the lesson alike
    for i, root, name in ((4, ".swr-root", "replay"), (5, ".swl-root", "lesson")):
        box = page.evaluate(BOXES, [i, root])
        assert box["root"]["width"] >= 360, (name, box)
        assert box["label"]["left"] >= box["root"]["right"] - 1, (name, box)
        assert box["label"]["left"] - box["root"]["right"] < 8, (name, box)
        assert box["row"]["right"] - box["label"]["right"] < 8, (name, box)
        assert box["spilled"] == 0, (name, box)
        out = cells.nth(i).locator(".widget-hbox")
        out.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        out.screenshot(path=str(artifacts / f"{name}-in-hbox.png"))
