"""What game and match records share: their constants, the JSON file I/O, the header
check and the writer's own keys (`event`, `date`, `comment`, `x-...`) kept on load and save.

Game records are replayed by `Game.from_record`, match records by `Match.from_record`;
both read and write files through here, so both refuse bad JSON the same way.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from typing import Any, Final

from .errors import RecordError

RECORD_FORMAT: Final = "spite-malice"
MATCH_FORMAT: Final = "spite-malice-match"
RECORD_VERSION: Final = 1
MARKS: Final = ("!!", "!", "!?", "?!", "?", "??")
"""The annotation marks a move may carry, best to worst."""
META_KEYS: Final = ("event", "date", "comment")
"""Optional top-level text keys of a record (besides the writer's own `x-...` keys)."""


def write_json(path: str | os.PathLike[str], record: dict[str, Any]) -> None:
    """Write a record as JSON text, one key per line."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(record, f, indent=1)
        f.write("\n")


def read_json(path: str | os.PathLike[str]) -> Any:
    """The JSON value in a file; RecordError when the file is not JSON."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except json.JSONDecodeError as e:
        raise RecordError(f"{os.fspath(path)} is not JSON: {e}") from None


def check_header(record: object, fmt: str, keys: Iterable[str]) -> dict[str, Any]:
    """Check a record's format and version and that every key is known; return the
    writer's own keys (`event`, `date`, `comment`, `x-...`), copied, in their order."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    if record.get("format") != fmt:
        raise RecordError(f"format must be {fmt!r}, not {record.get('format')!r}")
    version = record.get("version")
    if type(version) is not int or version != RECORD_VERSION:  # not true, not 1.0
        raise RecordError(f"version must be {RECORD_VERSION}, not {version!r}")
    known = set(keys)
    meta: dict[str, Any] = {}
    for key, value in record.items():
        if key in known:
            continue
        if key not in META_KEYS and not str(key).startswith("x-"):
            raise RecordError(f"unknown key {key!r} (a writer's own keys must start with 'x-')")
        if key in META_KEYS and not isinstance(value, str):
            raise RecordError(f"{key} must be text, not {value!r}")
        meta[key] = json.loads(json.dumps(value))
    return meta
