"""Languages: gettext catalogs for English, Spanish and Portuguese.

Every sentence a player reads goes through `_` (or `ngettext` for counts) with the
English text as the message id; `spite_widget/locale/<lang>/LC_MESSAGES/spite_widget.po`
holds the translations. A wheel ships them compiled (`.mo`, built by `hatch_build.py`);
a source checkout has only the `.po` files, so those are compiled in memory with Babel on
first use. Lives in the engine because card names and rule reasons are translated there,
and the engine imports nothing above it.

The language in force is, in order: the innermost `language(...)` block (a context
variable, so threads and asyncio tasks keep their own), the process-wide default set by
`set_language`, the kernel's locale (`LC_ALL`, `LC_MESSAGES`, `LANG`) when it is one of
the three, else English.
"""

from __future__ import annotations

import gettext as _gettext
import io
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Final

LANGUAGES: Final = ("en", "es", "pt")
"""The languages spoken, English (the message ids) first."""
LANGUAGE_NAMES: Final = {"en": "English", "es": "Español", "pt": "Português"}
DOMAIN: Final = "spite_widget"
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"

_current: ContextVar[str | None] = ContextVar("spite_widget_language", default=None)
_default: list[str | None] = [None]


def check_language(lang: object) -> str:
    """`lang` if it is a language spoken here ("en", "es", "pt"), else a clear ValueError."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(map(repr, LANGUAGES))}, not {lang!r}")
    return lang


def locale_language(environ: dict[str, str] | None = None) -> str:
    """The language of the kernel's locale if it is one of ours, else "en".

    Looks at LC_ALL, then LC_MESSAGES, then LANG, as the C library does ("es_AR.UTF-8" -> "es").
    """
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def set_language(lang: str | None) -> None:
    """Set the process-wide default language; None goes back to the kernel's locale."""
    _default[0] = None if lang is None else check_language(lang)


def get_language() -> str:
    """The language in force here (see the module's docstring for the order)."""
    return _current.get() or _default[0] or locale_language()


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Speak `lang` inside the block (None: keep the language in force)."""
    if lang is None:
        yield get_language()
        return
    token = _current.set(check_language(lang))
    try:
        yield lang
    finally:
        _current.reset(token)


def _compile_po(po_path: Path) -> _gettext.GNUTranslations:
    """Compile a .po file in memory (a source checkout has no .mo); needs Babel."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError as exc:  # pragma: no cover - a wheel carries .mo files
        raise RuntimeError(
            f"no compiled catalog next to {po_path}: install Babel or build the wheel, "
            "which compiles the catalogs"
        ) from exc
    with po_path.open("rb") as f:
        catalog = read_po(f, locale=po_path.parent.parent.name)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalog of `lang`: the .mo if it is there and not older than the .po, else the .po."""
    if check_language(lang) == "en":
        return _gettext.NullTranslations()
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    fresh = mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime)
    if po.exists() and not fresh:
        try:
            return _compile_po(po)
        except RuntimeError:  # no Babel here: an installed wheel's .mo is what there is
            if not mo.exists():
                raise
    if mo.exists():
        with mo.open("rb") as f:
            return _gettext.GNUTranslations(f)
    raise RuntimeError(f"the {lang!r} catalog is missing from {folder}")


def _(message: str) -> str:
    """`message` (English) in the language in force."""
    lang = get_language()
    if lang == "en":
        return message
    return translations(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for `n`, by the language's own plural rule."""
    lang = get_language()
    if lang == "en":
        return singular if n == 1 else plural
    return translations(lang).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the language in force, told apart from the same English word elsewhere."""
    lang = get_language()
    if lang == "en":
        return message
    return translations(lang).pgettext(context, message)


def or_list(items: Sequence[str]) -> str:
    """ "C1", "C1 or C2", "C1, C2 or C3" in the language in force (not "C1 or C2 or C3")."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def N_(message: str) -> str:
    """Mark `message` for extraction without translating it now (tables at import time)."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark `message` (with its context) for extraction without translating it now."""
    return message


def NPC_(context: str, message: str) -> tuple[str, str]:
    """Mark `message` (with its context) for extraction, and keep both for `pgettext` later."""
    return (context, message)


gettext = _
