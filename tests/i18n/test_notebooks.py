"""The lessons notebook in Spanish and in Portuguese runs top to bottom in a real kernel,
speaks its language, and leaves SVG pictures behind."""

from __future__ import annotations

from pathlib import Path

import pytest
from notebooks import code_outputs, run_notebook

from .test_spoken import english_words

ROOT = Path(__file__).resolve().parents[2]

SAID = {
    "es": ("Se puede:", "No se puede:", "Objetivo cumplido:", "pila de pago"),
    "pt": ("Vale:", "Não vale:", "Objetivo alcançado:", "pilha de pagamento"),
}


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_lessons_notebook_runs_in_its_language(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")  # the notebook chooses its language itself
    nb = run_notebook(ROOT / "examples" / f"teach_rules_{lang}.ipynb")
    outputs = code_outputs(nb)
    assert not [o for o in outputs if o.output_type == "error"]
    svgs = [o["data"]["image/svg+xml"] for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) >= 32  # each lesson before and after its solution
    assert all(f'lang="{lang}"' in svg for svg in svgs)
    text = "".join(o.get("text", "") for o in outputs)
    for words in SAID[lang]:
        assert words in text
    assert english_words(text) == set()
    prose = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert english_words(prose) == set()
