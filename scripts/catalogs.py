"""The message catalogs: extract, update and compile them with Babel.

    python scripts/catalogs.py extract   # spite_widget/locale/spite_widget.pot from the code
    python scripts/catalogs.py update    # merge the .pot into each language's .po
    python scripts/catalogs.py compile   # .po -> .mo (a wheel build does this by itself)

The same as `pybabel extract -F babel.cfg -k NP_:1c,2 -k NPC_:1c,2 ...`; the keywords live here so the
test (tests/i18n) extracts exactly as this script does.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "spite_widget" / "locale"
POT = LOCALE / "spite_widget.pot"
LANGS = ("es", "pt")
KEYWORDS = {**DEFAULT_KEYWORDS, "NP_": ((1, "c"), 2), "NPC_": ((1, "c"), 2)}


def extract() -> Catalog:
    """Every marked message of the package, as a template catalog."""
    catalog = Catalog(project="spite-widget", version="0.1.0", charset="utf-8")
    method_map = [("spite_widget/**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
        ROOT, method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "spite_widget.po"


def main(argv: list[str]) -> None:
    command = argv[1] if len(argv) > 1 else ""
    if command == "extract":
        with POT.open("wb") as f:
            write_po(f, extract(), width=100, omit_header=False)
    elif command == "update":
        template = extract()
        for lang in LANGS:
            path = po_path(lang)
            with path.open("rb") as f:
                catalog = read_po(f, locale=lang)
            catalog.update(template, no_fuzzy_matching=True)
            with path.open("wb") as f:
                write_po(f, catalog, width=100, ignore_obsolete=True)
    elif command == "compile":
        for lang in LANGS:
            with po_path(lang).open("rb") as f:
                catalog = read_po(f, locale=lang)
            with po_path(lang).with_suffix(".mo").open("wb") as f:
                write_mo(f, catalog)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
