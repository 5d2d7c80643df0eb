"""Wheel build hook: compile the message catalogs (.po -> .mo) with Babel into the wheel.

The repository keeps only the .po files; an editable install reads them directly (see
spite_widget/engine/i18n.py), so the hook skips editable builds.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogBuildHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable":
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        out = Path(tempfile.mkdtemp(prefix="spite-mo-"))
        locale = Path(self.root) / "spite_widget" / "locale"
        for po in sorted(locale.glob("*/LC_MESSAGES/spite_widget.po")):
            lang = po.parent.parent.name
            with po.open("rb") as f:
                catalog = read_po(f, locale=lang)
            mo = out / f"{lang}.mo"
            with mo.open("wb") as f:
                write_mo(f, catalog)
            build_data["force_include"][str(mo)] = f"spite_widget/locale/{lang}/LC_MESSAGES/spite_widget.mo"
