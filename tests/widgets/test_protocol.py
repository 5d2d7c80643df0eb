"""The checks every widget's messages share (`protocol.read_message`), through each widget's parser."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from spite_widget.widgets.lesson.protocol import parse_lesson_message
from spite_widget.widgets.protocol import ProtocolError, parse_client_message
from spite_widget.widgets.replay.protocol import MAX_REPLAY_MESSAGE_CHARS, parse_replay_message

PARSERS: dict[str, tuple[Callable[[object], Any], int]] = {
    "table": (parse_client_message, 200),
    "lesson": (parse_lesson_message, 200),
    "replay": (parse_replay_message, MAX_REPLAY_MESSAGE_CHARS),
}


@pytest.mark.parametrize("name", PARSERS)
def test_a_long_message_is_refused_before_it_is_read(name: str) -> None:
    parse, limit = PARSERS[name]
    with pytest.raises(ProtocolError, match="too long"):
        parse({"type": "x" * limit, "seq": 0})


@pytest.mark.parametrize("name", PARSERS)
def test_hostile_names_are_echoed_short(name: str) -> None:
    parse, _ = PARSERS[name]
    with pytest.raises(ProtocolError, match="unknown message type") as bad_type:
        parse({"type": "y" * 150, "seq": 0})
    assert "y" * 40 + "…" in str(bad_type.value) and "y" * 41 not in str(bad_type.value)
    with pytest.raises(ProtocolError, match="unexpected field") as bad_field:
        parse({"type": "review" if name == "replay" else "hint", "seq": 0, "z" * 150: 1})
    assert "z" * 40 in str(bad_field.value) and "z" * 41 not in str(bad_field.value)


@pytest.mark.parametrize("name", PARSERS)
@pytest.mark.parametrize("content", [None, [1], "hint", {"type": ["hint"], "seq": 0}, {"type": 3, "seq": 0}])
def test_a_message_is_an_object_with_a_known_type(name: str, content: object) -> None:
    parse, _ = PARSERS[name]
    with pytest.raises(ProtocolError, match=r"a message must be an object|unknown message type"):
        parse(content)


@pytest.mark.parametrize(
    "comment",
    [
        "Bo keeps the eight back\u00a0to block Ada's nine; the King\u00a0would do better. " * 25,
        "ab\u00a0" * 666,
        ("x" * 7 + "\n") * 249 + "x" * 8,
        '"quoted" ' * 222,
    ],
)
def test_a_comment_the_page_allows_is_read_whatever_its_characters(comment: str) -> None:
    """The page lets a comment hold 2,000 characters; a message's size was measured by its
    repr, where a no-break space counts 4 and a line break 2, so 1,200 characters of such text
    were refused as "too long" and not saved."""
    comment = comment[:2000]
    msg = parse_replay_message({"type": "annotate", "seq": 0, "ply": 3, "comment": comment})
    assert msg.get("comment") == comment
    with pytest.raises(ProtocolError, match="at most 2000 characters"):
        parse_replay_message({"type": "annotate", "seq": 0, "ply": 3, "comment": comment + "x" * 2001})
