"""The static pictures in a browser: an SVG drawn inline, as JupyterLab draws an
`image/svg+xml` output."""

from __future__ import annotations

from typing import Any

from spite_widget import Game
from spite_widget.render import table_svg


def test_the_table_picture_fits_an_output_narrower_than_it(page: Any) -> None:
    """At a fixed 900 px the picture's right side (the status box, the last hand cards) was
    cut off behind a scroll bar in a 768 px output area."""
    svg = table_svg(Game.new(seed=7).view(0), names=("You", "Greedy bot"), lang="es")
    page.set_content(f"<div id='out' style='width: 600px'>{svg}</div>")
    box = page.locator("#out svg").bounding_box()
    assert box is not None and box["width"] <= 600, box
    width, height = (float(v) for v in (page.locator("#out svg").get_attribute("viewBox") or "").split()[2:])
    assert abs(box["height"] / box["width"] - height / width) < 0.01, box  # scaled, not squeezed
    page.set_content(f"<div id='out' style='width: 1200px'>{svg}</div>")
    box = page.locator("#out svg").bounding_box()
    assert box is not None and abs(box["width"] - 900) < 1, box  # no wider than drawn
